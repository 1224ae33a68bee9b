import Synchronization

/// The KOBIS keys a run may use, in order: each one's calls are counted on their own, and when
/// one's daily quota is spent (KOBIS's fault 320011, or the local count) the next takes over.
public final class KeyRing: Sendable {
    public let keys: [String]
    private let current = Mutex(0)

    public init(_ keys: [String]) {
        self.keys = keys
    }

    /// The key to use now, or nil when every key's quota is spent.
    public var key: String? {
        current.withLock { $0 < keys.count ? keys[$0] : nil }
    }

    /// Position of a key, from 1, for messages ("key 2 of 3"); never the key itself.
    public func number(of key: String) -> Int {
        (keys.firstIndex(of: key) ?? 0) + 1
    }

    /// Marks `key` spent for today and moves on to the next; true when another key remains.
    /// Several jobs may say so of the same key at once: it moves on only once.
    @discardableResult
    public func retire(_ key: String) -> Bool {
        current.withLock { index in
            if index < keys.count, keys[index] == key { index += 1 }
            return index < keys.count
        }
    }

    /// The counter of one key: the plain file for a single key, a tagged one for each of several.
    func counter(for key: String, in counter: CallCounter?) -> CallCounter? {
        counter?.tagged(keys.count > 1 ? CallCounter.tag(for: key) : nil)
    }
}

/// Every configured key has used its daily quota: the run stops, keeping what it fetched.
public struct QuotaExhaustedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// How many keys there were.
    public let keys: Int
    /// KOBIS's own fault, when it said so (else the local count reached the quota).
    public let fault: KOBISFault?

    public init(keys: Int, fault: KOBISFault?) {
        self.keys = keys
        self.fault = fault
    }

    public var description: String {
        let whose = keys == 1 ? "the key's daily quota" : "the daily quota of all \(keys) keys"
        if let fault { return "\(whose) is used up (KOBIS error \(fault.code): \(fault.summary))" }
        return "\(whose) is used up (\(NumberFormat.grouped(CallCounter.dailyQuota)) calls counted today, Korean time)"
    }
}

/// Spaces out requests that reach the network, shared by every job of a run: at most `rate` a
/// second. Answers from the cache never wait.
public actor RateLimiter {
    /// The time as the limiter sees it, and a wait until a time; tests drive a clock of their own.
    public struct Clock: Sendable {
        /// The time now.
        public var now: @Sendable () -> ContinuousClock.Instant
        /// Waits until the given time.
        public var sleep: @Sendable (ContinuousClock.Instant) async throws -> Void

        /// A clock from its two parts.
        public init(now: @escaping @Sendable () -> ContinuousClock.Instant,
                    sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void) {
            self.now = now
            self.sleep = sleep
        }

        /// The system's monotonic clock.
        public static let continuous = Clock(now: { .now }, sleep: { try await Task.sleep(until: $0, clock: .continuous) })
    }

    private let interval: Duration
    private let clock: Clock
    private var next: ContinuousClock.Instant

    /// nil when `perSecond` is 0 (no limit).
    public init?(perSecond: Double, clock: Clock = .continuous) {
        guard perSecond > 0, perSecond.isFinite else { return nil }
        interval = .nanoseconds(Int64(1_000_000_000 / perSecond))
        self.clock = clock
        next = clock.now()
    }

    /// Waits for this request's turn: the first at once, each later one `1 / rate` seconds after
    /// the one before it, or at once when the limiter has been idle that long (an idle spell
    /// saves up no turns, so requests never arrive in a burst).
    public func wait() async throws {
        let now = clock.now()
        let slot = max(now, next)
        next = slot + interval
        if slot > now { try await clock.sleep(slot) }
    }
}
