import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice daily` on the command line: the request's options, help and examples.
extension DailyRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "daily", summary: "the daily box office (top 10) of one day",
        options: [date.option] + RankingRange.specs + RankingFilterOptions.specs + [Parameter.raw.option],
        discussion: """
        D is 20230327, 2023-03-27 (also 2023.03.27, 2023. 3. 27. or 2023/3/27), yesterday, or -Nd
        (N days ago), or as in Korean: 어제, 그제, 3일 전, 2023년 3월 27일, or 3월 27일 (this year's,
        or last year's while this year's is to come), for every command. Days are Korean days (UTC+9), whatever your time zone.
        KOBIS publishes a day only after it ends, so today and later days are refused. The Code
        column is what 'boxoffice movie' takes.

        With --from and --to, every day of the range, fetched --jobs at a time (at most --rate a
        second from the network) and printed in date order as they arrive: tables one after
        another, one JSON array, or one CSV/TSV/JSON Lines with a date column. Every day is kept
        in the cache as it arrives, so a run stopped by Ctrl-C or the key's quota (exit 75) goes
        on from there when run again.
        """,
        examples: ["boxoffice daily", "boxoffice daily --date 2025-10-06", "boxoffice daily --nation korean --region 서울   # needs a key",
                   "boxoffice daily --json | jq '.entries[0]'", "boxoffice daily --date 2025-10-06 --format markdown",
                   "boxoffice daily --from 2025-10-01 --to 2025-10-31 --format csv > october.csv"],
        fields: CommandSpec.fields(of: DailyBoxOffice.self))
}

extension DailyRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let request = engineRequest { context.defaultDay() }
        if range != nil {
            return try await RankingRange.run(request, unit: "days", period: Self.periodWords, span: span, context: context)
        }
        return try await RankingRange.one(request, unit: "days", context: context)
    }
}
