/// A ranking past KOBIS's top 10. KOBIS's filters split every film into four groups that do not
/// overlap (Korean or foreign × diversity or commercial); asked with both, KOBIS gives each group's
/// own top 10 with national figures. Merged and ranked as KOBIS ranks (by audience), they are the
/// true ranking down to the point one of them could be hiding a film: a group that gave ten rows
/// may hide films with an audience up to its tenth row's, so only the films above the highest
/// such tenth row are certainly in place; a group that gave fewer hides none.
package protocol DeepRanked: Sendable {
    var entries: [BoxOfficeEntry] { get set }
    var exactThrough: Int? { get set }
    var scope: RankingScope? { get set }
}

extension DailyBoxOffice: DeepRanked {}
extension WeeklyBoxOffice: DeepRanked {}

extension BoxOfficeFilter {
    /// The groups a deep ranking asks for: all four, or those this filter keeps (two with a
    /// nation or a market, one with both), each within the filter's region.
    package var deepGroups: [BoxOfficeFilter] {
        (nation.map { [$0] } ?? Nation.allCases).flatMap { nation in
            (market.map { [$0] } ?? Market.allCases).map { market in BoxOfficeFilter(nation: nation, market: market, regionCode: regionCode) }
        }
    }
}

/// The merge of the groups' lists, kept apart from fetching so that it can be checked alone.
package enum DeepMerge {
    /// The groups' lists as one ranking: every film once, by audience (then sales, then code),
    /// ranked from 1, each marked with its group; `exactThrough` as far as the lists prove.
    /// `previous`, the deep ranking of the period before when it is at hand, gives the rank
    /// changes (and NEW to a film it did not hold when it was exact all the way); without it
    /// there is no change rather than a guess.
    package static func merge(_ lists: [(group: BoxOfficeFilter, entries: [BoxOfficeEntry])],
                              previous: [BoxOfficeEntry]? = nil, previousExact: Int? = nil) -> (entries: [BoxOfficeEntry], exactThrough: Int) {
        var seen = Set<String>()
        var merged: [BoxOfficeEntry] = []
        for (group, entries) in lists {
            for var entry in entries where seen.insert(entry.movieCode).inserted {
                entry.nation = group.nation
                entry.market = group.market
                merged.append(entry)
            }
        }
        merged.sort { a, b in
            let (x, y) = (a.audience ?? 0, b.audience ?? 0)
            if x != y { return x > y }
            let (p, q) = (a.sales ?? 0, b.sales ?? 0)
            if p != q { return p > q }
            return a.movieCode < b.movieCode
        }
        // The highest audience a group of ten could still hide: its tenth row's.
        let hidden = lists.filter { $0.entries.count >= DailyBoxOffice.maximumEntries }.map { list in list.entries.map { $0.audience ?? 0 }.min() ?? 0 }.max()
        let exact = hidden.map { bound in merged.prefix { ($0.audience ?? 0) > bound }.count } ?? merged.count
        let before = previous.map { Dictionary($0.map { ($0.movieCode, $0.rank) }, uniquingKeysWith: { a, _ in a }) }
        let previousWhole = previous.map { $0.count == (previousExact ?? $0.count) } ?? false
        for index in merged.indices {
            merged[index].rank = index + 1
            if let before, let rank = before[merged[index].movieCode] {
                merged[index].rankChange = rank - (index + 1)
                merged[index].isNew = false
            } else {
                merged[index].rankChange = nil
                merged[index].isNew = before != nil && previousWhole
            }
        }
        return (merged, exact)
    }
}

extension DeepMerge {
    /// Whether a deep list's first rows are the same films in the same order as KOBIS's own top
    /// 10 of the same day and filter (they are, unless KOBIS revised its figures between the calls).
    package static func agrees(_ deep: [BoxOfficeEntry], withTopTen top: [BoxOfficeEntry]) -> Bool {
        deep.prefix(top.count).map(\.movieCode) == top.map(\.movieCode)
    }
}

/// Which KOBIS list a deep ranking is made of: the call for one group's list of a day (or of the
/// week holding it), and the period before a day, whose deep ranking gives the rank changes.
package struct DeepListing<Ranking: DeepRanked>: Sendable {
    package let call: @Sendable (Day, BoxOfficeFilter) -> KOBISCall<Ranking>
    package let previous: @Sendable (Day) -> Day

    /// The calls a deep reading of `days` makes, for `filter`'s groups.
    package func calls(_ days: [Day], filter: BoxOfficeFilter) -> [KOBISCall<Ranking>] {
        days.flatMap { day in filter.deepGroups.map { call(day, $0) } }
    }
}

extension DeepListing where Ranking == DailyBoxOffice {
    /// The daily lists; the day before gives the changes.
    package static var daily: Self { Self(call: { .daily($0, filter: $1) }, previous: { $0.adding(days: -1) }) }
}

extension DeepListing where Ranking == WeeklyBoxOffice {
    /// The weekly lists of `period`; the week before gives the changes.
    package static func weekly(_ period: WeekPeriod) -> Self {
        Self(call: { .weekly($0, period: period, filter: $1) }, previous: { $0.adding(days: -7) })
    }
}

