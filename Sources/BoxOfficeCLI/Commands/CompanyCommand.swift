import BoxOfficeCore

/// `boxoffice company <name|companyCd> [--page N]`: find companies, or one company's films.
struct CompanyCommand: BoxOfficeCommand, Equatable {
    enum Target: Equatable {
        case code(String)
        case name(String, page: Int)
    }

    var target: Target

    static let spec = CommandSpec(
        name: "company", summary: "find production and distribution companies, or show one company's films",
        arguments: [ArgumentSpec(name: "name|companyCd", help: "a name to search for, or a KOBIS company code such as 20100109")],
        options: [OptionSpec(name: "page", value: "N", help: "which page of ten matches to show (default 1)"), OptionSpec.raw],
        examples: ["boxoffice company 쇼박스", "boxoffice company 20100109", "boxoffice company 20100109 --json | jq -r '.films[].title'"])

    init(_ arguments: CommandArguments) throws(UsageError) {
        let text = try arguments.text("a name or a company code", example: "쇼박스")
        let page = try arguments.number("page", in: 1...100_000)
        if CodeArgument.isNumericCode(text) {
            if page != nil { throw UsageError(message: "--page applies to a search by name, not to a company code", command: arguments.name) }
            target = .code(text)
        } else {
            target = .name(text, page: page ?? 1)
        }
    }

    func run(_ context: CommandContext) async throws -> CommandOutput {
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
