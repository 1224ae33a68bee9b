import BoxOfficeCore
import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Why a history cannot be used (each face words it; ``description`` says it plainly).
public enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No history at the path yet (nothing synced).
    case missing(path: String)
    /// The file is not a boxoffice history (another program's database, or not a database at all):
    /// left as it is.
    case notHistory(path: String, reason: String)
    /// Damaged: SQLite cannot read it whole. Left as it is.
    case damaged(path: String, reason: String)
    /// Written by a newer boxoffice (its schema version): left as it is.
    case newer(path: String, version: Int64)
    /// The file or its folder cannot be written (a sync).
    case readOnly(path: String)
    /// Another program holds the database past the busy timeout.
    case busy(path: String)
    /// Any other failure of SQLite's.
    case sqlite(String)

    /// The failure in a sentence.
    public var description: String {
        switch self {
        case let .missing(path): "there is no history at \(path) yet"
        case let .notHistory(path, reason): "\(path) is not a boxoffice history: \(reason)"
        case let .damaged(path, reason): "the history at \(path) is damaged: \(reason)"
        case let .newer(path, version): "the history at \(path) has schema version \(version), newer than \(HistorySchema.version)"
        case let .readOnly(path): "the history at \(path) cannot be written"
        case let .busy(path): "the history at \(path) is held by another program"
        case let .sqlite(message): "SQLite failed: \(message)"
        }
    }
}

