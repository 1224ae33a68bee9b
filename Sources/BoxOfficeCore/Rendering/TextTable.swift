/// A table of columns aligned by display width, for terminals.
struct TextTable {
    struct Column {
        var title: String
        var alignRight = false
        /// The one column that is shortened when the table is wider than the terminal.
        var flexible = false
    }

    struct Cell {
        var text: String
        var color: TextColor?

        init(_ text: String, color: TextColor? = nil) {
            self.text = TerminalText.clean(text)
            self.color = color
        }
    }

    var columns: [Column]
    var rows: [[Cell]]
    var separator = "  "

    /// Lines of the table, header first, without trailing spaces.
    func render(_ options: RenderOptions) -> [String] {
        var widths = columns.indices.map { index in
            rows.reduce(TerminalText.width(columns[index].title)) { max($0, TerminalText.width($1[index].text)) }
        }
        if let available = options.width, let flexible = columns.firstIndex(where: \.flexible) {
            let total = widths.reduce(0, +) + separator.count * (columns.count - 1)
            if total > available {
                widths[flexible] = max(TerminalText.width(columns[flexible].title), 8, widths[flexible] - (total - available))
            }
        }
        let header = columns.indices.map { index in
            TextColor.bold.apply(layout(columns[index].title, index, widths), if: options.colors)
        }
        let body = rows.map { row in
            columns.indices.map { index in
                row[index].color?.apply(layout(row[index].text, index, widths), if: options.colors)
                    ?? layout(row[index].text, index, widths)
            }
        }
        return ([header] + body).map { cells in
            var line = cells.joined(separator: separator)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    private func layout(_ text: String, _ index: Int, _ widths: [Int]) -> String {
        let fitted = TerminalText.truncate(text, to: widths[index])
        return TerminalText.pad(fitted, to: widths[index], alignRight: columns[index].alignRight)
    }
}
