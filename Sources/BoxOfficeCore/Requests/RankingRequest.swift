#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The kinds of ranking a ``RankingRequest`` asks for: a day's (``DailyBoxOffice``) or a week's
/// (``WeeklyBoxOffice``). Only the library's own rankings are ones.
public protocol BoxOfficeRanking: Sendable, Equatable {}

extension DailyBoxOffice: BoxOfficeRanking {}
extension WeeklyBoxOffice: BoxOfficeRanking {}

/// A question for rankings, as each face of boxoffice asks it: one day's (or week's) list, or
/// those of every day (week) of a range; of the films a filter keeps, its region given by name
/// or code; from KOBIS's top 10, or past it (`deep`). ``BoxOfficeClient/rankings(_:concurrency:)``
/// answers it.
///
/// ```swift
/// let april = RankingRequest.daily(.range(first...last), region: "서울", deep: true)
/// for ranking in try await client.rankings(april).rankings { print(ranking.day, ranking.entries.count) }
/// ```
public struct RankingRequest<Ranking: BoxOfficeRanking>: Sendable, Equatable {
    /// What is asked: one day (of the week, for a weekly ranking) or every day (week) of a range.
    public enum Span: Sendable, Equatable {
        /// One day's ranking (one week's: the week holding it).
        case day(Day)
        /// Every day of the range (every week it touches), in order.
        case range(ClosedRange<Day>)
    }

    /// The day or the range.
    public var span: Span
    /// The films kept: a nation, a market, a region by code.
    public var filter: BoxOfficeFilter
    /// A region by its name or code (`서울`, `Seoul`, `충남`, `0105001`), found as
    /// ``BoxOfficeClient/region(named:)`` finds it; when given, it is the filter's region.
    public var region: String?
    /// Past the top 10: the lists of the groups the filter keeps, merged (as
    /// ``BoxOfficeClient/deepDailyBoxOffice(on:filter:)`` does a day).
    public var deep: Bool
    /// The week's period, for a weekly ranking.
    package let week: WeekPeriod?

    private init(span: Span, filter: BoxOfficeFilter, region: String?, deep: Bool, week: WeekPeriod?) {
        self.span = span
        self.filter = filter
        self.region = region
        self.deep = deep
        self.week = week
    }

    /// The days read: each day of the span, or the Monday of each week it touches.
    package var days: [Day] {
        let range = switch span {
        case let .day(day): day...day
        case let .range(range): range
        }
        return week == nil ? PeriodReading.days(range) : PeriodReading.weeks(range)
    }
}

extension RankingRequest where Ranking == DailyBoxOffice {
    /// The daily ranking of a day, or of every day of a range.
    public static func daily(_ span: Span, filter: BoxOfficeFilter = BoxOfficeFilter(), region: String? = nil, deep: Bool = false) -> Self {
        Self(span: span, filter: filter, region: region, deep: deep, week: nil)
    }
}

extension RankingRequest where Ranking == WeeklyBoxOffice {
    /// The ranking of the week (weekend, weekdays) holding a day, or of every week a range touches.
    public static func weekly(_ span: Span, period: WeekPeriod = .week, filter: BoxOfficeFilter = BoxOfficeFilter(), region: String? = nil,
                              deep: Bool = false) -> Self {
        Self(span: span, filter: filter, region: region, deep: deep, week: period)
    }
}

/// The rankings a ``RankingRequest`` asked for, in order, and which of its days (weeks) were not
/// read (KOBIS failed on its side for them; offline, the cache lacks them).
public struct RankingSeries<Ranking: BoxOfficeRanking>: Sendable, Equatable {
    /// The rankings read, oldest first.
    public let rankings: [Ranking]
    /// The days (Mondays of weeks) asked for, and those not read.
    public let coverage: PeriodCoverage
}

/// A region named in a request that KOBIS's table of regions does not hold.
package struct UnknownRegionError: Error, Sendable, Equatable {
    /// The name as it was given.
    package let name: String
    /// The regions KOBIS's table holds, by name.
    package let known: [String]
}

/// A ranking KOBIS lists by day or by week, with its plain call and its deep listing.
package protocol ListedRanking: DeepRanked, BoxOfficeRanking {
    /// The plain list of `day` (the week holding it, for a weekly ranking of `week`).
    static func plain(_ day: Day, week: WeekPeriod?, filter: BoxOfficeFilter, scope: RankingScope?) -> KOBISCall<Self>
    /// The groups' lists, for a deep ranking.
    static func listing(week: WeekPeriod?) -> DeepListing<Self>
}

extension DailyBoxOffice: ListedRanking {
    package static func plain(_ day: Day, week: WeekPeriod?, filter: BoxOfficeFilter, scope: RankingScope?) -> KOBISCall<Self> {
        .daily(day, filter: filter, scope: scope)
    }

    package static func listing(week: WeekPeriod?) -> DeepListing<Self> { .daily }
}

