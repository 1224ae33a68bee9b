@testable import BoxOfficeCore
@testable import BoxOfficeRendering
import Foundation
import Testing

/// A film's run as the press counts it, from the recorded autumn of 2025 (2025-09-08 to 2025-10-28,
/// without 2025-09-24, 어쩔수가없다's opening day, and 2025-10-20, which were never recorded).
@Suite struct FilmRunTests {
    static let season = Day(year: 2025, month: 9, day: 8)!...Day(year: 2025, month: 10, day: 28)!
    static let notRecorded = [Day(year: 2025, month: 9, day: 24)!, Day(year: 2025, month: 10, day: 20)!]

    /// Every recorded day of the season, as KOBIS answered it.
    static func rankings() throws -> [DailyBoxOffice] {
        try PeriodReading.days(season).filter { !notRecorded.contains($0) }.map { day in
            let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: try Fixtures.data("daily_\(day.compact).json"))
            return try DailyBoxOffice(response, requested: day)
        }
    }

    static func run(_ code: String, openDate: Day? = nil, rankings: [DailyBoxOffice]? = nil) throws -> FilmRun {
        FilmRun(movieCode: code, openDate: openDate, rankings: try rankings ?? Self.rankings(), period: season,
                coverage: PeriodCoverage(daysInPeriod: 51, unread: notRecorded.map { UnreadDay(day: $0, reason: .notHeld) }))
    }

    static func day(_ text: String) -> Day { Day(text)! }

    /// 어쩔수가없다 opened on Wednesday 2025-09-24, a day never recorded: its opening day and its
    /// previews' audience are not known, the rest of its run is.
    @Test func aRunWhoseOpeningDayWasNotRead() throws {
        let run = try Self.run("20243561")
        #expect(run.openDate == Self.day("2025-09-24"))
        #expect(run.openingDay == nil)
        #expect(run.previews == FilmRun.Previews(audience: nil, days: [Self.day("2025-09-22"), Self.day("2025-09-23")]))
        #expect(run.openingWeekend == FilmRun.Weekend(from: Self.day("2025-09-26"), to: Self.day("2025-09-28"), audience: 127_031 + 242_011 + 240_252))
        #expect(run.openingWeek == FilmRun.TotalOn(to: Self.day("2025-09-28"), audienceTotal: 1_073_453))
        // 개봉 5일 만에 100만: the opening day is day 1, so Sunday the 28th is day 5.
        #expect(run.milestones == [
            Trend.Series.Milestone(audience: 500_000, date: Self.day("2025-09-26"), day: 3),
            Trend.Series.Milestone(audience: 1_000_000, date: Self.day("2025-09-28"), day: 5),
            Trend.Series.Milestone(audience: 2_000_000, date: Self.day("2025-10-06"), day: 13),
        ], "100,000 was passed on the opening day, which was not read")
        #expect(run.daysAtNumberOne == 8)
        #expect(run.longestAtNumberOne == FilmRun.Streak(days: 8, from: Self.day("2025-09-25"), to: Self.day("2025-10-02")))
        #expect(run.bestDay == FilmRun.RankedDay(date: Self.day("2025-09-27"), audience: 242_011, rank: 1))
        #expect(run.bestRank == 1)
        #expect(run.mostScreens == 1_871)
        #expect(run.daysInTop10 == 35)
        #expect(run.asOf == Self.day("2025-10-28") && run.inTop10)
        #expect(run.audienceTotal == 2_885_303)
        let second = 178_353 + 147_003 + 133_229
        #expect(run.secondWeekendChange == -24.7, "(\(second) − 609,294) / 609,294")
    }

    /// 보스 opened on Friday 2025-10-03 at number one, ending 어쩔수가없다's run there: its opening
    /// weekend is its opening day's own, and its previews are KOBIS's total less the opening day.
    @Test func aRunThatOpensOnAFriday() throws {
        let run = try Self.run("20228988")
        #expect(run.openingDay == FilmRun.RankedDay(date: Self.day("2025-10-03"), audience: 238_891, rank: 1))
        #expect(run.previews == FilmRun.Previews(audience: 244_160 - 238_891, days: [Self.day("2025-09-25"), Self.day("2025-09-29")]))
        #expect(run.openingWeekend == FilmRun.Weekend(from: Self.day("2025-10-03"), to: Self.day("2025-10-05"), audience: 238_891 + 208_863 + 218_924))
        #expect(run.openingWeek == FilmRun.TotalOn(to: Self.day("2025-10-05"), audienceTotal: 671_941))
        #expect(run.milestones.map { "\($0.audience) \($0.date.iso) \($0.day.map(String.init) ?? "-")" } == [
            "100000 2025-10-03 1", "500000 2025-10-05 3", "1000000 2025-10-07 5", "2000000 2025-10-12 10",
        ])
        #expect(run.longestAtNumberOne == FilmRun.Streak(days: 8, from: Self.day("2025-10-03"), to: Self.day("2025-10-10")))
        #expect(run.bestDay == FilmRun.RankedDay(date: Self.day("2025-10-07"), audience: 322_760, rank: 1))
        #expect(run.secondWeekendChange == -53.9, "(307,166 − 666,678) / 666,678")
        #expect(run.salesTotal != nil && run.audienceTotal == 2_394_911)
    }

    /// A film absent on a day of its weekend, or a weekend with a day not read, has no weekend
    /// figure; a run at number one broken by a day not read is two runs; a film that left the
    /// ranking and came back counts only the days it was in it.
    @Test func whatTheDaysDoNotSayIsNotKnown() throws {
        var rankings = try Self.rankings()
        // 보스 taken out of Saturday 2025-10-04 (as if it had fallen out of the top 10) and of
        // Thursday 2025-10-09 (a day at number one): its weekend is unknown, its run at one is broken.
        for index in rankings.indices where [Self.day("2025-10-04"), Self.day("2025-10-09")].contains(rankings[index].day) {
            rankings[index].entries.removeAll { $0.movieCode == "20228988" }
        }
        let run = try Self.run("20228988", rankings: rankings)
        #expect(run.openingWeekend == nil)
        #expect(run.secondWeekendChange == nil)
        #expect(run.longestAtNumberOne == FilmRun.Streak(days: 4, from: Self.day("2025-10-05"), to: Self.day("2025-10-08")))
        #expect(run.daysAtNumberOne == 6)
        #expect(run.daysInTop10 == 25)
        // Back in the ranking after a day out, its milestones still rest on KOBIS's own totals.
        #expect(run.milestones.map(\.audience) == [100_000, 500_000, 1_000_000, 2_000_000])
    }

    /// A film never ranked in the days read has a run with nothing known: no total, no day.
    @Test func aFilmNeverRankedHasNothingKnown() throws {
        let run = try Self.run("19990001")
        #expect(run.asOf == nil && run.audienceTotal == nil && run.previews == nil && run.openingDay == nil)
        #expect(run.daysInTop10 == 0 && !run.inTop10 && run.milestones.isEmpty && run.longestAtNumberOne == nil)
        #expect(Trend.Series.marks(from: 0, upTo: 10_400_000).suffix(2) == [9_000_000, 10_000_000])
        #expect(Trend.Series.marks(from: 0, upTo: 99_999).isEmpty)
        #expect(Trend.Series.marks(from: 450_000, upTo: 2_000_000) == [500_000, 1_000_000, 2_000_000])
    }

    /// Damaged figures (a total near Int.max, a total below the day's audience) give unknowns and
    /// no milestone, never a trap or a list of billions of marks.
    @Test func damagedFiguresAreNotKnownNeverATrap() throws {
        let huge = Int.max - 10
        func day(_ text: String, audience: Int, total: Int) throws -> DailyBoxOffice {
            let row = #"{"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20990001","movieNm":"손상","openDt":"2025-10-01","salesAmt":"1","salesShare":"1","salesInten":"0","salesChange":"0","salesAcc":"1","audiCnt":"\#(audience)","audiInten":"0","audiChange":"0","audiAcc":"\#(total)","scrnCnt":"1","showCnt":"1"}"#
            let body = #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"\#(text)~\#(text)","dailyBoxOfficeList":[\#(row)]}}"#
            return try DailyBoxOffice(try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(body.utf8)), requested: Day(text)!)
        }
        let days = [try day("20251001", audience: 5, total: 3), try day("20251003", audience: huge, total: huge),
                    try day("20251004", audience: huge, total: huge), try day("20251005", audience: 1, total: huge)]
        let run = FilmRun(movieCode: "20990001", openDate: Self.day("2025-10-01"), rankings: days,
                          period: Self.day("2025-10-01")...Self.day("2025-10-05"), coverage: PeriodCoverage(daysInPeriod: 5))
        #expect(run.previews?.audience == nil, "a total below the day's audience says nothing of the previews")
        #expect(run.openingWeekend == nil, "a weekend too large to add is not known")
        #expect(run.milestones.isEmpty)
        #expect(run.audienceTotal == huge)
    }

    /// The run's JSON, key for key as `movie --json` will give it under `run`.
    @Test func theRunsJSON() throws {
        let run = try Self.run("20228988")
        #expect(run.json.serialized(pretty: false) == #"{"from":"2025-09-08","to":"2025-10-28","daysInPeriod":51,"daysRead":49,"daysNotRead":[{"date":"2025-09-24","reason":"notInSamples"},{"date":"2025-10-20","reason":"notInSamples"}],"previews":{"audience":5269,"days":["2025-09-25","2025-09-29"]},"openingDay":{"date":"2025-10-03","audience":238891,"rank":1},"openingWeekend":{"from":"2025-10-03","to":"2025-10-05","audience":666678},"openingWeek":{"to":"2025-10-05","audienceTotal":671941},"asOf":"2025-10-28","audienceTotal":2394911,"salesTotal":23024603620,"inTop10":true,"daysInTop10":27,"daysAtNumberOne":8,"longestAtNumberOne":{"days":8,"from":"2025-10-03","to":"2025-10-10"},"bestRank":1,"bestDay":{"date":"2025-10-07","audience":322760},"mostScreens":1296,"milestones":[{"audience":100000,"date":"2025-10-03","day":1},{"audience":500000,"date":"2025-10-05","day":3},{"audience":1000000,"date":"2025-10-07","day":5},{"audience":2000000,"date":"2025-10-12","day":10}],"secondWeekendChange":-53.9}"# + "\n")
        let missing = try Self.run("20243561")
        let json = missing.json
        #expect(json["openingDay"] == .null && json["previews"]?["audience"] == .null, "not read is null, never a guess")
        #expect(FilmRun.shape.describes(json) && FilmRun.shape.describes(run.json))
    }
}
