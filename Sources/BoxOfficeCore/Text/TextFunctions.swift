#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The few text functions boxoffice needs from Foundation's ICU-backed String extensions, written on
// the standard library so that the main program runs on FoundationEssentials alone.

extension Unicode.Scalar {
    /// A space or a tab: Unicode's space separators (U+0020, U+00A0, U+3000…), U+0009, and the
    /// zero-width space U+200B, as Foundation's `CharacterSet.whitespaces` has them.
    package var isBlank: Bool {
        // ASCII (most of what KOBIS sends) without a look-up in Unicode's tables.
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return value == 0x200B || properties.generalCategory == .spaceSeparator
    }

    /// A blank or a line break (U+000A–U+000D, U+0085, U+2028, U+2029).
    package var isBlankOrNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85: true
        case 0..<0x80: value == 0x20 || value == 0x09
        default: isBlank || properties.generalCategory == .lineSeparator || properties.generalCategory == .paragraphSeparator
        }
    }
}

extension StringProtocol {
    /// The text without the leading and trailing scalars that match `drop`.
    package func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }),
              let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        return String(Substring(scalars[first...last]))
    }

    /// Without leading and trailing spaces and tabs.
    package func trimmingBlanks() -> String {
        trimming(\.isBlank)
    }

    /// Without leading and trailing spaces, tabs and line breaks.
    package func trimmingBlanksAndNewlines() -> String {
        trimming(\.isBlankOrNewline)
    }

    /// The range of the last occurrence of `needle`.
    package func lastRange(of needle: some StringProtocol) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var found: Range<Index>?
        var rest = self[...]
        while let range = rest.firstRange(of: needle) {
            found = range
            rest = self[index(after: range.lowerBound)...]
        }
        return found
    }
}

/// C's `printf` formatting of numbers (`%04d`, `%.1f`, `%016llx`), which rounds exactly as the
/// C library does; the process never sets a locale, so the decimal point is always `.`.
package func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 128)
        let count = Int(vsnprintf(&buffer, buffer.count, format, list))
        guard count >= 0 else { return "" }
        if count < buffer.count { return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        // Longer than the buffer: never for the formats used here, but stay correct.
        return withVaList(arguments) { again in
            var large = [CChar](repeating: 0, count: count + 1)
            _ = vsnprintf(&large, large.count, format, again)
            return String(decoding: large.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

extension Data {
    /// Where `needle` first occurs, as an offset from the start. Written on `memchr` and `memcmp`:
    /// the standard library's generic `firstRange(of:)` takes milliseconds over a large answer.
    package func firstOffset(of needle: some Collection<UInt8>) -> Int? {
        let pattern = Array(needle)
        guard let first = pattern.first, pattern.count <= count else { return nil }
        return withUnsafeBytes { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            let lastStart = haystack.count - pattern.count
            var from = 0
            while from <= lastStart {
                guard let hit = memchr(base + from, Int32(first), lastStart - from + 1) else { return nil }
                let offset = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + offset, pattern, pattern.count) == 0 { return offset }
                from = offset + 1
            }
            return nil
        }
    }
}

extension String {
    /// The text in Unicode Normalization Form C: macOS terminals send Korean decomposed (NFD,
    /// ᄀ + ᅡ), KOBIS matches only composed syllables (가). The standard library composes
    /// without ICU, through its own tables.
    package var composed: String {
        String(decoding: _nfcCodeUnits, as: UTF8.self)
    }
}

extension String {
    /// `%EB%B4%89` → 봉; a `%` not followed by two hex digits stays as it is.
    package var percentDecoded: String {
        var bytes: [UInt8] = []
        let utf8 = Array(self.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = hexDigitValue(utf8[index + 1]), let low = hexDigitValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The value of an ASCII hex digit (`0`–`9`, `a`–`f`, `A`–`F`).
package func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
