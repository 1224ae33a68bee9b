import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeHistory
import BoxOfficeRendering

extension SQLRequest {
    /// The rows a call gives when it names no limit.
    static let toolRows = 200

    static let tool = MCPTool(
        name: "history_query", title: "SQL over the local box-office history",
        description: """
        A read-only SQLite query over the local history of KOBIS's daily box office ('boxoffice history sync' fills it; history_info says what it holds): every day's top 10 since the history's first day, answered at once and at no call to KOBIS. Only reads run (SELECT, WITH, a PRAGMA that reads); anything else is refused. Give one statement; at most maxRows rows (default \(toolRows), up to 10,000) are given, and 'more' counts the rest; a query runs at most 10 seconds. Dates are 'YYYY-MM-DD' text, audiences (admissions) and sales (Korean won) integers, sales_share a percent. Tables: ranking_day(date, list, fetched_at, provisional): each day's list held whole, list = 'all' for KOBIS's top 10 (or a filtered list: 'korean_diversity', 'korean_commercial', 'foreign_diversity', 'foreign_commercial'); ranking(date, list, rank, movie_code, title, open_date, audience, audience_change, audience_total, sales, sales_share, sales_change, sales_total, screens, shows, rank_change, is_new): each row of those lists, audience that day and audience_total since opening; movie(movie_code, title, title_english, production_year, open_date, status, grade, runtime, genres, nations, directors, distributors, fetched_at): films' details, lists as JSON arrays; revision(date, list, movie_code, field, old_value, new_value, seen_at): figures KOBIS changed later. Views: film(movie_code, title, open_date, first_date, last_date, days_in_top10, best_rank, days_at_number_one, audience_total, sales_total), over the 'all' list; market_day(date, market_sales, top10_sales). Example: SELECT date, title, audience FROM ranking WHERE list = 'all' AND date = open_date ORDER BY audience DESC LIMIT 10 (the biggest opening days).
        """,
        inputs: [MCPTools.text("query", "One SQLite statement that reads, e.g. SELECT title, audience_total FROM film ORDER BY audience_total DESC LIMIT 10."),
                 .the(toolMaxRows, "The most rows to give (default \(toolRows)).")],
        required: ["query"],
        output: QueryResult.toolShape,
        reachesKOBIS: false,
        words: { arguments throws(MCPArgumentError) in
            guard let query = try MCPTools.string(arguments, "query") else { throw MCPArgumentError(message: "history_query needs 'query': one SQLite statement that reads") }
            return [query]
        },
        decode: { arguments throws(UsageError) in try SQLRequest(arguments) })
}

extension SQLRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let history = try await call.session.history()
        return ToolAnswer(json: try history.query(query, maxRows: maxRows ?? Self.toolRows, timeout: .seconds(10)).toolJSON)
    }
}

extension HistoryRequest {
    static let infoTool = MCPTool(
        name: "history_info", title: "What the local box-office history holds",
        description: "Where the local history database of KOBIS's daily box office is and what it holds: its schema version, the days held (first, last, and the gaps between them as ranges), the days held with the four filtered lists (deepDays), the films ranked and those with details, the figures KOBIS revised later, and its size in bytes. history_query runs SQL over it.",
        inputs: [],
        output: HistoryInfo.shape,
        reachesKOBIS: false,
        decode: { _ throws(UsageError) in HistoryRequest(action: .info) })
}

extension HistoryRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        ToolAnswer(json: try await call.session.history().info().json)
    }
}
