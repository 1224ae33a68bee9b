import BoxOfficeCore
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the program showing the view gives it: its one client and settings, and, in its own
/// words, what only it knows (how a cost is approved, where reviews are kept, how a poster is
/// found, how a failure reads). What the client holds is the client's to say. The view makes
/// every request of the engine itself (``BrowseFetcher``); it knows no command line.
package struct BrowseSession: Sendable {
    /// The run's one client.
    package var client: @Sendable () throws -> BoxOfficeClient
    /// Asked whether a reading of `unit`s ("days", "weeks") may cost what it costs; `approved`
    /// when the user said yes on the status line, `mode` how the cache is read. Throws to refuse.
    package var approve: @Sendable (_ cost: ReadingCost, _ unit: String, _ approved: Bool, _ mode: CacheMiddleware.Mode?) async throws -> Void
    /// Requests in flight at once.
    package var jobs: Int
    /// The most calls to KOBIS one of the view's requests may send, retries included, unless a
    /// reading past it was approved (`--max-calls`).
    package var callLimit = 100
    /// Today in Korea when the view started.
    package var today: Day
    /// The time now.
    package var now: @Sendable () -> Date
    /// The program's environment (the terminal's kind, a trace file).
    package var environment: [String: String]
    /// The films every ranking keeps (a nation, a market).
    package var filter: BoxOfficeFilter
    /// Every ranking's region, by name or code.
    package var region: String?
    /// The run reads the cache alone: no view of it fetches.
    package var offline: Bool
    /// Where the user's reviews are kept.
    package var reviews: @Sendable () throws -> ReviewStore
    /// What to say of a review just added.
    package var added: @Sendable (Review) -> String
    /// The poster address of the film of a code (nil when none is found); throws when no
    /// provider can be asked (before any call is spent).
    package var poster: @Sendable (_ code: String, BoxOfficeClient) async throws -> String?
    /// A failure as the program words it.
    package var failure: @Sendable (any Error) -> BrowseFailure

    /// A session of every part.
    package init(client: @escaping @Sendable () throws -> BoxOfficeClient,
                 approve: @escaping @Sendable (ReadingCost, String, Bool, CacheMiddleware.Mode?) async throws -> Void,
                 jobs: Int, today: Day, now: @escaping @Sendable () -> Date, environment: [String: String], filter: BoxOfficeFilter,
                 region: String?, offline: Bool, reviews: @escaping @Sendable () throws -> ReviewStore, added: @escaping @Sendable (Review) -> String,
                 poster: @escaping @Sendable (String, BoxOfficeClient) async throws -> String?,
                 failure: @escaping @Sendable (any Error) -> BrowseFailure) {
        self.client = client
        self.approve = approve
        self.jobs = jobs
        self.today = today
        self.now = now
        self.environment = environment
        self.filter = filter
        self.region = region
        self.offline = offline
        self.reviews = reviews
        self.added = added
        self.poster = poster
        self.failure = failure
    }
}
