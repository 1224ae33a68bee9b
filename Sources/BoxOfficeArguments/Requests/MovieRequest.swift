import BoxOfficeCore
import BoxOfficeRendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One movie's details, by code or title (`movie`, the `movie_details` tool).
package struct MovieRequest: Equatable, Sendable {
    package var target: FilmReference
    package var poster: Bool

    package static let poster = Parameter("poster", help: "add a poster image address (needs KAKAO_REST_API_KEY or OMDB_API_KEY)", kind: .flag)

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        let text = try arguments.text("a movie code or title", example: "20124079")
        target = FilmReference(text)
        poster = arguments.has(Self.poster)
    }

}

/// Checks movie codes: KOBIS codes are 8 letters and digits with a digit first, like 20124079 or 2024A603.
package enum MovieCodeArgument {
    package static func isCode(_ text: String) -> Bool {
        MovieCode.isValid(text)
    }
}

package extension MovieRequest {
    /// What a face says of the film a title found: `'기생충' is 기생충 (20183782).`
    static func found(_ title: String, _ film: MovieSummary) -> String {
        "'\(title)' is \(film.title) (\(film.code))."
    }
}
