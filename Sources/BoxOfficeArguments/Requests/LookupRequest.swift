import BoxOfficeCore

/// A person or a company: one shape for both: a code shows the record, a name searches for it a page at a time.
package struct LookupRequest<Kind: LookupKind>: Equatable, Sendable {
    package var target: Lookup

    package static var page: Parameter { Parameter("page", value: "N", help: "which page of ten matches to show", default: "1", kind: .number(1...100_000)) }

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        target = try arguments.lookup(Kind.name, example: Kind.example, page: Self.page)
    }

}

/// What `people` and `company` differ in: their words, and KOBIS's two operations for each.
package protocol LookupKind: Sendable {
    associatedtype Record: Sendable
    associatedtype Summary: Sendable & Equatable

    /// What is looked up, in messages (`people`, `company`).
    static var name: String { get }
    /// A name to search for, in the usage error of a command without one.
    static var example: String { get }
    static func record(_ code: String) -> KOBISCall<Record>
    static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<Summary>>
}

package typealias PeopleRequest = LookupRequest<People>
package typealias CompanyRequest = LookupRequest<Companies>

/// `people`: actors, directors and crew, and a person's filmography.
package enum People: LookupKind {
    package static let name = "people"
    package static let example = "봉준호"

    package static func record(_ code: String) -> KOBISCall<Person> { .person(code: code) }
    package static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<PersonSummary>> { .people(name: name, page: page) }
}

/// `company`: production and distribution companies, and a company's films.
package enum Companies: LookupKind {
    package static let name = "company"
    package static let example = "쇼박스"

    package static func record(_ code: String) -> KOBISCall<Company> { .company(code: code) }
    package static func search(_ name: String, page: Int) -> KOBISCall<SearchPage<CompanySummary>> { .companies(name: name, page: page) }
}
