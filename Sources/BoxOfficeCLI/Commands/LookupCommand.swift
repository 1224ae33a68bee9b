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
            return try await context.show(Kind.record(code), using: client) { try Kind.record($0, code: code) }
        case let .name(name, page):
            return try await context.show(Kind.search(name, page: page), using: client) { try Kind.page($0, page: page) }
        }
    }
}

/// What `people` and `company` differ in: their words, and KOBIS's two operations for each.
protocol LookupKind: Sendable {
    associatedtype Record: Presentable
    associatedtype Summary: SearchItem
    associatedtype RecordResponse: Decodable & Sendable
    associatedtype SearchResponse: Decodable & Sendable

    static var spec: CommandSpec { get }
    /// A name to search for, in the usage error of a command without one.
    static var example: String { get }
    static func record(_ code: String) -> Endpoint<RecordResponse>
    static func record(_ response: RecordResponse, code: String) throws -> Record
    static func search(_ name: String, page: Int) -> Endpoint<SearchResponse>
    static func page(_ response: SearchResponse, page: Int) throws -> SearchPage<Summary>
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

    static func record(_ code: String) -> Endpoint<PeopleInfoResponse> { .peopleInfo(code: code) }
    static func record(_ response: PeopleInfoResponse, code: String) throws -> Person { try Person(response, requested: code) }
    static func search(_ name: String, page: Int) -> Endpoint<PeopleListResponse> { .peopleList(name: name, page: page) }
    static func page(_ response: PeopleListResponse, page: Int) throws -> SearchPage<PersonSummary> {
        try SearchPage<PersonSummary>(response, page: page, perPage: 10)
    }
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

    static func record(_ code: String) -> Endpoint<CompanyInfoResponse> { .companyInfo(code: code) }
    static func record(_ response: CompanyInfoResponse, code: String) throws -> Company { try Company(response, requested: code) }
    static func search(_ name: String, page: Int) -> Endpoint<CompanyListResponse> { .companyList(name: name, page: page) }
    static func page(_ response: CompanyListResponse, page: Int) throws -> SearchPage<CompanySummary> {
        try SearchPage<CompanySummary>(response, page: page, perPage: 10)
    }
}
