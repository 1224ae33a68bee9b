import BoxOfficeCore
extension BoxOfficeEntry {
    /// The keys of `json`, as its shape declares them.
    package static let fieldNames = shape.keys
    /// The keys a deep ranking's entries add: what its lists reveal of each film, and whether its
    /// rank is certain (so that a flat row, CSV or JSON Lines, says it too): the shape's optional ones.
    package static let deepFieldNames = shape.members.filter { $0.1.isOptional }.map(\.0)
    /// The deep columns a ranking's table shows (its rule says how far it is exact).
    static let deepTableFields = ["nation", "diversity"]

    /// The contract's JSON object for one ranked film of a ranking exact through rank
    /// `exactThrough` (a deep one: with `nation`, `diversity` and `exact`).
    package func json(exactThrough: Int?) -> JSONValue {
        Self.fields.json(Within(self, exactThrough))
    }

    /// The contract's JSON object for one ranked film (with `nation` and `diversity` in a deep ranking).
    package var json: JSONValue { json(exactThrough: nil) }

    /// Rank movement as shown in tables: `▲2` (up, red), `▼1` (down, blue), `-`, or `NEW`.
    var movement: TextTable.Cell {
        if isNew { return TextTable.Cell("NEW", color: .green) }
        switch rankChange {
        case let change? where change > 0: return TextTable.Cell("▲\(change)", color: .red)
        case let change? where change < 0: return TextTable.Cell("▼\(change.magnitude)", color: .blue)
        default: return TextTable.Cell("-")
        }
    }

    /// A ranking: the heading (with the filter and, when KOBIS may still revise the figures, a
    /// mark saying so), then the table, or a sentence when the ranking is empty. `fields`
    /// (`--fields`) chooses the columns, `extra` gives those that are not an entry's own (`date`).
    /// A deep ranking (`exactThrough` set) draws a rule under its last exact rank and says under
    /// the table how far it is exact.
    static func ranking(heading: String, scope: RankingScope?, entries: [BoxOfficeEntry], provisional: Bool, empty: String,
                        exactThrough: Int? = nil, fields: [String]? = nil, extra: [String: String] = [:], _ options: RenderOptions) -> String {
        var document = Document([.heading(heading + (scope.map { " · " + $0.heading(options) } ?? "")
                                          + (exactThrough == nil ? "" : " · " + options.label("deep: past the top 10")))])
        if provisional {
            document.append(.notes([options.label("provisional: KOBIS may still revise these figures")], wrap: nil))
        }
        guard !entries.isEmpty else {
            document.blocks += [.blank, .text(options.label(empty))]
            return document.rendered(options)
        }
        let deep = exactThrough != nil && fields == nil
        let table = table(entries, fields: fields ?? (deep ? (options.wide ? wideTableFields : tableFields) + deepTableFields : nil), extra: extra,
                          exactThrough: exactThrough, options)
        document.blocks += [.blank, .table(table, ruleAfter: exactThrough.flatMap { $0 < entries.count ? $0 : nil })]
        if let exact = exactThrough {
            let note = exact < entries.count ? "exact through rank \(exact); below it a film may be missing"
                : "exact through rank \(exact): the lists hide no film above it"
            document.append(.notes([options.label(note)], wrap: options.width))
        }
        return document.rendered(options)
    }

    /// The columns of a ranking table without `--fields`.
    static let tableFields = ["rank", "rankChange", "movieCode", "title", "audience", "audienceTotal", "salesShare"]
    /// With `--wide`: every default column and the audience change, sales, screens and shows.
    static let wideTableFields = ["rank", "rankChange", "movieCode", "title", "audience", "audienceChange", "audienceTotal", "sales",
                                  "salesShare", "screens", "shows"]

