import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice codes` on the command line: the request's options, help and examples.
extension CodesRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "codes", summary: "the KOBIS code tables (regions for --region, nations, types, company parts)",
        arguments: [ArgumentSpec(name: "table", help: "regions, nations, types or parts, or any KOBIS comCode; none lists the tables",
                                 completion: .choices(CodeTable.named.map(\.name)))],
        options: [Parameter.raw.option],
        examples: ["boxoffice codes", "boxoffice codes regions --json | jq -r '.[].name'", "boxoffice codes nations   # needs a key"],
        fields: CommandSpec.fields(of: CodeCatalogue.self, CodeList.self))
}

extension CodesRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        guard let table else {
            return .value(CodeCatalogue())
        }
        return try await context.show(.codes(table), using: try context.client())
    }
}
