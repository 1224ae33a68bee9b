import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice weekly` on the command line: the request's options, help and examples.
extension WeeklyRequest: BoxOfficeCommand {
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
}
