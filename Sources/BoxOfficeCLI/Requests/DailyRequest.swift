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
        if let range {
            let request = RankingRequest.daily(.range(range), filter: filters.filter, region: filters.region, deep: filters.deep)
            return try await RankingRange.run(request, unit: "days", period: { "the range's \($0.count) days" }, span: span, context: context)
        }
        let day = self.day ?? context.source.defaultDay(today: context.today, notice: context.notice)
        return try await RankingRange.one(.daily(.day(day), filter: filters.filter, region: filters.region, deep: filters.deep), unit: "days", context: context)
    }
}
