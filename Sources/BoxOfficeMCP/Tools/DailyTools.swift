import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension DailyRequest {
    static let tool = MCPTool(
        name: "daily_box_office", title: "Daily box office (Korea)",
        description: "The top 10 films in Korean cinemas on one day, from KOBIS (영화진흥위원회): rank and rank change, whether new, movie code, title, opening date; audience is admissions (tickets sold) that day, audienceTotal admissions since opening; sales and salesTotal are ticket sales in Korean won (KRW), salesShare the film's percent of the day's sales; screens and shows count screens and showings. Days are Korean days; a day is published only after it ends, so the default is yesterday in Korea. Figures of the last few days may still be revised (provisional: true). Filters: Korean or foreign films, diversity (independent/art) or commercial films, one region.",
        inputs: [.the(DailyRequest.date, "The day: YYYY-MM-DD (also YYYYMMDD, YYYY.MM.DD or YYYY/MM/DD), 'yesterday' or '-Nd' (N days ago); every date argument takes these. Default: yesterday in Korea.")] + MCPTools.filterInputs,
        output: DailyBoxOffice.shape,
        decode: { arguments throws(UsageError) in try DailyRequest(arguments) })

    static let rangeTool = MCPTool(
        name: "daily_box_office_range", title: "Daily box office for a range of days",
        description: "The daily top 10 for every day from 'from' to 'to' (inclusive), fetched concurrently and kept in the cache; each day as daily_box_office gives it (audience = admissions, sales in Korean won). Use it for questions about a holiday, a month or a season. At most 366 days per call. Sends progress notifications when asked.",
        inputs: [.the(RankingRange.from, "The first day (YYYY-MM-DD)."), .the(RankingRange.to, "The last day (YYYY-MM-DD); default yesterday in Korea.")]
                      + MCPTools.filterInputs, required: [RankingRange.from.name],
        output: .object([("days", .list(DailyBoxOffice.rangeShape, .days))]),
        words: { arguments throws(MCPArgumentError) in
            guard try MCPTools.string(arguments, "from") != nil else {
                throw MCPArgumentError(message: "daily_box_office_range needs 'from': the first day, e.g. 2023-04-01")
            }
            return []
        },
        decode: { arguments throws(UsageError) in try DailyRequest(arguments) },
        wrap: { .object([("days", $0)]) })
}

extension DailyRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let request = engineRequest { call.defaultDay() }
        if range != nil { return try await call.rankings(request, unit: "days", period: Self.periodWords, span: span) }
        return try await call.ranking(request, unit: "days")
    }
}
