import BoxOfficeCore
/// Text measured and cleaned for a terminal, where Hangul and other wide characters take two columns.
package enum TerminalText {
    /// Columns the text takes in a terminal, one user-perceived character at a time, so that a
    /// Hangul syllable written as jamo, an emoji joined with ZWJ, or a flag counts as it is drawn.
    /// `ambiguousWide`: East Asian Ambiguous characters take two columns (CJK terminals).
    package static func width<S: StringProtocol>(_ text: S, ambiguousWide: Bool = false) -> Int {
        text.reduce(0) { $0 + width(of: $1, ambiguousWide: ambiguousWide) }
    }

    /// Columns of one character (grapheme cluster).
    package static func width(of character: Character, ambiguousWide: Bool = false) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let value = first.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return ambiguousWide && isAmbiguous(value) ? 2 : 1 }
        // Regional indicators: a pair is one flag, drawn two columns wide.
        if (0x1F1E6...0x1F1FF).contains(value) { return scalars.count >= 2 ? 2 : 1 }
        let emoji = first.properties.isEmoji
        if emoji, scalars.contains(where: { $0.value == 0x200D || $0.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains($0.value) }) {
            return 2
        }
        if scalars.contains(where: { $0.value == 0xFE0E }) { return 1 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul medial vowels and final consonants on their own; variation selectors.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) || (0xFE00...0xFE0F).contains(value) { return 0 }
        if isWide(value) || first.properties.isEmojiPresentation { return 2 }
        return ambiguousWide && isAmbiguous(value) ? 2 : 1
    }

    /// Removes what could move the cursor or recolour the terminal: control characters become
    /// spaces (tabs and line breaks) or U+FFFD, and bidirectional overrides are dropped.
    package static func clean(_ text: String) -> String {
        text.printable
    }

    /// Pads with spaces to `columns`, on the right (left-aligned) or on the left.
    package static func pad(_ text: String, to columns: Int, alignRight: Bool = false, ambiguousWide: Bool = false) -> String {
        let missing = columns - width(text, ambiguousWide: ambiguousWide)
        guard missing > 0 else { return text }
        let padding = String(repeating: " ", count: missing)
        return alignRight ? padding + text : text + padding
    }

    /// A heading in lines that fit `width`, broken after a ` · ` so that no date or number is
    /// cut; a single part wider than `width` is broken between its words (a word wider than the
    /// whole line, alone, is shortened).
    static func headingLines(_ title: String, width: Int?, ambiguousWide: Bool) -> [String] {
        guard let width, self.width(title, ambiguousWide: ambiguousWide) > width else { return [title] }
        var lines: [String] = []
        for part in title.components(separatedBy: " · ") {
            if let last = lines.last, self.width(last + " · " + part, ambiguousWide: ambiguousWide) <= width {
                lines[lines.count - 1] = last + " · " + part
            } else {
                lines += wrap(part, to: width, ambiguousWide: ambiguousWide).map { truncate($0, to: width, ambiguousWide: ambiguousWide) }
            }
        }
        return lines
    }

    /// Shortens the text to at most `columns`, ending with `…` when something was cut; cut only
    /// between characters, never inside a Hangul syllable or a combining sequence.
    package static func truncate(_ text: String, to columns: Int, ambiguousWide: Bool = false) -> String {
        guard width(text, ambiguousWide: ambiguousWide) > columns else { return text }
        let ellipsis = width(of: "…", ambiguousWide: ambiguousWide)
        guard columns >= ellipsis else { return String(repeating: ".", count: max(0, columns)) }
        return prefix(text, columns: columns - ellipsis, ambiguousWide: ambiguousWide) + "…"
    }

    /// Shortens a sentence to at most `columns` as `truncate` does, but between words, so that no
    /// number (a word) is ever cut; a first word wider than the room is cut as `truncate` cuts.
    package static func truncateBetweenWords(_ text: String, to columns: Int, ambiguousWide: Bool = false) -> String {
        let cut = truncate(text, to: columns, ambiguousWide: ambiguousWide)
        guard cut != text, cut.hasSuffix("…") else { return cut }
        let kept = cut.dropLast()
        // Cut right after a word: nothing of the next word was taken.
        if text.dropFirst(kept.count).first == " " { return kept.trimmingBlanks() + "…" }
        guard let space = kept.lastIndex(of: " ") else { return cut }
        return String(kept[..<space]).trimmingBlanks() + " …"
    }

    /// Shortens the text by cutting its middle, keeping its start and its end: `극장판 포켓…레시라무」`.
    /// Used where cutting the end would make two titles read the same.
    static func truncateMiddle(_ text: String, to columns: Int, ambiguousWide: Bool = false) -> String {
        guard width(text, ambiguousWide: ambiguousWide) > columns else { return text }
        let room = columns - width(of: "…", ambiguousWide: ambiguousWide)
        guard room >= 2 else { return truncate(text, to: columns, ambiguousWide: ambiguousWide) }
        let end = String(suffix(text, columns: room / 2, ambiguousWide: ambiguousWide))
        return prefix(text, columns: room - width(end, ambiguousWide: ambiguousWide), ambiguousWide: ambiguousWide) + "…" + end
    }

    /// The longest start of the text within `columns`.
    private static func prefix(_ text: String, columns: Int, ambiguousWide: Bool) -> String {
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = width(of: character, ambiguousWide: ambiguousWide)
            if used + characterWidth > columns { break }
            result.append(character)
            used += characterWidth
        }
        return result
    }

    /// The longest end of the text within `columns`.
    private static func suffix(_ text: String, columns: Int, ambiguousWide: Bool) -> Substring {
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let characterWidth = width(of: text[previous], ambiguousWide: ambiguousWide)
            if used + characterWidth > columns { break }
            used += characterWidth
            start = previous
        }
        return text[start...]
    }

    /// Lines of at most `columns`, broken at spaces where possible (within a word only when it is
    /// longer than a line, after a `/` if it has one), for a value that must stay inside its column.
    /// `later`: the width of the lines after the first, when they are indented (a hanging indent).
    package static func wrap(_ text: String, to columns: Int, later: Int? = nil, ambiguousWide: Bool = false) -> [String] {
        guard columns > 0, width(text, ambiguousWide: ambiguousWide) > columns else { return [text] }
        let later = max(1, later ?? columns)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var limit: Int { lines.isEmpty ? columns : later }
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = String(word)
            var wordWidth = width(word, ambiguousWide: ambiguousWide)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= limit {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > limit {
                var piece = prefix(word, columns: limit, ambiguousWide: ambiguousWide)
                guard !piece.isEmpty else { break }
                // A path or an address breaks after a `/`, not in the middle of a name.
                if let slash = piece.dropLast().lastIndex(of: "/"), slash > piece.startIndex {
                    piece = String(piece[...slash])
                }
                lines.append(piece)
                word.removeFirst(piece.count)
                wordWidth = width(word, ambiguousWide: ambiguousWide)
            }
            line = word
            lineWidth = wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), plus emoji presentation blocks.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
             0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// East Asian Ambiguous characters (Unicode's EastAsianWidth.txt, class A, the parts seen in
    /// text): one column in most terminals, two in CJK-configured ones.
    private static func isAmbiguous(_ value: UInt32) -> Bool {
        switch value {
        case 0xA1, 0xA4, 0xA7...0xA8, 0xAA, 0xAD...0xAE, 0xB0...0xB4, 0xB6...0xBA, 0xBC...0xBF, 0xC6, 0xD0, 0xD7...0xD8,
             0xDE...0xE1, 0xE6, 0xE8...0xEA, 0xEC...0xED, 0xF0, 0xF2...0xF3, 0xF7...0xFA, 0xFC, 0xFE,
             0x391...0x3A1, 0x3A3...0x3A9, 0x3B1...0x3C1, 0x3C3...0x3C9, 0x401, 0x410...0x44F, 0x451,
             0x2010, 0x2013...0x2016, 0x2018...0x2019, 0x201C...0x201D, 0x2020...0x2022, 0x2024...0x2027, 0x2030,
             0x2032...0x2033, 0x2035, 0x203B, 0x203E, 0x2074, 0x207F, 0x2081...0x2084, 0x20AC, 0x2103, 0x2105, 0x2109,
             0x2113, 0x2116, 0x2121...0x2122, 0x2126, 0x212B, 0x2153...0x2154, 0x215B...0x215E, 0x2160...0x216B,
             0x2170...0x2179, 0x2189, 0x2190...0x2199, 0x21B8...0x21B9, 0x21D2, 0x21D4, 0x21E7, 0x2200, 0x2202...0x2203,
             0x2207...0x2208, 0x220B, 0x220F, 0x2211, 0x2215, 0x221A, 0x221D...0x2220, 0x2223, 0x2225, 0x2227...0x222C,
             0x222E, 0x2234...0x2237, 0x223C...0x223D, 0x2248, 0x224C, 0x2252, 0x2260...0x2261, 0x2264...0x2267,
             0x226A...0x226B, 0x226E...0x226F, 0x2282...0x2283, 0x2286...0x2287, 0x2295, 0x2299, 0x22A5, 0x22BF, 0x2312,
             0x2460...0x24E9, 0x24EB...0x254B, 0x2550...0x2573, 0x2580...0x258F, 0x2592...0x2595, 0x25A0...0x25A1,
             0x25A3...0x25A9, 0x25B2...0x25B3, 0x25B6...0x25B7, 0x25BC...0x25BD, 0x25C0...0x25C1, 0x25C6...0x25C8,
             0x25CB, 0x25CE...0x25D1, 0x25E2...0x25E5, 0x25EF, 0x2605...0x2606, 0x2609, 0x260E...0x260F, 0x261C, 0x261E,
             0x2640, 0x2642, 0x2660...0x2661, 0x2663...0x2665, 0x2667...0x266A, 0x266C...0x266D, 0x266F, 0x269E...0x269F,
             0x26BF, 0x26C6...0x26CD, 0x26CF...0x26D3, 0x26D5...0x26E1, 0x26E3, 0x26E8...0x26E9, 0x26EB...0x26F1, 0x26F4,
             0x26F6...0x26F9, 0x26FB...0x26FC, 0x26FE...0x26FF, 0x273D, 0x2776...0x277F, 0x2B56...0x2B59, 0x3248...0x324F,
             0xE000...0xF8FF, 0xFFFD, 0x1F100...0x1F10A, 0x1F110...0x1F12D, 0x1F130...0x1F169, 0x1F170...0x1F18D,
             0x1F18F...0x1F190, 0x1F19B...0x1F1AC, 0xF0000...0xFFFFD, 0x100000...0x10FFFD:
            true
        default:
            false
        }
    }
}

package extension String {
    /// The text without the spaces at its end (a padded last column).
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
