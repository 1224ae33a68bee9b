/// Spaces out requests that reach the network: at most `rate` a second, for every job that shares
/// it. Answers from the cache never wait.
package actor RateLimiter {
    /// The time as the limiter sees it, and a wait until a time; tests drive a clock of their own.
    package struct Clock: Sendable {
        /// The time now.
        package var now: @Sendable () -> ContinuousClock.Instant
        /// Waits until the given time.
        package var sleep: @Sendable (ContinuousClock.Instant) async throws -> Void

        /// A clock from its two parts.
        package init(now: @escaping @Sendable () -> ContinuousClock.Instant,
                    sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void) {
            self.now = now
            self.sleep = sleep
        }

        /// The system's monotonic clock.
        package static let continuous = Clock(now: { .now }, sleep: { try await Task.sleep(until: $0, clock: .continuous) })
    }

    private let interval: Duration
    private let clock: Clock
    private var next: ContinuousClock.Instant

    /// nil when `perSecond` is 0 (no limit).
    package init?(perSecond: Double, clock: Clock = .continuous) {
        guard perSecond > 0, perSecond.isFinite else { return nil }
        interval = .nanoseconds(Int64(1_000_000_000 / perSecond))
        self.clock = clock
        next = clock.now()
    }

    /// Waits for this request's turn: the first at once, each later one `1 / rate` seconds after
    /// the one before it, or at once when the limiter has been idle that long (an idle spell
    /// saves up no turns, so requests never arrive in a burst).
    package func wait() async throws {
        let now = clock.now()
        let slot = max(now, next)
        next = slot + interval
        if slot > now { try await clock.sleep(slot) }
    }
}
