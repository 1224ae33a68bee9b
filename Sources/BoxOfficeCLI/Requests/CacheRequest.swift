import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// The answers kept on disk and today's count of calls (`cache info`, the `quota_status` tool),
/// or clearing them (`cache clear`).
struct CacheRequest: BoxOfficeRequest, Equatable {
    enum Action: String, Equatable { case info, clear }

    var action: Action

    init(action: Action) {
        self.action = action
    }

    init(_ arguments: some ArgumentReader) throws(UsageError) {
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

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let cache = try context.usableCache()
        let folder = cache.folder
        switch action {
        case .clear:
            let removed = try cache.clear()
            return .value(CacheClearing(folder: folder.path, entries: removed.entries, bytes: removed.bytes, others: removed.others))
        case .info:
            let usage = try cache.usage()
            return .value(CacheReport(folder: folder.path, entries: usage.entries, bytes: usage.bytes, others: usage.others,
                                      day: context.today, callsToday: CallCounter(folder: folder).countOfAllKeys(on: context.today),
                                      quotaSpentAt: CallCounter(folder: folder).spentOfAnyKey(on: context.today)))
        }
    }
}
