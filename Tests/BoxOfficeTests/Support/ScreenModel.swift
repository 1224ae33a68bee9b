/// A small VT100/xterm screen interpreter, good enough to read what a
/// full-screen terminal program has drawn.
///
/// Feed it the raw bytes a program wrote to its terminal and query the
/// resulting grid of characters. Colours and other attributes are parsed and
/// discarded. Rows and columns are 0-based in the public API.
///
/// Width is decided per Unicode scalar by the injected `width` function:
/// 2 for wide characters (which occupy two cells), 0 for combining marks
/// (which attach to the previous cell), 1 otherwise.
struct ScreenModel: Sendable {
    /// One cell of the grid.
    private enum Cell: Equatable, Sendable {
        /// An empty cell; reads as a space.
        case blank
        /// A single-width character.
        case narrow(Character)
        /// The first (left) cell of a double-width character.
        case wide(Character)
        /// The right half of a double-width character.
        case continuation
    }

    /// A cursor position together with its pending-wrap flag.
    private struct CursorState: Sendable {
        var row = 0
        var column = 0
        var pendingWrap = false
    }

    /// Where the byte parser currently is.
    private enum ParserState: Sendable {
        case ground
        case escape
        case escapeIntermediate
        case csi
        /// Operating system command (ESC ] ... BEL or ESC \).
        case osc
        /// DCS, APC, PM or SOS string (terminated by ESC \).
        case controlString
        /// An ESC was seen inside an OSC or control string.
        case stringEscape
    }

    /// Longest CSI parameter string kept; longer sequences are skipped.
    private static let maximumParameterBytes = 256

    /// Number of columns of the screen.
    private(set) var columns: Int
    /// Number of rows of the screen.
    private(set) var rows: Int
    /// Whether the cursor is shown (DECTCEM, `CSI ? 25 h/l`).
    private(set) var cursorVisible = true
    /// Whether the alternate screen buffer is active (`CSI ? 1049/1047/47 h`).
    private(set) var inAlternateScreen = false
    /// Whether bracketed paste mode is on (`CSI ? 2004 h/l`).
    private(set) var bracketedPaste = false
    /// Whether autowrap is on (DECAWM, `CSI ? 7 h/l`).
    private(set) var autowrap = true

    private let width: @Sendable (Character) -> Int
    /// The main screen (index 0) and the alternate screen (index 1).
    private var grids: [[[Cell]]]
    private var cursorState = CursorState()
    private var savedMainCursor: CursorState?
    private var savedAlternateCursor: CursorState?
    private var scrollTop = 0
    private var scrollBottom: Int

    private var state = ParserState.ground
    /// The string state to return to after an ESC that is not followed by `\`.
    private var stringStateBeforeEscape = ParserState.osc
    private var parameterBytes: [UInt8] = []
    private var intermediateBytes: [UInt8] = []
    private var privateMarker: UInt8?
    private var csiInvalid = false
    private var utf8Pending: [UInt8] = []
    private var utf8Needed = 0

    /// Creates an empty screen of the given size.
    ///
    /// - Parameter width: display width of a character (0, 1 or 2 columns).
    init(columns: Int, rows: Int, width: @escaping @Sendable (Character) -> Int = ScreenModel.defaultWidth) {
        let columns = max(1, columns)
        let rows = max(1, rows)
        self.columns = columns
        self.rows = rows
        self.width = width
        let blank = Self.blankGrid(columns: columns, rows: rows)
        self.grids = [blank, blank]
        self.scrollBottom = rows - 1
    }

