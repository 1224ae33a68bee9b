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
