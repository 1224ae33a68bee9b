/// The KOBIS keys a client may use, in order: each one's calls are counted on their own, and when
/// one's daily quota is spent (KOBIS's fault 320011, or the local count) the next takes over.
///
/// A spent quota is remembered for the Korean day it was spent on, and no longer: KOBIS gives
/// every key a new quota at midnight in Korea, so a client that lives past it (an app, `boxoffice
/// mcp`) asks with its first key again. A key KOBIS rejected stays rejected.
package final class KeyRing: Sendable {
    package let keys: [String]
    private let standings: Locked<[Standing]>

    /// Where one key stands.
    private enum Standing: Equatable {
        case usable
        /// Its quota is spent for this Korean day.
        case spent(Day)
        /// KOBIS refused it (fault 320010).
        case rejected
    }

    package init(_ keys: [String]) {
        self.keys = keys
        standings = Locked(Array(repeating: .usable, count: keys.count))
    }

    /// The key to use on `today` (a Korean day), or nil when every key's quota is spent that day.
    package func key(on today: Day) -> String? {
        standings.withLock { standings in
            standings.indices.first { Self.isUsable(standings[$0], on: today) }.map { keys[$0] }
        }
    }

    /// Position of a key, from 1, for messages ("key 2 of 3"); never the key itself.
    package func number(of key: String) -> Int {
        (keys.firstIndex(of: key) ?? 0) + 1
    }

    /// Marks `key` spent for `today` (or, with `rejected`, refused by KOBIS); true when another
    /// key remains usable today. Several jobs may say so of the same key at once.
    @discardableResult
    package func retire(_ key: String, on today: Day, rejected: Bool = false) -> Bool {
        standings.withLock { standings in
            if let index = keys.firstIndex(of: key), standings[index] != .rejected {
                standings[index] = rejected ? .rejected : .spent(today)
            }
            return standings.contains { Self.isUsable($0, on: today) }
        }
    }

    /// How many keys KOBIS refused.
    package var rejectedCount: Int { standings.withLock { $0.count { $0 == .rejected } } }

    /// The counter of one key: the plain file for a single key, a tagged one for each of several.
    func counter(for key: String, in counter: CallCounter?) -> CallCounter? {
        counter?.tagged(keys.count > 1 ? CallCounter.tag(for: key) : nil)
    }

    private static func isUsable(_ standing: Standing, on today: Day) -> Bool {
        switch standing {
        case .usable: true
        case let .spent(day): day != today
        case .rejected: false
        }
    }
}
/// Every configured key has used its daily quota: the run stops, keeping what it fetched.
package struct QuotaExhaustedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// How many keys there were.
    package let keys: Int
    /// KOBIS's own fault, when it said so (else the local count reached the quota).
    package let fault: KOBISFault?
    /// How many of the keys KOBIS refused (so had no quota to spend).
    package let rejected: Int

    package init(keys: Int, fault: KOBISFault?, rejected: Int = 0) {
        self.keys = keys
        self.fault = fault
        self.rejected = rejected
    }

    package var description: String {
        let usable = keys - rejected
        let whose = keys == 1 ? "the key's daily quota"
            : rejected == 0 ? "the daily quota of all \(keys) keys"
            : "the daily quota of the \(usable == 1 ? "one key" : "\(usable) keys") KOBIS accepted (it rejected \(rejected) of \(keys))"
        if let fault { return "\(whose) is used up (KOBIS error \(fault.code): \(fault.summary))" }
        return "\(whose) is used up (\(NumberFormat.grouped(CallCounter.dailyQuota)) calls counted today, Korean time)"
    }
}

/// Spaces out requests that reach the network, shared by every job of a run: at most `rate` a
/// second. Answers from the cache never wait.
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
