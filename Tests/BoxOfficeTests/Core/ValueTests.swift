@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
@testable import BoxOfficeReviews
import Foundation
import Testing

/// Days, KOBIS's stringly values, and terminal widths.
@Suite struct ValueTests {
    @Test func daysParseAndPrint() throws {
        let day = try #require(Day("20230327"))
        #expect(day == Day("2023-03-27"))
        #expect(day.compact == "20230327")
        #expect(day.iso == "2023-03-27")
        #expect(day.weekday == .monday)
        #expect(Day("20240229") != nil)
        for bad in ["20230229", "20231301", "20230000", "2023-0327", "2023032", "202303271", "2023-03-2x", "００００００００", ""] {
            #expect(Day(bad) == nil, "\(bad)")
        }
    }

    @Test func reviewTimesAreISO8601InKoreanTimeBothWays() {
        #expect(ReviewTimestamp.text(0) == "1970-01-01T09:00:00+09:00")
        #expect(ReviewTimestamp.text(1_700_000_000) == "2023-11-15T07:13:20+09:00")
        #expect(ReviewTimestamp.text(-1) == "1970-01-01T08:59:59+09:00")
        #expect(ReviewTimestamp.text(.max) == "9999-12-31T23:59:59+09:00", "a damaged store never traps")
        #expect(ReviewTimestamp.text(.min) == "0001-01-01T00:00:00+09:00")
        for seconds: Int64 in [0, 59, 86_399, 951_782_400, 1_700_000_000, 4_102_444_799] {
            #expect(ReviewTimestamp.seconds(ReviewTimestamp.text(seconds)) == seconds)
        }
        #expect(ReviewTimestamp.seconds("2023-11-14T22:13:20Z") == 1_700_000_000)
        #expect(ReviewTimestamp.seconds("2023-11-14T17:13:20-05:00") == 1_700_000_000)
        for bad in ["", "2023-11-14", "2023-11-14T22:13:20", "2023-11-14 22:13:20Z", "2023-02-29T00:00:00Z", "2023-11-14T24:00:00Z",
                    "2023-11-14T22:60:00Z", "2023-11-14T22:13:20.5Z", "2023-11-14T22:13:20+0900", "2023-11-14T22:13:20+24:00", "２023-11-14T22:13:20Z"] {
            #expect(ReviewTimestamp.seconds(bad) == nil, "\(bad)")
        }
    }

    @Test func dayArithmeticCrossesMonthsYearsAndLeapDays() throws {
        let day = try #require(Day("20240301"))
        #expect(day.adding(days: -1).iso == "2024-02-29")
        #expect(day.adding(days: 365).iso == "2025-03-01")
        #expect(try #require(Day("20120101")).weekday == .sunday)
        #expect(try #require(Day("19700101")).adding(days: -1).iso == "1969-12-31")
        #expect(try #require(Day("20230101")).days(to: try #require(Day("20231231"))) == 364)
    }

    /// A day is one number: its parts, order, hash and writing agree with the calendar at its ends,
    /// and a count past what a day can hold stops at its end rather than trapping.
    @Test func aDayIsItsCalendarDayAtEitherEnd() throws {
        let first = try #require(Day(year: 1, month: 1, day: 1))
        let last = try #require(Day(year: 9999, month: 12, day: 31))
        #expect((first.year, first.month, first.day, first.iso, first.compact) == (1, 1, 1, "0001-01-01", "00010101"))
        #expect((last.year, last.month, last.day, last.iso, last.compact) == (9999, 12, 31, "9999-12-31", "99991231"))
        #expect(first < last && Day("2024-02-29")! < Day("2024-03-01")! && Day("2023-12-31")! < Day("2024-01-01")!)
        #expect(Set([Day("20240229")!, Day("2024-02-29")!, Day(year: 2024, month: 2, day: 29)!]).count == 1)
        #expect(Day("2024-02-29")!.adding(days: 1) == Day(year: 2024, month: 3, day: 1))
        let far = last.adding(days: .max)
        #expect(far > last && far.adding(days: .max) == far && first.adding(days: .min) < first)
    }

    @Test func koreanDayIsUTCPlusNine() {
        // 2026-11-21 14:59:59 UTC is 23:59:59 in Seoul; one second later it is the 22nd there.
        #expect(Day.korean(at: Date(timeIntervalSince1970: 1_795_273_199)).iso == "2026-11-21")
        #expect(Day.korean(at: Date(timeIntervalSince1970: 1_795_273_200)).iso == "2026-11-22")
    }

    @Test func blankValuesAreUnknownNotZero() throws {
        for blank in [nil, "", " ", "  ", "\u{3000}", "\t"] as [String?] {
            #expect(try FieldValue(blank, "f").count() == nil)
            #expect(try FieldValue(blank, "f").decimal() == nil)
            #expect(try FieldValue(blank, "f").day() == nil)
            #expect(FieldValue(blank, "f").text == nil)
        }
    }

