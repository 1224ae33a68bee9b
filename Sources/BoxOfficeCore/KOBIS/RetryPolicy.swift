#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When and how long to wait before trying a request again.
package struct RetryPolicy: Sendable {
    /// Most tries of one request, the first included.
    package var attempts: Int
    /// The wait before the second try; it doubles for each later one.
    package var baseDelay: Double
    /// No wait is longer than this, `Retry-After` included.
    package var maxDelay: Double

    package init(attempts: Int = 3, baseDelay: Double = 0.5, maxDelay: Double = 8) {
        self.attempts = max(1, attempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Whether a failure is worth another try: timeouts, resets, refused connections, 5xx and 429.
    /// Faults, other statuses and bad bodies would only fail the same way again.
    static func isTransient(_ error: KOBISError) -> Bool {
        switch error {
        case let .unreachable(failure, _, _):
            [.timedOut, .connectionLost, .connectionRefused].contains(failure)
        case let .httpStatus(status, _, _):
            status >= 500 || status == 429
        case .failed:
            true
        case .fault, .unreadable, .redirected:
            false
        }
    }

    /// The wait before try number `attempt + 1`: exponential with jitter (between half and all of
    /// the doubled delay), or the server's `Retry-After` when it asks for a wait we are willing to make.
    func delay(after attempt: Int, retryAfter: Double?) -> Double {
        if let retryAfter, retryAfter >= 0 { return min(retryAfter, maxDelay) }
        let ceiling = min(maxDelay, baseDelay * Double(1 << min(max(attempt - 1, 0), 30)))
        return ceiling / 2 + Double.random(in: 0...(ceiling / 2))
    }
}
