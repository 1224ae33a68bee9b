import BoxOfficeCore
/// Many results of one kind written as one output, piece by piece as each arrives: a range of
/// days as tables one after another, one JSON array, or one CSV with a single header row.
package struct StreamedOutput: Sendable {
    package let style: OutputStyle
    private var count = 0

    package init(style: OutputStyle) {
        self.style = style
    }

    /// The text for the next result.
    package mutating func next<Value: Presentable>(_ value: Value) -> String {
        // A day not read has no row in CSV or TSV (the exit status and stderr say it), a line of
        // its own in JSON Lines.
        if value is NotReadDay {
            switch style.format {
            case .csv, .tsv: return ""
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
            let text = value.rendered(style)
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
