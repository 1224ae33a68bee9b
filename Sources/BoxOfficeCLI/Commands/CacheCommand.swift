import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice cache info|clear`: the answers kept on disk, and today's count of calls.
struct CacheCommand: BoxOfficeCommand, Equatable {
    enum Action: String, Equatable { case info, clear }

    var action: Action

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

    init(_ arguments: CommandArguments) throws(UsageError) {
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
                                      day: context.today, callsToday: CallCounter(folder: folder).countOfAllKeys(on: context.today)))
        }
    }
}
