import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// `boxoffice news [--date D]`: a published day's events against the day before.
extension NewsRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "news", summary: "what happened on a day: a new number one, films in and out of the top 10, milestones passed",
        options: [date.option, deep.option],
        discussion: """
        news tells a published day's events against the day before, one sentence an event, ready
        to post (in Korean under a Korean locale): a new number one and the run at number one it
        ended ("N days in a row"), films entering the top 10 (new, or back after days out) and
        films leaving it, and the milestones passed that day (100,000, 500,000, then every
        million; ten million is 천만), each with its day since opening, the opening day being day
        1. A film in the list before its opening day is there on preview days (paid previews count
        in KOBIS's totals). With --deep, the same over the ranking past the top 10.

        It reads the day, the day before and the 7 days before those (a film in the list on one of
        them is back, not new), each from the cache when it holds it; a run at number one that
        ended that day and began before them is read back two weeks at a time, as far as
        --max-calls allows (past it, or past a day not read, the run is "at least" so many days). The default day is
        the latest published one: yesterday in Korea, or the day before while KOBIS has not put
        yesterday out. A day when nothing changed says so, and exits 0.
        """,
        examples: ["boxoffice news", "boxoffice news --date 2025-10-03", "LANG=ko_KR.UTF-8 boxoffice news --date 2025-10-03",
                   "boxoffice news --format jsonl | jq -r .text"],
        fields: CommandSpec.fields(of: NewsShown.self))

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(NewsShown.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; news reads the rankings of several days", command: "news") }
        let client = try context.client()
        let news = try await news(client: client, latest: { context.defaultDay() },
                                  reading: context.reading(period: Self.periodWords), notice: context.notice)
        return .period(NewsShown(news, korean: context.options.korean), coverage: news.coverage)
    }
}
