import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeHistory
import BoxOfficeRendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the MCP server runs with, given by the program that starts it (the command line's
/// `boxoffice mcp`, from its settings): the run's one client (which knows what it holds), the limit
/// of calls a tool call may make unasked, the quota's count, and the words of the failures the
/// server does not word itself. The server knows no command line.
package struct MCPSession: Sendable {
    /// The run's one client (composed when first asked for; a failure, such as no key, is said to each call).
    package var client: @Sendable () throws -> BoxOfficeClient
    /// Whether the server answers from its cache alone: nothing is fetched, so no cost is checked.
    package var offline: Bool
    /// The clock: today in Korea is read from it at each call.
    package var now: @Sendable () -> Date
    /// How many of a period's days are read at once.
    package var jobs: Int
    /// The most calls to KOBIS a tool call may make when it does not give its own `maxCalls`.
    package var callLimit: @Sendable () throws -> Int
    /// Whether any cost is allowed without `maxCalls` (the server was started with `--yes`).
    package var allowsAnyCost: Bool
    /// The tries a call to KOBIS may take (retries can add to what a tool call costs).
    package var attempts = 1
    /// The calls the keys have left today by the local count; nil when nothing is counted.
    package var callsLeftToday: @Sendable () throws -> Int?
    /// The cache and today's count of calls, for `quota_status`, as of a Korean day.
    package var quota: @Sendable (_ today: Day) throws -> CacheReport
    /// A note for whoever reads stderr; nil when they asked for quiet.
    package var notice: (@Sendable (String) -> Void)?
    /// What is looked up and decided, for whoever asked for it on stderr (`--verbose`); else nil.
    package var log: (@Sendable (String) -> Void)?
    /// Where the key came from, for a key KOBIS rejects (`KOBIS_API_KEY`); nil when that is not known.
    package var keyOrigin: @Sendable () -> String?
    /// boxoffice's version, for `serverInfo`.
    package var version: String
    /// Whether sentences for people (a news event's text) are in Korean: the server's locale asks for it.
    package var korean = false
    /// The history database, opened to read (a failure, such as none synced yet, is said to the call).
    package var history: @Sendable () async throws -> HistoryDatabase

    /// A session of every part: nothing is left to a default a program could forget.
    package init(client: @escaping @Sendable () throws -> BoxOfficeClient, offline: Bool, now: @escaping @Sendable () -> Date,
                 jobs: Int, callLimit: @escaping @Sendable () throws -> Int, allowsAnyCost: Bool, callsLeftToday: @escaping @Sendable () throws -> Int?,
                 quota: @escaping @Sendable (_ today: Day) throws -> CacheReport, notice: (@Sendable (String) -> Void)?,
                 log: (@Sendable (String) -> Void)?, keyOrigin: @escaping @Sendable () -> String?, version: String,
                 history: @escaping @Sendable () async throws -> HistoryDatabase) {
        self.history = history
        self.client = client
        self.offline = offline
        self.now = now
        self.jobs = jobs
        self.callLimit = callLimit
        self.allowsAnyCost = allowsAnyCost
        self.callsLeftToday = callsLeftToday
        self.quota = quota
        self.notice = notice
        self.log = log
        self.keyOrigin = keyOrigin
        self.version = version
    }
}

extension MCPSession {
    /// The client could not be composed (no key, a bad setting): the program that starts the
    /// server knows why, and words it, naming no flag (the failures of the engine are the server's
    /// to word). Thrown by ``client``.
    package struct SetupFailure: Error, Sendable {
        package let words: String

        package init(words: String) {
            self.words = words
        }
    }
}

/// One tool call: the session, the Korean day of the call, the call's own limit of calls, and
/// where its progress goes.
struct ToolCall: Sendable {
    let session: MCPSession
    /// Today in Korea when the call came.
    let today: Day
    /// The call's `maxCalls`, when it gave one.
    var maxCalls: Int?
    /// Reports the days read of a period's (done, total), as progress notifications; nil when none was asked.
    var progress: (@Sendable (Int, Int) -> Void)?

    var notice: (@Sendable (String) -> Void)? { session.notice }

    /// The day a ranking shows when none is asked for, as the client chooses it (its note said).
    func defaultDay() -> Day {
        guard let client = try? session.client() else { return today.adding(days: -1) }
        return said(client.defaultDay(today: today))
    }

    /// The week a weekly ranking shows when none is asked for, when the client chooses one.
    func defaultWeek(_ period: WeekPeriod?) -> (day: Day, period: WeekPeriod)? {
        (try? session.client())?.defaultWeek(period: period).map(said).map { ($0.day, $0.period) }
    }

    /// The month a calendar shows when none is asked for, when the client chooses one.
    func defaultMonth() -> (year: Int, month: Int)? {
        (try? session.client())?.defaultMonth().map(said).map { ($0.year, $0.month) }
    }

    /// The year ranked when none is asked for, when the client chooses one.
    func defaultYear() -> Int? {
        (try? session.client())?.defaultYear().map(said)
    }

    /// A default's value, its note said.
    private func said<Value>(_ choice: Defaulted<Value>) -> Value {
        if let note = choice.note { notice?(note) }
        return choice.value
    }

    /// A title that named no film or several, said as the client searched it.
    func worded(_ error: AmbiguousTitleError) -> AmbiguousTitleError {
        (try? session.client())?.worded(error) ?? error
    }

    /// What the server says of the film a title found.
    var said: @Sendable (String, MovieSummary) -> Void {
        let notice = session.notice
        return { title, film in notice?(MovieRequest.found(title, film)) }
    }

    /// How the engine reads a period's days for this call: `jobs` at a time, its cost checked
    /// against the limit first, each day counted in the progress notifications; with `period`
    /// (naming the days for the note that says so), only the days the client holds, when it
    /// holds some only.
    func reading(unit: String = "days", period: (@Sendable ([Day]) -> String)?, span: String? = nil) -> PeriodReading {
        let counted = Locked((done: 0, total: 0))
        let progress = self.progress
        var reading = PeriodReading(jobs: session.jobs,
                                    // A film's run read after another's adds its days to the total: progress only grows.
                                    began: { days in counted.withLock { $0.total += days.count } },
                                    finished: { _ in
                                        counted.withLock { counted in
                                            counted.done += 1
                                            progress?(counted.done, counted.total)
                                        }
                                    })
        reading.period = period
        reading.note = session.notice
        reading.approve = { cost in try self.approve(cost, unit: unit, span: span) }
        return reading
    }

    /// Refuses a reading that would make more calls to KOBIS than the call allows (its
    /// `maxCalls`, else the server's limit), as the command line refuses one where nobody can be
    /// asked; a long one's cost is noted on stderr. A client that asks no one, and an offline
    /// cache, cost nothing.
    func approve(_ cost: ReadingCost, unit: String, span: String?) throws {
        guard !session.offline else { return }
        let limit = try maxCalls ?? session.callLimit()
        switch CallLimitError.verdict(cost, unit: unit, span: span, limit: limit, allowed: session.allowsAnyCost,
                                      left: try session.callsLeftToday(), deep: "deep", attempts: session.attempts) {
        case let .proceed(note): if let note { notice?(note) }
        case let .overLimit(error): throw error
        }
    }

    /// The filter KOBIS is sent for `filter` and `region` (a name looked up in the region
    /// table), and the scope a ranking names; the lookup logged.
    nonisolated(nonsending) func scope(_ client: BoxOfficeClient, filter: BoxOfficeFilter, region: String?) async throws -> (BoxOfficeFilter, RankingScope?) {
        try await RankingFilterOptions.resolve(filter, region: region, with: client, log: session.log)
    }
}

/// What a tool's answer holds: its value as JSON, and what the server says beside it.
struct ToolAnswer {
    var json: JSONValue
    /// A failure that comes with the answer (days KOBIS could not give; a title matching several films).
    var failureAfterOutput: (any Error)? = nil
    /// Where the answer came from when that is not KOBIS (the samples' search).
    var origin: String? = nil

    /// A period's value, with the failure of the days KOBIS could not answer.
    static func period(_ value: some Presentable, coverage: PeriodCoverage?) -> ToolAnswer {
        ToolAnswer(json: value.json, failureAfterOutput: PeriodNotWhole.after(coverage))
    }
}

/// A request a tool's arguments decode into, answered by the engine for the server.
protocol ToolRequest: Sendable {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer
}
