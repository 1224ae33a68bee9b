#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a client counts its calls to KOBIS, per key and Korean day (KOBIS allows each key 3,000
/// calls a day): ``InMemoryCallCounts`` for one app session, files in the command line's cache
/// folder, or a store of your own that outlives the app. A key is named by its tag (eight hex
/// digits of a hash of it), never by the key itself, so a store never holds a key.
public protocol CallCountStore: Sendable {
    /// The calls counted for the key tagged `key` on `day`.
    func count(key: String, on day: Day) -> Int
    /// Counts one more call for the key tagged `key` on `day`, and gives the new count; throws
    /// when the count cannot be kept (the call then goes ahead uncounted).
    func record(key: String, on day: Day) throws -> Int
    /// Remembers that KOBIS said the key's quota is spent on `day` (fault 320011), so that nothing
    /// more is sent with it that day.
    func markSpent(key: String, on day: Day)
    /// Remembers that KOBIS said, at `time`, that the key's quota is spent on `day`, keeping the
    /// count as it was (by default, ``markSpent(key:on:)``).
    func markSpent(key: String, on day: Day, at time: Date)
    /// When KOBIS said the key's quota was spent on `day`, if it did and the store remembers
    /// (by default, never: such a store raises the count to the quota instead).
    func quotaSpent(key: String, on day: Day) -> Date?
}

extension CallCountStore {
    /// Calls ``markSpent(key:on:)``: a store that keeps no time raises its count instead.
    public func markSpent(key: String, on day: Day, at time: Date) {
        markSpent(key: key, on: day)
    }

    /// nil: the store keeps no time.
    public func quotaSpent(key: String, on day: Day) -> Date? { nil }
}

/// Calls counted in memory for the current Korean day only: a day's counts are forgotten when a
/// later day is counted, as KOBIS starts each key's quota again.
public final class InMemoryCallCounts: CallCountStore {
    private let counts = Locked<(day: Day?, byKey: [String: Int])>((nil, [:]))
    /// When KOBIS said each key's quota was spent, on the day counted.
    private let spent = Locked<(day: Day?, byKey: [String: Date])>((nil, [:]))

    /// No calls counted yet.
    public init() {}

    /// The calls counted for the key tagged `key` on `day` (0 for a day before the latest counted).
    public func count(key: String, on day: Day) -> Int {
        counts.withLock { $0.day == day ? $0.byKey[key, default: 0] : 0 }
    }

    /// Counts one more call on `day`, forgetting any earlier day's counts.
    public func record(key: String, on day: Day) -> Int {
        change(key: key, on: day) { $0 + 1 }
    }

    /// Remembers, from now, that KOBIS said the key's quota is spent on `day`.
    public func markSpent(key: String, on day: Day) {
        markSpent(key: key, on: day, at: Date())
    }

    /// Remembers that KOBIS said at `time` that the key's quota is spent on `day`; the count stays
    /// what was counted.
    public func markSpent(key: String, on day: Day, at time: Date) {
        spent.withLock { spent in
            if let counted = spent.day, counted > day { return }
            if spent.day != day { spent = (day, [:]) }
            if spent.byKey[key] == nil { spent.byKey[key] = time }
        }
    }

    /// When KOBIS said the key's quota was spent on `day`.
    public func quotaSpent(key: String, on day: Day) -> Date? {
        spent.withLock { $0.day == day ? $0.byKey[key] : nil }
    }

    /// Every key's calls on `day`.
    public func calls(on day: Day) -> Int {
        counts.withLock { $0.day == day ? $0.byKey.values.reduce(0, +) : 0 }
    }

    private func change(key: String, on day: Day, _ update: (Int) -> Int) -> Int {
        counts.withLock { counts in
            if let counted = counts.day, counted > day { return update(0) }  // a day already past: not kept
            if counts.day != day { counts = (day, [:]) }
            let next = update(counts.byKey[key, default: 0])
            counts.byKey[key] = next
            return next
        }
    }
}

/// A key as stores and file names know it: eight hex digits of its FNV-1a hash, never the key.
package enum KeyTag {
    package static func of(_ key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return cFormat("%08llx", hash & 0xffff_ffff)
    }
}

