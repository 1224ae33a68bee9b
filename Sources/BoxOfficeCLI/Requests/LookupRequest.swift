import BoxOfficeCore
import BoxOfficeRendering

/// A person or a company: one shape for both: a code shows the record, a name searches for it a page at a time.
struct LookupRequest<Kind: LookupKind>: BoxOfficeRequest, Equatable {
    var target: Lookup

    static var page: Parameter { Parameter("page", value: "N", help: "which page of ten matches to show", default: "1", kind: .number(1...100_000)) }

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        target = try arguments.lookup(Kind.name, example: Kind.example, page: Self.page)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        switch target {
        case let .code(code):
            return try await context.show(Kind.record(code), using: client)
        case let .name(name, page):
            var output = try await context.show(Kind.search(name, page: page), using: client)
            // The samples hold only some records: the hint names one they hold, or says they hold none.
            if case .value(var found as SearchPage<Kind.Summary>, let chart) = output.content, let held = context.source.heldRecords(of: Kind.name) {
                found.detailsAtHand = held
                output.content = .value(found, chart: chart)
            }
            return output
        }
    }
}

/// What `people` and `company` differ in: their words, and KOBIS's two operations for each.
protocol LookupKind: Sendable {
    associatedtype Record: Presentable
    associatedtype Summary: SearchItem

    /// What is looked up, in messages (`people`, `company`).
    static var name: String { get }
    /// A name to search for, in the usage error of a command without one.
    static var example: String { get }
    static func record(_ code: String) -> KOBISCall<Record>
    static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<Summary>>
}

typealias PeopleRequest = LookupRequest<People>
typealias CompanyRequest = LookupRequest<Companies>

/// `people`: actors, directors and crew, and a person's filmography.
enum People: LookupKind {
    static let name = "people"
    static let example = "봉준호"

    static func record(_ code: String) -> KOBISCall<Person> { .person(code: code) }
    static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<PersonSummary>> { .people(name: name, page: page) }
}

/// `company`: production and distribution companies, and a company's films.
enum Companies: LookupKind {
    static let name = "company"
    static let example = "쇼박스"

    static func record(_ code: String) -> KOBISCall<Company> { .company(code: code) }
    static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<CompanySummary>> { .companies(name: name, page: page) }
}
