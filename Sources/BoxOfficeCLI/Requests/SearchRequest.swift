import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

extension SearchRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(SearchPage<MovieSummary>.self)
        let client = try context.client()
        let origin = context.source.searchedFilms
        if let origin { context.notice?(origin) }
        var output: CommandOutput
        if all {
            let log = context.log
            output = .value(try await client.allPages(of: query, mostPages: Self.mostPages, concurrency: 4) { count in
                log?("fetching pages 2 to \(NumberFormat.grouped(count)), 4 at a time")
            })
        } else {
            output = try await context.show(.movies(query), using: client)
        }
        output.origin = origin
        return output
    }
}