    /// The compact layout (rank, change, code, title, audience, total, share), with `--wide` also
    /// the audience change, sales, screens and shows, or the columns `fields` names. On a narrow
    /// terminal the wide columns go first (so `--wide` never shows less than the default), then
    /// the share, the change, the total and the code; a line under the table says how many went.
    static func table(_ entries: [BoxOfficeEntry], fields: [String]? = nil, extra: [String: String] = [:], exactThrough: Int? = nil,
                      _ options: RenderOptions) -> TextTable {
        let chosen = fields ?? (options.wide ? wideTableFields : tableFields)
        let titles = ["date": "Date", "period": "Period", "start": "Start", "end": "End", "filter": "Filter"]
        // One unit for a column of audiences: 만 only when every one of them reads in it.
        let units = (audience: NumberFormat.inUnits(entries.map(\.audience), korean: options.audiencesInUnits),
                     total: NumberFormat.inUnits(entries.map(\.audienceTotal), korean: options.audiencesInUnits))
        let columns = chosen.map { field in
            column(field, options, exactThrough: exactThrough, units: units)
                ?? (TextTable.Column(title: titles[field] ?? field, dropOrder: 7), { _ in .init(extra[field] ?? "") })
        }
        return TextTable(columns: columns.map(\.0), rows: entries.map { entry in columns.map { $0.1(entry) } })
    }

    /// How a ranking table shows the entry's field `field`: its heading, the order in which it
    /// goes on a narrow terminal (lowest first; nil: never), and the cell of an entry.
    private static func column(_ field: String, _ options: RenderOptions, exactThrough: Int?,
                               units: (audience: Bool, total: Bool)) -> (TextTable.Column, (BoxOfficeEntry) -> TextTable.Cell)? {
        switch field {
        case "rank": (.init(title: "Rank", alignRight: true), { .init(String($0.rank)) })
        case "rankChange": (.init(title: "Change", dropOrder: 11, shortTitle: "±"), { $0.movement })
        case "isNew": (.init(title: "New", dropOrder: 6), { .init($0.isNew ? "NEW" : "", color: .green) })
        case "movieCode": (.init(title: "Code", dropOrder: 19), { .init($0.movieCode) })
        case "title": (.init(title: "Title", flexible: true), { .init($0.title) })
        case "openDate": (.init(title: "Opened", dropOrder: 6), { .init($0.openDate?.iso ?? "–") })
        case "audience": (.init(title: "Audience", alignRight: true), { .init(NumberFormat.audience($0.audience, korean: units.audience)) })
        case "audienceChange": (.init(title: "Audience change", alignRight: true, dropOrder: 3, shortTitle: "±Audience"), { .init(NumberFormat.signed($0.audienceChange)) })
        case "audienceTotal": (.init(title: "Total audience", alignRight: true, dropOrder: 18, shortTitle: "Total"), { .init(NumberFormat.audience($0.audienceTotal, korean: units.total)) })
        case "sales": (.init(title: "Sales", alignRight: true, dropOrder: 5), { .init(NumberFormat.grouped($0.sales)) })
        case "salesShare": (.init(title: options.wide ? "Share" : "Sales share", alignRight: true, dropOrder: 10, shortTitle: "Share"), { .init(NumberFormat.percent($0.salesShare)) })
        case "salesTotal": (.init(title: "Total sales", alignRight: true, dropOrder: 6, shortTitle: "Σ Sales"), { .init(NumberFormat.grouped($0.salesTotal)) })
        case "screens": (.init(title: "Screens", alignRight: true, dropOrder: 4), { .init(NumberFormat.grouped($0.screens)) })
        case "shows": (.init(title: "Shows", alignRight: true, dropOrder: 4), { .init(NumberFormat.grouped($0.shows)) })
        case "nation": (.init(title: "Nation", dropOrder: 2), { .init($0.nation.map { $0 == .korean ? "Korean" : "Foreign" } ?? "–") })
        case "diversity": (.init(title: "Diversity", dropOrder: 1, shortTitle: "Div."), { .init($0.market.map { $0 == .diversity ? "yes" : "no" } ?? "–") })
        case "exact": (.init(title: "Exact", dropOrder: 1), { entry in .init(exactThrough.map { entry.rank <= $0 ? "yes" : "no" } ?? "–") })
        default: nil
        }
    }
}
