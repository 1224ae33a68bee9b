extension DailyBoxOffice {
    /// The ranking as a table, with a heading line.
    public func table(_ options: RenderOptions) -> String {
        let heading = TextColor.bold.apply("Daily box office · \(day.iso) (\(day.weekday.shortName))" + (scope.map { " · " + $0 } ?? ""), if: options.colors)
        guard !entries.isEmpty else {
            return heading + "\n\nKOBIS has no box office figures for this day.\n"
        }
        return heading + "\n\n" + BoxOfficeEntry.table(entries, options).joined(separator: "\n") + "\n"
    }

    /// The ranking as the contract's JSON object.
    public var json: JSONValue {
        .object([("date", .string(day.iso)), ("entries", .array(entries.map(\.json)))])
    }
}

extension BoxOfficeEntry {
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

    static func table(_ entries: [BoxOfficeEntry], _ options: RenderOptions) -> [String] {
        let table = TextTable(
            columns: [
                .init(title: "Rank", alignRight: true), .init(title: "Change"), .init(title: "Code"), .init(title: "Title", flexible: true),
                .init(title: "Audience", alignRight: true), .init(title: "Total audience", alignRight: true),
                .init(title: "Sales share", alignRight: true),
            ],
            rows: entries.map { entry in
                [
                    .init(String(entry.rank)), entry.movement, .init(entry.movieCode), .init(entry.title),
                    .init(NumberFormat.grouped(entry.audience)), .init(NumberFormat.grouped(entry.audienceTotal)),
                    .init(NumberFormat.percent(entry.salesShare)),
                ]
            })
        return table.render(options)
    }
}
