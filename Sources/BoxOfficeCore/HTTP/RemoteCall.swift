#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One GET to a server boxoffice reads from (KOBIS, or a poster provider), described for the
/// client: what to send, how to show it, where to keep its answer and for how long.
public struct RemoteCall: Sendable {
    /// The full address, which may hold a key: never shown.
    public let url: URL
    /// The address as shown to people, every secret written `***`.
    public let displayAddress: String
    /// What identifies the answer in the cache, free of secrets (`Endpoint.requestKey` for KOBIS).
    public let cacheKey: String
    /// The request for messages: `the movie (movieCd=20124079)`.
    public let summary: String
    public let freshness: Freshness
    /// Extra headers (e.g. `Authorization`), which may hold a secret.
    public var headers: [String: String] = [:]
    /// Secrets besides the KOBIS key to mask in answers and messages.
    public var secrets: [String] = []
    /// The KOBIS key the call uses, counted against that key's daily quota; nil for a call that
    /// is not KOBIS's (a poster provider's).
    public var quotaKey: String? = nil

    /// Whether the call counts against a KOBIS key's daily quota.
    public var countsAgainstQuota: Bool { quotaKey != nil }

    public init(url: URL, displayAddress: String, cacheKey: String, summary: String, freshness: Freshness,
                headers: [String: String] = [:], secrets: [String] = [], quotaKey: String? = nil) {
        self.url = url
        self.displayAddress = displayAddress
        self.cacheKey = cacheKey
        self.summary = summary
        self.freshness = freshness
        self.headers = headers
        self.secrets = secrets
        self.quotaKey = quotaKey
    }
}

/// A decoded answer and the body it came from (what `--raw` prints).
public struct Answer<Value> {
    public let value: Value
    public let body: Data
    /// When the body came from the server (earlier, for an answer from the cache).
    public let fetched: Date
    /// Whether the answer came from the cache (so it cost no call).
    public var fromCache = false
}

/// What a client is doing, for a progress display: each try of a request that goes out.
public enum ClientEvent: Sendable {
    /// A try started: which request, and the try's number of all allowed.
    case waiting(id: Int, summary: String, attempt: Int, attempts: Int)
    /// The request `id` is over (answered or failed).
    case done(id: Int)
}

extension Answer: Sendable where Value: Sendable {}
