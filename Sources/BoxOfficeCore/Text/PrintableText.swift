extension StringProtocol {
    /// The text, safe to write to a terminal: control characters (which could move the cursor,
    /// clear the screen or retitle the window) become spaces (tabs and line breaks) or U+FFFD, and
    /// bidirectional overrides and isolates (which could make text read as other text) are dropped.
    package var printable: String {
        guard unicodeScalars.contains(where: \.isUnprintable) else { return String(self) }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: result.append("\u{FFFD}")
            case 0x202A...0x202E, 0x2066...0x2069: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}

extension Unicode.Scalar {
    /// A control character, or a bidirectional override or isolate.
    package var isUnprintable: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
