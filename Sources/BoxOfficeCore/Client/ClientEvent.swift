#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a client's layers do, as it happens, for a progress line, a log or a notice. These are
/// values, not sentences: the program that shows them words them (the command line in English,
/// with its options' names).
public enum ClientEvent: Sendable, Equatable {
    /// A try of request `id` (numbered within the process) goes out: what it asks, where (the key
    /// shown as `***`), and which try of how many allowed.
    case trying(id: Int, summary: String, address: String, attempt: Int, attempts: Int)
    /// The server answered.
    case answered(status: Int, bytes: Int, milliseconds: Int)
    /// The answer passed the size limit, and reading it stopped.
    case stoppedReading(limit: Int, milliseconds: Int)
    /// No answer came from `host`.
    case noAnswer(TransportError, host: String, milliseconds: Int)
    /// The next try waits this long.
    case retrying(afterSeconds: Double)
    /// The last try failed; `transient` when trying again might have helped.
    case givingUp(attempts: Int, transient: Bool)
    /// A redirect on the same server is followed, to `target` (its `key` parameter written `***`).
    case redirected(status: Int, target: String)
    /// Request `id` is over (answered or failed).
    case done(id: Int)
    /// The cache layer's decision.
    case cache(CacheEvent)
    /// Over `KOBISQuota.warningThreshold` calls are counted today for a key (its number, when
    /// there are several).
    case quotaNearlySpent(count: Int, keyNumber: Int?, day: Day)
    /// KOBIS refused key `number` of `keys`; `next` is the key that goes on, nil when none is left.
    case keyRejected(number: Int, keys: Int, code: String, next: Int?)
    /// Key `number`'s quota is spent for today; key `next` goes on.
    case keySpent(number: Int, keys: Int, next: Int)
    /// Answers or counts cannot be kept (the store's reason); the calls go on without.
    case storeFailed(String)
}

/// What the cache layer decided for one request (named by its secret-free request key).
public enum CacheEvent: Sendable, Equatable {
    /// Asked to fetch again, whatever is stored.
    case refreshing(request: String)
    /// Nothing is stored for it.
    case nothingStored(request: String)
    /// What is stored is too old to use.
    case outOfDate(request: String, stored: Date, freshness: Freshness)
    /// What is stored does not decode; the next answer replaces it.
    case unusable(request: String)
    /// Answered from the store; `fresh` is false for an old answer taken offline.
    case answered(request: String, stored: Date, freshness: Freshness, fresh: Bool)
    /// The store could not be read (its reason); the request goes to the server.
    case unreadable(String)
    /// The answer was stored.
    case stored(request: String)
}

/// Where a client's events go.
public typealias ClientEvents = @Sendable (ClientEvent) -> Void

/// Numbers each request of a process, for progress displays.
package enum RequestNumber {
    private static let counter = Locked(0)

    package static func next() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}
