import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A review's times as JSON writes them: ISO 8601 in Korean time, `2026-11-23T18:05:00+09:00`.
package enum ReviewTimestamp {
    /// The text for `seconds` since 1970.
    package static func text(_ seconds: Int64) -> String {
        // Outside the years ISO 8601 writes with four digits (a damaged store): the nearest end.
        let korean = seconds.addingReportingOverflow(9 * 3600)
        if seconds < 0, korean.overflow || korean.partialValue < -62_135_596_800 { return "0001-01-01T00:00:00+09:00" }
        if korean.overflow || korean.partialValue >= 253_402_300_800 { return "9999-12-31T23:59:59+09:00" }
        let shifted = Int(korean.partialValue)
        let days = shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400
        let rest = shifted - days * 86_400
        return "\(Day(daysSinceEpoch: days).iso)T\(cFormat("%02d:%02d:%02d", rest / 3600, rest % 3600 / 60, rest % 60))+09:00"
    }

    /// Seconds since 1970 of `YYYY-MM-DDTHH:MM:SS` followed by `Z` or an offset `±HH:MM`; nil for
    /// anything else (no fractions, no missing parts).
    package static func seconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
              let hour = number(bytes[11..<13], upTo: 23), let minute = number(bytes[14..<16], upTo: 59),
              let second = number(bytes[17..<19], upTo: 59) else { return nil }
        var offset = 0
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                  let hours = number(bytes[20..<22], upTo: 23), let minutes = number(bytes[23..<25], upTo: 59) else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        return Int64(day.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    }

    /// Two ASCII digits no greater than `largest`.
    private static func number(_ digits: ArraySlice<UInt8>, upTo largest: Int) -> Int? {
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return value <= largest ? value : nil
    }
}