/// The history on disk: KOBIS's daily lists, kept day by day, in a real SQLite database (WAL, a
/// busy timeout, one transaction a day), whose schema (``HistorySchema``) is read by anyone's
/// SQL. Opened only when the file is a boxoffice history of a version this program knows, so a
/// foreign, damaged or newer file is never changed.
package final class HistoryDatabase: Sendable {
    package let path: String
    package let connection: SQLiteConnection
    /// A writer's exclusive lock on the file (flock, apart from SQLite's own locks): one sync at a time.
    private let lock: Int32

    private init(path: String, connection: SQLiteConnection, lock: Int32 = -1) {
        self.path = path
        self.connection = connection
        self.lock = lock
    }

    deinit {
        if lock >= 0 { WriterLocks.give(lock) }
    }

    /// Opens the history at `path` to read it (a query, `history info`).
    package static func reading(_ path: String) throws(HistoryError) -> HistoryDatabase {
        guard let status = Self.status(path) else { throw .missing(path: path) }
        guard status.regular else { throw .notHistory(path: path, reason: "it is not a regular file") }
        try checkReadable(path)
        let connection: SQLiteConnection
        do {
            connection = try openForReading(path, size: status.size)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.worded(error, path: path)
        }
        let database = HistoryDatabase(path: path, connection: connection)
        try database.checkVersion(forWriting: false)
        return database
    }

    /// A connection that reads `path` (of `size` bytes): as SQLite reads any database, or, in a
    /// folder this user cannot write (where the write-ahead index cannot be made), as a file nothing
    /// changes; its start checked before its schema is read.
    private static func openForReading(_ path: String, size: Int64) throws -> SQLiteConnection {
        do {
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            try checkHeader(connection, path: path, size: size)
            _ = try connection.scalar("PRAGMA user_version")
            return connection
        } catch let error as SQLiteError where error.isReadOnly {
            let connection = try SQLiteConnection(path: path, mode: .immutable)
            try checkHeader(connection, path: path, size: size)
            _ = try connection.scalar("PRAGMA user_version")
            return connection
        }
    }

    /// Opens the history at `path` to write it (a sync), creating it (and its folder's file) when
    /// missing; the whole file checked first, so a damaged one is refused before anything is written.
    package static func writing(_ path: String) throws(HistoryError) -> HistoryDatabase {
        let existing = Self.status(path)
        if let existing {
            guard existing.regular else { throw .notHistory(path: path, reason: "it is not a regular file") }
            try checkReadable(path)
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, mode: .readWrite)
        } catch {
            throw Self.worded(error, path: path)
        }
        if let existing { try checkHeader(connection, path: path, size: existing.size) }
        // One writer at a time: a second sync says so rather than reading the same days again.
        var lock: Int32 = -1
        if path != ":memory:" {
            guard let taken = WriterLocks.take(path) else { throw .busy(path: path) }
            lock = taken
        }
        let database = HistoryDatabase(path: path, connection: connection, lock: lock)
        do {
            try database.checkVersion(forWriting: true)
            guard !connection.isReadOnly else { throw HistoryError.readOnly(path: path) }
            let check = try connection.scalar("PRAGMA quick_check").text
            guard check == "ok" else { throw HistoryError.damaged(path: path, reason: check ?? "SQLite's check failed") }
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
            try database.migrate()
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.worded(error, path: path)
        }
        return database
    }

    /// The file's kind, nil when nothing is there; a link is not followed.
    private static func status(_ path: String) -> (regular: Bool, size: Int64)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return ((info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size))
    }

    /// Refuses a file this user may not read, without opening it.
    private static func checkReadable(_ path: String) throws(HistoryError) {
        guard faccessat(AT_FDCWD, path, R_OK, AT_EACCESS) != 0 else { return }
        if errno == EACCES { throw .readOnly(path: path) }
        throw .notHistory(path: path, reason: String(cString: strerror(errno)))
    }

    /// Refuses a file (of `size` bytes) that is not empty and does not start as an SQLite database
    /// does, before its schema is read. Read through the connection: opening the file
    /// once more and closing it would release every lock this process holds on it, SQLite's
    /// among them (POSIX ties them to the process, not to a descriptor).
    private static func checkHeader(_ connection: SQLiteConnection, path: String, size: Int64) throws(HistoryError) {
        guard size > 0 else { return }
        guard size >= 16, let header = connection.fileStart(16), header == Array("SQLite format 3".utf8) + [0] else {
            throw .notHistory(path: path, reason: "it is not an SQLite database")
        }
    }

    /// The schema's version, checked: another program's database or a newer schema is refused.
    private func checkVersion(forWriting: Bool) throws(HistoryError) {
        let version: Int64, application: Int64, objects: Int64
        do {
            version = try connection.scalar("PRAGMA user_version").integer ?? 0
            application = try connection.scalar("PRAGMA application_id").integer ?? 0
            objects = try connection.scalar("SELECT count(*) FROM sqlite_schema").integer ?? 0
        } catch {
            throw Self.worded(error, path: path)
        }
        if version == 0, application == 0, objects == 0 {
            if forWriting { return }
            throw .missing(path: path)
        }
        guard application == HistorySchema.applicationID else {
            throw .notHistory(path: path, reason: "it is another program's SQLite database")
        }
        guard version <= HistorySchema.version else { throw .newer(path: path, version: version) }
        if !forWriting, version < HistorySchema.version {
            throw .damaged(path: path, reason: "its schema (version \(version)) is older than this boxoffice reads; a sync brings it up to date")
        }
    }

    /// Brings the schema to this program's version, each step in its own transaction.
    private func migrate() throws {
        var version = try connection.scalar("PRAGMA user_version").integer ?? 0
        while version < HistorySchema.version {
            let next = version + 1
            guard let step = HistorySchema.migration(to: next) else { break }
            try connection.transaction {
                try connection.execute(step)
                try connection.execute("PRAGMA application_id = \(HistorySchema.applicationID); PRAGMA user_version = \(next)")
            }
            version = next
        }
    }

    static func worded(_ error: any Error, path: String) -> HistoryError {
        guard let error = error as? SQLiteError else { return (error as? HistoryError) ?? .sqlite("\(error)") }
        if error.isDamage { return .damaged(path: path, reason: error.message) }
        if error.isReadOnly { return .readOnly(path: path) }
        if error.isBusy { return .busy(path: path) }
        return .sqlite(error.message)
    }
}

// MARK: Days

extension HistoryDatabase {
    /// The days the history holds whole in `list`, within `range`.
    package func heldDays(in range: ClosedRange<Day>, list: String = "all") throws(HistoryError) -> Set<Day> {
        try days("SELECT date FROM ranking_day WHERE list = ? AND date BETWEEN ? AND ?", [.text(list), .text(range.lowerBound.iso), .text(range.upperBound.iso)])
    }

