import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeReviews
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice movie` on the command line: the request's options, help and examples.
extension MovieRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "movie", summary: "one movie's details and its box-office run, by code or by title",
        arguments: [ArgumentSpec(name: "movieCd|title", help: "a KOBIS movie code such as 20124079 (shown by daily and search), or a title to look up")],
        options: [run.option, deep.option, poster.option, Parameter.raw.option],
        discussion: """
        A title is searched like 'boxoffice search': when one movie matches, it is shown; when
        several do, they are listed on stderr with their codes (exit 1), so you can pick one. With
        --json (or another format for scripts), the candidates are also written to stdout as
        'boxoffice search --json' writes them, still with exit 1.

        Under the details comes the film's box-office run as the Korean film press counts it, from
        the daily top 10s at hand (the cache's, or the samples'), at no call. --run reads the whole
        run first: from two weeks before the opening day (paid previews count in KOBIS's total)
        until the film has been out of the top 10 for seven days in a row from its opening day on
        (a film that enters the top 10 only in its second week is not followed), or yesterday, at most
        100 days, one call for each day not cached; the calls are said before it starts, and past
        --max-calls asked. With --deep the run is read from each day's deep ranking (KOBIS's four
        filtered lists merged, up to 40 films; four calls a day) and lasts while the film is in it. A figure the days read cannot give is "not known" (null in JSON), with
        why: a day not recorded, not in the cache, not answered.

        Previews: admissions before the opening day, KOBIS's total on the opening day less that
        day's audience. Opening day: day 1, its audience and rank. Opening weekend: the first
        Friday to Sunday (the opening day's own weekend when it opens on a Friday, Saturday or
        Sunday). Opening week: the total by the first Sunday. Total: admissions and sales since the
        first screening, as of the latest day ranked (KOBIS revises the last days; the latest
        answer holds it). Days in top 10 and at number one, the longest run at number one, the best
        rank, the best single day and the most screens: over the days read. Milestones: 100,000,
        500,000 and every million (ten million is 천만), each on the first day whose total reached it,
        with its day since opening (개봉 5일 만에 100만: day 5). Second weekend: its audience against
        the opening weekend's, in percent.
        """,
        examples: ["boxoffice movie 20243561", "boxoffice movie 어쩔수가없다", "boxoffice movie 보스 --run",
                   "boxoffice movie 20243561 --json | jq .run.milestones", "boxoffice movie 20243561 --poster --json | jq -r .poster   # needs a poster key",
                   "boxoffice movie 20243561 --json | jq -r '.actors[].name'"],
        fields: CommandSpec.fields(of: MovieShown.self))
}

extension MovieRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(MovieShown.self)
        // Without a poster key there is nothing to do, so say so before any call is spent.
        let providers = poster ? try PosterProviders.configured(context) : []
        let client = try context.client()
        let answer: Answer<Movie>
        do {
            answer = try await client.movieAnswer(target, named: Self.said(context))
        } catch let ambiguous as AmbiguousTitleError {
            let ambiguous = Self.worded(ambiguous, context)
            guard context.invocation.format != .table, context.style.fields == nil, !ambiguous.page.items.isEmpty else { throw ambiguous }
            // A script asked for data: the candidates as 'search' gives them, and still the failure.
            return CommandOutput(.value(ambiguous.page), failureAfterOutput: ambiguous)
        }
        if context.invocation.raw { return CommandOutput(.raw(answer.body)) }
        let movie = answer.value
        let run = try await filmRun(of: movie, client: client, context: context)
        let noRun = Self.noRun(movie, read: runReading, today: context.today, option: "'boxoffice movie \(movie.code) --run'")
        let reviews = Self.reviews(of: movie.code, context)
        // A whole run missing days KOBIS could not answer is said after it, as any period's.
        let incomplete = self.run ? PeriodNotWhole.after(run?.coverage) : nil
        guard poster else {
            return CommandOutput(.value(MovieShown(movie: movie, run: run, noRun: noRun)), note: reviews, failureAfterOutput: incomplete)
        }
        let lookup = await PosterProviders.find(for: movie, providers: providers, client: client, context: context)
        let shown = MovieShown(movie: movie, run: run, noRun: noRun, poster: .some(lookup.url))
        return CommandOutput(.value(shown), note: reviews, failureAfterOutput: lookup.failure ?? incomplete)
    }

    /// The film's run: the days at hand (the cache's, read offline so nothing is fetched, or the
    /// samples'), or with `--run` the whole run, its calls said (and asked) first.
    private nonisolated(nonsending) func filmRun(of movie: Movie, client: BoxOfficeClient, context: CommandContext) async throws -> FilmRun? {
        let run = try await client.filmRun(of: movie, runReading, deep: deep, today: context.today, jobs: context.invocation.jobs,
                                           whole: context.reading(period: Self.runWords))
        for note in notes(run) { context.notice?(note) }
        return run
    }

    /// The user's reviews of the movie, under its details in the table (never in JSON or the
    /// flat formats, whose keys are the contract's); a store that cannot be read is a note.
    private static func reviews(of code: String, _ context: CommandContext) -> String {
        guard context.style.format == .table, context.style.fields == nil, let store = try? context.reviewStore() else { return "" }
        do {
            return Movie.reviewLines(try store.all().filter { $0.movieCode == code }, context.options)
        } catch {
            context.notice?("warning: \(error).")
            return ""
        }
    }

    /// What the command line says of the film a title found.
    static func said(_ context: CommandContext) -> @Sendable (String, MovieSummary) -> Void {
        let notice = context.notice
        return { title, film in notice?(found(title, film)) }
    }

    /// A title that named no film or several, said as the client searched it (the demo searches its samples).
    static func worded(_ error: AmbiguousTitleError, _ context: CommandContext) -> AmbiguousTitleError {
        (try? context.client())?.worded(error) ?? error
    }
}
