import BoxOfficeCore
import BoxOfficeRendering

/// `boxoffice people <name|peopleCd> [--page N]` and `boxoffice company <name|companyCd> [--page N]`:
/// one shape for both: a code shows the record, a name searches for it a page at a time.
struct LookupCommand<Kind: LookupKind>: BoxOfficeCommand, Equatable {
    var target: Lookup

    static var spec: CommandSpec { Kind.spec }

    init(_ arguments: CommandArguments) throws(UsageError) {
        target = try arguments.lookup(Kind.spec.name, example: Kind.example)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        switch target {
        case let .code(code):
            return try await context.show(Kind.record(code), using: client)
        case let .name(name, page):
            return try await context.show(Kind.search(name, page: page), using: client)
        }
    }
}

/// What `people` and `company` differ in: their words, and KOBIS's two operations for each.
protocol LookupKind: Sendable {
    associatedtype Record: Presentable
    associatedtype Summary: SearchItem

    static var spec: CommandSpec { get }
    /// A name to search for, in the usage error of a command without one.
    static var example: String { get }
    static func record(_ code: String) -> KOBISCall<Record>
    static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<Summary>>
}

typealias PeopleCommand = LookupCommand<People>
typealias CompanyCommand = LookupCommand<Companies>

/// `people`: actors, directors and crew, and a person's filmography.
enum People: LookupKind {
    static let spec = CommandSpec(
        name: "people", summary: "find actors, directors and crew by name, or show one person's filmography",
        arguments: [ArgumentSpec(name: "name|peopleCd", help: "a name to search for, or a KOBIS people code such as 10031641")],
        options: [OptionSpec(name: "page", value: "N", help: "which page of ten matches to show", defaultValue: "1"), OptionSpec.raw],
        examples: ["boxoffice people 봉준호", "boxoffice people 10031641", "boxoffice people 10031641 --json | jq -r '.films[].title'"],
        fields: CommandSpec.fields(of: SearchPage<PersonSummary>.self, Person.self))
    static let example = "봉준호"

    static func record(_ code: String) -> KOBISCall<Person> { .person(code: code) }
    static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<PersonSummary>> { .people(name: name, page: page) }
}

/// `company`: production and distribution companies, and a company's films.
enum Companies: LookupKind {
    static let spec = CommandSpec(
        name: "company", summary: "find production and distribution companies, or show one company's films",
        arguments: [ArgumentSpec(name: "name|companyCd", help: "a name to search for, or a KOBIS company code such as 20100109")],
        options: [OptionSpec(name: "page", value: "N", help: "which page of ten matches to show", defaultValue: "1"), OptionSpec.raw],
        examples: ["boxoffice company 쇼박스", "boxoffice company 20100109", "boxoffice company 20100109 --json | jq -r '.films[].title'"],
        fields: CommandSpec.fields(of: SearchPage<CompanySummary>.self, Company.self))
    static let example = "쇼박스"

    static func record(_ code: String) -> KOBISCall<Company> { .company(code: code) }
    static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<CompanySummary>> { .companies(name: name, page: page) }
}
