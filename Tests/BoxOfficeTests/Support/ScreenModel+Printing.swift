
extension ScreenModel {
    // MARK: - UTF-8

    mutating func startUTF8(_ byte: UInt8) {
        switch byte {
        case 0xC2...0xDF: utf8Needed = 1
        case 0xE0...0xEF: utf8Needed = 2
        case 0xF0...0xF4: utf8Needed = 3
        default:
            printScalar(Self.replacement)
            return
        }
        utf8Pending = [byte]
    }

    mutating func finishUTF8() {
        var decoder = UTF8()
        var iterator = utf8Pending.makeIterator()
        let scalar: Unicode.Scalar
        if case .scalarValue(let decoded) = decoder.decode(&iterator) {
            scalar = decoded
        } else {
            scalar = Self.replacement
        }
        resetUTF8()
        printScalar(scalar)
    }

    mutating func resetUTF8() {
        utf8Pending.removeAll(keepingCapacity: true)
        utf8Needed = 0
    }

    static let replacement: Unicode.Scalar = "\u{FFFD}"

    // MARK: - Control characters

    mutating func executeControl(_ byte: UInt8) {
        switch byte {
        case 0x08:
            cursorState.pendingWrap = false
            cursorState.column = max(0, cursorState.column - 1)
        case 0x09:
            cursorState.pendingWrap = false
            cursorState.column = min(columns - 1, (cursorState.column / 8 + 1) * 8)
        case 0x0A, 0x0B, 0x0C:
            lineFeed()
        case 0x0D:
            cursorState.pendingWrap = false
            cursorState.column = 0
        case 0x1B:
            resetUTF8()
            state = .escape
        default:
            // BEL, SO/SI, NUL and the rest have no effect on the grid.
            break
        }
    }

    // MARK: - Printing

    mutating func printScalar(_ scalar: Unicode.Scalar) {
        let character = Character(scalar)
        let cellWidth = min(max(width(character), 0), 2)
        if cellWidth == 0 {
            combine(scalar)
            return
        }
        let span = columns >= 2 ? cellWidth : 1
        if cursorState.pendingWrap && autowrap {
            cursorState.column = 0
            lineFeed()
        }
        cursorState.pendingWrap = false
        if span == 2 && cursorState.column == columns - 1 {
            if autowrap {
                setCell(.blank, row: cursorState.row, column: cursorState.column)
                cursorState.column = 0
                lineFeed()
            } else {
                cursorState.column = columns - 2
            }
        }
        let row = cursorState.row
        let column = cursorState.column
        if span == 2 {
            setCell(.wide(character), row: row, column: column)
            setCell(.continuation, row: row, column: column + 1)
        } else {
            setCell(.narrow(character), row: row, column: column)
        }
        if column + span >= columns {
            cursorState.column = columns - 1
            cursorState.pendingWrap = autowrap
        } else {
            cursorState.column = column + span
        }
    }

    /// Attaches a zero-width scalar to the character left of the cursor.
    mutating func combine(_ scalar: Unicode.Scalar) {
        var column = cursorState.pendingWrap ? cursorState.column : cursorState.column - 1
        let row = cursorState.row
        guard column >= 0 else { return }
        if grids[active][row][column] == .continuation { column -= 1 }
        guard column >= 0 else { return }
        var combined: String
        switch grids[active][row][column] {
        case .narrow(let base), .wide(let base): combined = String(base)
        default: return
        }
        combined.unicodeScalars.append(scalar)
        // Only accept the scalar if it really extends the grapheme.
        guard combined.count == 1, let merged = combined.first else { return }
        switch grids[active][row][column] {
        case .wide: grids[active][row][column] = .wide(merged)
        default: grids[active][row][column] = .narrow(merged)
        }
    }

