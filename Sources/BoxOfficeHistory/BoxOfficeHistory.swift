import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// KOBIS's daily box office kept on disk, in an SQLite database anyone can query: each day's top 10
/// read once, then answered at no call.
///
/// ```swift
/// let history = try BoxOfficeHistory(path: "history.sqlite3")
/// let client = BoxOfficeClient(transport: URLSessionTransport(),
///                              middlewares: [history.source] + BoxOfficeClient.standardMiddlewares(keys: [key]))
/// try await history.sync(from: Day(year: 2023, month: 4, day: 1)!, to: Day(year: 2023, month: 4, day: 30)!, with: client)
/// let best = try history.query("SELECT title, max(audience) FROM ranking WHERE list = 'all' GROUP BY movie_code ORDER BY 2 DESC LIMIT 5")
/// ```
///
/// A sync keeps each day in one transaction (a program stopped at any moment loses nothing) and
/// records every figure KOBIS changed in a day already held (the table `revision`); the schema is
/// the one the command line documents, its version `PRAGMA user_version`. A file that is not a
/// boxoffice history, is damaged, or was written by a newer version is refused and left as it is.
/// With ``source`` among a client's middlewares, the client's period operations
/// (``BoxOfficeClient/periodRanking(from:to:filter:limit:concurrency:)``, ``BoxOfficeClient/trend(of:from:to:alignedByOpening:concurrency:)``…)
/// read the settled days the history holds without asking KOBIS.
public final class BoxOfficeHistory: Sendable {
    /// The database's file.
    public var path: String { database.path }
    let database: HistoryDatabase

    /// Opens the history at `path`: to write it (created when missing), or, with `readOnly`, only
    /// to read it (it must exist).
    public init(path: String, readOnly: Bool = false) throws(HistoryError) {
        database = readOnly ? try HistoryDatabase.reading(path) : try HistoryDatabase.writing(path)
    }

    /// A middleware through which a client reads the days this history holds at no call; put it
    /// first in the client's list.
    public var source: any BoxOfficeMiddleware { HistorySource(database: database) }

    /// Reads into the history, oldest first, every day from `from` to `to` (yesterday in Korea
    /// when nil) it does not hold, and the last 7 days again (KOBIS revises them), through
    /// `client` (what its cache holds costs no call); at most `maxCalls` calls to KOBIS (nil: no
    /// limit), the days past it left for the next sync. A spent quota ends it with the days read kept.
    @discardableResult
    public func sync(from: Day, to: Day? = nil, with client: BoxOfficeClient, maxCalls: Int? = nil) async throws -> Summary {
        // "Today" is the client's: the clock it was made with.
        let today = Day.korean(at: client.now())
        let last = to ?? today.adding(days: -1)
        defer { try? database.checkpoint() }
        let report = try await database.sync(SyncRequest(range: min(from, last)...last, limit: maxCalls), client: client, today: today,
                                             reading: PeriodReading(jobs: 4).approved)
        return Summary(added: report.added, readAgain: report.readAgain, revisions: report.revisions,
                       notRead: report.notRead.map(\.day), left: report.left)
    }

    /// Runs one read-only SQL statement: anything but a read is refused before it runs
    /// (``QueryError/notARead(_:)``), a query still running after `timeout` is stopped; at most
    /// `maxRows` rows are kept, the others counted.
    public func query(_ sql: String, maxRows: Int? = nil, timeout: Duration = .seconds(10)) throws -> Rows {
        let result = try database.query(sql, maxRows: maxRows, timeout: timeout)
        return Rows(columns: result.columnNames, values: result.rows.map { $0.map(Value.init) }, more: result.more)
    }

    /// What a sync did.
    public struct Summary: Sendable, Equatable {
        /// Days the history did not hold, now kept.
        public let added: Int
        /// Recent days read again.
        public let readAgain: Int
        /// Figures KOBIS had changed in days already held (each kept in `revision`).
        public let revisions: Int
        /// Days KOBIS could not answer: the next sync asks again.
        public let notRead: [Day]
        /// Days past the limit of calls, oldest first: the next sync goes on from the first.
        public let left: [Day]
    }

    /// A query's answer: its columns in order, and each row's values.
    public struct Rows: Sendable, Equatable {
        /// The columns' names, as the query gave them.
        public let columns: [String]
        /// Each row's values, in the columns' order.
        public let values: [[Value]]
        /// Rows beyond `maxRows`, not kept.
        public let more: Int
    }

    /// One value of a row.
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        /// SQL's NULL.
        case null
        /// A whole number (an audience, won, a rank).
        case integer(Int64)
        /// A real number (a share in percent).
        case real(Double)
        /// Text (a date, a title, a code; a blob in hex).
        case text(String)

        init(_ json: JSONValue) {
            switch json {
            case let .int(number): self = .integer(number)
            case let .double(number): self = .real(number)
            case let .string(text): self = .text(text)
            case let .bool(flag): self = .integer(flag ? 1 : 0)
            default: self = .null
            }
        }

        /// The value as text: digits, the text itself, or empty for NULL.
        public var description: String {
            switch self {
            case .null: ""
            case let .integer(number): String(number)
            case let .real(number): String(number)
            case let .text(text): text
            }
        }
    }
}