extension BoxOfficeClient {
    /// The deep ranking of each of `days` (or weeks), in order, each made of the lists of
    /// `filter`'s groups: the groups' calls go out together, `reading.jobs` at a time, each through
    /// the cache like any answer. A day one of whose calls KOBIS could not answer is given back
    /// among the days not read (never a merged list missing a group), unless `skippingFailedDays`
    /// is false (one day: its failure is the answer); any other failure ends the reading. The rank
    /// changes come from the period before: read just before, or read from the cache at no call, or none.
    @discardableResult
    package nonisolated(nonsending) func deepRankings<Ranking: DeepRanked>(
        of days: [Day], listing: DeepListing<Ranking>, filter: BoxOfficeFilter, scope: RankingScope?, reading: PeriodReading,
        skippingFailedDays: Bool = true, deliver: (Ranking) async throws -> Void
    ) async throws -> [UnreadDay] {
        if !reading.isApproved { try await reading.approve(cost(of: listing.calls(days, filter: filter), days: days.count)) }
        reading.began(days)
        let groups = filter.deepGroups
        let (call, previous) = (listing.call, listing.previous)
        let pairs = days.flatMap { day in groups.map { (day, $0) } }
        var failed: [UnreadDay] = []
        var lists: [(group: BoxOfficeFilter, answer: Answer<Ranking>)] = []
        var faults: [UnreadDay.Reason] = []
        var last: (day: Day, ranking: Ranking)?
        try await forEachInOrder(pairs, limit: reading.jobs) { pair -> (answer: Answer<Ranking>?, unread: UnreadDay.Reason?) in
            do {
                return (try await self.periodAnswer(call(pair.0, pair.1)), nil)
            } catch {
                guard skippingFailedDays, let reason = Self.unreadReason(error, reading: reading) else { throw error }
                return (nil, reason)
            }
        } deliver: { index, outcome in
            if let answer = outcome.answer { lists.append((pairs[index].1, answer)) }
            if let reason = outcome.unread { faults.append(reason) }
            guard index % groups.count == groups.count - 1 else { return }
            let day = pairs[index].0
            defer { lists = []; faults = [] }
            reading.finished(lists.allSatisfy(\.answer.fromCache) && faults.isEmpty)
            // A KOBIS failure says more than a missing stored list.
            if let reason = faults.first(where: { $0 != .notCached }) ?? faults.first {
                let unread = UnreadDay(day: day, reason: reason)
                failed.append(unread)
                try await reading.skipped?(unread)
                return
            }
            let before: Ranking? = if let last, last.day == previous(day) { last.ranking } else { try await self.atHand(previous(day), groups: groups, call: call) }
            let ranking = Self.merged(lists.map { ($0.group, $0.answer.value) }, previous: before, scope: scope)
            last = (day, ranking)
            try await deliver(ranking)
        }
        return failed
    }

    /// The deep ranking of `day` from the cache alone, when every group's list is there; nil otherwise.
    private nonisolated(nonsending) func atHand<Ranking: DeepRanked>(_ day: Day, groups: [BoxOfficeFilter],
                                                                   call: (Day, BoxOfficeFilter) -> KOBISCall<Ranking>) async throws -> Ranking? {
        let calls = groups.map { call(day, $0) }
        guard calls.allSatisfy(isCached) else { return nil }
        var lists: [(BoxOfficeFilter, Ranking)] = []
        for (group, call) in zip(groups, calls) {
            guard let answer = try? await self.periodAnswer(call), answer.fromCache else { return nil }
            lists.append((group, answer.value))
        }
        return Self.merged(lists, previous: nil, scope: nil)
    }

    private static func merged<Ranking: DeepRanked>(_ lists: [(BoxOfficeFilter, Ranking)], previous: Ranking?, scope: RankingScope?) -> Ranking {
        let (entries, exact) = DeepMerge.merge(lists.map { ($0.0, $0.1.entries) }, previous: previous?.entries, previousExact: previous?.exactThrough)
        var ranking = lists[0].1
        ranking.entries = entries
        ranking.exactThrough = exact
        ranking.scope = scope
        return ranking
    }
}

extension BoxOfficeClient {
    /// One day's (week's) deep ranking (see ``DeepMerge``): one call per group, together; one
    /// call failing fails it.
    /// `approve` is asked first what the calls cost (see ``PeriodReading/approve``).
    package nonisolated(nonsending) func deep<Ranking: DeepRanked>(_ day: Day, listing: DeepListing<Ranking>, filter: BoxOfficeFilter,
                                                                   scope: RankingScope? = nil, jobs: Int = 4,
                                                                   approve: @escaping @Sendable (ReadingCost) async throws -> Void = { _ in }) async throws -> Ranking {
        var result: Ranking?
        var reading = PeriodReading(jobs: jobs)
        reading.approve = approve
        try await deepRankings(of: [day], listing: listing, filter: filter, scope: scope, reading: reading,
                               skippingFailedDays: false) { result = $0 }
        guard let result else { throw KOBISError.unreadable(.wrongShape("no deep ranking for \(day.iso)")) }
        return result
    }
}
