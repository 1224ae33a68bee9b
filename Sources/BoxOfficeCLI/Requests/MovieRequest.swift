import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
