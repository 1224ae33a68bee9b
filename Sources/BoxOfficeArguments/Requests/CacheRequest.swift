import BoxOfficeCore

/// The answers kept on disk and today's count of calls (`cache info`, the `quota_status` tool),
/// or clearing them (`cache clear`).
package struct CacheRequest: Equatable, Sendable {
    /// What is asked of the cache: what it holds and today's count, or to clear it.
    package enum Action: String, Equatable { case info, clear }

    package var action: Action

    package init(action: Action) {
        self.action = action
    }

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 1)
        switch arguments.positionals.first {
        case let text?:
            guard let action = Action(rawValue: text) else {
                throw UsageError(message: "unknown cache action \(UsageError.quote(text)); use 'cache info' or 'cache clear'", command: arguments.name)
            }
            self.action = action
        case nil:
            throw UsageError(message: "cache needs an action: 'cache info' or 'cache clear'", command: arguments.name)
        }
    }

}
