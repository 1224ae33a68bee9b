/// What reading a period will cost before its first request: how many calls its days need, and
/// how many of them must go to KOBIS (the others are answered by the cache, at no cost). A face
/// asks its user, or refuses, past a limit; the reading then goes ahead or stops before any call.
package struct ReadingCost: Sendable, Equatable {
    /// The days (or weeks) the reading covers.
    package var days: Int
    /// Every call those days need (a deep day needs one per list).
    package var calls: Int
    /// The calls the cache cannot answer: what the reading spends of the day's quota.
    package var toFetch: Int
    /// A reading that stops once it has what it needs (a film's run) may make fewer calls than these.
    package var atMost = false

    package init(days: Int, calls: Int, toFetch: Int, atMost: Bool = false) {
        self.days = days
        self.calls = calls
        self.toFetch = toFetch
        self.atMost = atMost
    }

    /// The calls answered from the cache.
    package var cached: Int { calls - toFetch }
}

extension BoxOfficeClient {
    /// What reading `calls` costs: those a source holds (a cache) are free, and a client that
    /// asks no one (``ClosedAnswerSource``) fetches nothing.
    package func cost<Value>(of calls: [KOBISCall<Value>], days: Int, atMost: Bool = false) -> ReadingCost {
        let toFetch = closedSource == nil ? calls.filter { !isCached($0) }.count : 0
        return ReadingCost(days: days, calls: calls.count, toFetch: toFetch, atMost: atMost)
    }
}
