import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

extension CodesRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        guard let table else {
            return .value(CodeCatalogue())
        }
        return try await context.show(.codes(table), using: try context.client())
    }
}
