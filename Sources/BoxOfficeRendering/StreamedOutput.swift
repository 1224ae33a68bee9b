import BoxOfficeCore
/// Many results of one kind written as one output, piece by piece as each arrives: a range of
/// days as tables one after another, one JSON array, or one CSV with a single header row.
package struct StreamedOutput: Sendable {
    package let style: OutputStyle
    private var count = 0
    /// The columns of CSV and TSV when a day may be missing from the range: the values' own, then
    /// `notRead` (empty on the rows read, why on a day's row that was not).
    private let flatColumns: [String]?

    /// `notRead` (for a range of days) gives CSV and TSV a column saying why a day was not read,
    /// and such a day its own row; `columns`: the values' columns (`Presentable.columns`).
    package init(style: OutputStyle, notReadAfter columns: [String]? = nil) {
        self.style = style
        flatColumns = columns.map { (style.fields ?? $0) + ["notRead"] }
    }

    /// The text for the next result.
    package mutating func next<Value: Presentable>(_ value: Value) -> String {
        // A day not read has a line of its own in JSON Lines, and a row of its own in CSV or TSV
        // where the range has a column for it.
        if value is NotReadDay {
            switch style.format {
            case .csv where flatColumns == nil, .tsv where flatColumns == nil: return ""
            case .jsonl: return value.json.serialized(pretty: false)
            default: break
            }
        }
        defer { count += 1 }
        let first = count == 0
        switch style.format {
        case .table, .markdown, .html:
            // Each one whole, as it reads alone: tables one after another.
            return (first ? "" : "\n") + value.rendered(style)
        case .json:
            // With --fields, each result as it is, with only the chosen keys of its items.
            let elements = [style.fields.map(value.json(fields:)) ?? value.json]
            var text = ""
            for (index, element) in elements.enumerated() {
                let opening = first && index == 0
                text += (opening ? (style.prettyJSON ? "[\n" : "[") : (style.prettyJSON ? ",\n" : ",")) + element.serializedElement(pretty: style.prettyJSON)
            }
            if first && elements.isEmpty { count -= 1 }
            return text
        case .jsonl:
            return value.rendered(style)
        case .csv, .tsv:
            var text = value.rendered(style)
            if let columns = flatColumns {
                let rows = value is NotReadDay ? [value.json] : value.records
                text = style.format == .csv ? RecordTable.csv(rows, fields: columns) : RecordTable.tsv(rows, fields: columns)
            }
            guard !first else { return text }
            // The header only once.
            return text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst(1).joined(separator: "\n")
        }
    }

    /// What ends the output once every result is written.
    package func finish() -> String {
        guard style.format == .json else { return "" }
        if count == 0 { return "[]\n" }
        return style.prettyJSON ? "\n]\n" : "]\n"
    }
}
