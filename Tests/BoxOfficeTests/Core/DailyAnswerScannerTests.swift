@testable import BoxOfficeCore
import Foundation
import Testing

/// The quick reading of a day's answer agrees with `JSONDecoder` on every recorded day, and on
/// any other answer either agrees or declines (nil), leaving it to `JSONDecoder`.
@Suite struct DailyAnswerScannerTests {
    static func slow(_ body: Data) -> DailyBoxOfficeResponse? {
        try? JSONDecoder().decode(DailyBoxOfficeResponse.self, from: body)
    }

    /// Every recorded day (and the made-up ones): read quickly, and the same as `JSONDecoder` reads it.
    @Test func everyRecordedDayReadsAsJSONDecoderReadsIt() throws {
        let days = Fixtures.named("daily_") + Fixtures.named("synthetic_daily_")
        #expect(days.count >= 55)
        for name in days {
            let body = try Fixtures.data(name)
            let quick = DailyAnswerScanner.response(body)
            #expect(quick != nil, "\(name) is read quickly")
            #expect(quick == Self.slow(body), "\(name)")
        }
    }

    static func row(_ members: String) -> String {
        #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20250101~20250101","dailyBoxOfficeList":[{\#(members)}]}}"#
    }

    /// What KOBIS could send and the quick reading reads, the same as `JSONDecoder`: escapes of
    /// every kind (a pair of surrogates among them), nulls, blanks, spacing, an empty or null list.
    @Test func escapesNullsAndSpacingReadTheSame() {
        let bodies = [
            Self.row(#""rank":"1","movieNm":"A\"B\\C\/D\n\t\b\f\r\u00e9\uD83C\uDFAC\u0000 끝","movieCd":"2024A603""#),
            Self.row(#""rank":null,"movieNm":" ","audiCnt":"","openDt":null"#),
            " \n\t{ \"boxOfficeResult\" : { \"dailyBoxOfficeList\" : [ { \"rank\" : \"1\" } , { \"rank\" : \"2\" } ] , \"showRange\" : null } } \r\n",
            #"{"boxOfficeResult":{"boxofficeType":"x","showRange":"a~b","dailyBoxOfficeList":[]}}"#,
            #"{"boxOfficeResult":{"dailyBoxOfficeList":null}}"#,
            #"{"boxOfficeResult":{}}"#,
        ]
        for text in bodies {
            let body = Data(text.utf8)
            let quick = DailyAnswerScanner.response(body)
            #expect(quick != nil, "read quickly: \(text)")
            #expect(quick == Self.slow(body), "\(text)")
        }
    }

    /// What KOBIS never sends is declined, for `JSONDecoder` to read or refuse with its reasons:
    /// numbers, other keys, repeated keys, a lone surrogate, bytes that are not UTF-8, a control
    /// character, a bad escape, eleven rows, text after the answer, a cut answer, nothing.
    @Test func anythingElseIsLeftToJSONDecoder() throws {
        let eleven = #"{"boxOfficeResult":{"dailyBoxOfficeList":["# + Array(repeating: #"{"rank":"1"}"#, count: 11).joined(separator: ",") + "]}}"
        var bodies: [Data] = [
            Self.row(#""rank":1"#), Self.row(#""rank":"1","extra":"x""#), Self.row(#""rank":"1","rank":"2""#),
            Self.row(#""movieNm":"\uD800""#), Self.row(#""movieNm":"\uDC00x""#), Self.row(#""movieNm":"\x""#), Self.row(#""movieNm":"\u12G4""#),
            Self.row("\"movieNm\":\"a\u{01}b\""), Self.row(#""rank":true"#), Self.row(#""rank":{"a":"b"}"#),
            eleven, #"{"boxOfficeResult":{"dailyBoxOfficeList":[]}}x"#, #"{"boxOfficeResult":{"dailyBoxOfficeList":[{"rank":"1"}"#,
            #"{"boxOfficeResult":null}"#, #"{"other":{}}"#, #"{"boxOfficeResult":{},"boxOfficeResult":{}}"#, "", "[]", "\u{FEFF}{}",
        ].map { Data($0.utf8) }
        bodies.append(Data(#"{"boxOfficeResult":{"showRange":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}}"#.utf8))
        for body in bodies {
            #expect(DailyAnswerScanner.response(body) == nil, "\(String(decoding: body, as: UTF8.self))")
        }
        // Through the engine's decoding, a declined answer is read (or refused) as before.
        #expect(throws: KOBISError.self) { try AnswerDecoder.decode(DailyBoxOfficeResponse.self, from: Data(eleven.utf8)) }
        #expect(try AnswerDecoder.decode(DailyBoxOfficeResponse.self, from: Data(Self.row(#""rank":"1","extra":"x""#).utf8))
            .boxOfficeResult.dailyBoxOfficeList?.first?.rank == "1")
    }
}