    /// Writes a cell, blanking the other half of any wide character it overlaps.
    mutating func setCell(_ cell: Cell, row: Int, column: Int) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        breakWideCharacter(row: row, column: column)
        grids[active][row][column] = cell
    }

    /// If the cell is half of a wide character, blanks the other half.
    mutating func breakWideCharacter(row: Int, column: Int) {
        switch grids[active][row][column] {
        case .continuation where column > 0:
            grids[active][row][column - 1] = .blank
        case .wide where column + 1 < columns:
            grids[active][row][column + 1] = .blank
        default:
            break
        }
    }

    /// Blanks `range` of a row, also blanking wide-character halves cut at its edges.
    mutating func erase(row: Int, columns range: Range<Int>) {
        let lower = max(0, range.lowerBound)
        let upper = min(columns, range.upperBound)
        guard row >= 0, row < rows, lower < upper else { return }
        breakWideCharacter(row: row, column: lower)
        breakWideCharacter(row: row, column: upper - 1)
        for column in lower..<upper {
            grids[active][row][column] = .blank
        }
    }

    // MARK: - Cursor movement and scrolling

    mutating func lineFeed() {
        cursorState.pendingWrap = false
        if cursorState.row == scrollBottom {
            scrollUp(1)
        } else if cursorState.row < rows - 1 {
            cursorState.row += 1
        }
    }

    mutating func reverseIndex() {
        cursorState.pendingWrap = false
        if cursorState.row == scrollTop {
            scrollDown(1)
        } else if cursorState.row > 0 {
            cursorState.row -= 1
        }
    }

    /// Scrolls the scroll region up: top lines disappear, blank lines enter at the bottom.
    mutating func scrollUp(_ count: Int) {
        deleteLines(count, at: scrollTop)
    }

    /// Scrolls the scroll region down: blank lines enter at the top.
    mutating func scrollDown(_ count: Int) {
        insertLines(count, at: scrollTop)
    }

    /// Inserts blank lines at `row`, pushing lines down to the region bottom.
    mutating func insertLines(_ count: Int, at row: Int) {
        guard row >= scrollTop, row <= scrollBottom else { return }
        let count = min(count, scrollBottom - row + 1)
        guard count > 0 else { return }
        grids[active].removeSubrange((scrollBottom - count + 1)...scrollBottom)
        grids[active].insert(contentsOf: Array(repeating: Self.blankRow(columns), count: count), at: row)
    }

    /// Deletes lines at `row`, pulling lines up and adding blanks at the region bottom.
    mutating func deleteLines(_ count: Int, at row: Int) {
        guard row >= scrollTop, row <= scrollBottom else { return }
        let count = min(count, scrollBottom - row + 1)
        guard count > 0 else { return }
        grids[active].removeSubrange(row..<(row + count))
        grids[active].insert(contentsOf: Array(repeating: Self.blankRow(columns), count: count), at: scrollBottom - count + 1)
    }

    /// Moves the cursor vertically, stopping at the scroll region edge if inside it.
    mutating func moveVertically(by delta: Int) {
        cursorState.pendingWrap = false
        let inRegion = cursorState.row >= scrollTop && cursorState.row <= scrollBottom
        let top = inRegion ? scrollTop : 0
        let bottom = inRegion ? scrollBottom : rows - 1
        cursorState.row = min(max(cursorState.row + delta, top), bottom)
    }

    mutating func moveTo(row: Int, column: Int) {
        cursorState.pendingWrap = false
        cursorState.row = min(max(row, 0), rows - 1)
        cursorState.column = min(max(column, 0), columns - 1)
    }

    mutating func saveCursor() {
        if inAlternateScreen {
            savedAlternateCursor = cursorState
        } else {
            savedMainCursor = cursorState
        }
    }

    mutating func restoreCursor() {
        let saved = inAlternateScreen ? savedAlternateCursor : savedMainCursor
        cursorState = clamped(saved ?? CursorState())
    }

    func clamped(_ position: CursorState) -> CursorState {
        var result = position
        result.row = min(max(result.row, 0), rows - 1)
        result.column = min(max(result.column, 0), columns - 1)
        return result
    }

    mutating func fullReset() {
        self = ScreenModel(columns: columns, rows: rows, width: width)
    }
}
