@testable import BoxOfficeCore
import Foundation
import Testing

/// The text functions written for FoundationEssentials agree with Foundation's, which the tests
/// may still use.
@Suite struct TextFunctionTests {
    static let samples = [
        "", " ", "\t", "abc", "  abc  ", "\u{3000}밀수\u{3000}", "\u{A0}x\u{A0}", "\n\r\n x \n", "\u{2028}x\u{2029}",
        "\u{85}x\u{85}", "a b", " \u{301}e ", "\u{FEFF}x", "\u{200B}x\u{200B}", " \t\u{B}\u{C}x\u{1F}", "🎬 ",
    ]

    @Test(arguments: samples)
    func trimmingAgreesWithFoundation(text: String) {
        #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingBlanksAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text[...].trimmingBlanks() == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func everyScalarIsTrimmedAsFoundationTrimsIt() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "x" + String(scalar)
            #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
            #expect(text.trimmingBlanksAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
        }
    }

    @Test func formattingAgreesWithFoundation() {
        for value in [0.0, 0.05, 0.15, 0.25, 12.35, 99.95, 100, -0.05, 1e300, .infinity] {
            #expect(cFormat("%.1f%%", value) == String(format: "%.1f%%", value))
            #expect(cFormat("%.2f", value) == String(format: "%.2f", value))
        }
        for value in [0, 7, 2023, 12345] {
            #expect(cFormat("%04d-%02d", Int32(value), Int32(value % 100)) == String(format: "%04d-%02d", value, value % 100))
        }
        #expect(cFormat("%016llx", UInt64.max - 1) == "fffffffffffffffe")
        #expect(cFormat("%%%02X", UInt32(0xEB)) == "%EB")
        #expect(cFormat("%0300d", Int32(1)).count == 300, "longer than the first buffer")
    }

    @Test func lastRangeFindsTheLastOccurrence() {
        let text = "a [p=1] b [p=2] c"
        #expect(text.lastRange(of: "[p=").map { text[$0.lowerBound...] } == "[p=2] c")
        #expect(text.lastRange(of: "zz") == nil)
        #expect(text.lastRange(of: "") == nil)
        #expect("aaa".lastRange(of: "aa").map { "aaa".distance(from: "aaa".startIndex, to: $0.lowerBound) } == 1)
    }

    @Test func firstOffsetFindsBytesAnywhereInAnySlice() {
        let data = Data("xx\"faultInfo\" \n\nbody\n\n".utf8)
        #expect(data.firstOffset(of: "\"faultInfo\"".utf8) == 2)
        #expect(data.firstOffset(of: "\n\n".utf8) == 14)
        #expect(data.firstOffset(of: "body\n\n".utf8) == 16, "at the very end")
        #expect(data.firstOffset(of: "body\n\n\n".utf8) == nil, "running past the end")
        #expect(data.firstOffset(of: "xx".utf8) == 0)
        #expect(data.firstOffset(of: "fault!".utf8) == nil, "a partial match")
        #expect(data.firstOffset(of: [UInt8]()) == nil)
        #expect(Data().firstOffset(of: "a".utf8) == nil)
        let slice = data[5...]
        #expect(slice.firstOffset(of: "\n\n".utf8) == 9, "offsets count from the slice's start")
        #expect(slice.firstOffset(of: "xx".utf8) == nil)
    }
}
