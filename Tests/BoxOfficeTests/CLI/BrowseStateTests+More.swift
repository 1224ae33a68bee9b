@testable import BoxOfficeBrowse
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
import BoxOfficeRendering
import Foundation
import Testing

extension BrowseStateTests {
    /// A period that cannot be read is still shown under its own heading (the status says why),
    /// so that w goes on to the next period rather than asking for the same one again.
    @Test func aPeriodThatFailsIsShownAndWGoesOn() throws {
        var state = try Self.showing()
        let week = RankingPlace(day: Self.day, period: .week)
        #expect(state.handle(.key(.character("w"))) == [.fetch(.ranking(week), refresh: false)])
        _ = state.handle(.failed(.ranking(week), "KOBIS did not answer"))
        #expect(state.top.screen == .ranking(week))
        #expect(state.status == "KOBIS did not answer")
        #expect(BrowseView(columns: 80, rows: 12).render(state).first?.contains("Weekly box office holding \(Self.day.iso)") == true)
        #expect(state.handle(.key(.character("w"))) == [.fetch(.ranking(RankingPlace(day: Self.day, period: .weekend)), refresh: false)])
        // A day step that fails leaves the day shown as it was.
        var days = try Self.showing()
        let back = RankingPlace(day: Self.day.adding(days: -1), period: .day)
        _ = days.handle(.key(.character("[")))
        _ = days.handle(.failed(.ranking(back), "KOBIS did not answer"))
        #expect(days.top.screen == .ranking(Self.place))
    }

