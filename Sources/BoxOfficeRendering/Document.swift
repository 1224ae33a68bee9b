import BoxOfficeCore

/// Where a result is read: a terminal, or an article (markdown or HTML) that takes the same table
/// a person reads in the terminal: the same columns, headings in words, numbers as shown.
package enum Medium: Sendable, Equatable {
    case terminal, markdown, html
}

/// A result laid out as a person reads it — a heading, notes, tables, labelled fields, lines — and
/// written for the medium: lined up for a terminal, or as markdown or HTML for an article. One
/// layout for the three, so the article shows exactly what the terminal shows.
package struct Document {
    package enum Block {
        /// A title: bold, broken after a ` · ` to fit the terminal.
        case heading(String)
        /// Quieter lines under a heading or a table (dim), each wrapped to `wrap` columns.
        case notes([String], wrap: Int?)
        /// An empty line, on the terminal; nothing elsewhere (blocks are paragraphs there).
        case blank
        /// A table; on the terminal, a rule under row `ruleAfter` (a deep ranking's last exact rank).
        case table(TextTable, ruleAfter: Int? = nil)
        /// `Label  value` lines.
        case fields([(Label, String)])
        /// Lines laid out for the terminal as they are (a chart): preformatted elsewhere.
        case lines([String])
        /// A sentence.
        case text(String)
        /// A list of sentences: each after a bullet on the terminal (wrapped under itself where
        /// the terminal is narrower), a markdown list, an HTML `<ul>`.
        case items([String])
    }

    package var blocks: [Block]

    package init(_ blocks: [Block] = []) {
        self.blocks = blocks
    }

    package mutating func append(_ block: Block) {
        blocks.append(block)
    }

    /// The document in `options.medium`.
    package func rendered(_ options: RenderOptions) -> String {
        switch options.medium {
        case .terminal: terminal(options)
        case .markdown: markdown(options)
        case .html: html(options)
        }
    }

    // MARK: Terminal

    private func terminal(_ options: RenderOptions) -> String {
        let wide = options.ambiguousWide
        var text = ""
        for block in blocks {
            switch block {
            case let .heading(title):
                text += TerminalText.headingLines(TerminalText.clean(title), width: options.width, ambiguousWide: wide)
                    .map { TextColor.bold.apply($0, if: options.colors) + "\n" }.joined()
            case let .notes(notes, wrap):
                text += options.notes(notes.map(TerminalText.clean), width: wrap ?? Int.max)
            case .blank:
                text += "\n"
            case let .table(table, ruleAfter):
                var lines = table.render(options)
                // The header is the table's first line; the rule goes under the row of the last exact rank.
                if let ruleAfter, ruleAfter < table.rows.count, lines.count > ruleAfter + 1 {
                    // As wide as the table shows (its colours take no room), and never wider than the terminal.
                    let widest = lines.prefix(table.rows.count + 1).map { TerminalText.width(TextColor.stripped($0), ambiguousWide: wide) }.max() ?? 0
                    let rule = TerminalText.width("─", ambiguousWide: wide)
                    let width = min(widest, options.width ?? .max) / rule
                    lines.insert(TextColor.dim.apply(String(repeating: "─", count: max(1, width)), if: options.colors), at: ruleAfter + 1)
                }
                text += lines.map { $0 + "\n" }.joined()
            case let .fields(fields):
                text += LabelledFields(fields).render(options)
            case let .lines(lines):
                text += lines.map { $0 + "\n" }.joined()
            case let .text(sentence):
                text += TerminalText.clean(sentence) + "\n"
            case let .items(sentences):
                text += sentences.flatMap { sentence -> [String] in
                    let clean = TerminalText.clean(sentence)
                    guard let width = options.width else { return ["• " + clean] }
                    let wrapped = TerminalText.wrap(clean, to: max(10, width - 2), ambiguousWide: wide)
                    return wrapped.enumerated().map { ($0.offset == 0 ? "• " : "  ") + $0.element }
                }.map { $0 + "\n" }.joined()
            }
        }
        return text
    }

    // MARK: Markdown

    /// Paragraphs: the heading bold, notes and sentences as text, tables as pipe tables with the
    /// terminal's headings and cells, fields as a list, laid-out lines in a fenced block.
    private func markdown(_ options: RenderOptions) -> String {
        var paragraphs: [String] = []
        for block in blocks {
            switch block {
            case let .heading(title):
                paragraphs.append("**" + RecordTable.markdownText(title) + "**")
            case let .notes(notes, _):
                paragraphs += notes.map(RecordTable.markdownText)
            case .blank:
                break
            case let .table(table, _):
                let columns = table.columns
                var lines = ["| " + columns.map { RecordTable.markdownText(options.label($0.title)) }.joined(separator: " | ") + " |"]
                lines.append("|" + columns.map { $0.alignRight ? " ---: |" : " --- |" }.joined())
                lines += table.rows.map { row in "| " + row.map { RecordTable.markdownText($0.text) }.joined(separator: " | ") + " |" }
                paragraphs.append(lines.joined(separator: "\n"))
            case let .fields(fields):
                paragraphs.append(fields.map { "- **\(RecordTable.markdownText(options.label($0.0))):** \(RecordTable.markdownText($0.1))" }.joined(separator: "\n"))
            case let .lines(lines):
                // A fence longer than any run of backticks inside, so nothing closes it early.
                let fence = String(repeating: "`", count: max(3, (lines.map(Self.longestBacktickRun).max() ?? 0) + 1))
                paragraphs.append(([fence + "text"] + lines.map { RecordTable.neutralised($0, keeping: []) } + [fence]).joined(separator: "\n"))
            case let .text(sentence):
                paragraphs.append(RecordTable.markdownText(sentence))
            case let .items(sentences):
                paragraphs.append(sentences.map { "- " + RecordTable.markdownText($0) }.joined(separator: "\n"))
            }
        }
        return paragraphs.joined(separator: "\n\n") + "\n"
    }

    private static func longestBacktickRun(_ line: String) -> Int {
        var longest = 0, run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    // MARK: HTML

    /// Plain HTML, no styles: a table with the heading as its caption, notes and sentences as
    /// paragraphs, fields as a table of rows, laid-out lines preformatted; every text escaped.
    private func html(_ options: RenderOptions) -> String {
        var parts: [String] = []
        // A heading waits to be the caption of the table it names; notes under it wait with it.
        var caption: String?
        var held: [String] = []
        func flushCaption() {
            if let pending = caption { parts.append("<p><strong>\(Self.escaped(pending))</strong></p>") }
            parts += held
            caption = nil
            held = []
        }
        func table(head: [String]?, rows: [[String]], rowHeadings: Bool) -> String {
            parts += held
            held = []
            var lines = ["<table>"]
            if let pending = caption { lines.append("<caption>\(Self.escaped(pending))</caption>") }
            caption = nil
            if let head {
                lines += ["<thead>", "<tr>" + head.map { "<th scope=\"col\">\(Self.escaped($0))</th>" }.joined() + "</tr>", "</thead>"]
            }
            lines.append("<tbody>")
            lines += rows.map { row in
                "<tr>" + row.enumerated().map { index, cell in
                    index == 0 && rowHeadings ? "<th scope=\"row\">\(Self.escaped(cell))</th>" : "<td>\(Self.escaped(cell))</td>"
                }.joined() + "</tr>"
            }
            lines += ["</tbody>", "</table>"]
            return lines.joined(separator: "\n")
        }
        for block in blocks {
            switch block {
            case let .heading(title):
                flushCaption()
                caption = title
            case let .notes(notes, _):
                // Notes under a heading go before the table the heading names.
                let paragraphs = notes.map { "<p>\(Self.escaped($0))</p>" }
                if caption != nil { held += paragraphs } else { parts += paragraphs }
            case .blank:
                break
            case let .table(value, _):
                parts.append(table(head: value.columns.map { options.label($0.title) }, rows: value.rows.map { $0.map(\.text) }, rowHeadings: false))
            case let .fields(fields):
                parts.append(table(head: nil, rows: fields.map { [options.label($0.0), $0.1] }, rowHeadings: true))
            case let .lines(lines):
                flushCaption()
                parts.append("<pre>" + lines.map(Self.escaped).joined(separator: "\n") + "</pre>")
            case let .text(sentence):
                flushCaption()
                parts.append("<p>\(Self.escaped(sentence))</p>")
            case let .items(sentences):
                flushCaption()
                parts.append((["<ul>"] + sentences.map { "<li>\(Self.escaped($0))</li>" } + ["</ul>"]).joined(separator: "\n"))
            }
        }
        flushCaption()
        return parts.joined(separator: "\n") + "\n"
    }

    /// Text as HTML shows it: `& < > " '` escaped, control characters neutralised.
    package static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in RecordTable.neutralised(text, keeping: []) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
