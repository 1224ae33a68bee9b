import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension CommandContext {
    /// The command line's word on what a period's reading costs, before its first request: on a
    /// long one, the calls it needs and what is left of the day's quota (stderr); past the limit
    /// (`--max-calls`, else 100), a question on a terminal (no, unless answered yes) and a refusal
    /// elsewhere, unless `--yes`. The demo's recordings and the cache cost nothing, and offline
    /// nothing is fetched, so they are never asked about. Gives the calls the keys have left today.
    func approve(_ cost: ReadingCost, unit: String, span: String?) async throws -> Int? {
        guard invocation.cacheMode != .offline else { return nil }
        let left = try callsLeftToday()
        let limit = try invocation.callLimit(environment: environment)
        let attempts = invocation.retries + 1
        let korean = options.korean
        switch CallLimitError.verdict(cost, unit: unit, span: span, limit: limit, allowed: invocation.yes, left: left, deep: "--deep", attempts: attempts,
                                      korean: korean) {
        case let .proceed(note):
            if let note, root.sayingCost() { notice?(note) }
            return left
        case let .overLimit(error):
            guard let ask else { throw error }
            let question = korean ? error.what + (left.map { " (오늘 남은 호출 \(NumberFormat.grouped($0))회)" } ?? "") + ". 계속할까요? [y/N] "
                : error.what + CallLimitError.leftWords(left) + ". Go ahead? [y/N] "
            progress.clear()
            let answer = ask("boxoffice: " + question)?.trimmingBlanks().lowercased() ?? ""
            guard ["y", "yes", "예", "네", "ㅇ"].contains(answer) else {
                var declined = CallLimitError(cost: cost, limit: limit, span: span, declined: true, unit: unit, attempts: attempts)
                declined.korean = korean
                throw declined
            }
            CallBudget.current?.allow(CallLimitError.mostCalls(cost, attempts: attempts))
            progress.clear()
            return left
        }
    }
}
