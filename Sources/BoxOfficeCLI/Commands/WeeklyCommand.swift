import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice weekly` on the command line: the request's options, help and examples.
extension WeeklyRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "weekly", summary: "the weekly, weekend or weekday box office (top 10) of one week",
        options: [date.option, period.option] + RankingRange.specs + RankingFilterOptions.specs + [Parameter.raw.option],
        discussion: """
        Weeks run from Monday to Sunday, in Korean days. The heading shows the days KOBIS added up
        and its week number (ISO year and week, e.g. 202312). With --from and --to, every week the
        range touches, in order.
        """,
        examples: ["boxoffice weekly", "boxoffice weekly --period weekend --nation korean --region seoul   # needs a key",
                   "boxoffice weekly --date 2012-01-01 --period weekend --json | jq '.entries[] | .title'"],
        fields: CommandSpec.fields(of: WeeklyBoxOffice.self))
}

extension WeeklyRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let request = engineRequest(today: context.today) { context.defaultWeek($0) }
        if range != nil {
            return try await RankingRange.run(request, unit: "weeks", period: nil, span: span, context: context)
        }
        return try await RankingRange.one(request, unit: "weeks", context: context)
    }
}
