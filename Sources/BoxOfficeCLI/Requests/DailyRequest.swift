import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// The top ten of one day, or of every day of a range (`daily`, the `daily_box_office` tools).
struct DailyRequest: BoxOfficeRequest, Equatable {
    /// nil: the default (yesterday, or the latest sample day in the demo).
    var day: Day?
    /// `--from`/`--to`: every day of a range.
    var range: ClosedRange<Day>?
    var filters: RankingFilterOptions

    static let date = Parameter("date", value: "D", help: "the day: 20230327, 2023-03-27, yesterday or -Nd", default: "yesterday in Korea", kind: .day)

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay(Self.date)
        range = try RankingRange.parse(arguments, date: Self.date)
        filters = try RankingFilterOptions(arguments)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        let (filter, scope) = try await filters.filter(context, client: client)
        if let range {
            return try await RankingRange.run(RankingRange.days(range), unit: "days", period: { "the range's \($0.count) days" },
                                              context: context, client: client) {
                .daily($0, filter: filter, scope: scope)
            }
        }
        let day = self.day ?? context.source.defaultDay(today: context.today, notice: context.notice)
        return try await context.show(.daily(day, filter: filter, scope: scope), using: client)
    }
}
