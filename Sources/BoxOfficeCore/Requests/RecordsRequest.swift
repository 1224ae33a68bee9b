/// A question for a period's records, as `boxoffice records` asks it: a year, a month or a range of
/// days, read as `top` reads it; how many places of each record; the milestones the fastest are
/// looked for to besides 1,000,000; the films a filter keeps, from each day's top 10 or past it.
/// ``BoxOfficeClient/records(_:concurrency:)`` answers it.
///
/// ```swift
/// let records = try await client.records(RecordsRequest(.year(2025), limit: 5))
/// for record in records.entries(of: .openingDay) { print(record.rank, record.title, record.value) }
/// ```
public struct RecordsRequest: Sendable, Equatable {
    /// The period whose days are read.
    public var period: TopFilmsRequest.Period
    /// How many places of each record (ties kept).
    public var limit: Int
    /// Milestones besides 1,000,000 the fastest are looked for to.
    public var milestones: [Int]
    /// The films kept: a nation, a market, a region by code.
    public var filter: BoxOfficeFilter
    /// A region by its name or code, found as ``BoxOfficeClient/region(named:)`` finds it.
    public var region: String?
    /// Each day's ranking past the top 10.
    public var deep: Bool

    /// A request for `period`'s records.
    public init(_ period: TopFilmsRequest.Period, limit: Int = 10, milestones: [Int] = [], filter: BoxOfficeFilter = BoxOfficeFilter(),
                region: String? = nil, deep: Bool = false) {
        self.period = period
        self.limit = limit
        self.milestones = milestones
        self.filter = filter
        self.region = region
        self.deep = deep
    }
}

extension BoxOfficeClient {
    /// The records of `request`'s period (``PeriodRecords``) from the daily ranking of each of its
    /// days, `concurrency` requests at a time, each day the cache does not hold costing one call
    /// (four past the top 10); a period reaching today is read to yesterday.
    public func records(_ request: RecordsRequest, concurrency: Int = 4) async throws(BoxOfficeError) -> PeriodRecords {
        do {
            return try await records(request, reading: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The same, read as `reading` says (its cost approved first, its progress told); `resolved`:
    /// the request's filter and scope, when the caller looked its region up already.
    package nonisolated(nonsending) func records(_ request: RecordsRequest, resolved: (BoxOfficeFilter, RankingScope?)? = nil,
                                             reading: PeriodReading) async throws -> PeriodRecords {
        guard let whole = request.period.days else { throw BoxOfficeError.invalidRequest("the period is not one of the calendar (a month from 1 to 12, a year from 1)") }
        let (days, _) = try Day.published(whole, today: Day.korean(at: now()))
        let filter = if let resolved { resolved.0 } else { try await scope(filter: request.filter, region: request.region).0 }
        if !request.deep, let held = try await heldFilms(over: days, filter: filter, reading: reading) {
            return PeriodRecords(period: days, films: held.films, coverage: held.coverage, limit: max(0, request.limit), milestones: request.milestones)
        }
        let (rankings, coverage) = try await dailyRankings(of: days, filter: filter, deep: request.deep, reading: reading)
        return PeriodRecords(period: days, rankings: rankings, coverage: coverage, limit: max(0, request.limit), milestones: request.milestones)
    }
}
