#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The command line's way in: the same client, composed at the command line's root (its own
/// middlewares, its helper transport, several keys), and the engine's operations with what the
/// command line needs beyond the values (KOBIS's body for `--raw`, whether the cache answered, a
/// ranking's scope for its heading, a period read with progress). Every one is the computation the
/// public operations above make.
extension BoxOfficeClient {
    /// A client over an engine composed elsewhere.
    package init(engine: KOBISClient, now: @escaping @Sendable () -> Date = Date.init) {
        client = engine
        self.now = now
    }

    /// The call's value, with the body it came from, when it was fetched, and whether the cache answered.
    package func answer<Value>(_ call: KOBISCall<Value>) async throws -> Answer<Value> {
        try await client.answer(call)
    }

    /// The call's value.
    package func fetch<Value>(_ call: KOBISCall<Value>) async throws -> Value {
        try await client.fetch(call)
    }

    /// Any call (a poster provider's), through the same middlewares, with its own decoding.
    package nonisolated(nonsending) func answer<Value: Sendable>(_ call: RemoteCall, decode: (Data) throws -> Value) async throws -> Answer<Value> {
        try await client.answer(call, decode: decode)
    }

    /// ``region(named:)`` for the faces, its failure as the engine threw it (a face words a
    /// cache miss, a spent quota or the demo's missing sample in its own terms).
    package func findRegion(named name: String) async throws -> CodeList.Entry? {
        RegionName.resolve(name, in: try await fetch(.codes(.regions)))
    }

    /// ``match(title:)`` for the faces, its failure as the engine threw it.
    package func findTitle(_ title: String) async throws -> TitleMatch {
        TitleMatch(title: title, matches: try await fetch(.movies(MovieQuery(title: title))))
    }

    /// Whether a usable answer to `call` is stored (so making it costs no call).
    package func isCached<Value>(_ call: KOBISCall<Value>) -> Bool {
        client.isCached(call)
    }

    /// Each day's answer, in order, read as `reading` says; the days not read, with why.
    @discardableResult
    package nonisolated(nonsending) func answers<Value: Sendable>(
        of days: [Day], reading: PeriodReading, call: @escaping @Sendable (Day) -> KOBISCall<Value>,
        deliver: (Answer<Value>) async throws -> Void
    ) async throws -> [UnreadDay] {
        try await client.answers(of: days, reading: reading, call: call, deliver: deliver)
    }

    /// A period's ranking, with the scope its heading names.
    package nonisolated(nonsending) func periodRanking(_ period: ClosedRange<Day>, unfinished: Bool = false, filter: BoxOfficeFilter = BoxOfficeFilter(),
                                                   scope: RankingScope? = nil, limit: Int? = nil, deep: Bool = false,
                                                   reading: PeriodReading) async throws -> PeriodRanking {
        try await client.periodRanking(period, unfinished: unfinished, filter: filter, scope: scope, limit: limit, deep: deep, reading: reading)
    }

    /// One day's (week's) deep ranking, with the scope its heading names.
    package nonisolated(nonsending) func deep<Ranking: DeepRanked>(_ day: Day, listing: DeepListing<Ranking>, filter: BoxOfficeFilter,
                                                                   scope: RankingScope?, jobs: Int,
                                                                   approve: @escaping @Sendable (ReadingCost) async throws -> Void = { _ in }) async throws -> Ranking {
        try await client.deep(day, listing: listing, filter: filter, scope: scope, jobs: jobs, approve: approve)
    }

    /// The deep rankings of `days` (or weeks), in order, from the lists of `filter`'s groups; the days not read, with why.
    @discardableResult
    package nonisolated(nonsending) func deepRankings<Ranking: DeepRanked>(
        of days: [Day], listing: DeepListing<Ranking>, filter: BoxOfficeFilter, scope: RankingScope?, reading: PeriodReading,
        deliver: (Ranking) async throws -> Void
    ) async throws -> [UnreadDay] {
        try await client.deepRankings(of: days, listing: listing, filter: filter, scope: scope, reading: reading, deliver: deliver)
    }

    /// Films' runs, over a range or their own runs (`range` nil).
    package nonisolated(nonsending) func trend(of codes: [String], range: ClosedRange<Day>?, alignedByOpening: Bool,
                                           today: Day, reading: PeriodReading) async throws -> Trend {
        try await client.trend(of: codes, range: range, alignedByOpening: alignedByOpening, today: today, reading: reading)
    }

    /// One film's run from the days of `window` at hand, read at no call, `jobs` at a time.
    package nonisolated(nonsending) func runsAtHand(of code: String, within window: ClosedRange<Day>, today: Day,
                                                jobs: Int) async throws -> (trend: Trend, run: FilmRun?) {
        let (engine, reading) = client.atHand(jobs: jobs, deep: false)
        return try await engine.runsAtHand(of: code, within: window, today: today, reading: reading)
    }

    /// A month's calendar, read as `reading` says.
    package nonisolated(nonsending) func monthCalendar(year: Int, month: Int, today: Day, reading: PeriodReading) async throws -> MonthCalendar {
        try await client.monthCalendar(year: year, month: month, today: today, reading: reading)
    }
}
