
extension ScreenModel {
    // MARK: - CSI dispatch

    /// Parameters of the current CSI; `nil` for empty or unparsable ones.
    func parameters() -> [Int?] {
        guard !parameterBytes.isEmpty else { return [] }
        return parameterBytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            guard !field.isEmpty else { return nil }
            var value = 0
            for byte in field {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 65_535)
            }
            return value
        }
    }

    mutating func dispatchCSI(final: UInt8) {
        let params = parameters()
        /// The parameter at `index`, or `defaultValue` when absent or zero.
        func count(_ index: Int, _ defaultValue: Int = 1) -> Int {
            guard index < params.count, let value = params[index], value != 0 else { return defaultValue }
            return value
        }
        /// The parameter at `index`, or 0 when absent.
        func mode(_ index: Int) -> Int {
            guard index < params.count, let value = params[index] else { return 0 }
            return value
        }

        if !intermediateBytes.isEmpty { return }  // DECSCUSR, DECSTR, ...: ignored.
        if let marker = privateMarker {
            if marker == UInt8(ascii: "?"), final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
                for case let value? in params {
                    setPrivateMode(value, enabled: final == UInt8(ascii: "h"))
                }
            }
            return  // Other private sequences (queries, kitty keyboard, ...) are ignored.
        }

        switch final {
        case UInt8(ascii: "A"):
            moveVertically(by: -count(0))
        case UInt8(ascii: "B"), UInt8(ascii: "e"):
            moveVertically(by: count(0))
        case UInt8(ascii: "C"), UInt8(ascii: "a"):
            moveTo(row: cursorState.row, column: cursorState.column + count(0))
        case UInt8(ascii: "D"):
            moveTo(row: cursorState.row, column: cursorState.column - count(0))
        case UInt8(ascii: "E"):
            moveVertically(by: count(0))
            cursorState.column = 0
        case UInt8(ascii: "F"):
            moveVertically(by: -count(0))
            cursorState.column = 0
        case UInt8(ascii: "G"), UInt8(ascii: "`"):
            moveTo(row: cursorState.row, column: count(0) - 1)
        case UInt8(ascii: "d"):
            moveTo(row: count(0) - 1, column: cursorState.column)
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            moveTo(row: count(0) - 1, column: count(1) - 1)
        case UInt8(ascii: "J"):
            eraseInDisplay(mode(0))
        case UInt8(ascii: "K"):
            eraseInLine(mode(0))
        case UInt8(ascii: "X"):
            cursorState.pendingWrap = false
            erase(row: cursorState.row, columns: cursorState.column..<(cursorState.column + count(0)))
        case UInt8(ascii: "@"):
            insertCharacters(count(0))
        case UInt8(ascii: "P"):
            deleteCharacters(count(0))
        case UInt8(ascii: "L"):
            if cursorState.row >= scrollTop && cursorState.row <= scrollBottom {
                insertLines(count(0), at: cursorState.row)
                moveTo(row: cursorState.row, column: 0)
            }
        case UInt8(ascii: "M"):
            if cursorState.row >= scrollTop && cursorState.row <= scrollBottom {
                deleteLines(count(0), at: cursorState.row)
                moveTo(row: cursorState.row, column: 0)
            }
        case UInt8(ascii: "S"):
            scrollUp(count(0))
        case UInt8(ascii: "T"):
            // `CSI Ps ; ... T` with several parameters is mouse tracking: ignored.
            if params.count <= 1 { scrollDown(count(0)) }
        case UInt8(ascii: "r"):
            let top = count(0) - 1
            let bottom = count(1, rows) - 1
            if top < bottom && bottom < rows {
                scrollTop = top
                scrollBottom = bottom
                moveTo(row: 0, column: 0)
            }
        case UInt8(ascii: "s"):
            if params.isEmpty { saveCursor() }
        case UInt8(ascii: "u"):
            if params.isEmpty { restoreCursor() }
        default:
            // SGR (m), device queries (c, n), window ops (t), ANSI modes (h, l), ...
            break
        }
    }

    mutating func setPrivateMode(_ mode: Int, enabled: Bool) {
        switch mode {
        case 7:
            autowrap = enabled
            if !enabled { cursorState.pendingWrap = false }
        case 25:
            cursorVisible = enabled
        case 47:
            switchScreen(toAlternate: enabled)
        case 1047:
            if !enabled && inAlternateScreen { grids[1] = Self.blankGrid(columns: columns, rows: rows) }
            switchScreen(toAlternate: enabled)
        case 1048:
            if enabled { saveCursor() } else { restoreCursor() }
        case 1049:
            if enabled {
                guard !inAlternateScreen else { return }
                savedMainCursor = cursorState
                switchScreen(toAlternate: true)
                grids[1] = Self.blankGrid(columns: columns, rows: rows)
            } else {
                guard inAlternateScreen else { return }
                switchScreen(toAlternate: false)
                cursorState = clamped(savedMainCursor ?? CursorState())
            }
        case 2004:
            bracketedPaste = enabled
        default:
            break
        }
    }

    mutating func switchScreen(toAlternate: Bool) {
        inAlternateScreen = toAlternate
        cursorState.pendingWrap = false
    }

    mutating func eraseInDisplay(_ mode: Int) {
        cursorState.pendingWrap = false
        let row = cursorState.row
        switch mode {
        case 0:
            erase(row: row, columns: cursorState.column..<columns)
            for other in (row + 1)..<max(row + 1, rows) { erase(row: other, columns: 0..<columns) }
        case 1:
            for other in 0..<row { erase(row: other, columns: 0..<columns) }
            erase(row: row, columns: 0..<(cursorState.column + 1))
        case 2:
            grids[active] = Self.blankGrid(columns: columns, rows: rows)
        default:
            // 3 (erase scrollback) has nothing to do here.
            break
        }
    }

    mutating func eraseInLine(_ mode: Int) {
        cursorState.pendingWrap = false
        let row = cursorState.row
        switch mode {
        case 0: erase(row: row, columns: cursorState.column..<columns)
        case 1: erase(row: row, columns: 0..<(cursorState.column + 1))
        case 2: erase(row: row, columns: 0..<columns)
        default: break
        }
    }

    /// ICH: shifts the rest of the line right, inserting blanks at the cursor.
    mutating func insertCharacters(_ count: Int) {
        cursorState.pendingWrap = false
        let row = cursorState.row
        let column = cursorState.column
        let count = min(count, columns - column)
        breakWideCharacter(row: row, column: column)
        var line = grids[active][row]
        line.removeSubrange((columns - count)..<columns)
        line.insert(contentsOf: Array(repeating: Cell.blank, count: count), at: column)
        if case .wide = line[columns - 1] {
            // Its right half was pushed off the line.
            line[columns - 1] = .blank
        }
        grids[active][row] = line
    }

    /// DCH: deletes characters at the cursor, shifting the rest of the line left.
    mutating func deleteCharacters(_ count: Int) {
        cursorState.pendingWrap = false
        let row = cursorState.row
        let column = cursorState.column
        let count = min(count, columns - column)
        breakWideCharacter(row: row, column: column)
        breakWideCharacter(row: row, column: column + count - 1)
        var line = grids[active][row]
        line.removeSubrange(column..<(column + count))
        line.append(contentsOf: Array(repeating: Cell.blank, count: count))
        grids[active][row] = line
    }

    // MARK: - Grid helpers

    /// Index into `grids` of the screen being drawn on.
    var active: Int { inAlternateScreen ? 1 : 0 }

    static func blankRow(_ columns: Int) -> [Cell] {
        Array(repeating: .blank, count: columns)
    }

    static func blankGrid(columns: Int, rows: Int) -> [[Cell]] {
        Array(repeating: blankRow(columns), count: rows)
    }

    static func resized(_ grid: [[Cell]], columns: Int, rows: Int, droppingTop: Int) -> [[Cell]] {
        var result = blankGrid(columns: columns, rows: rows)
        for row in 0..<rows {
            let source = row + droppingTop
            guard source < grid.count else { break }
            let old = grid[source]
            for column in 0..<min(columns, old.count) {
                result[row][column] = old[column]
            }
            // A wide character cut in half by the new right edge becomes blank.
            if case .wide = result[row][columns - 1], old.count > columns {
                result[row][columns - 1] = .blank
            }
        }
        return result
    }
}
