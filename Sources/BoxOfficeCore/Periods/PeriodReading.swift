#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the engine reads the days of a period: how many requests at a time, what it tells after
/// each answer, and which of the asked days can be read at all.
package struct PeriodReading: Sendable {
    /// Requests in flight at once (at least 1).
    package var jobs: Int
    /// Asked, before the first request, whether the reading may cost what it costs; throws (a
    /// ``CostRefused``, say) to stop it before any call is made.
    package var approve: @Sendable (_ cost: ReadingCost) async throws -> Void = { _ in }
    /// Told the days about to be read, before the first request (a progress line's total).
    package var began: @Sendable (_ days: [Day]) -> Void
    /// Told after each answer, with whether it came from the cache (a progress line counts them).
    package var finished: @Sendable (_ fromCache: Bool) -> Void
    /// The days of those asked that can be read (all of them, unless the transport holds only
    /// some days, as the demo's samples do); may throw to refuse the period.
    package var readable: @Sendable (_ days: [Day]) throws -> [Day]
    /// Told of each day not read, in its place among the answers (a stream that keeps every
    /// day's place, as `daily --from --to --json` does).
    package var skipped: (@Sendable (_ day: UnreadDay) async throws -> Void)? = nil
    /// Whether a day whose cache entry cannot be read (a link, a foreign file) is only not in the
    /// cache: what is read at hand (a film's run) looks at every day, wanting only those it can read.
    package var unreadableIsNotCached = false
    /// Names the days of the period for a note ("the range's 90 days"); given, a client over a
    /// source that holds some days only reads those it holds and says so (``note``); nil, every
    /// day asked is read, one not held being a day not read.
    package var period: (@Sendable (_ days: [Day]) -> String)? = nil
    /// Told a note the reading has for the user (the days a source that holds some only could read).
    package var note: (@Sendable (String) -> Void)? = nil
    /// Whether the notes are said in Korean.
    package var korean = false

    package init(jobs: Int = 4, began: @escaping @Sendable (_ days: [Day]) -> Void = { _ in },
                 finished: @escaping @Sendable (_ fromCache: Bool) -> Void = { _ in },
                 readable: @escaping @Sendable (_ days: [Day]) throws -> [Day] = { $0 }) {
        self.jobs = jobs
        self.began = began
        self.finished = finished
        self.readable = readable
    }

    /// Whether the reading's cost was approved already, so its parts need not count it again.
    package private(set) var isApproved = false

    /// The same reading, already approved: its parts ask no more (a trend's films read in turn).
    package var approved: PeriodReading {
        var reading = self
        reading.approve = { _ in }
        reading.isApproved = true
        return reading
    }

    /// Every day from the first to the last of `range`.
    package static func days(_ range: ClosedRange<Day>) -> [Day] {
        (0...range.lowerBound.days(to: range.upperBound)).map { range.lowerBound.adding(days: $0) }
    }

    /// The Monday of every week that `range` touches.
    package static func weeks(_ range: ClosedRange<Day>) -> [Day] {
        let first = range.lowerBound.adding(days: 1 - range.lowerBound.weekday.rawValue)
        return stride(from: 0, through: first.days(to: range.upperBound), by: 7).map { first.adding(days: $0) }
    }
}