    /// A step over the season's unrecorded day names it; a step to the next day, or across months
    /// with no sample, says nothing of the days between.
    @Test func aStepOverAnUnrecordedDaySaysSo() throws {
        let days = [Day(year: 2025, month: 8, day: 26)!, Day(year: 2025, month: 10, day: 19)!, Day(year: 2025, month: 10, day: 21)!,
                    Day(year: 2025, month: 10, day: 22)!]
        var state = BrowseState(home: RankingPlace(day: days[3], period: .day), today: Self.today, samples: .init(days: days, weeks: [:]))
        _ = state.start()
        _ = state.handle(.key(.character("[")))
        #expect(state.status == "sample day 2025-10-21")
        _ = state.handle(.key(.character("[")))
        #expect(state.status == "sample day 2025-10-19 (2025-10-20 was not recorded)")
        _ = state.handle(.key(.character("[")))
        #expect(state.status == "sample day 2025-08-26")
        _ = state.handle(.key(.character("]")))
        #expect(state.status == "sample day 2025-10-19")
        _ = state.handle(.key(.character("]")))
        #expect(state.status == "sample day 2025-10-21 (2025-10-20 was not recorded)")
        let two = RankingPlace(day: Day(year: 2025, month: 9, day: 23)!, period: .day)
        #expect(BrowseState.unrecorded(between: two, and: RankingPlace(day: Day(year: 2025, month: 9, day: 26)!, period: .day))
                == " (2025-09-24 and 2025-09-25 were not recorded)")
        #expect(BrowseState.unrecorded(between: RankingPlace(day: two.day, period: .week), and: RankingPlace(day: two.day.adding(days: 14), period: .week)) == "")
    }

    @Test func theCalendarMovesAndPicksADay() throws {
        var state = try Self.showing()
        let peeks = state.handle(.key(.character("c")))
        #expect(state.top.screen == .calendar(Self.day))
        // Each day of the month up to yesterday is looked for in the cache, once; the shown day is known.
        #expect(peeks == (1...22).map { .peek(.ranking(RankingPlace(day: Day(year: 2023, month: 4, day: $0)!, period: .day))) })
        _ = state.handle(.answered(.ranking(RankingPlace(day: Day(year: 2023, month: 4, day: 2)!, period: .day)), .daily(try Self.daily("daily_20221030.json"))))
        _ = state.handle(.failed(.ranking(RankingPlace(day: Day(year: 2023, month: 4, day: 3)!, period: .day)), "not in the cache"))
        #expect(state.status == nil, "a miss says nothing")
        #expect(state.handle(.key(.left)) == [], "the same month: looked for already")
        _ = state.handle(.key(.right))
        _ = state.handle(.key(.right))
        #expect(state.top.screen == .calendar(Self.day), "not past yesterday")
        _ = state.handle(.key(.up))
        #expect(state.top.screen == .calendar(Self.day.adding(days: -7)))
        #expect(state.handle(.key(.pageUp)).count == 31, "March from the cache")
        #expect(state.top.screen == .calendar(Day(year: 2023, month: 3, day: 16)!))
        #expect(state.handle(.key(.left)) == [])
        let picked = RankingPlace(day: Day(year: 2023, month: 3, day: 15)!, period: .day)
        #expect(state.handle(.key(.enter)) == [.fetch(.ranking(picked), refresh: false)])
        #expect(state.pages.count == 1, "the calendar closes")
        _ = state.handle(.answered(.ranking(picked), .daily(try Self.daily("daily_20220315.json"))))
        #expect(state.top.screen == .ranking(picked))
        _ = state.handle(.key(.character("c")))
        _ = state.handle(.key(.escape))
        #expect(state.top.screen == .ranking(picked), "Esc closes the calendar, nothing picked")
        #expect(Day(year: 2023, month: 3, day: 31)!.addingMonths(-1) == Day(year: 2023, month: 2, day: 28)!)
        #expect(Day(year: 2024, month: 1, day: 31)!.addingMonths(1) == Day(year: 2024, month: 2, day: 29)!)
    }

    @Test func searchingTakesTypedHangulAndOpensAMatch() throws {
        var state = try Self.showing()
        _ = state.handle(.key(.character("/")))
        #expect(state.input == "")
        for character in "범죄와의 전쟝" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.backspace))
        _ = state.handle(.key(.character("쟁")))
        #expect(state.input == "범죄와의 전쟁")
        #expect(state.handle(.key(.character("q"))) == [], "q is typed, not quit")
        _ = state.handle(.key(.backspace))
        #expect(state.handle(.key(.enter)) == [.fetch(.search("범죄와의 전쟁"), refresh: false)])
        #expect(state.input == nil)
        // An empty search does nothing; Esc closes the line.
        _ = state.handle(.key(.character("/")))
        _ = state.handle(.key(.character(" ")))
        #expect(state.handle(.key(.enter)) == [])
        _ = state.handle(.key(.character("/")))
        _ = state.handle(.key(.escape))
        #expect(state.input == nil)
        #expect(state.pages.count == 1)
    }

    @Test func aPersonFromTheCreditsOpensWhenTheNameIsTheirsAlone() throws {
        var state = try Self.showing()
        let movie = try Self.movie("movieinfo_20218541.json")
        _ = state.handle(.key(.enter))
        _ = state.handle(.answered(.movie("20231089"), .movie(BrowseFilm(movie))))
        let people = BrowseRequest.people(name: movie.directors[0].name, film: movie.title)
        #expect(state.handle(.key(.enter)) == [.fetch(people, refresh: false)])
        let name = movie.directors[0].name
        let one = try SearchPage<PersonSummary>(JSONDecoder().decode(PeopleListResponse.self, from: Data("""
            {"peopleListResult":{"totCnt":2,"peopleList":[
              {"peopleCd":"10000001","peopleNm":"\(name)","peopleNmEn":"","repRoleNm":"감독","filmoNames":"\(movie.title)|다른 영화"},
              {"peopleCd":"10000002","peopleNm":"\(name)","peopleNmEn":"","repRoleNm":"배우","filmoNames":"다른 영화"}]}}
            """.utf8)), page: 1, perPage: 10)
        #expect(state.handle(.answered(people, .people(one))) == [.fetch(.person("10000001"), refresh: false)],
                "two of that name, one with the film")
        #expect(state.top.screen == .movie("20231089"), "still the film until the person's answer")
        let person = try Person(JSONDecoder().decode(PeopleInfoResponse.self, from: Data("""
            {"peopleInfoResult":{"peopleInfo":{"peopleCd":"10000001","peopleNm":"\(name)","peopleNmEn":"","sex":"남자","repRoleNm":"감독",
             "homepages":[],"filmos":[{"movieCd":"20231089","movieNm":"\(movie.title)","moviePartNm":"감독"},{"movieCd":"","movieNm":"없는 영화","moviePartNm":""}]}}}
            """.utf8)), requested: "10000001")
        _ = state.handle(.answered(.person("10000001"), .person(person)))
        #expect(state.top.screen == .person("10000001"))
        #expect(state.items(of: state.top) == [.open(.movie("20231089")), .none], "a film without a code cannot be opened")
        _ = state.handle(.key(.enter))
        #expect(state.top.screen == .movie("20231089"), "known: at once")
        for _ in 0..<3 { _ = state.handle(.key(.escape)) }
        #expect(state.top.screen == .ranking(Self.place))
        #expect(state.pages.count == 1)
    }

    @Test func aScreenWithNothingToChooseScrolls() throws {
        var state = try Self.showing()
        _ = state.handle(.resized(bodyRows: 5))
        _ = state.handle(.key(.character("?")))
        let lines = state.lines(of: state.top).count
        #expect(lines > 5)
        _ = state.handle(.key(.down))
        #expect(state.top.top == 1)
        // Four lines of text in view, and a fifth that says how many more are above or below.
        let shown = BrowseView(columns: 80, rows: 8).render(state)
        #expect(shown[5] == "  ↓ \(lines - 5) more lines (↓, PgDn)")
        _ = state.handle(.key(.character("G")))
        #expect(state.top.top == lines - 4)
        #expect(BrowseView(columns: 80, rows: 8).render(state)[5] == "  ↑ \(lines - 4) lines above (↑, PgUp)")
        _ = state.handle(.key(.pageDown))
        #expect(state.top.top == lines - 4, "not past the end")
        _ = state.handle(.key(.character("g")))
        #expect(state.top.top == 0)
        _ = state.handle(.key(.up))
        #expect(state.top.top == 0)
    }

    @Test func emptyListsHaveNothingToChoose() throws {
        var state = BrowseState(home: Self.place, today: Self.today)
        _ = state.start()
        let empty = try DailyBoxOffice(JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data("""
            {"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20230423~20230423","dailyBoxOfficeList":[]}}
            """.utf8)), requested: Self.day)
        _ = state.handle(.answered(.ranking(Self.place), .daily(empty)))
        for key in [BrowseKey.down, .up, .pageDown, .character("G"), .enter] { #expect(state.handle(.key(key)) == []) }
        #expect(state.top.selection == 0)
        #expect(state.lines(of: state.top) == [BrowseLine(text: "KOBIS lists no film for this period.")])
    }

    /// A day's news is shown under its ranking once it is read: a heading, then a sentence an
    /// event, as `boxoffice news` tells them; a weekly ranking has none.
    @Test func theDaysNewsIsUnderItsRanking() throws {
        let (before, day) = (Day(year: 2025, month: 10, day: 2)!, Day(year: 2025, month: 10, day: 3)!)
        let place = RankingPlace(day: day, period: .day)
        var state = BrowseState(home: place, today: Self.today)
        _ = state.start()
        let ranking = try Self.daily("daily_20251003.json")
        #expect(state.handle(.answered(.ranking(place), .daily(ranking))) == [.prefetch(.news(day, deep: false))])
        let rankings = [try Self.daily("daily_20251002.json"), ranking]
        let news = try #require(DayNews(day: day, from: before, rankings: rankings, coverage: PeriodCoverage(daysInPeriod: 2)))
        _ = state.handle(.answered(.news(day, deep: false), .news(news)))
        let lines = state.lines(of: state.top).map(\.text)
        let sentences: [String] = news.events.map { event in ToldEvent(event, korean: false, deep: false).text }
        let tail: [String] = Array(lines.suffix(news.events.count + 2))
        #expect(tail == ["", "News against the day before"] + sentences)
        #expect(lines.contains("보스 opens at number one with 238,891 admissions, ending 어쩔수가없다's run of at least 1 day at number one."), "\(lines)")
        #expect(state.items(of: state.top).count == 10, "the news is read, not chosen")
    }

    @Test func fetchesNeighboursAheadOnlyWhenAllowed() throws {
        var state = BrowseState(home: RankingPlace(day: Self.day.adding(days: -1), period: .day), today: Self.today, prefetch: true)
        _ = state.start()
        let effects = state.handle(.answered(.ranking(RankingPlace(day: Self.day.adding(days: -1), period: .day)), .daily(try Self.daily("daily_20230423.json"))))
        #expect(effects == [.prefetch(.news(Self.day.adding(days: -1), deep: false)), .prefetch(.ranking(Self.place)),
                            .prefetch(.ranking(RankingPlace(day: Self.day.adding(days: -2), period: .day))),
                            .prefetch(.movie("20231089"))], "the day's news, the days on either side, and the chosen film")
        #expect(state.handle(.key(.down)) == [.prefetch(.movie("20226270"))])
        #expect(state.handle(.key(.up)) == [], "asked for already")
        var offline = BrowseState(home: Self.place, today: Self.today, prefetch: false)
        _ = offline.start()
        #expect(offline.handle(.answered(.ranking(Self.place), .daily(try Self.daily("daily_20230423.json")))) == [.prefetch(.news(Self.day, deep: false))],
                "only the day's news, from what is at hand")
    }

    @Test func aReviewIsWrittenInAFormAndKeptUntilTheStoreTakesIt() throws {
        var state = try Self.showing()
        _ = state.handle(.key(.character("v")))
        #expect(state.form == nil)
        #expect(state.status == "v adds a review from a film's details")
        _ = state.handle(.key(.enter))
        _ = state.handle(.answered(.movie("20231089"), .movie(BrowseFilm(try Self.movie("movieinfo_20218541.json")))))
        _ = state.handle(.key(.character("v")))
        #expect(state.form?.title == "밀수")
        for character in "4.5" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.tab))
        for character in "민수" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.enter))
        for character in "재미있다 q" { _ = state.handle(.key(.character(character))) }
        #expect(!state.quitting, "q is typed into the form")
        _ = state.handle(.key(.backspace))
        _ = state.handle(.key(.tab))
        for character in "pw" { _ = state.handle(.key(.character(character))) }
        let form = try #require(state.form)
        #expect(form.values == ["4.5", "민수", "재미있다 ", "pw"])
        var sent = form
        sent.sending = true
        #expect(state.handle(.key(.enter)) == [.addReview(sent)])
        #expect(state.handle(.key(.escape)) == [], "keys wait while it is being added")
        #expect(state.form?.sending == true)
        // Refused: the form stays as typed, with the reason.
        _ = state.handle(.reviewRefused("20231089", "the review is empty"))
        #expect(state.form == form)
        #expect(state.status == "the review is empty")
        // Added: the form closes; the film's reviews, when shown, are read again.
        _ = state.handle(.key(.enter))
        _ = state.handle(.reviewAdded("20231089", "added review 0a1b2c3d of 20231089."))
        #expect(state.form == nil)
        #expect(state.status == "added review 0a1b2c3d of 20231089.")
        _ = state.handle(.key(.character("G")))
        #expect(state.handle(.key(.enter)) == [.fetch(.reviews("20218541"), refresh: false)], "the recorded film's own code")
        _ = state.handle(.key(.character("v")))
        _ = state.handle(.key(.escape))
        #expect(state.form == nil)
        #expect(state.status == "the review was not added")
    }
}
