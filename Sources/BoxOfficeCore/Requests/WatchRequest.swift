/// What became of one event a watch handed to its reader.
public enum EventDelivery: Sendable, Equatable {
    /// Delivered: it is not told again.
    case delivered
    /// Not delivered (a program failed on it): kept for the next run, and the next events are handed on.
    case kept
    /// Not delivered, and no other event can be now (the program cannot even be started): this
    /// event and every one after it are kept for the next run.
    case stopped
}

/// How a watch's events reach their reader: each on its own (a line printed, a program run), the
/// state kept after each, so a run stopped at any moment tells again at most the event in flight;
/// or all of them as one (a JSON document), the state kept once the whole is out. Each is told
/// whether the watch reads past the top 10 (it may have been made deep on an earlier run), for its words.
package enum WatchDelivery: Sendable {
    case each(@Sendable (_ event: NewsEvent, _ deep: Bool) async throws -> EventDelivery)
    case all(@Sendable (_ events: [NewsEvent], _ deep: Bool) async throws -> Void)
}

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
    /// ``watch(store:targets:deep:maxCalls:concurrency:deliver:)`` does over a ``WatchStore``.
    public func watch(_ state: WatchState?, targets: [WatchTarget] = [], deep: Bool = false, maxDays: Int = 30,
                      concurrency: Int = 4) async throws(BoxOfficeError) -> WatchUpdate {
        do {
            return try await watch(state, targets: targets, deep: deep, maxDays: maxDays, reading: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// A watch over `store`, as the command line's `watch` runs it: within the store's
    /// ``WatchStore/exclusively(_:)``, the state read, the targets found (a film named by its
    /// title is searched for; one named by its code is kept with its title), as many new days read
    /// as `maxCalls` calls allow (the rest left for the next run), and each event handed to
    /// `deliver`, the state kept after each one. A run stopped at any moment (a crash, a kill)
    /// tells again at most the event it was delivering; an event not delivered is kept and
    /// handed over first next time. A failure before the first delivery leaves the kept state as it was.
    ///
    /// ```swift
    /// let update = try await client.watch(store: myStore, targets: [WantedTarget(film: .code("20228988"), audience: 3_000_000)]) { event in
    ///     await post(event) ? .delivered : .kept
    /// }
    /// ```
    public func watch(store: some WatchStore, targets: [WantedTarget] = [], deep: Bool = false, maxCalls: Int = 100, concurrency: Int = 4,
                      deliver: @escaping @Sendable (NewsEvent) async -> EventDelivery) async throws -> WatchUpdate {
        try await watch(store: store, targets: targets, deep: deep, maxCalls: maxCalls, reading: PeriodReading(jobs: max(1, concurrency)),
                        delivery: .each { event, _ in await deliver(event) })
    }

    /// The same, read as `reading` says, delivered as `delivery` says.
    package nonisolated(nonsending) func watch(store: some WatchStore, targets: [WantedTarget], deep: Bool, maxCalls: Int, reading: PeriodReading,
                                               delivery: WatchDelivery) async throws -> WatchUpdate {
        guard !asksNoOne else { throw UnchangingSourceError() }
        return try await store.exclusively {
            let state = try await store.read()
            let found = try await self.found(targets, known: state)
            // What finding the targets sent is not there for the days.
            let left = CallBudget.current.map { max(0, $0.limit - $0.sent) } ?? maxCalls
            let days = WatchState.days(within: min(maxCalls, left), deep: deep || state?.deep == true)
            var update = try await self.watch(state, targets: found, deep: deep, maxDays: days, reading: reading)
            var kept = state
            func keep(_ next: WatchState) async throws {
                guard next != kept else { return }
                try await store.keep(next)
                kept = next
            }
            switch delivery {
            case let .all(deliver):
                if !update.events.isEmpty { try await deliver(update.events, update.state.deep) }
                try await keep(update.state)
            case let .each(deliver):
                var undelivered: [NewsEvent] = []
                var index = update.events.startIndex
                while index < update.events.endIndex {
                    let event = update.events[index]
                    index += 1
                    switch try await deliver(event, update.state.deep) {
                    case .delivered: break
                    case .kept: undelivered.append(event)
                    case .stopped:
                        undelivered.append(event)
                        undelivered += update.events[index...]
                        index = update.events.endIndex
                    }
                    // Kept after each: the events not delivered, then those still to hand over.
                    try await keep(update.state(keeping: undelivered + update.events[index...]))
                }
                try await keep(update.state(keeping: undelivered))
                update.undelivered = undelivered
            }
            return update
        }
    }

    /// The targets asked for, each as a film's code and title: a code the state knows by its title
    /// already costs nothing; another code's title is read from its details (one call, once); a
    /// title names the one film it matches (a search), kept with that film's own title.
    package nonisolated(nonsending) func found(_ wanted: [WantedTarget], known state: WatchState?) async throws -> [WatchTarget] {
        let known = (state?.targets ?? []) + (state?.reached ?? [])
        var found: [WatchTarget] = []
        for target in wanted {
            switch target.film {
            case let .code(code):
                if let title = known.first(where: { $0.movieCode == code && $0.title != code })?.title {
                    found.append(WatchTarget(movieCode: code, title: title, audience: target.audience))
                } else {
                    let movie = try await fetch(.movie(code: code))
                    found.append(WatchTarget(movieCode: code, title: movie.title, audience: target.audience))
                }
            case let .title(title):
                let named = Locked<String?>(nil)
                let code = try await code(of: target.film) { _, movie in named.withLock { $0 = movie.title } }
                found.append(WatchTarget(movieCode: code, title: named.withLock { $0 } ?? title, audience: target.audience))
            }
        }
        return found
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
        let cost = cost(of: BoxOfficeClient.rankingCalls(of: sorted, deep: deep), days: sorted.count)
        if !reading.isApproved { try await reading.approve(cost) }
        // A run at number one read further back for a day's news counts with everything approved.
        let spent = Locked(cost)

        var next = state
        next.deep = deep
        next.pending = []
        next.targets = Self.merged(state.targets, targets, reached: state.reached)
        var events = state.pending
        var seen: [WatchState.SeenDay] = []
        var gaps: [WatchGap] = []
        var read = 0
        var unpublished = false
        for day in days {
            // The day and the day before must be read (else the run stops, for the next to catch up).
            // The limit of calls reached after a day was told leaves the rest for the next run, as
            // a run's share of days does; reached before any, it stops the run (75).
            let news: DayNews
            do {
                news = try await self.news(on: day, deep: deep, reading: reading, spent: spent)
            } catch let unread as NewsDayUnread where unread.limit != nil && read > 0 {
                break
            }
            // A day KOBIS has not put out yet: the next run reads it.
            guard news.isPublished else {
                unpublished = true
                break
            }
            // A day looked back on that could not be read: the news is told without it, as `news`
            // tells it (a film back after days out may be said to enter), and the day is named.
            // A day not read because the run's limit of calls was reached is not a gap: the run
            // stops there, as a spent quota stops it, and the next goes on with a new budget.
            let window = DayNews.window(for: day)
            let unread = news.coverage.unread.filter { window.contains($0.day) && $0.reason != .notHeld }
            if let limit = unread.lazy.compactMap(\.reason.limitReached).first {
                if read > 0 { break }
                throw CallLimitReached(limit: limit)
            }
            gaps += unread.map { WatchGap(unread: $0, news: day) }
            events += news.events.filter { Self.firstTold($0, &next.told) }
            events += Self.reached(&next, on: news.ranking)
            if news.provisional { seen.append(WatchState.SeenDay(news.ranking)) }
            next.lastDay = day
            read += 1
        }
        // The days seen before, while they could still be revised: what changed since, film by film.
        for earlier in state.seen {
            let ranking: DailyBoxOffice
            do {
                ranking = try await self.ranking(of: earlier.day, deep: deep)
            } catch {
                // KOBIS could not answer for it, or the run's limit of calls was reached: kept as
                // seen, to look at again next run.
                guard let reason = BoxOfficeClient.unreadReason(error) else { throw error }
                gaps.append(WatchGap(unread: UnreadDay(day: earlier.day, reason: reason), news: nil))
                seen.append(earlier)
                continue
            }
            // A watch made deep since saw its older days in the top 10: they are seen again past it,
            // not compared with lists of another kind.
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
                guard let total = revision.changes?.first(where: { $0.field == "audienceTotal" }), let from = total.from, let to = total.to, to > from,
                      let entry = ranking.entries.first(where: { $0.movieCode == revision.movieCode }) else { continue }
                for mark in Trend.Series.marks(from: Int(clamping: from), upTo: Int(clamping: to)) {
                    let passed = NewsEvent(kind: .milestone, date: ranking.day, entry: entry, previousRank: nil, milestone: mark)
                    if Self.firstTold(passed, &next.told) { events.append(passed) }
                }
            }
            if ranking.provisional { seen.append(WatchState.SeenDay(ranking)) }
        }
        // Seen days are kept by day, each once (one kept as it was beside its news read again).
        var byDay: [Day: WatchState.SeenDay] = [:]
        for day in seen where byDay[day.day] == nil { byDay[day.day] = day }
        next.seen = byDay.values.sorted { $0.day < $1.day }
        next.told = Array(next.told.suffix(WatchState.toldKept))
        // In the order they happened (those left from last time among them): a revision of an older
        // day before a newer day's news.
        let ordered = events.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        return WatchUpdate(events: ordered, state: next, started: false, daysLeft: unpublished ? 0 : published.count - read,
                           gaps: gaps.sorted { $0.unread.day < $1.unread.day })
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
        deep ? try await self.deep(day, listing: .daily, filter: BoxOfficeFilter()) : try await periodAnswer(.daily(day)).value
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
    /// one target, whatever title named it); a target kept under its code for a title now has its title.
    static func merged(_ kept: [WatchTarget], _ new: [WatchTarget], reached: [WatchTarget]) -> [WatchTarget] {
        func same(_ one: WatchTarget, _ other: WatchTarget) -> Bool { one.movieCode == other.movieCode && one.audience == other.audience }
        var all = kept.map { target in
            guard target.title == target.movieCode, let named = new.first(where: { same($0, target) }) else { return target }
            return named
        }
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

    /// What `now` gives otherwise than `earlier`, film by film: one event a film, its
    /// ``NewsEvent/changes`` every figure changed; a film no longer listed, or newly listed, is a
    /// change of its rank (from or to nothing).
    static func revisions(from earlier: WatchState.SeenDay, to now: DailyBoxOffice) -> [NewsEvent] {
        let entries = DayNews.unique(now.entries)
        let current = Dictionary(entries.map { ($0.movieCode, WatchState.Figures($0)) }, uniquingKeysWith: { first, _ in first })
        let before = Set(earlier.films.map(\.movieCode))
        var events: [NewsEvent] = []
        func event(_ film: WatchState.Figures, rank: Int?, previous: Int?, _ changes: [NewsEvent.Change], entry: BoxOfficeEntry?) -> NewsEvent {
            NewsEvent(kind: .revised, date: now.day, movieCode: film.movieCode, title: film.title, rank: rank, previousRank: previous,
                      audience: film.audience, audienceTotal: film.audienceTotal, day: NewsEvent.dayNumber(of: now.day, openedOn: entry?.openDate),
                      openDate: entry?.openDate, changes: changes)
        }
        for film in earlier.films {
            guard let revised = current[film.movieCode] else {
                events.append(event(film, rank: nil, previous: film.rank, [NewsEvent.Change(field: "rank", from: Int64(film.rank), to: nil)], entry: nil))
                continue
            }
            let changes = zip(film.named, revised.named).compactMap { before, after in
                before.1 == after.1 ? nil : NewsEvent.Change(field: before.0, from: before.1, to: after.1)
            }
            guard !changes.isEmpty else { continue }
            events.append(event(revised, rank: revised.rank, previous: film.rank, changes, entry: entries.first { $0.movieCode == film.movieCode }))
        }
        for entry in entries where !before.contains(entry.movieCode) {
            events.append(event(WatchState.Figures(entry), rank: entry.rank, previous: nil, [NewsEvent.Change(field: "rank", from: nil, to: Int64(entry.rank))],
                                entry: entry))
        }
        return events
    }
}
