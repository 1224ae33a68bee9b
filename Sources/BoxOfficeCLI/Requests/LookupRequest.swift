import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension LookupRequest: BoxOfficeRequest where Kind.Record: Presentable, Kind.Summary: SearchItem {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        switch target {
        case let .code(code):
            return try await context.show(Kind.record(code), using: client)
        case let .name(name, page):
            var output = try await context.show(Kind.search(name, page: page), using: client)
            // A client that holds only some records: the hint names one it holds, or says it holds none.
            if case .value(var found as SearchPage<Kind.Summary>, let chart) = output.content, let held = client.heldRecords(of: Kind.name) {
                found.detailsAtHand = held
                output.content = .value(found, chart: chart)
            }
            return output
        }
    }
}
