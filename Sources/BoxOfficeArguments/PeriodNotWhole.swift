import BoxOfficeCore

/// A period shown without the days KOBIS could not answer (its own failure, every try), or, offline,
/// without the days the cache does not hold: the rest is shown, and this, after it, says which days
/// are missing and ends the run with 69, so a script knows the answer is incomplete. Those days are
/// not kept, so the same command asks only for them when run again.
package struct PeriodNotWhole: Error, Sendable, Equatable {
    /// The days not read, each with why.
    package let failed: [UnreadDay]

    /// The failure of a period whose `failed` days were not read.
    package init(failed: [UnreadDay]) {
        self.failed = failed
    }

    /// The error after `coverage`'s period was shown, when KOBIS could not answer some of its days.
    package static func after(_ coverage: PeriodCoverage?) -> PeriodNotWhole? {
        let missing = coverage?.unread.filter { $0.reason != .notHeld } ?? []
        return missing.isEmpty ? nil : PeriodNotWhole(failed: missing)
    }

    /// `2025-11-10 (알수없는 오류가 발생했습니다., error 320099)`; a few of many, grouped by error.
    package var days: String {
        PeriodCoverage.failedDays(PeriodCoverage(daysInPeriod: failed.count, unread: failed).failed)
    }

    /// The days KOBIS could not answer, the days the cache did not hold (offline), and the days
    /// not read once the limit of calls was reached.
    package var kobisFailed: [UnreadDay] { failed.filter { if case .kobisFailed = $0.reason { true } else { false } } }
    package var notCached: [Day] { failed.filter { $0.reason == .notCached }.map(\.day) }
    package var beyondLimit: [Day] { failed.filter { $0.reason.limitReached != nil }.map(\.day) }
    /// The limit of calls reached, when it was.
    package var limit: Int? {
        failed.lazy.compactMap(\.reason.limitReached).first
    }
}
