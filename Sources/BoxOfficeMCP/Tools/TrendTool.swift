import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension TrendQuery {
    static let tool = MCPTool(
        name: "movie_trend", title: "Movies' daily run",
        description: "Films' daily rank, audience (admissions that day) and cumulative audience (admissions since opening) across a range of days, read from the daily top 10. Without from/to: from the opening day while the film stays in the top 10, at most 60 days. A day outside the top 10 has rank null (never 0). Up to six films by code or title. alignOpening lines the runs up by days since each film's opening (each point gains 'day', opening day = 1, previews 0 and below, null without an opening date); without from/to each film's own run is read, so runs years apart compare. milestones: each time a film's cumulative audience passed 100,000, 500,000 or a whole million on a day it was in the top 10 within the range (date and day since opening); a mark passed before the range or on a day outside the top 10 is not listed. Sends progress notifications when asked.",
        inputs: [
            .words("movies", .object([("type", .string("array")), ("items", .object([("type", .string("string"))])), ("minItems", .int(1)), ("maxItems", .int(6)),
                                ("description", .string("Movie codes (or titles) to compare."))])),
            .the(RankingRange.from, "The first day (YYYY-MM-DD); needs 'to' too, else the film's run is used."),
            .the(RankingRange.to, "The last day (YYYY-MM-DD)."),
            .the(TrendQuery.alignByOpening, "Count each film's days from its opening (day 1) instead of by date, to compare runs of different years. Default false."),
            .maxCalls,
        ], required: ["movies"],
        output: Trend.shape,
        words: { arguments throws(MCPArgumentError) in
            guard case let .array(values)? = arguments["movies"], !values.isEmpty else {
                throw MCPArgumentError(message: "movie_trend needs 'movies': a list of movie codes or titles")
            }
            let movies = try values.map { value throws(MCPArgumentError) -> String in
                guard let text = value.stringValue else { throw MCPArgumentError(message: "'movies' holds strings: movie codes or titles") }
                return text
            }
            return movies
        },
        decode: { arguments throws(UsageError) in try TrendQuery(arguments) })
}

extension TrendQuery: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        do {
            let trend = try await call.session.client().trend(engineRequest, reading: call.reading(period: Self.periodWords, span: readingSpan), named: call.said)
            for note in notes(trend) { call.notice?(note) }
            return .period(trend, coverage: trend.coverage)
        } catch let ambiguous as AmbiguousTitleError {
            throw call.worded(ambiguous)
        }
    }
}