extension WeeklyBoxOffice: ListedRanking {
    package static func plain(_ day: Day, week: WeekPeriod?, filter: BoxOfficeFilter, scope: RankingScope?) -> KOBISCall<Self> {
        .weekly(day, period: week ?? .week, filter: filter, scope: scope)
    }

    package static func listing(week: WeekPeriod?) -> DeepListing<Self> { .weekly(week ?? .week) }
}

extension BoxOfficeClient {
    /// The daily rankings `request` asks for: one day's, or every day's of a range in order,
    /// `concurrency` requests at a time; a range's days KOBIS could not answer are named in the
    /// coverage (a single day's failure is the error). A region given by name is looked up first.
    public func rankings(_ request: RankingRequest<DailyBoxOffice>, concurrency: Int = 4) async throws(BoxOfficeError) -> RankingSeries<DailyBoxOffice> {
        try await series(request, concurrency: concurrency)
    }

    /// The weekly rankings `request` asks for, as ``rankings(_:concurrency:)-(RankingRequest<DailyBoxOffice>,_)`` gives days.
    public func rankings(_ request: RankingRequest<WeeklyBoxOffice>, concurrency: Int = 4) async throws(BoxOfficeError) -> RankingSeries<WeeklyBoxOffice> {
        try await series(request, concurrency: concurrency)
    }

    private func series<Ranking: ListedRanking>(_ request: RankingRequest<Ranking>, concurrency: Int) async throws(BoxOfficeError) -> RankingSeries<Ranking> {
        do {
            var collected: [Ranking] = []
            let unread = try await rankings(request, reading: PeriodReading(jobs: max(1, concurrency))) { collected.append($0) }
            return RankingSeries(rankings: collected, coverage: PeriodCoverage(daysInPeriod: request.days.count, unread: unread))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The rankings `request` asks for, each handed to `deliver` in order as soon as it and those
    /// before it are in, read as `reading` says (its cost approved first); the days not read. One
    /// day (week) is fetched as it is (its failure thrown; a deep one's calls approved), and a deep
    /// day whose plain top 10 the cache holds is checked against it (`disagrees` is told when they
    /// differ; days only: a week's lists are not checked). `only`: the days (Mondays) of a range to
    /// read, when the source holds only those; `resolved`: the request's filter and scope, when the
    /// caller looked its region up already.
    @discardableResult
    package nonisolated(nonsending) func rankings<Ranking: ListedRanking>(
        _ request: RankingRequest<Ranking>, only: [Day]? = nil, resolved: (BoxOfficeFilter, RankingScope?)? = nil, reading: PeriodReading,
        disagrees: (@Sendable (Day) -> Void)? = nil, deliver: (Ranking) async throws -> Void
    ) async throws -> [UnreadDay] {
        let (filter, scope) = if let resolved { resolved } else { try await scope(of: request) }
        let (week, listing) = (request.week, Ranking.listing(week: request.week))
        switch request.span {
        case let .day(day) where request.deep:
            let ranking = try await deep(day, listing: listing, filter: filter, scope: scope, jobs: reading.jobs, approve: reading.approve)
            // Where the plain top 10 of the same day is at hand, the deep list's first rows are it.
            let plain = Ranking.plain(day, week: week, filter: filter, scope: nil)
            if let disagrees, week == nil, isCached(plain), let top = try? await fetch(plain), !DeepMerge.agrees(ranking.entries, withTopTen: top.entries) {
                disagrees(day)
            }
            try await deliver(ranking)
            return []
        case let .day(day):
            // A day's list the history holds is read from it, as a period's days are.
            try await deliver(try await periodAnswer(Ranking.plain(day, week: week, filter: filter, scope: scope)).value)
            return []
        case .range where request.deep:
            return try await deepRankings(of: only ?? request.days, listing: listing, filter: filter, scope: scope, reading: reading, deliver: deliver)
        case .range:
            return try await answers(of: only ?? request.days, reading: reading, call: { Ranking.plain($0, week: week, filter: filter, scope: scope) }) {
                try await deliver($0.value)
            }
        }
    }

    /// The filter KOBIS is sent for `request` (its region found by name in the region table,
    /// itself cached), and the scope its rankings name in their headings (nil for all films).
    package nonisolated(nonsending) func scope<Ranking>(of request: RankingRequest<Ranking>) async throws -> (BoxOfficeFilter, RankingScope?) {
        try await scope(filter: request.filter, region: request.region)
    }

    /// The same for any filter and region.
    package nonisolated(nonsending) func scope(filter: BoxOfficeFilter, region: String?) async throws -> (BoxOfficeFilter, RankingScope?) {
        var filter = filter
        var regionName: String?
        if let region {
            if RegionName.isCode(region) {
                filter.regionCode = region
            } else {
                guard let entry = try await findRegion(named: region) else {
                    throw UnknownRegionError(name: region, known: try await fetch(.codes(.regions)).entries.map(\.name))
                }
                filter.regionCode = entry.code
                regionName = entry.name
            }
        }
        let scope = RankingScope(filter: filter, regionName: regionName)
        return (filter, scope.isFiltered ? scope : nil)
    }
}