    /// Keeps a day's list whole, in one transaction: its rows replace those held, and each figure
    /// KOBIS changed in a day already held is kept in `revision`. Gives the number of figures revised.
    @discardableResult
    package func store(_ ranking: DailyBoxOffice, list: String = "all", fetched: Date) throws(HistoryError) -> Int {
        let date = SQLiteValue.text(ranking.day.iso)
        let stamp = SQLiteValue.text(Day.koreanISO(fetched))
        do {
            return try connection.transaction {
                let old = try connection.rows("SELECT movie_code, rank, audience, audience_total, sales, screens, shows FROM ranking WHERE date = ? AND list = ?",
                                              [date, .text(list)])
                let held = try connection.scalar("SELECT count(*) FROM ranking_day WHERE date = ? AND list = ?", [date, .text(list)]).integer ?? 0
                var revised = 0
                if held > 0 {
                    let before = Dictionary(old.compactMap { row in row.first?.text.map { ($0, row) } }, uniquingKeysWith: { first, _ in first })
                    let names = ["rank", "audience", "audience_total", "sales", "screens", "shows"]
                    for entry in ranking.entries {
                        let now = Self.figures(entry)
                        guard let previous = before[entry.movieCode] else { continue }
                        for (index, name) in names.enumerated() where previous[index + 1] != now[index] {
                            try connection.run("INSERT INTO revision (date, list, movie_code, field, old_value, new_value, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                               [date, .text(list), .text(entry.movieCode), .text(name), previous[index + 1], now[index], stamp])
                            revised += 1
                        }
                    }
                    // A film KOBIS no longer lists that day: its rank became null.
                    let listed = Set(ranking.entries.map(\.movieCode))
                    for (code, previous) in before.sorted(by: { $0.key < $1.key }) where !listed.contains(code) {
                        try connection.run("INSERT INTO revision (date, list, movie_code, field, old_value, new_value, seen_at) VALUES (?, ?, ?, 'rank', ?, NULL, ?)",
                                           [date, .text(list), .text(code), previous[1], stamp])
                        revised += 1
                    }
                    try connection.run("DELETE FROM ranking WHERE date = ? AND list = ?", [date, .text(list)])
                }
                try connection.run("INSERT OR REPLACE INTO ranking_day (date, list, fetched_at, provisional) VALUES (?, ?, ?, ?)",
                                   [date, .text(list), stamp, .integer(ranking.provisional ? 1 : 0)])
                for entry in ranking.entries {
                    try connection.run("""
                        INSERT OR REPLACE INTO ranking (date, list, rank, movie_code, title, open_date, audience, audience_change, audience_total,
                                             sales, sales_share, sales_change, sales_total, screens, shows, rank_change, is_new)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, [date, .text(list), .integer(Int64(entry.rank)), .text(entry.movieCode), .text(entry.title),
                              entry.openDate.map { .text($0.iso) } ?? .null, Self.value(entry.audience), Self.value(entry.audienceChange),
                              Self.value(entry.audienceTotal), Self.value(entry.sales), entry.salesShare.map { .real($0) } ?? .null,
                              Self.value(entry.salesChange), Self.value(entry.salesTotal), Self.value(entry.screens), Self.value(entry.shows),
                              Self.value(entry.rankChange), .integer(entry.isNew ? 1 : 0)])
                }
                return revised
            }
        } catch {
            throw Self.worded(error, path: path)
        }
    }

    /// The figures a revision compares, in `revision.field`'s order.
    private static func figures(_ entry: BoxOfficeEntry) -> [SQLiteValue] {
        [.integer(Int64(entry.rank)), value(entry.audience), value(entry.audienceTotal), value(entry.sales), value(entry.screens), value(entry.shows)]
    }

    private static func value(_ number: Int?) -> SQLiteValue { number.map { .integer(Int64($0)) } ?? .null }
    private static func value(_ number: Int64?) -> SQLiteValue { number.map { .integer($0) } ?? .null }
}

/// The writer's lock (`flock`: one sync at a time), taken on a descriptor kept for each file for
/// the process's life and used again: closing one would release every POSIX lock this process
/// holds on the file, those of SQLite's other connections to it among them (POSIX ties them to the
/// process, not to a descriptor; SQLite itself never closes a database's descriptor while another
/// connection uses the file).
private enum WriterLocks {
    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private static let kept = Locked<[FileID: (descriptor: Int32, held: Bool)]>([:])

    /// Takes the lock on the file at `path`: its descriptor, -1 when the file cannot be opened to
    /// lock it (SQLite's own locks still hold), nil when another writer, here or in another
    /// process, holds it.
    static func take(_ path: String) -> Int32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        let file = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        return kept.withLock { kept -> Int32? in
            let descriptor: Int32
            if let known = kept[file] {
                guard !known.held else { return nil }
                descriptor = known.descriptor
            } else {
                descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
                guard descriptor >= 0 else { return -1 }
            }
            let locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
            kept[file] = (descriptor, locked)
            return locked ? descriptor : nil
        }
    }

    /// Gives the lock taken on `descriptor` back; the descriptor stays open for the file's next writer.
    static func give(_ descriptor: Int32) {
        kept.withLock { kept in
            guard let file = kept.first(where: { $0.value.descriptor == descriptor })?.key else { return }
            flock(descriptor, LOCK_UN)
            kept[file]?.held = false
        }
    }
}
