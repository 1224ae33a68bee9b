import BoxOfficeCore
/// Records (objects with the same keys) written as CSV, TSV, a markdown pipe table, or a terminal
/// table. Nested values follow `JSONValue.flatText`; text from KOBIS is neutralised so that no
/// control character or escape sequence reaches a terminal or a spreadsheet.
enum RecordTable {
    /// RFC 4180: a header of the keys, then one line per record; a value is quoted when it holds a
    /// comma, a quote, a line break or outer spaces. Lines end with `\n`.
    static func csv(_ records: [JSONValue], fields: [String]) -> String {
        func cell(_ text: String) -> String {
            let clean = neutralised(text, keeping: ["\n"])
            let needsQuotes = clean.contains { $0 == "," || $0 == "\"" || $0 == "\n" } || clean.first == " " || clean.last == " "
            return needsQuotes ? "\"" + clean.replacing("\"", with: "\"\"") + "\"" : clean
        }
        return lines(records, fields: fields) { $0.map(cell).joined(separator: ",") }
    }

    /// Tab-separated: a header of the keys, then one line per record; a backslash, tab, line break
    /// or carriage return inside a value is written `\\`, `\t`, `\n`, `\r`.
    static func tsv(_ records: [JSONValue], fields: [String]) -> String {
        func cell(_ text: String) -> String {
            var escaped = ""
            for character in text {
                switch character {
                case "\\": escaped += "\\\\"
                case "\t": escaped += "\\t"
                case "\n": escaped += "\\n"
                case "\r": escaped += "\\r"
                case "\r\n": escaped += "\\r\\n"
                default: escaped.append(character)
                }
            }
            return neutralised(escaped, keeping: [])
        }
        return lines(records, fields: fields) { $0.map(cell).joined(separator: "\t") }
    }

    /// A GitHub-flavoured pipe table; numbers align right. Characters markdown would read as
    /// formatting or HTML are escaped, so a title shows as it is.
    static func markdown(_ records: [JSONValue], fields: [String]) -> String {
        // A column of numbers (and blanks) aligns right.
        let numeric = fields.map { field in
            records.contains { $0.field(field).isNumber } && records.allSatisfy { $0.field(field).isNumber || $0.field(field) == .null }
        }
        var text = "| " + fields.map(markdownText).joined(separator: " | ") + " |\n"
        text += "|" + numeric.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
        for record in records {
            text += "| " + fields.map { markdownText(record.field($0).flatText) }.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// Markdown's special characters escaped, line breaks as `<br>`, control characters neutralised.
    static func markdownText(_ text: String) -> String {
        var escaped = ""
        for character in neutralised(text, keeping: ["\n"]) {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~": escaped += "\\" + String(character)
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\n": escaped += "<br>"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A terminal table of the chosen fields (`--fields` with the table format); the fields in
    /// `audiences` read as audiences do in tables (`64,050`, or `136.5만` in Korean).
    static func table(_ records: [JSONValue], fields: [String], audiences: Set<String> = [], _ options: RenderOptions) -> String {
        Document(blocks(records, fields: fields, audiences: audiences, options)).rendered(options)
    }

    /// The same as blocks of a document: the table, or a sentence when there is nothing; with
    /// `grouped`, a whole number of five digits or more reads with its thousands separated
    /// (`238,891`; a year stays `2025`).
    static func blocks(_ records: [JSONValue], fields: [String], audiences: Set<String> = [], grouped: Bool = false, _ options: RenderOptions) -> [Document.Block] {
        guard !records.isEmpty else { return [.text(options.label(Label("Nothing to show.", "보여줄 것이 없습니다.")))] }
        let numeric = fields.map { field in records.contains { $0.field(field).isNumber } }
        // One unit a column: 만 only when every audience of it reads in it.
        let inUnits = Set(fields.filter { field in
            audiences.contains(field) && NumberFormat.inUnits(records.map { record in
                if case let .int(number) = record.field(field) { Int(clamping: number) } else { nil }
            }, korean: options.audiencesInUnits)
        })
        func text(_ value: JSONValue, _ field: String) -> String {
            if grouped, !audiences.contains(field), case let .int(number) = value, number.magnitude >= 10_000 { return NumberFormat.grouped(Int(clamping: number)) }
            guard audiences.contains(field), case let .int(number) = value else { return value.flatText }
            return NumberFormat.audience(Int(clamping: number), korean: inUnits.contains(field))
        }
        let table = TextTable(
            columns: fields.indices.map { .init(title: .verbatim(fields[$0]), alignRight: numeric[$0], flexible: $0 == fields.indices.last) },
            rows: records.map { record in fields.map { .init(text(record.field($0), $0)) } })
        return [.table(table)]
    }

    /// One record as labelled lines (`--fields` with the table format, for a single thing).
    static func fields(_ record: JSONValue, fields: [String], _ options: RenderOptions) -> String {
        Document([.fields(fields.map { (.verbatim($0), record.field($0).flatText) })]).rendered(options)
    }

    private static func lines(_ records: [JSONValue], fields: [String], join: ([String]) -> String) -> String {
        ([join(fields)] + records.map { record in join(fields.map { record.field($0).flatText }) }).map { $0 + "\n" }.joined()
    }

    /// Control characters (but those in `keeping`) become U+FFFD and bidirectional overrides go,
    /// as in `TerminalText.clean`, so ESC [2J clears nobody's screen.
    static func neutralised(_ text: String, keeping: Set<Character>) -> String {
        guard text.unicodeScalars.contains(where: \.isUnprintable) else { return text }
        var result = ""
        for character in text {
            if keeping.contains(character) {
                result.append(character)
            } else {
                result += TerminalText.clean(String(character))
            }
        }
        return result
    }
}

extension JSONValue {
    /// A member of an object, or null.
    func field(_ name: String) -> JSONValue {
        guard case let .object(members) = self else { return .null }
        return members.first { $0.0 == name }?.1 ?? .null
    }
}
