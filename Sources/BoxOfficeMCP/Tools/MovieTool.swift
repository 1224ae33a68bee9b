import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension MovieRequest {
    static let tool = MCPTool(
        name: "movie_details", title: "Movie details",
        description: "One movie's details from KOBIS: titles, production year, opening date, runtime, status, type, nations, genres, directors, actors with their roles, rating certificates, companies and staff; and its box-office run as the Korean press counts it (run: previews, opening day, weekend and week, totals, days and longest run at number one, best day, most screens, milestones with their day since opening, second weekend's change; each null where the days read cannot give it), from the days at hand, or read whole first with run: true. Give the 8-character movie code (from a ranking or search_movies), or a title: a title that matches several movies is an error listing them with their codes.",
        inputs: [MCPTools.text("movie", "A KOBIS movie code such as 20124079, or a title."), .the(MovieRequest.run, "Read the film's whole run first (a call for each day not cached, at most 100); without it, the run is what the days at hand tell."), .the(MovieRequest.deep, "The run from each day's deep ranking past the top 10 (four calls a day with run), lasting while the film is in it."), .maxCalls], required: ["movie"],
        output: MovieShown.shape,
        words: { arguments throws(MCPArgumentError) in
            guard let movie = try MCPTools.string(arguments, "movie") else { throw MCPArgumentError(message: "movie_details needs 'movie': a movie code or a title") }
            return [movie]
        },
        decode: { arguments throws(UsageError) in try MovieRequest(arguments) })
}

extension MovieRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        do {
            let client = try call.session.client()
            let movie = try await client.movieAnswer(target, named: call.said).value
            let run = try await client.filmRun(of: movie, runReading, deep: deep, today: call.today, jobs: call.session.jobs,
                                               whole: call.reading(period: Self.runWords))
            for note in notes(run) { call.notice?(note) }
            let noRun = Self.noRun(movie, read: runReading, today: call.today, option: "movie_details with run: true")
            // A whole run missing days KOBIS could not answer is a period like any: said after it.
            return ToolAnswer(json: MovieShown(movie: movie, run: run, noRun: noRun).json, failureAfterOutput: self.run ? PeriodNotWhole.after(run?.coverage) : nil)
        } catch let ambiguous as AmbiguousTitleError {
            // An error that lists the films with their codes (structuredContent is a movie's or nothing).
            throw call.worded(ambiguous)
        }
    }
}
