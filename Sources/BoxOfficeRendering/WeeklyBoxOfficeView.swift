import BoxOfficeCore
extension WeeklyBoxOffice {
    /// The ranking as a table, with a heading naming the period.
    package func table(_ options: RenderOptions) -> String {
        ranking(fields: nil, options)
    }

    /// The ranking with only `fields` as columns (`--fields`), keeping its heading and formatting.
    package func table(_ options: RenderOptions, fields: [String]) -> String? {
        ranking(fields: fields, options)
    }

    private func ranking(fields: [String]?, _ options: RenderOptions) -> String {
        let days = "\(start.iso) (\(options.weekday(start))) – \(end.iso) (\(options.weekday(end)))"
        let week = yearWeek.map { " · \(options.label("week")) \($0)" } ?? ""
        return BoxOfficeEntry.ranking(heading: "\(options.label(period.title)) · \(days)\(week)", scope: scope, entries: entries,
                                      provisional: provisional, empty: "KOBIS has no box office figures for this period.", fields: fields,
                                      extra: ["period": period.rawValue, "start": start.iso, "end": end.iso, "filter": scope?.text ?? ""], options)
    }

    /// The contract's JSON object.
    package var json: JSONValue {
        .object([
            ("period", .string(period.rawValue)), ("start", .string(start.iso)), ("end", .string(end.iso)),
            ("yearWeek", JSONValue(yearWeek)), ("provisional", .bool(provisional)),
        ] + (scope.map { [("filter", $0.json)] } ?? []) + [("entries", .array(entries.map(\.json)))])
    }
}
