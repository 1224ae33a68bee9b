import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice weekly [--date D] [--period week|weekend|weekdays] [filters]`.
struct WeeklyCommand: BoxOfficeCommand, Equatable {
    /// A day of the week to show; nil for the last complete week.
    var day: Day?
    var period: WeekPeriod?
    /// `--from`/`--to`: every week a range touches.
    var range: ClosedRange<Day>?
    var filters: RankingFilterOptions

    static let spec = CommandSpec(
        name: "weekly", summary: "the weekly, weekend or weekday box office (top 10) of one week",
        options: [
            OptionSpec(name: "date", value: "D", help: "any day of the week: 20230327, 2023-03-27, yesterday or -Nd", defaultValue: "the last complete week"),
            OptionSpec(name: "period", value: "week|weekend|weekdays", help: "Monday–Sunday, Friday–Sunday, or Monday–Thursday",
                       defaultValue: "week", completion: .choices(WeekPeriod.allCases.map(\.rawValue))),
        ] + RankingRange.specs + RankingFilterOptions.specs + [OptionSpec.raw],
        discussion: """
        Weeks run from Monday to Sunday, in Korean days. The heading shows the days KOBIS added up
        and its week number (ISO year and week, e.g. 202312). With --from and --to, every week the
        range touches, in order.
        """,
        examples: ["boxoffice weekly", "boxoffice weekly --period weekend --nation korean --region seoul",
                   "boxoffice weekly --date 2023-03-27 --json | jq '.entries[] | .title'"],
        fields: CommandSpec.fields(of: WeeklyBoxOffice.self))

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay()
        range = try RankingRange.parse(arguments)
        period = try arguments.choice("period", among: WeekPeriod.self)
        filters = try RankingFilterOptions(arguments)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        if let range {
            let period = self.period ?? .week
            let (filter, scope) = try await filters.filter(context, client: client)
            return try await RankingRange.run(RankingRange.weeks(range), unit: "weeks", period: nil, context: context, client: client) {
                .weekly($0, period: period, filter: filter, scope: scope)
            }
        }
        var day = self.day ?? Self.lastCompleteWeek(before: context.today)
        var period = self.period ?? .week
        if self.day == nil, let sample = context.source.defaultWeek(period: self.period, notice: context.notice) {
            (day, period) = sample
        }
        let (filter, scope) = try await filters.filter(context, client: client)
        return try await context.show(.weekly(day, period: period, filter: filter, scope: scope), using: client)
    }

    /// The Sunday that ends the last week wholly before `today`.
    static func lastCompleteWeek(before today: Day) -> Day {
        today.adding(days: -today.weekday.rawValue)
    }
}
