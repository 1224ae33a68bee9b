import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// The top ten of one day, or of every day of a range (`daily`, the `daily_box_office` tools).
struct DailyRequest: BoxOfficeRequest, Equatable {
    /// nil: the default (yesterday, or the latest sample day in the demo).
    var day: Day?
    /// `--from`/`--to`: every day of a range.
    var range: ClosedRange<Day>?
    /// What the range is, when the user may not know (`--from` alone runs to yesterday).
    var span: String?
    var filters: RankingFilterOptions

    static let date = Parameter("date", value: "D", help: "the day: 20230327, 2023-03-27, yesterday or -Nd", default: "yesterday in Korea", kind: .day)

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay(Self.date)
        range = try RankingRange.parse(arguments, date: Self.date)
        span = RankingRange.span(arguments)
        filters = try RankingFilterOptions(arguments)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        let (filter, scope) = try await filters.filter(context, client: client)
        if let range {
            let days = RankingRange.days(range)
            let period: @Sendable ([Day]) -> String = { "the range's \($0.count) days" }
            guard filters.deep else {
                return try await RankingRange.run(days, unit: "days", period: period, span: span, context: context, client: client) {
                    .daily($0, filter: filter, scope: scope)
                }
            }
            return try await RankingRange.runDeep(days, unit: "days", period: period, span: span, context: context, client: client, listing: .daily,
                                                  filter: filter, scope: scope)
        }
        let day = self.day ?? context.source.defaultDay(today: context.today, notice: context.notice)
        guard filters.deep else {
            return try await context.show(.daily(day, filter: filter, scope: scope), using: client)
        }
        try context.check(DailyBoxOffice.self)
        let ranking = try await client.deep(day, listing: .daily, filter: filter, scope: scope, jobs: context.invocation.jobs,
                                            approve: { [context] cost in _ = try await context.approve(cost, unit: "days", span: nil) })
        // Where the plain top 10 of the same day is at hand, the deep list's first rows are it.
        let plain = KOBISCall<DailyBoxOffice>.daily(day, filter: filter)
        if client.isCached(plain), let top = try? await client.fetch(plain), !DeepMerge.agrees(ranking.entries, withTopTen: top.entries) {
            context.notice?("the top 10 of \(day.iso) in the cache differs from the deep list's first rows: KOBIS revised its figures between the calls (--refresh fetches both again).")
        }
        return .value(ranking)
    }
}
