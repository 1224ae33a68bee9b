extension FilmRun {
    /// How a film's run is read.
    public enum Reading: Sendable, Equatable {
        /// Only the days at hand, at no call: the days a cache holds (or a transport holds, as the
        /// demo's recordings) among those a whole run would read.
        case atHand
        /// The whole run, read first: from ``previewDays`` days before the opening day until the
        /// film has been out of the top 10 for ``daysGone`` days in a row, or yesterday, or
        /// ``mostDays`` days in all, each day not cached costing one call.
        case whole
    }

    /// Paid previews count in KOBIS's total: a run is read from this many days before the opening day.
    public static let previewDays = 14
    /// A run read whole stops once the film has been out of the top 10 for this many days in a row.
    public static let daysGone = 7
    /// The most days a run reads (previews included): within the standard limit of calls a
    /// command makes without asking.
    public static let mostDays = 100

    /// The days the run of a film opening on `opening` is read over, as `reading` reads it, to
    /// yesterday at the latest; nil when none of them is past. Without an opening day, a run at
    /// hand is looked for in the two years to yesterday, and a whole run cannot be read.
    package static func window(opening: Day?, reading: Reading, today: Day) -> ClosedRange<Day>? {
        let yesterday = today.adding(days: -1)
        guard let opening else {
            return reading == .atHand ? yesterday.adding(days: -730)...yesterday : nil
        }
        let start = opening.adding(days: -previewDays)
        return start <= yesterday ? start...min(start.adding(days: mostDays - 1), yesterday) : nil
    }
}

/// A run read whole has found the film gone from the top 10.
private struct RunOver: FinishedEarly {}

extension BoxOfficeClient {
    /// The calls of a day's ranking: its top 10, or its deep ranking's lists.
    static func rankingCalls(of day: Day, deep: Bool) -> [KOBISCall<DailyBoxOffice>] {
        rankingCalls(of: [day], deep: deep)
    }

    /// The calls of the rankings of `days`, in order.
    static func rankingCalls(of days: [Day], deep: Bool) -> [KOBISCall<DailyBoxOffice>] {
        deep ? DeepListing<DailyBoxOffice>.daily.calls(days, filter: BoxOfficeFilter()) : days.map { .daily($0) }
    }

    /// Whether the cache answers every call of a day's ranking (its top 10, or its deep lists).
    package func holdsRanking(of day: Day, deep: Bool) -> Bool {
        Self.rankingCalls(of: day, deep: deep).allSatisfy(isCached)
    }

    /// The run of the film `code` (opening on `openDate`, from its details) as `run` reads it,
    /// within ``FilmRun/window(opening:reading:today:)``: the days `reading.readable` gives (a run at
    /// hand keeps only those it can read at no call). Its period is the days it went through: for a
    /// run at hand, from the first day at hand to the last; for a whole run, to the day it stopped.
    /// Nil when there is no day to read (the film opens later than two weeks from now), or, at
    /// hand, when none of the days at hand ranks the film. `unheld` says why a day not at hand was
    /// not read: not held by the source (the demo's recordings), or not cached. `deep`: from each
    /// day's deep ranking (four lists a day), so a run lasts while the film is in it.
    package nonisolated(nonsending) func filmRun(of code: String, openDate: Day?, run: FilmRun.Reading, deep: Bool = false, today: Day,
                                             reading: PeriodReading, unheld: UnreadDay.Reason = .notHeld) async throws -> FilmRun? {
        guard let window = FilmRun.window(opening: openDate, reading: run, today: today) else { return nil }
        let all = PeriodReading.days(window)
        let days = try readable(all, reading: reading)
        // At hand, from a history that holds every day of the window settled: the film's own days, at once.
        if run == .atHand, !deep, cacheMode != .refresh, days.count == all.count,
           let film = chain.rankingHistory?.film(code, over: window, filter: BoxOfficeFilter()), film.through >= window.upperBound {
            guard !film.days.isEmpty else { return nil }
            return FilmRun(movieCode: code, openDate: openDate, ranked: film.days, entries: film.entries, lastDayRead: window.upperBound, period: window,
                           coverage: PeriodCoverage(daysInPeriod: all.count))
        }
        var held = days.count
        if run == .whole {
            // Which calls the cache answers, asked once: the cost, and where the held days end.
            let cached = days.map { day in Self.rankingCalls(of: day, deep: deep).map(isCached) }
            let calls = cached.reduce(0) { $0 + $1.count }
            try await reading.approve(ReadingCost(days: days.count, calls: calls, toFetch: cached.reduce(0) { $0 + $1.count { !$0 } }, atMost: true))
            // The days the cache holds from the start are read first: when the run ends among
            // them, nothing is asked of KOBIS (not even the days a reading asks for ahead of its stop).
            held = cached.prefix { $0.allSatisfy { $0 } }.count
        }
        // The days not read are told in their place, so a run stopped early keeps those before it.
        let unread = Locked<[UnreadDay]>([])
        var approved = reading.approved
        approved.skipped = { day in
            unread.withLock { $0.append(day) }
            try await reading.skipped?(day)
        }
        var rankings: [DailyBoxOffice] = []
        var absent = 0
        let deliver: (DailyBoxOffice) async throws -> Void = { ranking in
            rankings.append(ranking)
            guard run == .whole, let opening = openDate, ranking.day >= opening else { return }
            absent = ranking.entries.contains { $0.movieCode == code } ? 0 : absent + 1
            if absent >= FilmRun.daysGone { throw RunOver() }
        }
        do {
            for part in [Array(days[..<held]), Array(days[held...])] where !part.isEmpty {
                if deep {
                    try await deepRankings(of: part, listing: .daily, filter: BoxOfficeFilter(), scope: nil, reading: approved, deliver: deliver)
                } else {
                    try await dailyRankings(of: part, reading: approved, deliver: deliver)
                }
            }
        } catch is RunOver {}
        var failed = unread.withLock { $0 }
        // At hand, a day the cache does not hold was simply not at hand: it bounds nothing.
        var read = days
        if run == .atHand {
            let missing = Set(failed.filter { $0.reason == .notCached }.map(\.day))
            failed.removeAll { missing.contains($0.day) }
            read.removeAll(where: missing.contains)
        }
        let handled = rankings.map(\.day) + failed.map(\.day)
        let period: ClosedRange<Day>
        switch run {
        case .atHand:
            guard rankings.contains(where: { $0.entries.contains { $0.movieCode == code } }),
                  let first = handled.min(), let last = handled.max() else { return nil }
            period = first...last
        case .whole:
            // The run ends on the day it stopped, or the last day it could read (the samples end).
            period = window.lowerBound...max(window.lowerBound, handled.max() ?? window.lowerBound)
        }
        let asked = all.filter(period.contains)
        let coverage = PeriodCoverage(asked: asked, read: read.filter(period.contains), failed: failed, unheld: unheld)
        return FilmRun(movieCode: code, openDate: openDate, rankings: rankings, period: period, coverage: coverage)
    }
}
