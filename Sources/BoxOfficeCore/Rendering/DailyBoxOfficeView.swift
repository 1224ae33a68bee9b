extension DailyBoxOffice {
    /// The ranking as a table, with a heading line.
    public func table(_ options: RenderOptions) -> String {
        BoxOfficeEntry.ranking(heading: options.label("Daily box office") + " · \(day.iso) (\(options.weekday(day)))", scope: scope,
                               entries: entries, provisional: provisional, empty: "KOBIS has no box office figures for this day.", options)
    }

    /// The ranking as the contract's JSON object.
    public var json: JSONValue {
        .object([("date", .string(day.iso)), ("provisional", .bool(provisional)), ("entries", .array(entries.map(\.json)))])
    }
}

extension BoxOfficeEntry {
    /// The keys of `json`.
    public static let fieldNames = ["rank", "rankChange", "isNew", "movieCode", "title", "openDate", "audience", "audienceChange",
                                    "audienceTotal", "sales", "salesShare", "salesTotal", "screens", "shows"]

    /// The contract's JSON object for one ranked film.
    public var json: JSONValue {
        .object([
            ("rank", .int(Int64(rank))), ("rankChange", JSONValue(rankChange)), ("isNew", .bool(isNew)),
            ("movieCode", .string(movieCode)), ("title", .string(title)), ("openDate", JSONValue(openDate)),
            ("audience", JSONValue(audience)), ("audienceChange", JSONValue(audienceChange)),
            ("audienceTotal", JSONValue(audienceTotal)),
            ("sales", JSONValue(sales)), ("salesShare", JSONValue(salesShare)), ("salesTotal", JSONValue(salesTotal)),
            ("screens", JSONValue(screens)), ("shows", JSONValue(shows)),
        ])
    }

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
    /// mark saying so), then the table, or a sentence when the ranking is empty.
    static func ranking(heading: String, scope: String?, entries: [BoxOfficeEntry], provisional: Bool, empty: String,
                        _ options: RenderOptions) -> String {
        var title = TerminalText.clean(heading + (scope.map { " · " + $0 } ?? ""))
        if let width = options.width { title = TerminalText.truncate(title, to: width, ambiguousWide: options.ambiguousWide) }
        var text = TextColor.bold.apply(title, if: options.colors) + "\n"
        if provisional {
            text += TextColor.dim.apply(options.label("provisional: KOBIS may still revise these figures"), if: options.colors) + "\n"
        }
        guard !entries.isEmpty else { return text + "\n" + options.label(empty) + "\n" }
        return text + "\n" + table(entries, options).joined(separator: "\n") + "\n"
    }

    /// The compact layout (rank, change, code, title, audience, total, share), or with `--wide`
    /// also the audience change, sales, screens and shows. On a narrow terminal the share goes
    /// first, then the change, the wide columns, the total and the code.
    static func table(_ entries: [BoxOfficeEntry], _ options: RenderOptions) -> [String] {
        let korean = options.korean
        var columns: [(TextTable.Column, (BoxOfficeEntry) -> TextTable.Cell)] = [
            (.init(title: "Rank", alignRight: true), { .init(String($0.rank)) }),
            (.init(title: "Change", dropOrder: 2), { $0.movement }),
            (.init(title: "Code", dropOrder: 9), { .init($0.movieCode) }),
            (.init(title: "Title", flexible: true), { .init($0.title) }),
            (.init(title: "Audience", alignRight: true), { .init(NumberFormat.audience($0.audience, korean: korean)) }),
        ]
        if options.wide {
            columns.append((.init(title: "Audience change", alignRight: true, dropOrder: 3), { .init(NumberFormat.signed($0.audienceChange)) }))
        }
        columns.append((.init(title: "Total audience", alignRight: true, dropOrder: 8), { .init(NumberFormat.audience($0.audienceTotal, korean: korean)) }))
        if options.wide {
            columns.append((.init(title: "Sales", alignRight: true, dropOrder: 5), { .init(NumberFormat.grouped($0.sales)) }))
        }
        columns.append((.init(title: options.wide ? "Share" : "Sales share", alignRight: true, dropOrder: 1), { .init(NumberFormat.percent($0.salesShare)) }))
        if options.wide {
            columns.append((.init(title: "Screens", alignRight: true, dropOrder: 4), { .init(NumberFormat.grouped($0.screens)) }))
            columns.append((.init(title: "Shows", alignRight: true, dropOrder: 4), { .init(NumberFormat.grouped($0.shows)) }))
        }
        let table = TextTable(columns: columns.map(\.0), rows: entries.map { entry in columns.map { $0.1(entry) } })
        return table.render(options)
    }
}
