import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension SearchRequest {
    static let tool = MCPTool(
        name: "search_movies", title: "Search movies",
        description: "Find movies in KOBIS by (part of) a title, a director's name and/or the year they opened; returns their movie codes (for movie_details and movie_trend), titles, English titles, years, opening dates, genres, nations and directors. Titles are matched in Korean as KOBIS lists them (e.g. '기생충'); English titles often do not match.",
        inputs: [MCPTools.text("title", "All or part of the title."), .the(SearchRequest.director, "A director's name, e.g. '봉준호'."),
                       .the(SearchRequest.year, "The year the film opened."), .the(SearchRequest.page, MCPTools.pageDescription)],
        output: .object([("movies", .list(MovieSummary.shape, .movies))]),
        words: { arguments throws(MCPArgumentError) in
            let title = try MCPTools.string(arguments, "title")
            let director = try MCPTools.string(arguments, "director")
            guard title != nil || director != nil else { throw MCPArgumentError(message: "search_movies needs a title or a director") }
            return title.map { [$0] } ?? []
        },
        decode: { arguments throws(UsageError) in try SearchRequest(arguments) },
        wrap: { .object([("movies", $0)]) })
}

extension SearchRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let client = try call.session.client()
        let origin = client.searchNote
        if let origin { call.notice?(origin) }
        let page = all ? try await client.allPages(of: query, mostPages: Self.mostPages, concurrency: 4) { _ in }
            : try await client.answer(.movies(query)).value
        return ToolAnswer(json: page.json, origin: origin)
    }
}
