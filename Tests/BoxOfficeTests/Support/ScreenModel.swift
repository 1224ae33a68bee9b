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
    enum Cell: Equatable, Sendable {
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
    struct CursorState: Sendable {
        var row = 0
        var column = 0
        var pendingWrap = false
    }

    /// Where the byte parser currently is.
    enum ParserState: Sendable {
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
    static let maximumParameterBytes = 256

    /// Number of columns of the screen.
    var columns: Int
    /// Number of rows of the screen.
    var rows: Int
    /// Whether the cursor is shown (DECTCEM, `CSI ? 25 h/l`).
    var cursorVisible = true
    /// Whether the alternate screen buffer is active (`CSI ? 1049/1047/47 h`).
    var inAlternateScreen = false
    /// Whether bracketed paste mode is on (`CSI ? 2004 h/l`).
    var bracketedPaste = false
    /// Whether autowrap is on (DECAWM, `CSI ? 7 h/l`).
    var autowrap = true

    let width: @Sendable (Character) -> Int
    /// The main screen (index 0) and the alternate screen (index 1).
    var grids: [[[Cell]]]
    var cursorState = CursorState()
    var savedMainCursor: CursorState?
    var savedAlternateCursor: CursorState?
    var scrollTop = 0
    var scrollBottom: Int

    var state = ParserState.ground
    /// The string state to return to after an ESC that is not followed by `\`.
    var stringStateBeforeEscape = ParserState.osc
    var parameterBytes: [UInt8] = []
    var intermediateBytes: [UInt8] = []
    var privateMarker: UInt8?
    var csiInvalid = false
    var utf8Pending: [UInt8] = []
    var utf8Needed = 0

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

    mutating func consume(_ byte: UInt8) {
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

    mutating func escapeByte(_ byte: UInt8) {
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

    mutating func csiByte(_ byte: UInt8) {
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
}
