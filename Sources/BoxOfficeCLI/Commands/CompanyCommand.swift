import BoxOfficeCore
import BoxOfficeRendering

/// `boxoffice company <name|companyCd> [--page N]`: find companies, or one company's films.
struct CompanyCommand: BoxOfficeCommand, Equatable {
    var target: Lookup

    static let spec = CommandSpec(
        name: "company", summary: "find production and distribution companies, or show one company's films",
        arguments: [ArgumentSpec(name: "name|companyCd", help: "a name to search for, or a KOBIS company code such as 20100109")],
        options: [OptionSpec(name: "page", value: "N", help: "which page of ten matches to show", defaultValue: "1"), OptionSpec.raw],
        examples: ["boxoffice company 쇼박스", "boxoffice company 20100109", "boxoffice company 20100109 --json | jq -r '.films[].title'"],
        fields: CommandSpec.fields(of: SearchPage<CompanySummary>.self, Company.self))

    init(_ arguments: CommandArguments) throws(UsageError) {
        target = try arguments.lookup("company", example: "쇼박스")
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        switch target {
        case let .code(code):
            return try await context.show(.companyInfo(code: code), using: client) { try Company($0, requested: code) }
        case let .name(name, page):
            return try await context.show(.companyList(name: name, page: page), using: client) {
                try SearchPage<CompanySummary>($0, page: page, perPage: 10)
            }
        }
    }
}
