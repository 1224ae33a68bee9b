import BoxOfficeCore

/// What a day's and a week's ranking share in every format: a heading over the ranked films, the
/// films as rows with the period in front and the filter at the end, and one JSON object.
package protocol RankingPresentation: Presentable {
    var entries: [BoxOfficeEntry] { get }
    var scope: RankingScope? { get }
    var provisional: Bool { get }
    /// In a deep ranking, the last rank certainly in place; nil for KOBIS's own top 10.
    var exactThrough: Int? { get }
    /// The members that say which days, in front of each row: `date`, or `period`, `start`, `end`.
    var rowPrefix: [(String, JSONValue)] { get }
    /// The keys of `rowPrefix`.
    static var rowPrefixNames: [String] { get }
    /// The ranking's JSON fields, declared once (its period, then ``rankingFields()``).
    static var fields: [Field<Self>] { get }
    /// The table's heading.
    func heading(_ options: RenderOptions) -> String
    /// What the table says when KOBIS ranked no film.
    static var empty: Label { get }
    /// The first day of the period the ranking is of (a day, or a week's first).
    var firstDay: Day { get }
    /// The key that names the period in a day not read, in place (`date`, `start`).
    static var dayKey: String { get }
}

package extension RankingPresentation {
    /// The ranking as a table, with its heading.
    func table(_ options: RenderOptions) -> String {
        BoxOfficeEntry.ranking(heading: heading(options), scope: scope, entries: entries, provisional: provisional, empty: Self.empty,
                               exactThrough: exactThrough, options)
    }

    /// The ranking with only `fields` as columns (`--fields`), keeping its heading and formatting.
    func table(_ options: RenderOptions, fields: [String]) -> String? {
        let extra = Dictionary(rowPrefix.map { ($0.0, $0.1.flatText) }, uniquingKeysWith: { first, _ in first })
            .merging(["filter": scope?.text ?? ""]) { first, _ in first }
        return BoxOfficeEntry.ranking(heading: heading(options), scope: scope, entries: entries, provisional: provisional, empty: Self.empty,
                                      exactThrough: exactThrough, fields: fields, extra: extra, options)
    }

    /// The contract's JSON object, as the ranking's fields declare it.
    var json: JSONValue { Self.fields.json(self) }

    /// Each entry with the period in front, as one row of a spreadsheet, and its filter at the
    /// end when it has one.
    var records: [JSONValue] {
        entries.map { $0.json(exactThrough: exactThrough).prefixed(rowPrefix).appending(scope.map { [("filter", .string($0.text))] } ?? []) }
    }

    static var fieldNames: [String] { rowPrefixNames + BoxOfficeEntry.fieldNames + ["filter"] }
    /// The keys of the rows: `filter` only when the ranking is filtered, `nation` and
    /// `diversity` only when it is deep.
    var columns: [String] { Self.columns(filtered: scope != nil, deep: exactThrough != nil) }

    /// The flat formats' columns of a ranking: its fields, `filter` only when it is filtered, the
    /// deep list's only when it is deep.
    static func columns(filtered: Bool, deep: Bool) -> [String] {
        fieldNames.filter { ($0 != "filter" || filtered) && (deep || !BoxOfficeEntry.deepFieldNames.contains($0)) }
    }
    static var isList: Bool { true }
    static var itemsKey: String? { "entries" }
}

// MARK: Fields

extension RankingPresentation {
    /// What every ranking writes after its period: whether it may be revised, its filter, how
    /// far a deep one is exact, and its films.
    static func rankingFields() -> [Field<Self>] {
        [.leaf("provisional", .provisional) { .bool($0.provisional) },
         .member("filter", .optional(RankingScope.shape)) { $0.scope?.json },
         .optional("exactThrough", .exactThrough) { $0.exactThrough.map { .int(Int64($0)) } },
         .list("entries", .entries, BoxOfficeEntry.fields) { ranking in ranking.entries.map { Within($0, ranking.exactThrough) } }]
    }
}

// MARK: Meanings

package extension Meaning {
    /// What `entries` holds: a ranking's films.
    static let entries = list("The top 10, best first.")
    /// What `exactThrough` holds.
    static let exactThrough = leaf(.integer, "With deep: the last rank certainly in its true place; below it a film may be missing.")
}