/// KOBIS's daily quota of calls for one key (api.md §1.2): 3,000 a Korean day.
package enum KOBISQuota {
    package static let daily = 3000
    /// Past this many calls in a day, each call warns.
    package static let warningThreshold = daily * 9 / 10
}

/// Counts every request that carries a KOBIS key against that key's daily quota (3,000 calls a
/// Korean day) in a ``CallCountStore``, and refuses to send once the count has reached it: the
/// client then throws ``BoxOfficeError/quotaExhausted(_:)`` without spending a call. When KOBIS
/// says a key's quota is spent, the store remembers it for the day. Answers from a cache are not
/// counted (they are never sent).
public struct QuotaCountMiddleware: BoxOfficeMiddleware {
    private let counts: any CallCountStore
    private let keys: KeyRing?
    private let now: @Sendable () -> Date
    private let events: ClientEvents?

    /// Counts in `counts`; `now` tells the Korean day (the system clock unless a test gives its
    /// own). Past 90% of a key's quota each call is told to `events`, naming the key by its place
    /// in `keys` when there are several.
    public init(counts: any CallCountStore, keys: [String] = [], now: @escaping @Sendable () -> Date = Date.init, events: ClientEvents? = nil) {
        self.counts = counts
        self.keys = keys.isEmpty ? nil : KeyRing(keys)
        self.now = now
        self.events = events
    }

    /// Calls the keys of `ring` still usable today (from the one in use on) have left by this
    /// count: the quota of each not known to be spent, less its calls counted today.
    package func callsLeftToday(keys ring: KeyRing) -> Int {
        let today = Day.korean(at: now())
        guard let current = ring.key(on: today) else { return 0 }
        return ring.keys.dropFirst(ring.number(of: current) - 1).filter { ring.isUsable($0, on: today) }.reduce(0) { left, key in
            let tag = KeyTag.of(key)
            return left + (counts.quotaSpent(key: tag, on: today) != nil ? 0 : max(0, KOBISQuota.daily - counts.count(key: tag, on: today)))
        }
    }

    /// Counts the request, sends it, and remembers a quota KOBIS says is spent.
    public func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                          next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        guard let key = request.quotaKey else { return try await next(request) }
        let tag = KeyTag.of(key)
        try count(key, tag: tag)
        let response = try await next(request)
        if AnswerDecoder.fault(in: response.body)?.isQuotaExceeded == true {
            // Remembered for the day: the next run does not spend a call to find out again.
            let time = now()
            counts.markSpent(key: tag, on: Day.korean(at: time), at: time)
        }
        return response
    }

    private func count(_ key: String, tag: String) throws {
        let today = Day.korean(at: now())
        let counted = counts.count(key: tag, on: today)
        if let said = counts.quotaSpent(key: tag, on: today) { throw LocalQuotaReached(counted: counted, kobisSaid: said) }
        if counted >= KOBISQuota.daily { throw LocalQuotaReached(counted: counted, kobisSaid: nil) }
        let count: Int
        do {
            count = try counts.record(key: tag, on: today)
        } catch {
            events?(.storeFailed("\(error)"))
            return
        }
        guard count > KOBISQuota.warningThreshold else { return }
        events?(.quotaNearlySpent(count: count, keyNumber: keys.flatMap { $0.keys.count > 1 ? $0.number(of: key) : nil }, day: today))
    }
}

/// The key's quota is spent for the day, by the local count or as KOBIS said earlier, so the
/// request was not sent: what a counting middleware throws for ``KeyRotationMiddleware`` (in front
/// of it) to go on with the next key, as it does when KOBIS says so itself.
public struct LocalQuotaReached: Error, Sendable {
    /// The calls counted for the key today.
    public var counted: Int
    /// When KOBIS said the quota was spent (nil: the count reached it).
    public var kobisSaid: Date?

    /// The key's quota reached after `counted` calls today, or as KOBIS said at `kobisSaid`.
    public init(counted: Int = 3000, kobisSaid: Date? = nil) {
        self.counted = counted
        self.kobisSaid = kobisSaid
    }
}
