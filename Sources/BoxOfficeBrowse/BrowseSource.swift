import BoxOfficeCore
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the view asks of the program that shows it: the answers to its requests (each a request of
/// the engine's), a review added, a poster's bytes, and a failure in the program's words. The view
/// knows no command line: the program that composes it gives it one of these.
package protocol BrowseSource: Sendable {
    /// The answer to `request`: from KOBIS (`.refresh`) or the cache alone (`.offline`) rather
    /// than as the program's settings say, when `mode` says; whatever it costs when `approved`
    /// (the user said yes on the status line), else refused past the limit of calls.
    func fetch(_ request: BrowseRequest, mode: CacheMiddleware.Mode?, approved: Bool) async throws -> BrowseAnswer
    /// Adds the form's review: what to say of it.
    func add(_ form: ReviewForm) async throws -> String
    /// A poster image's bytes.
    func image(at address: String) async throws -> Data
    /// A failure for the status line: a cost to ask about, or what went wrong, in the program's words.
    func failure(_ error: any Error) -> BrowseFailure
    /// The program's environment (the terminal's kind, a trace file).
    var environment: [String: String] { get }
    /// The time now, from which the Korean day is told.
    var now: @Sendable () -> Date { get }
}

/// A failure as the view shows it.
package enum BrowseFailure: Sendable, Equatable {
    /// The request needs more calls than the limit: the question to ask.
    case costly(String)
    /// Anything else: what happened, and what to do, as one text.
    case failed(String)

    /// The text, whichever it is.
    package var text: String {
        switch self {
        case let .costly(text), let .failed(text): text
        }
    }
}
