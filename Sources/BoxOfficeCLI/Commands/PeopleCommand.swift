import BoxOfficeCore
import BoxOfficeRendering

/// `boxoffice people <name|peopleCd> [--page N]`: find people, or one person's filmography.
struct PeopleCommand: BoxOfficeCommand, Equatable {
    var target: Lookup

    static let spec = CommandSpec(
        name: "people", summary: "find actors, directors and crew by name, or show one person's filmography",
        arguments: [ArgumentSpec(name: "name|peopleCd", help: "a name to search for, or a KOBIS people code such as 10031641")],
        options: [OptionSpec(name: "page", value: "N", help: "which page of ten matches to show", defaultValue: "1"), OptionSpec.raw],
        examples: ["boxoffice people 봉준호", "boxoffice people 10031641", "boxoffice people 10031641 --json | jq -r '.films[].title'"],
        fields: CommandSpec.fields(of: SearchPage<PersonSummary>.self, Person.self))

    init(_ arguments: CommandArguments) throws(UsageError) {
        target = try arguments.lookup("people", example: "봉준호")
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
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
