import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension NewsRequest {
    static let tool = MCPTool(
        name: "box_office_news", title: "What happened at the Korean box office on a day",
        description: "A published day's events against the day before, as the Korean film press reports them, computed from the daily top 10 of the day, the day before and the 7 days before those (one call a day the first time, then from the cache): a new number one (newNumberOne, with endedRun: the film it replaced and its days at number one in a row as far as the days read show; its text says 'at least' when a day before them was not read), films entering the top 10 (entered) or back after days out (reentered), films leaving it (left), and milestones passed that day (milestone: 100,000, 500,000, every million; 10,000,000 is 천만), each with day (days since opening, the opening day being day 1; null on a preview day before the opening). Each event: kind, movie code, title, rank and the day before's rank, audience (admissions that day), audienceTotal, milestone, day, endedRun, and text: one sentence ready to post (Korean under a Korean locale). No event means nothing changed. Default: the latest published day (yesterday in Korea).",
        inputs: [.the(NewsRequest.date, "The day, YYYY-MM-DD; default the latest published day (yesterday in Korea)."),
                       .the(NewsRequest.deep, "The same past the top 10, over KOBIS's four filtered lists merged (4 calls a day). Default false."),
                       .maxCalls],
        output: NewsShown.shape,
        decode: { arguments throws(UsageError) in try NewsRequest(arguments) })
}

extension NewsRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let news = try await news(client: call.session.client(), latest: { call.defaultDay() },
                                  reading: call.reading(period: Self.periodWords), notice: call.notice)
        return .period(NewsShown(news, korean: call.session.korean), coverage: news.coverage)
    }
}
