#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the calls of each key are counted, per Korean day: files in the command line's cache
/// folder, say. A count that cannot be kept throws, and the call goes ahead uncounted.
package protocol CallCounts: Sendable {
    /// The calls counted for `key` on `day`.
    func count(key: String, on day: Day) -> Int
    /// Counts one more call for `key` on `day`, and gives the new count.
    func record(key: String, on day: Day) throws -> Int
    /// Remembers that KOBIS said `key`'s quota is spent on `day` (fault 320011), so that nothing
    /// more is sent with it that day.
    func markSpent(key: String, on day: Day)
}

/// KOBIS's daily quota of calls for one key (api.md §1.2): 3,000 a Korean day.
package enum KOBISQuota {
    package static let daily = 3000
    /// Past this many calls in a day, each call warns.
    package static let warningThreshold = daily * 9 / 10
}

/// Counts every request that carries a KOBIS key (`HTTPRequest.quotaKey`) against that key's
/// daily quota, warns when little is left, and refuses to send once the count has reached it.
package struct QuotaCountMiddleware: BoxOfficeMiddleware {
    private let counts: any CallCounts
    private let keys: KeyRing
    private let now: @Sendable () -> Date
    private let events: ClientEvents?

    package init(counts: any CallCounts, keys: KeyRing, now: @escaping @Sendable () -> Date, events: ClientEvents? = nil) {
        self.counts = counts
        self.keys = keys
        self.now = now
        self.events = events
    }

    package func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                           next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        if let key = request.quotaKey { try count(key) }
        return try await next(request)
    }

    private func count(_ key: String) throws {
        let today = Day.korean(at: now())
        if counts.count(key: key, on: today) >= KOBISQuota.daily { throw LocalQuotaReached() }
        let count: Int
        do {
            count = try counts.record(key: key, on: today)
        } catch {
            events?(.storeFailed("\(error)"))
            return
        }
        guard count > KOBISQuota.warningThreshold else { return }
        events?(.quotaNearlySpent(count: count, keyNumber: keys.keys.count > 1 ? keys.number(of: key) : nil, day: today))
    }
}

/// The local count of the key's calls has reached its daily quota: not sent.
package struct LocalQuotaReached: Error {}
