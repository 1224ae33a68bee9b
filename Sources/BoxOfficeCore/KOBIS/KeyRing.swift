#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// Whether `key` may still be used on `today` (not refused by KOBIS, its quota not spent that day).
    package func isUsable(_ key: String, on today: Day) -> Bool {
        standings.withLock { standings in keys.firstIndex(of: key).map { Self.isUsable(standings[$0], on: today) } ?? false }
    }

    /// How many keys KOBIS refused.
    package var rejectedCount: Int { standings.withLock { $0.count { $0 == .rejected } } }

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
    /// The calls counted today for the last key tried, when the local count stopped the request.
    package var counted: Int?
    /// When KOBIS said, earlier today, that the last key's quota was spent (remembered, so the
    /// request was not sent).
    package var kobisSaid: Date?

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
        if let kobisSaid {
            let counted = self.counted.map { "; \(NumberFormat.grouped($0)) call\($0 == 1 ? "" : "s") counted today on this machine" } ?? ""
            return "\(whose) is used up: KOBIS said so at \(Day.koreanTime(of: kobisSaid)) (Korean time, error 320011)\(counted)"
        }
        return "\(whose) is used up (\(NumberFormat.grouped(counted ?? KOBISQuota.daily)) calls counted today, Korean time)"
    }
}
