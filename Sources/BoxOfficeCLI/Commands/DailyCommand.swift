import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice daily [--date D] [filters]`: the top ten of one day.
struct DailyCommand: BoxOfficeCommand, Equatable {
    /// nil: the default (yesterday, or the latest sample day in the demo).
    var day: Day?
    /// `--from`/`--to`: every day of a range.
    var range: ClosedRange<Day>?
    var filters: RankingFilterOptions

    static let spec = CommandSpec(
        name: "daily", summary: "the daily box office (top 10) of one day",
        options: [OptionSpec(name: "date", value: "D", help: "the day: 20230327, 2023-03-27, yesterday or -Nd", defaultValue: "yesterday in Korea")]
            + RankingRange.specs + RankingFilterOptions.specs + [OptionSpec.raw],
        discussion: """
        D is 20230327, 2023-03-27 (also 2023.03.27, 2023. 3. 27. or 2023/3/27), yesterday, or -Nd
        (N days ago), for every command. Days are Korean days (UTC+9), whatever your time zone.
        KOBIS publishes a day only after it ends, so today and later days are refused. The Code
        column is what 'boxoffice movie' takes.

        With --from and --to, every day of the range, fetched --jobs at a time (at most --rate a
        second from the network) and printed in date order as they arrive: tables one after
        another, one JSON array, or one CSV/TSV/JSON Lines with a date column. Every day is kept
        in the cache as it arrives, so a run stopped by Ctrl-C or the key's quota (exit 75) goes
        on from there when run again.
        """,
        examples: ["boxoffice daily", "boxoffice daily --date 2023-03-27", "boxoffice daily --nation korean --region 서울",
                   "boxoffice daily --date -7d --json | jq '.entries[0]'",
                   "boxoffice daily --from 2023-03-01 --to 2023-03-31 --format csv > march.csv"],
        fields: CommandSpec.fields(of: DailyBoxOffice.self))

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay()
        range = try RankingRange.parse(arguments)
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

extension OptionSpec {
    /// `--raw`, on every command that reads from KOBIS.
    static let raw = OptionSpec(name: "raw", help: "print KOBIS's own answer, untouched (after checking it is not a fault)")
}
