import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension CodesRequest {
    static let tool = MCPTool(
        name: "code_table", title: "KOBIS code table",
        description: "A KOBIS code table: 'regions' (the names and codes the region filter accepts), 'nations', 'types' (movie types) or 'parts' (company categories).",
        inputs: [.words("table", MCPTools.enumSchema(CodeTable.named.map(\.name), "Which table."))], required: ["table"],
        output: .object([("codes", .list(CodeList.entryShape, .codes))]),
        words: { arguments throws(MCPArgumentError) in
            guard let table = try MCPTools.string(arguments, "table") else { throw MCPArgumentError(message: "code_table needs 'table'") }
            return [table]
        },
        decode: { arguments throws(UsageError) in try CodesRequest(arguments) },
        wrap: { .object([("codes", $0)]) })
}

extension CodesRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        guard let table else { return ToolAnswer(json: CodeCatalogue().json) }
        return ToolAnswer(json: try await call.session.client().answer(.codes(table)).value.json)
    }
}
