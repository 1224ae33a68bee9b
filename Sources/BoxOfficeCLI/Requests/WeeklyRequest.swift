import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// The top ten of a week, its weekend or its weekdays (`weekly`, the `weekly_box_office` tool).
struct WeeklyRequest: BoxOfficeRequest, Equatable {
    /// A day of the week to show; nil for the last complete week.
    var day: Day?
    var period: WeekPeriod?
    /// `--from`/`--to`: every week a range touches.
    var range: ClosedRange<Day>?
    /// What the range is, when the user may not know (`--from` alone runs to yesterday).
    var span: String?
    var filters: RankingFilterOptions

    static let date = Parameter("date", value: "D", help: "any day of the week: 20230327, 2023-03-27, yesterday or -Nd", default: "the last complete week",
                                kind: .day)
    static let period = Parameter("period", value: "week|weekend|weekdays", help: "Monday–Sunday, Friday–Sunday, or Monday–Thursday", default: "week",
                                  kind: .choice(WeekPeriod.allCases.map(\.rawValue)))

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay(Self.date)
        range = try RankingRange.parse(arguments, date: Self.date)
        span = RankingRange.span(arguments, weeks: true)
        period = try arguments.choice(Self.period, among: WeekPeriod.self)
        filters = try RankingFilterOptions(arguments)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        if let range {
            let request = RankingRequest.weekly(.range(range), period: period ?? .week, filter: filters.filter, region: filters.region, deep: filters.deep)
            return try await RankingRange.run(request, unit: "weeks", period: nil, span: span, context: context)
        }
        var day = self.day ?? Self.lastCompleteWeek(before: context.today)
        var period = self.period ?? .week
        if self.day == nil, let sample = context.source.defaultWeek(period: self.period, notice: context.notice) {
            (day, period) = sample
        }
        let request = RankingRequest.weekly(.day(day), period: period, filter: filters.filter, region: filters.region, deep: filters.deep)
        return try await RankingRange.one(request, unit: "weeks", context: context)
    }

    /// The Sunday that ends the last week wholly before `today`.
    static func lastCompleteWeek(before today: Day) -> Day {
        today.adding(days: -today.weekday.rawValue)
    }
}