    @Test func numbersParseExactlyIncludingHugeOnes() throws {
        #expect(try FieldValue(" 47538 ", "f").count() == 47538)
        #expect(try FieldValue("127753046500", "f").count() == 127_753_046_500)
        #expect(try FieldValue("-3", "f").signed() == -3)
        #expect(try FieldValue("+3", "f").signed() == 3)
        #expect(try FieldValue("100", "f").decimal() == 100)
        #expect(try FieldValue("100.0", "f").decimal() == 100)
        #expect(try FieldValue("-17.9", "f").decimal() == -17.9)
        #expect(try FieldValue("44510.8", "f").decimal() == 44510.8)
    }

    @Test(arguments: [
        ("abc", "expected a whole number of zero or more"),
        ("-5", "expected a whole number of zero or more"),
        ("1,234", "expected a whole number of zero or more"),
        ("99999999999999999999", "the number is too large"),
        ("12.5", "expected a whole number of zero or more"),
    ])
    func nonsenseCountsAreNamedErrors(raw: String, reason: String) {
        #expect(throws: InvalidDataError(field: "row.audiCnt", value: raw, reason: reason)) {
            try FieldValue(raw, "row.audiCnt").count()
        }
    }

    @Test func nonsenseDecimalsAndDatesAreErrors() {
        for raw in ["nan", "inf", "0x1p3", "1e5", "34,2", ".5", "5."] {
            #expect(throws: InvalidDataError.self, "\(raw)") { try FieldValue(raw, "f").decimal() }
        }
        #expect(throws: InvalidDataError(field: "f", value: "2023-02-30", reason: "expected a date such as 20230327")) {
            try FieldValue("2023-02-30", "f").day()
        }
    }

    @Test func rowWithLettersInAnAudienceFailsWithItsPlace() throws {
        let body = try Fixtures.text("daily_20220105.json").replacingOccurrences(of: #""audiCnt":"64050""#, with: #""audiCnt":"6405O""#)
        let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(body.utf8))
        #expect(throws: InvalidDataError(field: "dailyBoxOfficeList[0].audiCnt", value: "6405O", reason: "expected a whole number of zero or more")) {
            try DailyBoxOffice(response, requested: Day("20220105")!)
        }
    }

    @Test func oddButValidRowsConvert() throws {
        let body = #"""
        {"boxOfficeResult":{"showRange":"20230426~20230426","dailyBoxOfficeList":[{"rnum":"1","rank":" 1","rankInten":"","rankOldAndNew":"new","movieCd":"2024A603","movieNm":"  「괴물」 │ <Kalahari> & \"x\"\u3000","openDt":" ","salesAmt":"","salesShare":"0.0","salesInten":"-0","salesChange":"-100.0","salesAcc":"9223372036854775807","audiCnt":"0","audiInten":"0","audiChange":"0","audiAcc":"0","scrnCnt":null,"showCnt":"1"}]}}
        """#
        let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(body.utf8))
        let entry = try #require(try DailyBoxOffice(response, requested: Day("20230426")!).entries.first)
        #expect(entry.rank == 1)
        #expect(entry.rankChange == nil)
        #expect(entry.isNew)
        #expect(entry.movieCode == "2024A603")
        #expect(entry.title == "「괴물」 │ <Kalahari> & \"x\"")
        #expect(entry.openDate == nil)
        #expect(entry.sales == nil)
        #expect(entry.salesTotal == Int64.max)
        #expect(entry.screens == nil)
    }

    @Test func extremeRankChangesRender() throws {
        let body = try Fixtures.text("daily_20220105.json").replacingOccurrences(of: #""rankInten":"-1""#, with: #""rankInten":"-9223372036854775808""#)
        let boxOffice = try DailyBoxOffice(try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(body.utf8)), requested: Day("20220105")!)
        #expect(boxOffice.table(RenderOptions()).contains("▼9223372036854775808"))
        #expect(boxOffice.json.serialized().contains("\"rankChange\": -9223372036854775808,"))
    }

    @Test func answerForAnotherDayIsTheWrongShape() throws {
        let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Fixtures.data("daily_20230423.json"))
        #expect(throws: KOBISError.unreadable(.wrongShape("showRange 20230423~20230423 is not the day asked for (2026-09-10)"))) {
            try DailyBoxOffice(response, requested: Day("20260910")!)
        }
    }

    @Test func displayWidthCountsHangulAsTwoColumns() {
        #expect(TerminalText.width("존 윅 4") == 7)
        #expect(TerminalText.width("「괴물」") == 8)
        #expect(TerminalText.width("Cafe\u{301}") == 4)
        #expect(TerminalText.width("ﾊﾝｶｸ") == 4)
        #expect(TerminalText.width("🎬") == 2)
        #expect(TerminalText.truncate("아머드 사우루스", to: 7) == "아머드…")
        #expect(TerminalText.truncate("아머드 사우루스", to: 8) == "아머드 …")
        #expect(TerminalText.pad("한글", to: 6, alignRight: true) == "  한글")
    }

    @Test func controlCharactersAreNeutralised() {
        #expect(TerminalText.clean("a\u{1B}[31mb\tc\nd\u{202E}e\u{7F}") == "a\u{FFFD}[31mb c de\u{FFFD}")
        #expect(TerminalText.clean("평범한 제목") == "평범한 제목")
    }
}
