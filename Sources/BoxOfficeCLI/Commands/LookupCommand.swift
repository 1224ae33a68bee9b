import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// `boxoffice people <name|peopleCd> [--page N]` and `boxoffice company <name|companyCd> [--page N]`:
/// a code shows the record, a name searches for it a page at a time.
extension LookupRequest: BoxOfficeCommand where Kind: LookupCommandKind {
    static var spec: CommandSpec { Kind.spec }
}

/// A kind of lookup with its command's description.
protocol LookupCommandKind: LookupKind where Record: Presentable, Summary: SearchItem {
    static var spec: CommandSpec { get }
}

extension People: LookupCommandKind {
    static let spec = CommandSpec(
        name: "people", summary: "find actors, directors and crew by name, or show one person's filmography",
        arguments: [ArgumentSpec(name: "name|peopleCd", help: "a name to search for, or a KOBIS people code such as 10031641")],
        options: [PeopleRequest.page.option, Parameter.raw.option],
        examples: ["boxoffice people 봉준호", "boxoffice people 10031641   # needs a key", "boxoffice people 10000066 --json | jq -r '.films[].title'"],
        fields: CommandSpec.fields(of: SearchPage<PersonSummary>.self, Person.self))
}

extension Companies: LookupCommandKind {
    static let spec = CommandSpec(
        name: "company", summary: "find production and distribution companies, or show one company's films",
        arguments: [ArgumentSpec(name: "name|companyCd", help: "a name to search for, or a KOBIS company code such as 20100109")],
        options: [CompanyRequest.page.option, Parameter.raw.option],
        examples: ["boxoffice company CJ", "boxoffice company 쇼박스   # needs a key", "boxoffice company 20100109 --json | jq -r '.films[].title'"],
        fields: CommandSpec.fields(of: SearchPage<CompanySummary>.self, Company.self))
}

extension LookupRequest: BoxOfficeRequest where Kind.Record: Presentable, Kind.Summary: SearchItem {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let client = try context.client()
        switch target {
        case let .code(code):
            return try await context.show(Kind.record(code), using: client)
        case let .name(name, page):
            var output = try await context.show(Kind.search(name, page: page), using: client)
            // A client that holds only some records: the hint names one it holds, or says it holds none.
            if case .value(var found as SearchPage<Kind.Summary>, let chart) = output.content, let held = client.heldRecords(of: Kind.name) {
                found.detailsAtHand = held
                output.content = .value(found, chart: chart)
            }
            return output
        }
    }
}
