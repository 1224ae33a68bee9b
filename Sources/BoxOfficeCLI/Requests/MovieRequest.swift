import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One movie's details, by code or title (`movie`, the `movie_details` tool).
struct MovieRequest: BoxOfficeRequest, Equatable {
    enum Target: Equatable {
        case code(String)
        /// Not a code: searched, and shown when exactly one movie matches.
        case title(String)

        /// A movie code (in upper case), or else a title.
        init(_ text: String) {
            self = MovieCodeArgument.isCode(text) ? .code(text.uppercased()) : .title(text)
        }
    }

    var target: Target
    var poster: Bool

    static let poster = Parameter("poster", help: "add a poster image address (needs KAKAO_REST_API_KEY or OMDB_API_KEY)", kind: .flag)

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        let text = try arguments.text("a movie code or title", example: "20124079")
        target = Target(text)
        poster = arguments.has(Self.poster)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        if poster { try context.check(MovieWithPoster.self) } else { try context.check(Movie.self) }
        // Without a poster key there is nothing to do, so say so before any call is spent.
        let providers = poster ? try PosterProviders.configured(context) : []
        let client = try context.client()
        let code: String
        switch target {
        case let .code(given): code = given
        case let .title(title):
            do {
                code = try await Self.resolve(title, client: client, context: context)
            } catch let ambiguous as AmbiguousTitleError where context.invocation.format != .table && context.style.fields == nil
                && !ambiguous.page.items.isEmpty {
                // A script asked for data: the candidates as 'search' gives them, and still the failure.
                return CommandOutput(.value(ambiguous.page), failureAfterOutput: ambiguous)
            }
        }
        let answer = try await client.answer(.movie(code: code))
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

    /// The code of the one movie a title matches; several or none is an error that lists them.
    static func resolve(_ title: String, client: BoxOfficeClient, context: CommandContext) async throws -> String {
        let match = try await client.findTitle(title)
        guard let only = match.movie else {
            throw AmbiguousTitleError(title: title, page: match.matches, searchedSamples: context.source.searchedFilms != nil)
        }
        context.notice?("'\(title)' is \(only.title) (\(only.code)).")
        return only.code
    }
}

/// A title that matches no movie, or several.
struct AmbiguousTitleError: Error {
    let title: String
    let page: SearchPage<MovieSummary>
    /// The search was the demo's, of the films its samples hold, not KOBIS's.
    var searchedSamples = false
}

/// Checks movie codes: KOBIS codes are 8 letters and digits with a digit first, like 20124079 or 2024A603.
enum MovieCodeArgument {
    static func isCode(_ text: String) -> Bool {
        MovieCode.isValid(text)
    }
}
