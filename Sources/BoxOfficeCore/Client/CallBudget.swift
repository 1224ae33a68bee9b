/// The most calls one request of a face may send to KOBIS — a command's run, one MCP tool call, one
/// of browse's readings — retries and redirects included, and how many it has sent: `--max-calls`
/// (and a tool's `maxCalls`, 100 by default) is a hard cap, not an estimate. A reading whose cost
/// was approved past the limit raises it to what was sent and what was approved. Past it, ``CallBudgetMiddleware``
/// refuses to send more (``CallLimitReached``): a period's days not read yet are named as such,
/// what was read is kept and shown, and the run stops as a spent quota stops it.
///
/// A face gives its request one with ``withCallBudget(_:_:)``; a request made with none (the
/// library's own use) has no cap.
package final class CallBudget: Sendable {
    private let state: Locked<(limit: Int, sent: Int)>

    /// A budget of `limit` calls, none sent.
    package init(limit: Int) {
        state = Locked((max(0, limit), 0))
    }

    /// The budget of the request running now, if its face gave it one.
    @TaskLocal package static var current: CallBudget?

    /// The most calls allowed now.
    package var limit: Int { state.withLock { $0.limit } }
    /// The calls sent so far.
    package var sent: Int { state.withLock { $0.sent } }

    /// Allows `calls` more than were sent so far, when that is past the limit (a reading approved
    /// past it may spend all it was approved, whatever the request sent before it).
    package func allow(_ calls: Int) {
        state.withLock { $0.limit = max($0.limit, $0.sent + calls) }
    }

    /// Counts one call about to be sent, or refuses it when the budget is spent.
    package func spend() throws(CallLimitReached) {
        let refused = state.withLock { state -> Int? in
            guard state.sent < state.limit else { return state.limit }
            state.sent += 1
            return nil
        }
        if let refused { throw CallLimitReached(limit: refused) }
    }
}

/// Runs `body` with `budget` as the budget of every call it makes to KOBIS.
package func withCallBudget<Result>(_ budget: CallBudget?, _ body: () async throws -> Result) async rethrows -> Result {
    try await CallBudget.$current.withValue(budget, operation: body)
}

/// The request reached its limit of calls to KOBIS, retries included; nothing more is sent for it.
package struct CallLimitReached: Error, Sendable, Equatable {
    /// The limit reached.
    package let limit: Int

    package init(limit: Int) {
        self.limit = limit
    }
}

/// Counts each request really sent (every try, every redirect) against the budget of the request
/// it serves, refusing one past it; with no budget given, it counts nothing.
package struct CallBudgetMiddleware: BoxOfficeMiddleware {
    package init() {}

    package func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                           next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        try CallBudget.current?.spend()
        return try await next(request)
    }
}
