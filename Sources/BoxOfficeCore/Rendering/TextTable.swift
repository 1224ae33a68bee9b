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
            layout(Cell(columns[index].title, color: .bold), index, widths, colors: options.colors)
        }
        let body = rows.map { row in
            columns.indices.map { index in layout(row[index], index, widths, colors: options.colors) }
        }
        return ([header] + body).map { cells in
            var line = cells.joined(separator: separator)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Fits the cell to its column; colour wraps the text only, never the padding.
    private func layout(_ cell: Cell, _ index: Int, _ widths: [Int], colors: Bool) -> String {
        let fitted = TerminalText.truncate(cell.text, to: widths[index])
        let padding = String(repeating: " ", count: max(0, widths[index] - TerminalText.width(fitted)))
        let shown = cell.color?.apply(fitted, if: colors) ?? fitted
        return columns[index].alignRight ? padding + shown : shown + padding
    }
}
