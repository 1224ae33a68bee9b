import BoxOfficeCore

/// `boxoffice daily [--date D] [filters]`: the top ten of one day.
struct DailyCommand: BoxOfficeCommand, Equatable {
    /// nil: the default (yesterday, or the latest sample day in the demo).
    var day: Day?
    var filters: RankingFilterOptions

    static let spec = CommandSpec(
        name: "daily", summary: "the daily box office (top 10) of one day",
        options: [OptionSpec(name: "date", value: "D", help: "the day: 20230327, 2023-03-27, yesterday or -Nd", defaultValue: "yesterday in Korea")]
            + RankingFilterOptions.specs + [OptionSpec.raw],
        discussion: """
        D is 20230327, 2023-03-27, yesterday, or -Nd (N days ago). Days are Korean days (UTC+9),
        whatever your time zone. KOBIS publishes a day only after it ends, so today and later
        days are refused. The Code column is what 'boxoffice movie' takes.
        """,
        examples: ["boxoffice daily", "boxoffice daily --date 2023-03-27", "boxoffice daily --nation korean --region 서울",
                   "boxoffice daily --date -7d --json | jq '.entries[0]'"])

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay()
        filters = try RankingFilterOptions(arguments)
    }

    func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        let day = self.day ?? defaultDay(context)
        let (filter, scope) = try await filters.filter(context, client: client)
        return try await context.show(.dailyBoxOffice(on: day, filter: filter), using: client) { response in
            var ranking = try DailyBoxOffice(response, requested: day)
            ranking.scope = scope
            return ranking
        }
    }

    /// Yesterday in Korea; in the demo, the latest day the samples hold (with a note saying so).
    private func defaultDay(_ context: CommandContext) -> Day {
        guard context.invocation.demo, let latest = SampleTransport.sampleDays.last else { return context.today.adding(days: -1) }
        context.notice?("the samples end on \(latest.iso); showing that day (pass --date for another sample day).")
        return latest
    }
}

extension OptionSpec {
    /// `--raw`, on every command that reads from KOBIS.
    static let raw = OptionSpec(name: "raw", help: "print KOBIS's own answer, untouched (after checking it is not a fault)")
}
