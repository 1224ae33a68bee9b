import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

extension CommandContext {
    /// The command line's word on what a period's reading costs, before its first request: on a
    /// long one, the calls it needs and what is left of the day's quota (stderr); past the limit
    /// (`--max-calls`, else 100), a question on a terminal (no, unless answered yes) and a refusal
    /// elsewhere, unless `--yes`. The demo's recordings and the cache cost nothing, and offline
    /// nothing is fetched, so they are never asked about. Gives the calls the keys have left today.
    func approve(_ cost: ReadingCost, unit: String, span: String?) async throws -> Int? {
        guard source.reachesNetwork, invocation.cacheMode != .offline else { return nil }
        let left = try callsLeftToday()
        let limit = try invocation.callLimit(environment: environment)
        let leftWords = left.map { "; \(NumberFormat.grouped($0)) of today's calls are left (Korean time)" } ?? ""
        guard cost.toFetch > limit, !invocation.yes else {
            if cost.days > ProgressLine.fewRequests, cost.toFetch > 10 || cost.toFetch > (left ?? .max) {
                var text = "\(Self.callWords(cost, unit: unit)): \(NumberFormat.grouped(cost.toFetch)) to fetch from KOBIS, \(NumberFormat.grouped(cost.cached)) from the cache" + leftWords
                if let left, cost.toFetch > left { text += ", so the run will stop at the quota and go on from the cache when run again tomorrow" }
                notice?(text + ".")
            }
            return left
        }
        let error = CallLimitError(cost: cost, limit: limit, span: span, declined: false, unit: unit)
        guard let ask else { throw error }
        let question = error.what + leftWords + ". Go ahead? [y/N] "
        progress.clear()
        let answer = ask("boxoffice: " + question)?.trimmingBlanks().lowercased() ?? ""
        guard ["y", "yes", "예", "네", "ㅇ"].contains(answer) else { throw CallLimitError(cost: cost, limit: limit, span: span, declined: true, unit: unit) }
        progress.clear()
        return left
    }

    /// `1,328 days`, `40 calls (4 a day with --deep)`, `up to 75 days`.
    static func callWords(_ cost: ReadingCost, unit: String) -> String {
        let per = cost.days > 0 ? cost.calls / cost.days : 1
        let lead = cost.atMost ? "up to " : ""
        guard per > 1 else { return "\(lead)\(NumberFormat.grouped(cost.days)) \(unit)" }
        return "\(lead)\(NumberFormat.grouped(cost.calls)) calls (\(per) a \(unit == "weeks" ? "week" : "day") with --deep)"
    }
}
