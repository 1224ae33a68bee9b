extension BoxOfficeClient {
    /// One run of a watch: every event since `state` was kept — the news of each day published
    /// since (``news(on:deep:concurrency:)``), the targets reached on those days, and the
    /// revisions of the days it saw while KOBIS could still revise them — and the state to keep.
    ///
    /// Without a state (the first run) it records where things stand, the latest published day,
    /// and finds no event but a target already reached. Each run reads at most `maxDays` new days
    /// (the oldest first; ``WatchUpdate/daysLeft`` says how many are left for the next run).
    /// Nothing is kept here: the caller delivers the events, then keeps
    /// ``WatchUpdate/state(keeping:)`` with those it could not deliver, as
    /// ``watch(store:targets:deep:maxDays:concurrency:deliver:)`` does over a ``WatchStore``.
    public func watch(_ state: WatchState?, targets: [WatchTarget] = [], deep: Bool = false, maxDays: Int = 30,
                      concurrency: Int = 4) async throws(BoxOfficeError) -> WatchUpdate {
        do {
            return try await watch(state, targets: targets, deep: deep, maxDays: maxDays, reading: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// A watch over `store`: its state read, the run made, each event handed to `deliver` (which
    /// says whether it was delivered), and the state kept with the events not delivered, all while
    /// no other run of the same watch can run. A failure leaves the kept state as it was.
    public func watch(store: some WatchStore, targets: [WatchTarget] = [], deep: Bool = false, maxDays: Int = 30, concurrency: Int = 4,
                      deliver: @escaping @Sendable (NewsEvent) async -> Bool) async throws -> WatchUpdate {
        try await store.update { state in
            let update = try await watch(state, targets: targets, deep: deep, maxDays: maxDays, concurrency: concurrency)
            var undelivered: [NewsEvent] = []
            for event in update.events where !(await deliver(event)) { undelivered.append(event) }
            return (update.state(keeping: undelivered), update)
        }
    }

    /// The same, read as `reading` says: the cost of every day it may read approved once, first.
    package nonisolated(nonsending) func watch(_ state: WatchState?, targets: [WatchTarget], deep: Bool, maxDays: Int,
                                               reading: PeriodReading) async throws -> WatchUpdate {
        let yesterday = Day.korean(at: now()).adding(days: -1)
        guard let state else { return try await startWatch(targets: targets, deep: deep, latest: yesterday) }
        let deep = deep || state.deep
        let published = state.lastDay < yesterday ? Array(PeriodReading.days(state.lastDay.adding(days: 1)...yesterday)) : []
        let days = Array(published.prefix(max(1, maxDays)))
        // Every day it may read, approved once: each new day's window, and the days seen to check.
        var asked = Set(state.seen.map(\.day))
        for day in days { asked.formUnion(PeriodReading.days(DayNews.window(for: day))) }
        let sorted = asked.sorted()
        let calls: [KOBISCall<DailyBoxOffice>] = deep ? DeepListing<DailyBoxOffice>.daily.calls(sorted, filter: BoxOfficeFilter())
            : sorted.map { KOBISCall<DailyBoxOffice>.daily($0) }
        if !reading.isApproved { try await reading.approve(client.cost(of: calls, days: sorted.count)) }
        let approved = reading.approved

        var next = state
        next.deep = deep
        next.pending = []
        next.targets = Self.merged(state.targets, targets)
        var events = state.pending
        var seen: [WatchState.SeenDay] = []
        var read = 0
        for day in days {
            let news = try await self.news(on: day, deep: deep, reading: approved)
            // A day KOBIS has not put out yet: the next run reads it.
            guard news.isPublished else { break }
            events += news.events
            events += Self.reached(&next.targets, on: news.ranking)
            if news.provisional { seen.append(WatchState.SeenDay(news.ranking)) }
            next.lastDay = day
            read += 1
        }
        // The days seen before, while they could still be revised: what changed since, film by film.
        for earlier in state.seen {
            let ranking = try await call(.daily(earlier.day, filter: BoxOfficeFilter()))
            events += Self.revisions(from: earlier, to: ranking)
            if ranking.provisional { seen.append(WatchState.SeenDay(ranking)) }
        }
        next.seen = seen.sorted { $0.day < $1.day }
        return WatchUpdate(events: events, state: next, started: false, daysLeft: published.count - read)
    }

    /// The first run: the latest published day (yesterday, or the day before while yesterday is
    /// not out) recorded, its figures kept while KOBIS may revise them; a target reached already said.
    private nonisolated(nonsending) func startWatch(targets: [WatchTarget], deep: Bool, latest yesterday: Day) async throws -> WatchUpdate {
        var ranking = try await call(.daily(yesterday, filter: BoxOfficeFilter()))
        if !DayNews.isPublished(ranking) { ranking = try await call(.daily(yesterday.adding(days: -1), filter: BoxOfficeFilter())) }
        var remaining = Self.merged([], targets)
        let events = Self.reached(&remaining, on: ranking)
        let state = WatchState(deep: deep, lastDay: ranking.day, seen: ranking.provisional ? [WatchState.SeenDay(ranking)] : [], targets: remaining)
        return WatchUpdate(events: events, state: state, started: true, daysLeft: 0)
    }

    /// The targets kept, then the new ones not among them.
    static func merged(_ kept: [WatchTarget], _ new: [WatchTarget]) -> [WatchTarget] {
        var all = kept
        for target in new where !all.contains(target) { all.append(target) }
        return all
    }

    /// The targets whose film's total reached them on `ranking`'s day, taken out of `targets`.
    static func reached(_ targets: inout [WatchTarget], on ranking: DailyBoxOffice) -> [NewsEvent] {
        var events: [NewsEvent] = []
        targets.removeAll { target in
            guard let entry = ranking.entries.first(where: { $0.movieCode == target.movieCode }), let total = entry.audienceTotal,
                  total >= target.audience else { return false }
            events.append(NewsEvent(kind: .target, date: ranking.day, entry: entry, previousRank: nil, milestone: target.audience))
            return true
        }
        return events
    }

    /// Each figure of `earlier`'s films that `now` gives otherwise: one event a figure.
    static func revisions(from earlier: WatchState.SeenDay, to now: DailyBoxOffice) -> [NewsEvent] {
        let current = Dictionary(now.entries.map { ($0.movieCode, WatchState.Figures($0)) }, uniquingKeysWith: { first, _ in first })
        var events: [NewsEvent] = []
        for film in earlier.films {
            guard let revised = current[film.movieCode] else { continue }
            for ((field, from), (_, to)) in zip(film.named, revised.named) where from != to {
                let entry = now.entries.first { $0.movieCode == film.movieCode }
                events.append(NewsEvent(kind: .revised, date: now.day, movieCode: film.movieCode, title: revised.title, rank: revised.rank,
                                        previousRank: film.rank, audience: revised.audience, audienceTotal: revised.audienceTotal,
                                        day: NewsEvent.dayNumber(of: now.day, openedOn: entry?.openDate), openDate: entry?.openDate,
                                        revision: NewsEvent.Revision(field: field, from: from, to: to)))
            }
        }
        return events
    }
}
