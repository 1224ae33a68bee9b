#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One GET to a server boxoffice reads from (KOBIS, or a poster provider), described for the
/// client: what to send, how to show it, where to keep its answer and for how long.
package struct RemoteCall: Sendable {
    /// The full address, which may hold a key: never shown.
    package let url: URL
    /// The address as shown to people, every secret written `***`.
    package let displayAddress: String
    /// What identifies the answer in the cache, free of secrets (`Endpoint.requestKey` for KOBIS).
    package let cacheKey: String
    /// The request for messages: `the movie (movieCd=20124079)`.
    package let summary: String
    package let freshness: Freshness
    /// Extra headers (e.g. `Authorization`), which may hold a secret.
    package var headers: [String: String] = [:]
    /// Secrets besides the KOBIS key to mask in answers and messages.
    package var secrets: [String] = []
    /// The KOBIS key the call uses, counted against that key's daily quota; nil for a call that
    /// is not KOBIS's (a poster provider's).
    package var quotaKey: String? = nil
    /// What the request is about, in a message (`for 2025-11-10`); nil: its summary.
    package var subject: String? = nil

    package init(url: URL, displayAddress: String, cacheKey: String, summary: String, freshness: Freshness,
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
package struct Answer<Value> {
    package let value: Value
    package let body: Data
    /// When the body came from the server (earlier, for an answer from the cache).
    package let fetched: Date
    /// Whether the answer came from the cache (so it cost no call).
    package var fromCache = false
}

extension Answer: Sendable where Value: Sendable {}
