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
        let cost = client.cost(of: KOBISClient.rankingCalls(of: sorted, deep: deep), days: sorted.count)
        if !reading.isApproved { try await reading.approve(cost) }
        // A run at number one read further back for a day's news counts with everything approved.
        let spent = Locked(cost)

        var next = state
        next.deep = deep
        next.pending = []
        next.targets = Self.merged(state.targets, targets, reached: state.reached)
        var events = state.pending
        var seen: [WatchState.SeenDay] = []
        var read = 0
        var unpublished = false
        for day in days {
            let news = try await self.news(on: day, deep: deep, reading: reading, spent: spent)
            // A day KOBIS has not put out yet: the next run reads it.
            guard news.isPublished else {
                unpublished = true
                break
            }
            // A day looked back on that KOBIS could not answer would make a film back in the list
            // look new: the watch stops there, as when a fetch fails, and the next run reads it again.
            if let unread = news.coverage.unread.first(where: { DayNews.window(for: day).contains($0.day) && $0.reason != .notHeld }) {
                throw NewsDayUnread(day: unread.day, news: day, reason: unread.reason)
            }
            events += news.events.filter { Self.firstTold($0, &next.told) }
            events += Self.reached(&next, on: news.ranking)
            if news.provisional { seen.append(WatchState.SeenDay(news.ranking)) }
            next.lastDay = day
            read += 1
        }
        // The days seen before, while they could still be revised: what changed since, film by film.
        for earlier in state.seen {
            // A watch made deep since saw its older days in the top 10: they are seen again past it,
            // not compared with lists of another kind.
            let ranking = try await ranking(of: earlier.day, deep: deep)
            if deep != state.deep {
                if ranking.provisional { seen.append(WatchState.SeenDay(ranking)) }
                continue
            }
            // An empty answer for a day that had films is not a revision: the day is kept as seen, to check again.
            guard DayNews.isPublished(ranking) || earlier.films.isEmpty else {
                seen.append(earlier)
                continue
            }
            for revision in Self.revisions(from: earlier, to: ranking) {
                events.append(revision)
                // A revised total that now passes a mark passed it that day.
                guard revision.revision?.field == "audienceTotal", let from = revision.revision?.from, let to = revision.revision?.to, to > from,
                      let entry = ranking.entries.first(where: { $0.movieCode == revision.movieCode }) else { continue }
                for mark in Trend.Series.marks(from: Int(from), upTo: Int(to)) {
                    let passed = NewsEvent(kind: .milestone, date: ranking.day, entry: entry, previousRank: nil, milestone: mark)
                    if Self.firstTold(passed, &next.told) { events.append(passed) }
                }
            }
            if ranking.provisional { seen.append(WatchState.SeenDay(ranking)) }
        }
        next.seen = seen.sorted { $0.day < $1.day }
        next.told = Array(next.told.suffix(WatchState.toldKept))
        // In the order they happened (those left from last time among them): a revision of an older
        // day before a newer day's news.
        let ordered = events.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        return WatchUpdate(events: ordered, state: next, started: false, daysLeft: unpublished ? 0 : published.count - read)
    }

    /// The first run: the latest published day (yesterday, or the day before while yesterday is
    /// not out) recorded, its figures kept while KOBIS may revise them; a target reached already said.
    private nonisolated(nonsending) func startWatch(targets: [WatchTarget], deep: Bool, latest yesterday: Day) async throws -> WatchUpdate {
        var ranking = try await call(.daily(yesterday))
        if !DayNews.isPublished(ranking) { ranking = try await call(.daily(yesterday.adding(days: -1))) }
        if deep { ranking = try await self.ranking(of: ranking.day, deep: true) }
        var state = WatchState(deep: deep, lastDay: ranking.day, seen: ranking.provisional ? [WatchState.SeenDay(ranking)] : [],
                               targets: Self.merged([], targets, reached: []))
        let events = Self.reached(&state, on: ranking)
        return WatchUpdate(events: events, state: state, started: true, daysLeft: 0)
    }

    /// A day's ranking: its top 10, or past it from its deep lists.
    private nonisolated(nonsending) func ranking(of day: Day, deep: Bool) async throws -> DailyBoxOffice {
        deep ? try await client.deep(day, listing: .daily, filter: BoxOfficeFilter()) : try await call(.daily(day))
    }

    /// Whether a milestone event is told for the first time (then remembered); any other event is.
    static func firstTold(_ event: NewsEvent, _ told: inout [WatchTarget]) -> Bool {
        guard event.kind == .milestone, let mark = event.milestone else { return true }
        let key = WatchTarget(movieCode: event.movieCode, title: "", audience: mark)
        guard !told.contains(where: { $0.movieCode == key.movieCode && $0.audience == mark }) else { return false }
        told.append(key)
        return true
    }

    /// The targets kept, then the new ones not among them nor reached already (a film's mark is
    /// one target, whatever title named it).
    static func merged(_ kept: [WatchTarget], _ new: [WatchTarget], reached: [WatchTarget]) -> [WatchTarget] {
        func same(_ one: WatchTarget, _ other: WatchTarget) -> Bool { one.movieCode == other.movieCode && one.audience == other.audience }
        var all = kept
        for target in new where !all.contains(where: { same($0, target) }) && !reached.contains(where: { same($0, target) }) { all.append(target) }
        return all
    }

    /// The targets whose film's total reached them on `ranking`'s day, moved from the state's
    /// targets to those it reached.
    static func reached(_ state: inout WatchState, on ranking: DailyBoxOffice) -> [NewsEvent] {
        var events: [NewsEvent] = []
        state.targets.removeAll { target in
            guard let entry = ranking.entries.first(where: { $0.movieCode == target.movieCode }), let total = entry.audienceTotal,
                  total >= target.audience else { return false }
            events.append(NewsEvent(kind: .target, date: ranking.day, entry: entry, previousRank: nil, milestone: target.audience))
            return true
        }
        state.reached += events.compactMap { event in event.milestone.map { WatchTarget(movieCode: event.movieCode, title: event.title, audience: $0) } }
        return events
    }

    /// Each figure of `earlier`'s films that `now` gives otherwise: one event a figure; a film no
    /// longer listed, or newly listed, is a revision of its rank (from or to nothing).
    static func revisions(from earlier: WatchState.SeenDay, to now: DailyBoxOffice) -> [NewsEvent] {
        let entries = DayNews.unique(now.entries)
        let current = Dictionary(entries.map { ($0.movieCode, WatchState.Figures($0)) }, uniquingKeysWith: { first, _ in first })
        let before = Set(earlier.films.map(\.movieCode))
        var events: [NewsEvent] = []
        func event(_ film: WatchState.Figures, rank: Int?, previous: Int?, _ revision: NewsEvent.Revision, entry: BoxOfficeEntry?) -> NewsEvent {
            NewsEvent(kind: .revised, date: now.day, movieCode: film.movieCode, title: film.title, rank: rank, previousRank: previous,
                      audience: film.audience, audienceTotal: film.audienceTotal, day: NewsEvent.dayNumber(of: now.day, openedOn: entry?.openDate),
                      openDate: entry?.openDate, revision: revision)
        }
        for film in earlier.films {
            guard let revised = current[film.movieCode] else {
                events.append(event(film, rank: nil, previous: film.rank, NewsEvent.Revision(field: "rank", from: Int64(film.rank), to: nil), entry: nil))
                continue
            }
            let entry = entries.first { $0.movieCode == film.movieCode }
            for ((field, from), (_, to)) in zip(film.named, revised.named) where from != to {
                events.append(event(revised, rank: revised.rank, previous: film.rank, NewsEvent.Revision(field: field, from: from, to: to), entry: entry))
            }
        }
        for entry in entries where !before.contains(entry.movieCode) {
            events.append(event(WatchState.Figures(entry), rank: entry.rank, previous: nil, NewsEvent.Revision(field: "rank", from: nil, to: Int64(entry.rank)), entry: entry))
        }
        return events
    }
}
