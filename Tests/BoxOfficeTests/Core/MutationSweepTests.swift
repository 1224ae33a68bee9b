@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
import Foundation
import Testing

/// Thousands of damaged answers: decoding and conversion never crash, and every failure is typed.
///
/// Each sweep is seconds of CPU work, so it runs on a thread of its own (`offThePool`): on the
/// cooperative pool it would hold one of a two-core machine's two threads and stall every test
/// that waits on a timer or a process meanwhile.
@Suite struct MutationSweepTests {
    /// Decodes and converts like the commands do; returns whether it failed with one of our errors.
    @discardableResult
    private static func convert(_ body: Data, as fixture: String) throws -> Bool {
        do {
            // Rendering too: a value that converts must also print (a trap here once hid in ▼-Int.min).
            if fixture.hasPrefix("daily_") {
                let response = try AnswerDecoder.decode(DailyBoxOfficeResponse.self, from: body)
                let day = response.boxOfficeResult.showRange.flatMap { Day(String($0.prefix(8))) } ?? Day("20230101")!
                let boxOffice = try DailyBoxOffice(response, requested: day)
                _ = boxOffice.table(RenderOptions(colors: true, width: 60)) + boxOffice.json.serialized()
            } else {
                let movie = try Movie(try AnswerDecoder.decode(MovieInfoResponse.self, from: body), requested: "20124079")
                _ = movie.table(RenderOptions(colors: true, width: 60)) + movie.json.serialized()
            }
            return false
        } catch is KOBISError, is InvalidDataError, is NotFoundError {
            return true
        }
    }

    @Test(arguments: ["daily_20220105.json", "daily_20250826_fetched-0030KST-next-day.json", "movieinfo_20194376.json"])
    func truncatedAtEveryLengthFailsTyped(fixture: String) async throws {
        let body = try Fixtures.data(fixture)
        let failures = try await offThePool {
            try (0..<body.count).reduce(0) { count, length in try Self.convert(body.prefix(length), as: fixture) ? count + 1 : count }
        }
        // A cut can still leave valid JSON only when trailing whitespace is cut; everything else fails.
        #expect(failures >= body.count - 2)
    }

    @Test(arguments: ["daily_20220105.json", "movieinfo_20212077.json"])
    func everyValueReplacedFailsTypedOrConverts(fixture: String) async throws {
        let text = try Fixtures.text(fixture)
        let cases = try await offThePool {
            let replacements = ["null", "1", "-1", #""-9223372036854775808""#, #""9223372036854775807""#, "1e400", "99999999999999999999999", "true", "[]", "{}", #""""#, #"" ""#,
                                #""abc""#, #""-5""#, #""１２""#, #""\u0000""#, #""9223372036854775808""#]
            let values = try NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#).matches(in: text, range: NSRange(text.startIndex..., in: text))
            var cases = 0
            for match in values {
                guard let range = Range(match.range, in: text) else { continue }
                let afterValue = text[range.upperBound...].first
                guard afterValue == "," || afterValue == "}" else { continue }  // values only, not keys
                for replacement in replacements {
                    let mutated = text.replacingCharacters(in: range, with: replacement)
                    try Self.convert(Data(mutated.utf8), as: fixture)
                    cases += 1
                }
            }
            return cases
        }
        #expect(cases > 400)
    }

    @Test(arguments: ["daily_20221221.json", "movieinfo_20236180.json"])
    func everyFieldRemovedFailsTypedOrConverts(fixture: String) async throws {
        let text = try Fixtures.text(fixture)
        let count = try await offThePool {
            let fields = try NSRegularExpression(pattern: #""[A-Za-z]+"\s*:\s*"(?:[^"\\]|\\.)*"\s*,?"#)
                .matches(in: text, range: NSRange(text.startIndex..., in: text))
            for field in fields {
                guard let range = Range(field.range, in: text) else { continue }
                try Self.convert(Data(text.replacingCharacters(in: range, with: "").utf8), as: fixture)
            }
            return fields.count
        }
        #expect(count > 50)
    }

    @Test func hostileShapesFailTyped() async throws {
        let bodies = [
            String(repeating: "[", count: 100_000),
            String(repeating: "{\"a\":", count: 50_000),
            "{\"boxOfficeResult\":" + String(repeating: "[", count: 10_000),
            "\u{FEFF}{\"boxOfficeResult\":{}}",
            "{\"boxOfficeResult\":{\"dailyBoxOfficeList\":[" + Array(repeating: "{}", count: 10_000).joined(separator: ",") + "]}}",
            "{\"faultInfo\":null}",
            "{\"faultInfo\":{\"message\":null,\"errorCode\":null}}",
            "\u{0}\u{1}\u{2}",
            String(decoding: [0xFF, 0xFE, 0x7B], as: UTF8.self),
        ]
        let typed = try await offThePool { try bodies.map { try Self.convert(Data($0.utf8), as: "daily_") } }
        for (body, failedTyped) in zip(bodies, typed) {
            #expect(failedTyped, "\(body.prefix(30))")
        }
    }
}
