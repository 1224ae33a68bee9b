import BoxOfficeCore

/// A command would make more calls to KOBIS than the limit allows without asking, and nobody said
/// to go ahead: refused (exit 64) before any call, saying what it costs and how to go ahead.
package struct CallLimitError: Error, Equatable {
    /// What the reading would cost.
    package let cost: ReadingCost
    /// The most calls allowed without asking (`--max-calls`, a tool's `maxCalls`, else 100).
    package let limit: Int
    /// What the period is, when the user may not know it ("--from 2023-04-10 without --to reads every day to yesterday").
    package let span: String?
    /// Whether the person at the terminal was asked and said no.
    package let declined: Bool
    /// What the period is counted in: "days", or "weeks" for weekly lists.
    package var unit = "days"
    /// The tries a call may take (retries can add to the calls).
    package var attempts = 1
    /// Whether it is said in Korean (the face's locale asks for it).
    package var korean = false

    /// A refusal of `cost` past `limit`, or (`declined`) the answer no to the question; a call
    /// may take up to `attempts` tries.
    package init(cost: ReadingCost, limit: Int, span: String?, declined: Bool, unit: String = "days", attempts: Int = 1) {
        self.cost = cost
        self.limit = limit
        self.span = span
        self.declined = declined
        self.unit = unit
        self.attempts = attempts
    }

    /// The most calls the reading may send, each of its calls tried up to `attempts` times: what
    /// a reading approved past the limit may spend (``CallBudget``).
    package static func mostCalls(_ cost: ReadingCost, attempts: Int) -> Int {
        cost.toFetch.multipliedReportingOverflow(by: max(1, attempts)).partialValue
    }
}

package extension CallLimitError {
    /// What happened, in words every face may use: the cost, and the limit it passes.
    var what: String {
        if korean {
            let one = unit == "weeks" ? "주" : "일"
            let cached = cost.cached > 0 ? ", 캐시에 \(NumberFormat.grouped(cost.cached))개 더 있음" : ""
            let retries = attempts > 1 && cost.toFetch > 0 ? " (재시도 포함 최대 \(NumberFormat.grouped(Self.mostCalls(cost, attempts: attempts)))회)" : ""
            let share = max(1, cost.toFetch * 100 / KOBISQuota.daily)
            return "\(NumberFormat.grouped(cost.days))\(one)을 읽으려면 KOBIS 호출 \(cost.atMost ? "최대 " : "")\(NumberFormat.grouped(cost.toFetch))회\(retries)가 필요합니다\(cached): 키 하루 한도 \(NumberFormat.grouped(KOBISQuota.daily))회의 \(share)%로, 묻지 않고 허용하는 \(NumberFormat.grouped(limit))회를 넘습니다"
        }
        let one = unit == "weeks" ? "week" : "day"
        let days = cost.days == 1 ? "1 \(one)" : "\(NumberFormat.grouped(cost.days)) \(one)s"
        let cached = cost.cached > 0 ? " (\(NumberFormat.grouped(cost.cached)) more \(cost.cached == 1 ? "answer is" : "answers are") in the cache)" : ""
        let share = max(1, cost.toFetch * 100 / KOBISQuota.daily)
        let retries = attempts > 1 && cost.toFetch > 0 ? " (up to \(NumberFormat.grouped(Self.mostCalls(cost, attempts: attempts))) with retries)" : ""
        return "\(cost.atMost ? "up to " : "")\(NumberFormat.grouped(cost.toFetch)) calls to KOBIS\(retries) would be needed for \(days)\(cached), \(share)% of a key's \(NumberFormat.grouped(KOBISQuota.daily)) a day and more than the \(NumberFormat.grouped(limit)) allowed without asking"
            + (span.map { "; \($0)" } ?? "")
    }
}

package extension CallLimitError {
    /// The most calls a command or a tool call makes without being allowed more (`--max-calls`, `maxCalls`).
    static let standardLimit = 100

    /// The most days of a reading said nothing of: a shorter one is over at once.
    static let fewDays = 3

    /// What a face does with a reading's cost before its first request.
    enum Verdict: Equatable {
        /// Go ahead, saying `note` first when there is one (a long reading's cost, and what is left today).
        case proceed(note: String?)
        /// Past the limit: a refusal to make, or a question to ask first.
        case overLimit(CallLimitError)
    }

    /// The verdict on `cost` for a face that allows `limit` calls unasked (any with `allowed`, as
    /// `--yes` does), with `left` calls of today's quota by the local count, each call tried up to
    /// `attempts` times; `deep` names the deep option in the face's terms (`--deep`, `deep`). A
    /// reading past the limit that goes ahead raises the request's budget of calls to it, retries
    /// included (``CallBudget``).
    static func verdict(_ cost: ReadingCost, unit: String, span: String?, limit: Int, allowed: Bool, left: Int?, deep: String, attempts: Int = 1,
                        korean: Bool = false) -> Verdict {
        guard cost.toFetch > limit, !allowed else {
            if cost.toFetch > limit { CallBudget.current?.allow(mostCalls(cost, attempts: attempts)) }
            guard cost.days > fewDays, cost.toFetch > 10 || cost.toFetch > (left ?? .max) else { return .proceed(note: nil) }
            if korean {
                var text = "\(NumberFormat.grouped(cost.days))\(unit == "weeks" ? "주" : "일"): KOBIS에서 \(NumberFormat.grouped(cost.toFetch))회, 캐시에서 \(NumberFormat.grouped(cost.cached))개"
                if let left { text += "; 오늘 남은 호출 \(NumberFormat.grouped(left))회 (한국 시간)" }
                if let left, cost.toFetch > left { text += " — 한도에서 멈추고, 내일 다시 실행하면 캐시에서 이어 갑니다" }
                return .proceed(note: text + ".")
            }
            var text = "\(callWords(cost, unit: unit, deep: deep)): \(NumberFormat.grouped(cost.toFetch)) to fetch from KOBIS, \(NumberFormat.grouped(cost.cached)) from the cache"
                + leftWords(left)
            if let left, cost.toFetch > left { text += ", so the run will stop at the quota and go on from the cache when run again tomorrow" }
            return .proceed(note: text + ".")
        }
        var refusal = CallLimitError(cost: cost, limit: limit, span: span, declined: false, unit: unit, attempts: attempts)
        refusal.korean = korean
        return .overLimit(refusal)
    }

    /// `; 2,140 of today's calls are left (Korean time)`, or nothing when they are not counted.
    static func leftWords(_ left: Int?) -> String {
        left.map { "; \(NumberFormat.grouped($0)) of today's calls are left (Korean time)" } ?? ""
    }

    /// `1,328 days`, `40 calls (4 a day with --deep)`, `up to 75 days`.
    static func callWords(_ cost: ReadingCost, unit: String, deep: String) -> String {
        let per = cost.days > 0 ? cost.calls / cost.days : 1
        let lead = cost.atMost ? "up to " : ""
        guard per > 1 else { return "\(lead)\(NumberFormat.grouped(cost.days)) \(unit)" }
        return "\(lead)\(NumberFormat.grouped(cost.calls)) calls (\(per) a \(unit == "weeks" ? "week" : "day") with \(deep))"
    }
}
