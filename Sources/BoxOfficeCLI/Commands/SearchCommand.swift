import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice search` on the command line: the request's options, help and examples.
extension SearchRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "search", summary: "find movies by title, director or year, with their codes",
        arguments: [ArgumentSpec(name: "title", help: "all or part of a title (Korean or English as KOBIS lists it)")],
        options: [director, year, page, all, Parameter.raw].map(\.option),
        examples: ["boxoffice search 범죄와의 전쟁", "boxoffice search --director 박찬욱", "boxoffice search 'star wars' --all --json | jq -r '.[].movieCode'   # needs a key"],
        fields: CommandSpec.fields(of: SearchPage<MovieSummary>.self))
}

extension SearchRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(SearchPage<MovieSummary>.self)
        let client = try context.client()
        if let origin = client.searchNote { context.notice?(origin) }
        guard all else { return try await context.show(.movies(query), using: client) }
        let log = context.log
        return .value(try await client.allPages(of: query, mostPages: Self.mostPages, concurrency: 4) { count in
            log?("fetching pages 2 to \(NumberFormat.grouped(count)), 4 at a time")
        })
    }
}
