extension WeeklyBoxOffice {
    /// The ranking as a table, with a heading naming the period.
    public func table(_ options: RenderOptions) -> String {
        let days = "\(start.iso) (\(options.weekday(start))) – \(end.iso) (\(options.weekday(end)))"
        let week = yearWeek.map { " · \(options.label("week")) \($0)" } ?? ""
        return BoxOfficeEntry.ranking(heading: "\(options.label(period.title)) · \(days)\(week)", scope: scope, entries: entries,
                                      provisional: provisional, empty: "KOBIS has no box office figures for this period.", options)
    }

    /// The contract's JSON object.
    public var json: JSONValue {
        .object([
            ("period", .string(period.rawValue)), ("start", .string(start.iso)), ("end", .string(end.iso)),
            ("yearWeek", JSONValue(yearWeek)), ("provisional", .bool(provisional)), ("entries", .array(entries.map(\.json))),
        ])
    }
}
