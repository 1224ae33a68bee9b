import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension TopRequest {
    static let tool = MCPTool(
        name: "top_films", title: "Top films of a year, a month or a period",
        description: "Films ranked by admissions within a calendar year, a month or any range of days, which KOBIS itself does not offer: computed from the daily top 10 of every day of the period (a year is 365 calls the first time, then instant from the cache). Sends progress notifications when asked. Give one of year, month, from (with to) or allTime (every day since 2004-01-01: instant from a synced history). Default: the last complete year; this year or month runs to yesterday and is provisional. A film's audience and sales are the difference of its cumulative figures between its first and last day in the top 10 within the period, counting the first day ('basis' says so): days outside the top 10 between them count, days before and after are not seen. Each film: rank, movie code, title, opening date, audience (admissions), sales (Korean won), days in the top 10, best rank, first and last day in the top 10. Filters as in daily_box_office apply to every day.",
        inputs: MCPTools.periodInputs + [.the(TopRequest.limit, "How many films (default \(TopRequest.defaultLimit)).")] + MCPTools.filterInputs,
        output: PeriodRanking.shape,
        decode: { arguments throws(UsageError) in try TopRequest(arguments) })
}

extension TopRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let (request, span) = engineRequest(today: call.today) { call.defaultYear() }
        let client = try call.session.client()
        let resolved = try await call.scope(client, filter: request.filter, region: request.region)
        let ranking = try await client.topFilms(request, resolved: resolved, reading: call.reading(period: Self.periodWords, span: span))
        return .period(ranking, coverage: ranking.coverage)
    }
}
