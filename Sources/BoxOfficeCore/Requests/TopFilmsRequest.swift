#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A question for the films ranked by audience within a period, as `boxoffice top` asks it: a
/// year, a month or a range of days; the films a filter keeps (its region given by name or code);
/// from each day's top 10 or past it (`deep`). ``BoxOfficeClient/topFilms(_:concurrency:)`` answers it.
///
/// ```swift
/// let request = TopFilmsRequest(.month(year: 2023, month: 4), filter: BoxOfficeFilter(nation: .korean), region: "서울", deep: true)
/// let ranking = try await client.topFilms(request)
/// ```
public struct TopFilmsRequest: Sendable, Equatable {
    /// The period whose days are read.
    public enum Period: Sendable, Equatable {
        /// A calendar year.
        case year(Int)
        /// A month (1 to 12) of a year.
        case month(year: Int, month: Int)
        /// Any range of days.
        case range(ClosedRange<Day>)

        /// Its first and last day; nil for a month or a year that is not one.
        public var days: ClosedRange<Day>? {
            let months: (year: Int, first: Int, last: Int)
            switch self {
            case let .range(range): return range
            case let .year(year): months = (year, 1, 12)
            case let .month(year, month): months = (year, month, month)
            }
            guard let first = MonthCalendar.days(year: months.year, month: months.first)?.first,
                  let last = MonthCalendar.days(year: months.year, month: months.last)?.last else { return nil }
            return first...last
        }
    }

    /// The period.
    public var period: Period
    /// The films kept: a nation, a market, a region by code.
    public var filter: BoxOfficeFilter
    /// A region by its name or code, found as ``BoxOfficeClient/region(named:)`` finds it.
    public var region: String?
    /// How many films are ranked; nil for all.
    public var limit: Int?
    /// Each day's ranking past the top 10, so a film counts on its days outside the top 10 too.
    public var deep: Bool

    /// A request for `period`'s top films.
    public init(_ period: Period, filter: BoxOfficeFilter = BoxOfficeFilter(), region: String? = nil, limit: Int? = nil, deep: Bool = false) {
        self.period = period
        self.filter = filter
        self.region = region
        self.limit = limit
        self.deep = deep
    }
}

extension Day {
    /// The part of `period` KOBIS has published on `today` (a Korean day: up to yesterday), and
    /// whether the period runs past it; the one rule for every period read.
    package static func published(_ period: ClosedRange<Day>, today: Day) throws(BoxOfficeError) -> (days: ClosedRange<Day>, unfinished: Bool) {
        let yesterday = today.adding(days: -1)
        guard period.lowerBound <= yesterday else {
            throw .invalidRequest("KOBIS has published no day from \(period.lowerBound.iso) yet (it publishes a day after it ends, Korean time)")
        }
        return (period.lowerBound...min(period.upperBound, yesterday), period.upperBound > yesterday)
    }
}

extension BoxOfficeClient {
    /// The films ranked by audience within `request`'s period (see
    /// ``periodRanking(from:to:filter:limit:deep:concurrency:)``), `concurrency` requests at a
    /// time; a period reaching today is read to yesterday and is provisional.
    public func topFilms(_ request: TopFilmsRequest, concurrency: Int = 4) async throws(BoxOfficeError) -> PeriodRanking {
        do {
            return try await topFilms(request, reading: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The same, read as `reading` says (its cost approved first, its progress told); `resolved`:
    /// the request's filter and scope, when the caller looked its region up already.
    package nonisolated(nonsending) func topFilms(_ request: TopFilmsRequest, resolved: (BoxOfficeFilter, RankingScope?)? = nil,
                                              reading: PeriodReading) async throws -> PeriodRanking {
        guard let whole = request.period.days else { throw BoxOfficeError.invalidRequest("the period is not one of the calendar (a month from 1 to 12, a year from 1)") }
        let (days, unfinished) = try Day.published(whole, today: Day.korean(at: now()))
        let (filter, scope) = if let resolved { resolved } else { try await scope(filter: request.filter, region: request.region) }
        return try await periodRanking(days, unfinished: unfinished, filter: filter, scope: scope, limit: request.limit.map { max(0, $0) },
                                              deep: request.deep, reading: reading)
    }
}
