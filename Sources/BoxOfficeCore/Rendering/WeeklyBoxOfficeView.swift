extension WeeklyBoxOffice {
    /// The ranking as a table, with a heading naming the period.
    public func table(_ options: RenderOptions) -> String {
        let days = "\(start.iso) (\(start.weekday.shortName)) – \(end.iso) (\(end.weekday.shortName))"
        let week = yearWeek.map { " · week \($0)" } ?? ""
        let heading = TextColor.bold.apply("\(period.title) · \(days)\(week)" + (scope.map { " · " + $0 } ?? ""), if: options.colors)
        guard !entries.isEmpty else {
            return heading + "\n\nKOBIS has no box office figures for this period.\n"
        }
        return heading + "\n\n" + BoxOfficeEntry.table(entries, options).joined(separator: "\n") + "\n"
    }

    /// The contract's JSON object.
    public var json: JSONValue {
        .object([
            ("period", .string(period.rawValue)), ("start", .string(start.iso)), ("end", .string(end.iso)),
            ("yearWeek", JSONValue(yearWeek)), ("entries", .array(entries.map(\.json))),
        ])
    }
}
