import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

extension CacheRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        switch action {
        case .clear:
            let cache = try context.usableCache()
            let removed = try cache.clear()
            return .value(CacheClearing(folder: cache.folder.path, entries: removed.entries, bytes: removed.bytes, others: removed.others))
        case .info:
            return .value(try Self.report(context))
        }
    }

    /// The answers kept and today's count of calls (`cache info`; the MCP server's quota_status).
    static func report(_ context: CommandContext) throws -> CacheReport {
        let cache = try context.usableCache()
        let folder = cache.folder
        let usage = try cache.usage()
        return CacheReport(folder: folder.path, entries: usage.entries, bytes: usage.bytes, others: usage.others,
                           day: context.today, callsToday: CallCounter(folder: folder).countOfAllKeys(on: context.today),
                           quotaSpentAt: CallCounter(folder: folder).spentOfAnyKey(on: context.today))
    }
}
