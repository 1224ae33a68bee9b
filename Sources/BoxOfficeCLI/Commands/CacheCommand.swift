import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice cache` on the command line: the request's options, help and examples.
extension CacheRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "cache", summary: "where the cache is, its size, and today's calls against the key's quota",
        arguments: [ArgumentSpec(name: "info|clear", help: "info: show the folder, answers, bytes and today's calls; clear: remove every stored answer (and nothing boxoffice did not create)",
                                 completion: .choices(["info", "clear"]))],
        discussion: """
        Answers are kept on disk so that asking again costs no call and works offline. Box office
        figures fetched three or more days after their day (Korean time) never expire; figures
        fetched earlier expire after an hour, because KOBIS still revises them then. Movie,
        people and company details and posters expire after a week, searches after a day, code
        tables after a month.
        """,
        examples: ["boxoffice cache info", "boxoffice cache info --json", "boxoffice cache clear"],
        fields: CommandSpec.fields(of: CacheReport.self, CacheClearing.self))
}

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
