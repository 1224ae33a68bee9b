import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

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