extension BoxOfficeClient {
    /// Answers `call(day)` for every one of `days`, `reading.jobs` at a time, and hands each to
    /// `deliver` in the days' order as soon as it and the ones before it are in (so output streams
    /// while later days are fetched); every answer goes through the cache as it arrives, so a run
    /// stopped by a spent quota or an interruption goes on where it was. A day KOBIS could not
    /// answer (its own failure, after the retries) does not stop the others: it is given back,
    /// with KOBIS's fault, among the days not read (and, not being kept, is asked for again next time).
    /// Offline, a day the cache does not hold is given back the same way, as not cached.
    @discardableResult
    package nonisolated(nonsending) func answers<Value: Sendable>(
        of days: [Day], reading: PeriodReading, call: @escaping @Sendable (Day) -> KOBISCall<Value>,
        deliver: (Answer<Value>) async throws -> Void
    ) async throws -> [UnreadDay] {
        // The days a history holds, read from it in one pass, at no call.
        let held = heldValues(of: days, call: call)
        if !reading.isApproved {
            var cost = cost(of: days.filter { held[$0] == nil }.map(call), days: days.count)
            cost.calls += held.count
            try await reading.approve(cost)
        }
        reading.began(days)
        var failed: [UnreadDay] = []
        // The held days are handed over in their places among the others, which are fetched `jobs` at a time.
        var next = 0
        nonisolated(nonsending) func deliverHeld(before end: Int) async throws {
            while next < end {
                if let answer = held[days[next]] {
                    reading.finished(true)
                    try await deliver(answer)
                }
                next += 1
            }
        }
        let fetched = held.isEmpty ? Array(days.indices) : days.indices.filter { held[days[$0]] == nil }
        try await forEachInOrder(fetched, limit: reading.jobs) { index -> (answer: Answer<Value>?, unread: UnreadDay.Reason?) in
            do {
                let answer = try await self.answer(call(days[index]))
                reading.finished(answer.fromCache)
                return (answer, nil)
            } catch {
                guard let reason = Self.unreadReason(error, reading: reading) else { throw error }
                reading.finished(false)
                return (nil, reason)
            }
        } deliver: { position, outcome in
            try await deliverHeld(before: fetched[position])
            next = fetched[position] + 1
            if let answer = outcome.answer { try await deliver(answer) }
            if let reason = outcome.unread {
                let unread = UnreadDay(day: days[fetched[position]], reason: reason)
                failed.append(unread)
                try await reading.skipped?(unread)
            }
        }
        try await deliverHeld(before: days.count)
        return failed
    }

    /// The answers a history holds for `days`' calls (a day's list, unfiltered or by one of the
    /// deep lists' filters), read in one pass; none when the client reads no history, or is
    /// asked to fetch again (`--refresh`).
    private func heldValues<Value: Sendable>(of days: [Day], call: (Day) -> KOBISCall<Value>) -> [Day: Answer<Value>] {
        guard let history = chain.rankingHistory, cacheMode != .refresh, let first = days.first, let filter = call(first).heldList?.filter,
              Value.self == DailyBoxOffice.self else { return [:] }
        var answers: [Day: Answer<Value>] = [:]
        for (day, held) in history.rankings(of: days, filter: filter) {
            guard let value = held.ranking.fetched(at: held.fetched) as? Value else { continue }
            answers[day] = Answer(value: value, body: Data(), fetched: held.fetched, fromCache: true)
        }
        return answers
    }

    /// One day's call answered from the cache when it holds the answer (one file is read sooner
    /// than the history is opened), else from the history when it holds the day's list, else as any call.
    package nonisolated(nonsending) func periodAnswer<Value: Sendable>(_ call: KOBISCall<Value>) async throws -> Answer<Value> {
        if let list = call.heldList, !isCached(requestKey: call.requestKey, freshness: call.freshness),
           let held = heldValues(of: [list.day], call: { _ in call })[list.day] { return held }
        return try await answer(call)
    }

    /// Why a day of a period is not read rather than the period failing: KOBIS failed on its own
    /// side (after the retries), the request reached its limit of calls (``CallBudget``), or,
    /// offline, the cache does not hold the day (or, for `reading`s that say so, holds an entry it
    /// cannot read). Nil for any other error.
    package static func unreadReason(_ error: any Error, reading: PeriodReading? = nil) -> UnreadDay.Reason? {
        switch error {
        case let KOBISError.failed(fault, _, _): .kobisFailed(fault)
        case let limit as CallLimitReached: .callLimit(limit.limit)
        case is CacheMissError: .notCached
        case is CacheReadError where reading?.unreadableIsNotCached == true: .notCached
        default: nil
        }
    }

