import BoxOfficeCore
/// How a result is printed.
package enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, jsonl, csv, tsv, markdown, html
}

/// Everything that decides how a result reads: the format, the JSON layout, the chosen fields,
/// and the terminal's colours and width.
package struct OutputStyle: Sendable, Equatable {
    package var format: OutputFormat
    /// Indented JSON (on a terminal), or one line (when piped).
    package var prettyJSON: Bool
    /// `--fields`: only these keys, in this order; nil for all.
    package var fields: [String]?
    package var options: RenderOptions

    package init(format: OutputFormat = .table, prettyJSON: Bool = true, fields: [String]? = nil, options: RenderOptions = RenderOptions()) {
        self.format = format
        self.prettyJSON = prettyJSON
        self.fields = fields
        self.options = options
    }
}

package extension Presentable {
    /// The value in `style`: the one place every command's output goes through.
    func rendered(_ style: OutputStyle) -> String {
        let fields = style.fields ?? columns
        let selected = style.fields == nil ? records : records.map { $0.selecting(fields) }
        func forReading(_ options: RenderOptions) -> String {
            guard let chosen = style.fields else { return table(options) }
            if let text = table(options, fields: chosen) { return text }
            return Self.isList ? RecordTable.table(selected, fields: fields, options)
                : RecordTable.fields(selected.first ?? .null, fields: fields, options)
        }
        switch style.format {
        case .table:
            return forReading(style.options)
        case .markdown:
            let options = style.options.article(.markdown)
            if style.fields == nil, let card = markdown(options) { return card }
            return forReading(options)
        case .html:
            return forReading(style.options.article(.html))
        case .json:
            guard let chosen = style.fields else { return json.serialized(pretty: style.prettyJSON) }
            return json(fields: chosen).serialized(pretty: style.prettyJSON)
        case .jsonl:
            return selected.map { $0.serialized(pretty: false) }.joined()
        case .csv:
            return RecordTable.csv(selected, fields: fields)
        case .tsv:
            return RecordTable.tsv(selected, fields: fields)
        }
    }

    /// The names in `fields` that this kind of result does not have.
    static func unknownFields(_ fields: [String]) -> [String] {
        fields.filter { !fieldNames.contains($0) }
    }
}
