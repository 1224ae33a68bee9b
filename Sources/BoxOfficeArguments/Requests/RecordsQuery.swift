import BoxOfficeCore

/// A period's records (`records`, the `period_records` tool): the period, the places, the filters
/// and `--deep` as `top` takes them, and a milestone the fastest are looked for to besides 1,000,000.
package struct RecordsQuery: Equatable, Sendable {
    /// The period and its reading, as `top` reads them (`limit`: the places of each record).
    package var period: TopRequest
    /// A milestone besides 1,000,000.
    package var milestone: Int?

    /// `--limit` as records reads it: the places of each record (`top` reads the same option as films to list).
    package static let places = Parameter("limit", value: "N", help: "how many places of each record to list (ties kept)", default: String(TopRequest.defaultLimit),
                                          kind: .number(1...10_000))
    package static let milestone = Parameter("milestone", value: "N", help: "also the fastest to N admissions (3000000, 3,000,000 or 300만), besides 1,000,000",
                                             kind: .word)

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        period = try TopRequest(arguments)
        milestone = nil
        if let text = arguments.string(Self.milestone) {
            guard let number = Self.audience(text), number > 0 else {
                throw UsageError(message: "\(arguments.named(Self.milestone)) \(UsageError.quote(text)) is not an audience; write it as 3000000, 3,000,000 or 300만", command: arguments.name)
            }
            milestone = number
        }
    }

    /// An audience as people write one: `3000000`, `3,000,000`, `300만`, `1억`; nil otherwise (or past a billion).
    package static func audience(_ text: String) -> Int? {
        var digits = text.trimmingBlanks().replacing(",", with: "").replacing("_", with: "")
        var unit = 1
        if digits.hasSuffix("만") { unit = 10_000 } else if digits.hasSuffix("억") { unit = 100_000_000 }
        if unit > 1 { digits.removeLast() }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(\.isASCIIDigitCharacter), let number = Int(digits) else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: unit)
        return overflow || product > 1_000_000_000 ? nil : product
    }
}

package extension RecordsQuery {
    /// What the engine is asked, and what its period is when the user may not know.
    func engineRequest(today: Day, defaultYear: () -> Int?) -> (request: RecordsRequest, span: String?) {
        let (top, span) = period.engineRequest(today: today, command: "records", defaultYear: defaultYear)
        return (RecordsRequest(top.period, limit: top.limit ?? TopRequest.defaultLimit, milestones: milestone.map { [$0] } ?? [], filter: top.filter,
                               region: top.region, deep: top.deep), span)
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