    /// A simple display-width function: 2 for common East Asian wide and emoji
    /// ranges, 0 for combining marks and zero-width format characters, else 1.
    static let defaultWidth: @Sendable (Character) -> Int = { character in
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        switch value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF:
            return 2
        case 0x200B...0x200F:
            return 0
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                return 0
            default:
                return 1
            }
        }
    }

    // MARK: - Reading the screen

    /// The text of every row, trailing spaces trimmed, wide characters once.
    var lines: [String] {
        (0..<rows).map { line($0) }
    }

    /// The text of one row (trailing spaces trimmed); "" if out of range.
    func line(_ row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var text = ""
        for cell in grids[active][row] {
            switch cell {
            case .blank: text.append(" ")
            case .narrow(let character), .wide(let character): text.append(character)
            case .continuation: break
            }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// All rows joined by "\n", with trailing empty rows dropped.
    var text: String {
        var all = lines
        while all.last == "" { all.removeLast() }
        return all.joined(separator: "\n")
    }

    /// The 0-based cursor position. The column may equal `columns - 1` while
    /// a wrap is pending after writing the last column.
    var cursor: (row: Int, column: Int) {
        (cursorState.row, cursorState.column)
    }

    /// Whether `text` appears anywhere in `self.text` (may span rows via "\n").
    func contains(_ text: String) -> Bool {
        self.text.contains(text)
    }

    // MARK: - Resizing

    /// Changes the screen size, keeping the content that still fits.
    ///
    /// When shrinking the active screen below the cursor row, top rows are
    /// dropped so the cursor row stays visible (as xterm does). The scroll
    /// region is reset to the whole screen.
    mutating func resize(columns newColumns: Int, rows newRows: Int) {
        let newColumns = max(1, newColumns)
        let newRows = max(1, newRows)
        let shift = max(0, cursorState.row - (newRows - 1))
        for index in grids.indices {
            let dropped = index == active ? shift : 0
            grids[index] = Self.resized(grids[index], columns: newColumns, rows: newRows, droppingTop: dropped)
        }
        columns = newColumns
        rows = newRows
        cursorState.row -= shift
        cursorState = clamped(cursorState)
        cursorState.pendingWrap = false
        savedMainCursor = savedMainCursor.map(clamped)
        savedAlternateCursor = savedAlternateCursor.map(clamped)
        scrollTop = 0
        scrollBottom = newRows - 1
    }

    // MARK: - Feeding bytes

    /// Interprets bytes written by the program. UTF-8 sequences and escape
    /// sequences may be split across calls.
    mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes {
            consume(byte)
        }
    }

    private mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground:
            if utf8Needed > 0 {
                if byte & 0xC0 == 0x80 {
                    utf8Pending.append(byte)
                    if utf8Pending.count == utf8Needed + 1 { finishUTF8() }
                    return
                }
                // Truncated sequence: show a replacement and reprocess the byte.
                resetUTF8()
                printScalar(Self.replacement)
            }
            if byte >= 0x80 {
                startUTF8(byte)
            } else if byte < 0x20 || byte == 0x7F {
                executeControl(byte)
            } else {
                printScalar(Unicode.Scalar(byte))
            }
        case .escape:
            escapeByte(byte)
        case .escapeIntermediate:
            if byte == 0x1B {
                state = .escape
            } else if byte == 0x18 || byte == 0x1A {
                state = .ground
            } else if byte < 0x20 {
                executeControl(byte)
            } else if byte >= 0x30 {
                // Final byte of e.g. a charset designation (ESC ( B): ignored.
                state = .ground
            }
        case .csi:
            csiByte(byte)
        case .osc:
            if byte == 0x07 {
                state = .ground
            } else if byte == 0x1B {
                stringStateBeforeEscape = .osc
                state = .stringEscape
            } else if byte == 0x18 || byte == 0x1A {
                state = .ground
            }
        case .controlString:
            if byte == 0x1B {
                stringStateBeforeEscape = .controlString
                state = .stringEscape
            } else if byte == 0x18 || byte == 0x1A {
                state = .ground
            }
        case .stringEscape:
            if byte == UInt8(ascii: "\\") {
                state = .ground
            } else {
                // An ESC not forming ST ends the string and starts a new sequence.
                state = .escape
                escapeByte(byte)
            }
        }
    }

    private mutating func escapeByte(_ byte: UInt8) {
        state = .ground
        switch byte {
        case UInt8(ascii: "["):
            parameterBytes.removeAll(keepingCapacity: true)
            intermediateBytes.removeAll(keepingCapacity: true)
            privateMarker = nil
            csiInvalid = false
            state = .csi
        case UInt8(ascii: "]"):
            state = .osc
        case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            state = .controlString
        case 0x1B:
            state = .escape
        case 0x18, 0x1A:
            break
        case 0x20...0x2F:
            state = .escapeIntermediate
        case UInt8(ascii: "7"):
            saveCursor()
        case UInt8(ascii: "8"):
            restoreCursor()
        case UInt8(ascii: "D"):
            lineFeed()
        case UInt8(ascii: "E"):
            cursorState.column = 0
            lineFeed()
        case UInt8(ascii: "M"):
            reverseIndex()
        case UInt8(ascii: "c"):
            fullReset()
        case 0x00..<0x20:
            executeControl(byte)
            state = .escape
        default:
            // ESC =, ESC >, ESC H and other unsupported finals are ignored.
            break
        }
    }

    private mutating func csiByte(_ byte: UInt8) {
        switch byte {
        case 0x1B:
            state = .escape
        case 0x18, 0x1A:
            state = .ground
        case 0x00..<0x20:
            executeControl(byte)
        case 0x30...0x3F:
            if !intermediateBytes.isEmpty {
                csiInvalid = true
            } else if byte >= 0x3C {
                // '<', '=', '>', '?' are only valid as the first byte.
                if parameterBytes.isEmpty && privateMarker == nil {
                    privateMarker = byte
                } else {
                    csiInvalid = true
                }
            } else if parameterBytes.count < Self.maximumParameterBytes {
                parameterBytes.append(byte)
            } else {
                csiInvalid = true
            }
        case 0x20...0x2F:
            intermediateBytes.append(byte)
        case 0x40...0x7E:
            state = .ground
            if !csiInvalid {
                dispatchCSI(final: byte)
            }
        default:
            // Bytes >= 0x7F inside a CSI are ignored.
            break
        }
    }

    // MARK: - UTF-8

    private mutating func startUTF8(_ byte: UInt8) {
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

    private mutating func finishUTF8() {
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

    private mutating func resetUTF8() {
        utf8Pending.removeAll(keepingCapacity: true)
        utf8Needed = 0
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    // MARK: - Control characters

    private mutating func executeControl(_ byte: UInt8) {
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

    private mutating func printScalar(_ scalar: Unicode.Scalar) {
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
    private mutating func combine(_ scalar: Unicode.Scalar) {
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
    private mutating func setCell(_ cell: Cell, row: Int, column: Int) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        breakWideCharacter(row: row, column: column)
        grids[active][row][column] = cell
    }

    /// If the cell is half of a wide character, blanks the other half.
    private mutating func breakWideCharacter(row: Int, column: Int) {
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
    private mutating func erase(row: Int, columns range: Range<Int>) {
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

    private mutating func lineFeed() {
        cursorState.pendingWrap = false
        if cursorState.row == scrollBottom {
            scrollUp(1)
        } else if cursorState.row < rows - 1 {
            cursorState.row += 1
        }
    }

    private mutating func reverseIndex() {
        cursorState.pendingWrap = false
        if cursorState.row == scrollTop {
            scrollDown(1)
        } else if cursorState.row > 0 {
            cursorState.row -= 1
        }
    }

    /// Scrolls the scroll region up: top lines disappear, blank lines enter at the bottom.
    private mutating func scrollUp(_ count: Int) {
        deleteLines(count, at: scrollTop)
    }

    /// Scrolls the scroll region down: blank lines enter at the top.
    private mutating func scrollDown(_ count: Int) {
        insertLines(count, at: scrollTop)
    }

    /// Inserts blank lines at `row`, pushing lines down to the region bottom.
    private mutating func insertLines(_ count: Int, at row: Int) {
        guard row >= scrollTop, row <= scrollBottom else { return }
        let count = min(count, scrollBottom - row + 1)
        guard count > 0 else { return }
        grids[active].removeSubrange((scrollBottom - count + 1)...scrollBottom)
        grids[active].insert(contentsOf: Array(repeating: Self.blankRow(columns), count: count), at: row)
    }

    /// Deletes lines at `row`, pulling lines up and adding blanks at the region bottom.
    private mutating func deleteLines(_ count: Int, at row: Int) {
        guard row >= scrollTop, row <= scrollBottom else { return }
        let count = min(count, scrollBottom - row + 1)
        guard count > 0 else { return }
        grids[active].removeSubrange(row..<(row + count))
        grids[active].insert(contentsOf: Array(repeating: Self.blankRow(columns), count: count), at: scrollBottom - count + 1)
    }

    /// Moves the cursor vertically, stopping at the scroll region edge if inside it.
    private mutating func moveVertically(by delta: Int) {
        cursorState.pendingWrap = false
        let inRegion = cursorState.row >= scrollTop && cursorState.row <= scrollBottom
        let top = inRegion ? scrollTop : 0
        let bottom = inRegion ? scrollBottom : rows - 1
        cursorState.row = min(max(cursorState.row + delta, top), bottom)
    }

    private mutating func moveTo(row: Int, column: Int) {
        cursorState.pendingWrap = false
        cursorState.row = min(max(row, 0), rows - 1)
        cursorState.column = min(max(column, 0), columns - 1)
    }

    private mutating func saveCursor() {
        if inAlternateScreen {
            savedAlternateCursor = cursorState
        } else {
            savedMainCursor = cursorState
        }
    }

    private mutating func restoreCursor() {
        let saved = inAlternateScreen ? savedAlternateCursor : savedMainCursor
        cursorState = clamped(saved ?? CursorState())
    }

    private func clamped(_ position: CursorState) -> CursorState {
        var result = position
        result.row = min(max(result.row, 0), rows - 1)
        result.column = min(max(result.column, 0), columns - 1)
        return result
    }

    private mutating func fullReset() {
        self = ScreenModel(columns: columns, rows: rows, width: width)
    }

    // MARK: - CSI dispatch

    /// Parameters of the current CSI; `nil` for empty or unparsable ones.
    private func parameters() -> [Int?] {
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

    private mutating func dispatchCSI(final: UInt8) {
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

    private mutating func setPrivateMode(_ mode: Int, enabled: Bool) {
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

    private mutating func switchScreen(toAlternate: Bool) {
        inAlternateScreen = toAlternate
        cursorState.pendingWrap = false
    }

    private mutating func eraseInDisplay(_ mode: Int) {
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

    private mutating func eraseInLine(_ mode: Int) {
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
    private mutating func insertCharacters(_ count: Int) {
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
    private mutating func deleteCharacters(_ count: Int) {
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
    private var active: Int { inAlternateScreen ? 1 : 0 }

    private static func blankRow(_ columns: Int) -> [Cell] {
        Array(repeating: .blank, count: columns)
    }

    private static func blankGrid(columns: Int, rows: Int) -> [[Cell]] {
        Array(repeating: blankRow(columns), count: rows)
    }

    private static func resized(_ grid: [[Cell]], columns: Int, rows: Int, droppingTop: Int) -> [[Cell]] {
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
