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
        if poster { try context.check(MovieWithPoster.self) } else { try context.check(Movie.self) }
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
        let reviews = Self.reviews(of: answer.value.code, context)
        guard poster else {
            return CommandOutput(.value(answer.value), note: reviews)
        }
        let lookup = await PosterProviders.find(for: answer.value, providers: providers, client: client, context: context)
        let shown = MovieWithPoster(movie: answer.value, poster: lookup.url)
        return CommandOutput(.value(shown), note: reviews, failureAfterOutput: lookup.failure)
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

    /// A title that named no film or several, said as the source searched it (the demo searches its samples).
    static func worded(_ error: AmbiguousTitleError, _ context: CommandContext) -> AmbiguousTitleError {
        context.source.worded(error)
    }
}
