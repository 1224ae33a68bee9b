/// Which days of a period were read, and why any others were not: every answer made from a
/// period's days (``PeriodRanking``, ``Trend``, ``MonthCalendar``) carries one, so an answer built
/// from fewer days than asked says so rather than passing for the whole.
public struct PeriodCoverage: Sendable, Equatable {
    /// How many days the period asked for has (a month's published days, for a calendar).
    public let daysInPeriod: Int
    /// The days that were not read, in order, each with its reason.
    public let unread: [UnreadDay]

    /// Every one of `days` days read.
    public init(daysInPeriod: Int, unread: [UnreadDay] = []) {
        self.daysInPeriod = daysInPeriod
        self.unread = unread
    }

    /// How many of the period's days were read.
    public var daysRead: Int { daysInPeriod - unread.count }

    /// Whether every day of the period was read.
    public var isComplete: Bool { unread.isEmpty }

    /// Why `day` was not read, or nil when it was (or is not in the period).
    public func reason(for day: Day) -> UnreadDay.Reason? {
        unread.first { $0.day == day }?.reason
    }

    /// The coverage of `asked` when only `read` of them were, the others not held by the source,
    /// except the `failed` ones, which KOBIS could not answer; `unheld` says why the others were
    /// not read (not held by the source, or, for what is read at hand from a cache, not cached).
    package init(asked: [Day], read: [Day], failed: [UnreadDay] = [], unheld: UnreadDay.Reason = .notHeld) {
        let held = Set(read)
        let notHeld = asked.filter { !held.contains($0) }.map { UnreadDay(day: $0, reason: unheld) }
        self.init(daysInPeriod: asked.count, unread: (notHeld + failed).sorted { $0.day < $1.day })
    }

    /// The days the cache did not hold, read offline.
    public var notCached: [Day] {
        unread.filter { $0.reason == .notCached }.map(\.day)
    }

    /// The days KOBIS could not answer, with its fault.
    public var failed: [(day: Day, fault: KOBISFault)] {
        unread.compactMap { day in
            if case let .kobisFailed(fault) = day.reason { return (day.day, fault) }
            return nil
        }
    }

    /// Two periods read one after the other (each film's own run, in a trend).
    package static func + (lhs: PeriodCoverage, rhs: PeriodCoverage) -> PeriodCoverage {
        PeriodCoverage(daysInPeriod: lhs.daysInPeriod + rhs.daysInPeriod, unread: lhs.unread + rhs.unread)
    }
}

/// A day of a period that was not read.
public struct UnreadDay: Sendable, Equatable {
    /// The day.
    public let day: Day
    /// Why it was not read.
    public let reason: Reason

    /// Why a day of a period was not read.
    public enum Reason: Sendable, Equatable {
        /// The answers come from a source that holds some days only (recordings, such as the
        /// command line's demo), and this is not one of them.
        case notHeld
        /// KOBIS failed on its own side answering for the day, every time it was asked
        /// (``KOBISFault/isKOBISFailure``); asking again later may succeed.
        case kobisFailed(KOBISFault)
        /// The client answers from its cache alone (offline), and the cache holds no answer
        /// for the day; reading it online would fetch it.
        case notCached
        /// The request reached its limit of calls to KOBIS (retries included) before the day
        /// was read; asking again, or allowing more calls, reads it.
        case callLimit(Int)
    }

    /// A day not read, and why.
    public init(day: Day, reason: Reason) {
        self.day = day
        self.reason = reason
    }
}

extension UnreadDay.Reason {
    /// The limit of calls reached before the day was read, when that is why.
    package var limitReached: Int? {
        if case let .callLimit(limit) = self { limit } else { nil }
    }
}
