import BoxOfficeCore

/// `boxoffice people <name|peopleCd> [--page N]`: find people, or one person's filmography.
struct PeopleCommand: BoxOfficeCommand, Equatable {
    enum Target: Equatable {
        case code(String)
        case name(String, page: Int)
    }

    var target: Target

    static let spec = CommandSpec(
        name: "people", summary: "find actors, directors and crew by name, or show one person's filmography",
        arguments: [ArgumentSpec(name: "name|peopleCd", help: "a name to search for, or a KOBIS people code such as 10031641")],
        options: [OptionSpec(name: "page", value: "N", help: "which page of ten matches to show (default 1)"), OptionSpec.raw],
        examples: ["boxoffice people 봉준호", "boxoffice people 10031641", "boxoffice people 10031641 --json | jq -r '.films[].title'"])

    init(_ arguments: CommandArguments) throws(UsageError) {
        let text = try arguments.text("a name or a people code", example: "봉준호")
        let page = try arguments.number("page", in: 1...100_000)
        if CodeArgument.isNumericCode(text) {
            if page != nil { throw UsageError(message: "--page applies to a search by name, not to a people code", command: arguments.name) }
            target = .code(text)
        } else {
            target = .name(text, page: page ?? 1)
        }
    }

    func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        switch target {
        case let .code(code):
            return try await context.show(.peopleInfo(code: code), using: client) { try Person($0, requested: code) }
        case let .name(name, page):
            return try await context.show(.peopleList(name: name, page: page), using: client) {
                try SearchPage<PersonSummary>($0, page: page, perPage: 10)
            }
        }
    }
}

/// People and company codes: 6 to 8 digits (KOBIS lists some 6- and 7-digit company codes), or
/// 8 characters in the shape of movie codes (a year, then letters or digits), since KOBIS puts
/// letters in codes (2023C165).
enum CodeArgument {
    static func isNumericCode(_ text: String) -> Bool {
        (6...8).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) } || MovieCodeArgument.isCode(text)
    }
}
