import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

extension CacheRequest {
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
