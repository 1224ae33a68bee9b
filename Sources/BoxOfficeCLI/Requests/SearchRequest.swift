import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

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
