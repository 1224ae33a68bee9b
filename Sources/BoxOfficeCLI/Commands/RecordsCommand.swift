import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// `boxoffice records` on the command line: the request's options, help and examples.
extension RecordsQuery: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "records", summary: "a period's records: biggest openings, fastest to a million, most and longest at number one, best days",
        options: [TopRequest.year.option, TopRequest.month.option, TopRequest.allTime.option] + RankingRange.specs + [places.option, milestone.option] + RankingFilterOptions.specs,
        discussion: """
        records reads the daily top 10 of every day of the period as 'boxoffice top' does (its calls
        said first, the cache reused) and ranks, as the Korean film press counts them: among the
        films that opened in the period, the biggest opening days (day 1's audience), the biggest
        opening weekends (the first Friday to Sunday; the opening day's own weekend when it opens on
        a Friday, Saturday or Sunday) and the fastest to 1,000,000 admissions (and to --milestone N),
        in days since opening with the opening day as day 1; among all its films, the most days at
        number one, the longest run of days at number one, and the best single days (each film's
        biggest). Each entry names its film, its figure and its day or days.

        Every figure rests on days read: an opening weekend is counted only when each of its days
        was read, and a day not read ends a run at number one (the days on either side count as two
        runs). A film that opened on a day not read (not recorded, or KOBIS could not answer) is
        left out of the opening records, and one whose opening weekend ends after the period is left
        out of the opening weekends; a note names them. Equal figures share a place; --limit places
        of each record are listed (10 by default).
        """,
        examples: ["boxoffice records --year 2025", "boxoffice records --month 2025-10 --limit 3", "boxoffice records --year 2025 --milestone 300만",
                   "boxoffice records --month 2025-09 --json | jq -r '.records[].title'"],
        fields: CommandSpec.fields(of: PeriodRecords.self))

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(PeriodRecords.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; records reads a day's ranking for every day of the period", command: "records") }
        let (request, span) = engineRequest(today: context.today) { context.defaultYear() }
        let reading = context.reading(period: TopRequest.periodWords, span: span)
        let client = try context.client()
        let resolved = try await context.scope(filter: request.filter, region: request.region, client: client)
        let records = try await client.records(request, resolved: resolved, reading: reading)
        if context.style.format != .table, let note = records.leftOut() { context.notice?(note) }
        return .period(records, coverage: records.coverage)
    }
}
