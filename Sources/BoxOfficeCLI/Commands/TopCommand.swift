import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice top` on the command line: the request's options, help and examples.
extension TopRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "top", summary: "films ranked by audience within a year, a month or any range, computed from the daily lists",
        options: [year.option, month.option, allTime.option] + RankingRange.specs + [limit.option] + RankingFilterOptions.specs,
        discussion: """
        KOBIS's API has no yearly, monthly or period ranking, so top reads the daily top 10 of
        every day of the period and adds up what it sees. A film's figure is the difference of
        its cumulative audience (and sales) between its first and its last day in the top 10
        within the period, counting that first day: the days it spent outside the top 10 in
        between are counted, and so are KOBIS's later revisions of earlier days; the days before
        it entered and after it left are not seen (the daily lists hold the top 10 only), so a
        film that ran long outside the top 10 is undercounted. The JSON's "basis" says the same.
        Ties go to more sales, then to the lower movie code.

        A year costs 365 calls (366 in a leap year), made once: every day is kept in the cache,
        so a second run is instant and --offline works. Days are fetched --jobs at a time, at
        most --rate a second; when the key's daily quota runs out (exit 75) what was fetched is
        kept, and the same command goes on from there tomorrow. The current year or month runs
        to yesterday and is marked provisional, as are figures KOBIS may still revise.
        """,
        examples: ["boxoffice top", "boxoffice top --year 2025 --limit 20", "boxoffice top --month 2025-10 --nation korean   # needs a key",
                   "boxoffice top --from 2025-09-01 --to 2025-10-31 --format csv > autumn.csv", "boxoffice top --month 2025-10 --format html > october.html"],
        fields: CommandSpec.fields(of: PeriodRanking.self))
}

extension TopRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(PeriodRanking.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; top reads a day's ranking for every day of the period", command: "top") }
        // The demo's year (and its note) only when no period was given.
        let (request, span) = engineRequest(today: context.today) { context.defaultYear() }
        let reading = context.reading(period: Self.periodWords, span: span)
        let client = try context.client()
        let resolved = try await context.scope(filter: request.filter, region: request.region, client: client)
        let ranking = try await client.topFilms(request, resolved: resolved, reading: reading)
        return .period(ranking, coverage: ranking.coverage)
    }
}
