import BoxOfficeCore
import BoxOfficeRendering

/// A command would make more calls to KOBIS than the limit allows without asking, and nobody said
/// to go ahead: refused (exit 64) before any call, saying what it costs and how to go ahead.
package struct CallLimitError: Error, Equatable {
    package let cost: ReadingCost
    package let limit: Int
    /// What the period is, when the user may not know it ("--from 2023-04-10 without --to reads every day to yesterday").
    package let span: String?
    /// Whether the person at the terminal was asked and said no.
    package let declined: Bool
    /// What the period is counted in: "days", or "weeks" for weekly lists.
    package var unit = "days"

    package init(cost: ReadingCost, limit: Int, span: String?, declined: Bool, unit: String = "days") {
        self.cost = cost
        self.limit = limit
        self.span = span
        self.declined = declined
        self.unit = unit
    }
}

package extension CallLimitError {
    /// What happened, in words every face may use: the cost, and the limit it passes.
    var what: String {
        let one = unit == "weeks" ? "week" : "day"
        let days = cost.days == 1 ? "1 \(one)" : "\(NumberFormat.grouped(cost.days)) \(one)s"
        let cached = cost.cached > 0 ? " (\(NumberFormat.grouped(cost.cached)) more \(cost.cached == 1 ? "answer is" : "answers are") in the cache)" : ""
        let share = max(1, cost.toFetch * 100 / KOBISQuota.daily)
        return "\(cost.atMost ? "up to " : "")\(NumberFormat.grouped(cost.toFetch)) calls to KOBIS would be needed for \(days)\(cached), \(share)% of a key's \(NumberFormat.grouped(KOBISQuota.daily)) a day and more than the \(NumberFormat.grouped(limit)) allowed without asking"
            + (span.map { "; \($0)" } ?? "")
    }
}

package extension CallLimitError {
    /// The most calls a command or a tool call makes without being allowed more (`--max-calls`, `maxCalls`).
    static let standardLimit = 100
}