    /// The daily rankings of `days`, in order, as ``answers(of:reading:call:deliver:)`` reads them;
    /// gives back the days KOBIS could not answer.
    @discardableResult
    package nonisolated(nonsending) func dailyRankings(of days: [Day], filter: BoxOfficeFilter = BoxOfficeFilter(), reading: PeriodReading,
                                                   deliver: (DailyBoxOffice) async throws -> Void) async throws -> [UnreadDay] {
        try await answers(of: days, reading: reading, call: { .daily($0, filter: filter) }) { answer in
            try await deliver(answer.value)
        }
    }

    /// Each film's own days over `period`, from a history that holds its days from the first:
    /// those it holds settled read at once, at no call, the days after them (the last few) as any
    /// period's; with which days were read, and whether one read may still change. Nil when the
    /// client reads no such history (or is asked to fetch again): the period is then read day by day.
    package nonisolated(nonsending) func heldFilms(over period: ClosedRange<Day>, filter: BoxOfficeFilter, reading: PeriodReading)
        async throws -> (films: [FilmDays], coverage: PeriodCoverage, provisional: Bool)? {
        guard cacheMode != .refresh, let held = chain.rankingHistory?.films(over: period, filter: filter) else { return nil }
        let all = PeriodReading.days(period)
        let rest = all.filter { $0 > held.through }
        if !reading.isApproved {
            var cost = cost(of: rest.map { KOBISCall<DailyBoxOffice>.daily($0, filter: filter) }, days: all.count)
            cost.calls = all.count
            try await reading.approve(cost)
        }
        var films = held.films
        guard let first = rest.first, let last = rest.last else { return (films, PeriodCoverage(daysInPeriod: all.count), false) }
        let (rankings, read) = try await dailyRankings(of: first...last, filter: filter, reading: reading.approved)
        FilmDays.gather(DailyBoxOffice.byDay(rankings), into: &films)
        return (films, PeriodCoverage(daysInPeriod: all.count, unread: read.unread), rankings.contains(where: \.provisional))
    }

    /// Films ranked by audience within `period`, from the daily ranking of each of its days that
    /// can be read (``PeriodRanking/coverage`` says which were not, and why); `unfinished` when the
    /// period runs to yesterday and is not over.
    package nonisolated(nonsending) func periodRanking(_ period: ClosedRange<Day>, unfinished: Bool = false, filter: BoxOfficeFilter = BoxOfficeFilter(),
                                                   scope: RankingScope? = nil, limit: Int? = nil, deep: Bool = false,
                                                   reading: PeriodReading) async throws -> PeriodRanking {
        var ranking: PeriodRanking
        if !deep, let held = try await heldFilms(over: period, filter: filter, reading: reading) {
            ranking = PeriodRanking(from: period.lowerBound, to: period.upperBound, films: held.films, provisional: unfinished || held.provisional,
                                    scope: scope, limit: limit, coverage: held.coverage)
        } else {
            let (rankings, coverage) = try await dailyRankings(of: period, filter: filter, deep: deep, reading: reading)
            ranking = PeriodRanking(from: period.lowerBound, to: period.upperBound, rankings: rankings, provisional: unfinished, scope: scope, limit: limit,
                                    coverage: coverage)
        }
        ranking.deep = deep
        return ranking
    }

    /// The daily rankings of every day of `period` that can be read (each past the top 10 when
    /// `deep`), in order, and which of its days were read: what every computation over a period
    /// (a ranking, its records) starts from.
    package nonisolated(nonsending) func dailyRankings(of period: ClosedRange<Day>, filter: BoxOfficeFilter = BoxOfficeFilter(), deep: Bool = false,
                                                   reading: PeriodReading) async throws -> (rankings: [DailyBoxOffice], coverage: PeriodCoverage) {
        let all = PeriodReading.days(period)
        let days = try readable(all, reading: reading)
        var rankings: [DailyBoxOffice] = []
        let failed = deep ? try await deepRankings(of: days, listing: .daily, filter: filter, scope: nil, reading: reading) { rankings.append($0) }
            : try await dailyRankings(of: days, filter: filter, reading: reading) { rankings.append($0) }
        return (rankings, PeriodCoverage(asked: all, read: days, failed: failed))
    }
}
