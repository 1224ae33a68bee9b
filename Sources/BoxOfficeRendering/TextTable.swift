import BoxOfficeCore
/// A table of columns aligned by display width, for terminals, that fits the terminal: first the
/// flexible column (the title) gives up its room down to a comfortable width, then the least
/// important columns go, then the title shrinks further; no line is ever wider than the terminal.
package struct TextTable {
    package struct Column {
        package var title: Label
        package var alignRight = false
        /// The one column that is shortened when the table is wider than the terminal.
        package var flexible = false
        /// Columns of lower importance are dropped first when the terminal is narrow; nil: never dropped.
        package var dropOrder: Int? = nil
        /// A shorter heading, used when the table is too wide for the terminal, before the flexible
        /// column (the titles) gives up any room.
        package var shortTitle: Label? = nil

        package init(title: Label, alignRight: Bool = false, flexible: Bool = false, dropOrder: Int? = nil, shortTitle: Label? = nil) {
            self.title = title
            self.alignRight = alignRight
            self.flexible = flexible
            self.dropOrder = dropOrder
            self.shortTitle = shortTitle
        }
    }

    package struct Cell {
        package var text: String
        package var color: TextColor?

        package init(_ text: String, color: TextColor? = nil) {
            self.text = TerminalText.clean(text)
            self.color = color
        }
    }

    package var columns: [Column]
    package var rows: [[Cell]]
    package var separator = "  "

    package init(columns: [Column], rows: [[Cell]], separator: String = "  ") {
        self.columns = columns
        self.rows = rows
        self.separator = separator
    }

    /// Below this, a title is cut only once every droppable column has gone.
    package static let comfortableFlexibleWidth = 14
    /// A title is never cut below this.
    package static let smallestFlexibleWidth = 4

    /// Lines of the table, header first, without trailing spaces; when columns had to be left
    /// out to fit, a last line says how many.
    package func render(_ options: RenderOptions) -> [String] {
        let wide = options.ambiguousWide
        var kept = Array(columns.indices)
        var titles = columns.map { options.label($0.title) }
        func naturalWidth(_ index: Int) -> Int {
            rows.reduce(TerminalText.width(titles[index], ambiguousWide: wide)) { max($0, TerminalText.width($1[index].text, ambiguousWide: wide)) }
        }
        var widths = columns.indices.map(naturalWidth)
        let flexible = columns.firstIndex(where: \.flexible)
        if let available = options.width {
            func total() -> Int { kept.reduce(0) { $0 + widths[$1] } + separator.count * max(0, kept.count - 1) }
            // Short headings first: the titles' room matters more than "Total audience" spelled out.
            if total() > available {
                for index in columns.indices {
                    guard let short = columns[index].shortTitle else { continue }
                    titles[index] = options.label(short)
                    widths[index] = naturalWidth(index)
                }
            }
            let natural = flexible.map { widths[$0] } ?? 0
            if let flexible, total() > available {
                widths[flexible] = max(min(natural, Self.comfortableFlexibleWidth), widths[flexible] - (total() - available))
            }
            // Drop the least important columns while the table is still too wide.
            let droppable = kept.filter { columns[$0].dropOrder != nil }.sorted { columns[$0].dropOrder! < columns[$1].dropOrder! }
            for index in droppable where total() > available {
                kept.removeAll { $0 == index }
                if let flexible {
                    widths[flexible] = min(natural, widths[flexible] + max(0, available - total()))
                }
            }
            if let flexible, total() > available {
                widths[flexible] = max(Self.smallestFlexibleWidth, widths[flexible] - (total() - available))
            }
        }
        let texts = flexible.map { fittedTexts(column: $0, width: widths[$0], options) }
        let header = kept.map { index in
            layout(Cell(titles[index], color: .bold), index, widths, colors: options.colors, wide: wide)
        }
        let body = rows.indices.map { row in
            kept.map { index in
                var cell = rows[row][index]
                if index == flexible, let texts { cell.text = texts[row] }
                return layout(cell, index, widths, colors: options.colors, wide: wide)
            }
        }
        let lines = ([header] + body).map { cells in
            var line = cells.joined(separator: separator).trimmingTrailingSpaces()
            // Whatever the columns, no line is wider than the terminal.
            if let available = options.width, TerminalText.width(line, ambiguousWide: wide) > available, !options.colors {
                line = TerminalText.truncate(line, to: available, ambiguousWide: wide)
            }
            return line
        }
        let left = columns.count - kept.count
        guard left > 0 else { return lines }
        return lines + [TextColor.dim.apply(options.leftOut(columns: left, within: options.width), if: options.colors)]
    }

    /// The flexible column's texts cut to `width`; two different texts that would read the same
    /// once cut (equal, or one the start of the other, spaces aside) are cut in the middle
    /// instead, keeping their ends, so they can still be told apart.
    private func fittedTexts(column: Int, width: Int, _ options: RenderOptions) -> [String] {
        let wide = options.ambiguousWide
        let originals = rows.map { $0[column].text }
        var fitted = originals.map { TerminalText.truncate($0, to: width, ambiguousWide: wide) }
        let visible = fitted.map { $0.filter { $0 != " " && $0 != "…" } }
        for index in fitted.indices where fitted[index] != originals[index] {
            let clashes = fitted.indices.filter { other in
                other != index && originals[other] != originals[index]
                    && (visible[other].hasPrefix(visible[index]) || visible[index].hasPrefix(visible[other]))
            }
            for clash in clashes + (clashes.isEmpty ? [] : [index]) where fitted[clash] != originals[clash] {
                fitted[clash] = TerminalText.truncateMiddle(originals[clash], to: width, ambiguousWide: wide)
            }
        }
        return fitted
    }

    /// Fits the cell to its column; colour wraps the text only, never the padding.
    private func layout(_ cell: Cell, _ index: Int, _ widths: [Int], colors: Bool, wide: Bool) -> String {
        let fitted = TerminalText.truncate(cell.text, to: widths[index], ambiguousWide: wide)
        let padding = String(repeating: " ", count: max(0, widths[index] - TerminalText.width(fitted, ambiguousWide: wide)))
        let shown = cell.color?.apply(fitted, if: colors) ?? fitted
        return columns[index].alignRight ? padding + shown : shown + padding
    }

    /// Rows without a header, the last column wrapped to fit `width` with its continuation lines
    /// aligned under it (a movie's cast roles, its companies).
    func renderWrappingLast(_ options: RenderOptions, width: Int?) -> [String] {
        let wide = options.ambiguousWide
        guard let last = columns.indices.last else { return [] }
        let widths = columns.indices.dropLast().map { index in rows.reduce(0) { max($0, TerminalText.width($1[index].text, ambiguousWide: wide)) } }
        let lead = widths.reduce(0, +) + separator.count * widths.count
        let lastWidth = width.map { max(10, $0 - lead) }
        return rows.flatMap { row -> [String] in
            let front = widths.indices.map { TerminalText.pad(row[$0].text, to: widths[$0], ambiguousWide: wide) }.joined(separator: separator)
            let pieces = lastWidth.map { TerminalText.wrap(row[last].text, to: $0, ambiguousWide: wide) } ?? [row[last].text]
            return pieces.enumerated().map { offset, piece in
                let line = widths.isEmpty ? piece : (offset == 0 ? front : String(repeating: " ", count: lead - separator.count)) + separator + piece
                return line.trimmingTrailingSpaces()
            }
        }
    }
}
