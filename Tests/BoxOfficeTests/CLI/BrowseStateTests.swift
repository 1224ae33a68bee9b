@testable import BoxOfficeCLI
@testable import BoxOfficeCore
import Foundation
import Testing

/// `boxoffice browse`'s state machine, key by key, with recorded answers: what each key does on
/// each screen, the edges, and answers that arrive late.
@Suite struct BrowseStateTests {
    static let today = Day(year: 2023, month: 4, day: 24)!
    static let day = Day(year: 2023, month: 4, day: 23)!
    static let place = RankingPlace(day: day, period: .day)

    static func daily(_ fixture: String) throws -> DailyBoxOffice {
        let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Fixtures.data(fixture))
        let range = try #require(response.boxOfficeResult.showRange)
        return try DailyBoxOffice(response, requested: try #require(Day(String(range.prefix(8)))))
    }

    static func movie(_ fixture: String) throws -> Movie {
        try Movie(try JSONDecoder().decode(MovieInfoResponse.self, from: Fixtures.data(fixture)), requested: "")
    }

    /// A state showing 2023-04-23's ranking.
    static func showing() throws -> BrowseState {
        var state = BrowseState(home: place, today: today)
        #expect(state.start() == [.fetch(.ranking(place), refresh: false)])
        #expect(state.handle(.answered(.ranking(place), .daily(try daily("daily_20230423.json")))) == [])
        return state
    }

    /// A film's run, once read, stays on its screen when a ranking of a later day that lists the
    /// film arrives (a prefetch): the day the run was looked for around does not move under it.
    @Test func aFilmsRunStaysWhenALaterRankingArrives() throws {
        var state = try Self.showing()
        _ = state.handle(.key(.down))
        let code = "20226270"
        _ = state.handle(.key(.enter))
        let effects = state.handle(.answered(.movie(code), .movie(BrowseFilm(try Self.movie("movieinfo_20218541.json")))))
        #expect(effects.contains(.prefetch(.run(code, around: Self.day))))
        let ranking = try Self.daily("daily_20230423.json")
        _ = state.handle(.answered(.run(code, around: Self.day), .run(Trend(films: [(code, code)], rankings: [ranking]))))
        let shown = { (state: BrowseState) in state.lines(of: state.top).contains { $0.text.hasPrefix("In the rankings at hand") } }
        #expect(shown(state))
        let later = Self.day.adding(days: 2)
        #expect(state.handle(.answered(.ranking(RankingPlace(day: later, period: .day)), .daily(DailyBoxOffice(day: later, entries: ranking.entries)))) == [])
        #expect(shown(state), "still its run")
    }

    @Test func startsOnItsDayAndFetchesIt() throws {
        var state = BrowseState(home: Self.place, today: Self.today)
        #expect(state.start() == [.fetch(.ranking(Self.place), refresh: false)])
        #expect(state.loading == [.ranking(Self.place)])
        #expect(state.items(of: state.top).isEmpty, "nothing to choose before the answer")
        #expect(state.handle(.key(.down)) == [])
        #expect(state.handle(.key(.enter)) == [])
        _ = state.handle(.answered(.ranking(Self.place), .daily(try Self.daily("daily_20230423.json"))))
        #expect(state.loading.isEmpty)
        #expect(state.items(of: state.top).count == 10)
    }

    @Test func movesWithinTheListAndStopsAtItsEnds() throws {
        var state = try Self.showing()
        _ = state.handle(.key(.up))
        #expect(state.top.selection == 0, "the first row is the first")
        for key in [BrowseKey.down, .character("j"), .down] { _ = state.handle(.key(key)) }
        #expect(state.top.selection == 3)
        _ = state.handle(.key(.character("k")))
        #expect(state.top.selection == 2)
        _ = state.handle(.key(.character("G")))
        #expect(state.top.selection == 9)
        _ = state.handle(.key(.down))
        #expect(state.top.selection == 9, "the last row is the last")
        _ = state.handle(.key(.character("g")))
        #expect(state.top.selection == 0)
        _ = state.handle(.resized(bodyRows: 4))
        _ = state.handle(.key(.pageDown))
        #expect(state.top.selection == 4)
        #expect(state.top.top == 3, "the chosen row is in view: the heading and rows 1-4 scrolled off by three above the row that says more follow")
        _ = state.handle(.key(.pageDown))
        _ = state.handle(.key(.pageDown))
        #expect(state.top.selection == 9)
        _ = state.handle(.key(.pageUp))
        #expect(state.top.selection == 5)
    }

    @Test func opensAFilmOnceItsAnswerArrivesAndGoesBack() throws {
        var state = try Self.showing()
        _ = state.handle(.key(.down))
        let code = "20226270"
        #expect(state.handle(.key(.enter)) == [.fetch(.movie(code), refresh: false)])
        #expect(state.pages.count == 1, "the ranking stays until the film's answer is there")
        #expect(state.pending?.request == .movie(code))
        let movie = try Self.movie("movieinfo_20218541.json")
        _ = state.handle(.answered(.movie(code), .movie(BrowseFilm(movie))))
        #expect(state.top.screen == .movie(code))
        #expect(state.pending == nil)
        // → and l open as Enter does; on a film, the credits are what can be chosen.
        let items = state.items(of: state.top)
        #expect(items.first == .open(.people(name: movie.directors[0].name, film: movie.title)))
        _ = state.handle(.key(.escape))
        #expect(state.top.screen == .ranking(Self.place))
        #expect(state.top.selection == 1, "back where the user was")
        // Known now: opening it again needs no request.
        #expect(state.handle(.key(.right)) == [])
        #expect(state.top.screen == .movie(code))
        for key in [BrowseKey.left, .character("l"), .backspace, .character("h")] { _ = state.handle(.key(key)) }
        #expect(state.pages.count == 1)
    }

    @Test func escOnTheFirstScreenNeverEndsTheView() throws {
        var state = try Self.showing()
        for key in [BrowseKey.escape, .left, .backspace, .character("h")] {
            #expect(state.handle(.key(key)) == [])
            #expect(!state.quitting)
        }
        #expect(state.handle(.key(.character("q"))) == [.quit])
        #expect(state.quitting)
        var again = try Self.showing()
        _ = again.handle(.key(.enter))
        #expect(again.handle(.key(.interrupt)) == [.quit], "Ctrl-C quits from anywhere, even while waiting")
    }

    @Test func leavingCancelsWhatTheScreenWaitedFor() throws {
        var state = try Self.showing()
        _ = state.handle(.key(.enter))
        #expect(state.handle(.key(.escape)) == [.cancel(.movie("20231089"))])
        #expect(state.pending == nil)
        #expect(state.loading.isEmpty)
        // The answer comes anyway: it is kept, and the screen stays the ranking.
        _ = state.handle(.answered(.movie("20231089"), .movie(BrowseFilm(try Self.movie("movieinfo_20218541.json")))))
        #expect(state.top.screen == .ranking(Self.place))
        #expect(state.answers[.movie("20231089")] != nil)
        // A failure of something nobody waits for says nothing.
        _ = state.handle(.failed(.movie("20000000"), "KOBIS is down"))
        #expect(state.status == nil)
    }

    @Test func aFailureIsAStatusLineAndTheScreenStays() throws {
        var state = try Self.showing()
        _ = state.handle(.key(.character("]")))
        #expect(state.status == "2023-04-23 is the latest: KOBIS publishes a day once it has ended")
        let before = state.top
        #expect(state.handle(.key(.character("["))) == [.fetch(.ranking(RankingPlace(day: Day(year: 2023, month: 4, day: 22)!, period: .day)), refresh: false)])
        #expect(state.status == nil, "a key clears the last message")
        _ = state.handle(.failed(.ranking(RankingPlace(day: Day(year: 2023, month: 4, day: 22)!, period: .day)), "KOBIS did not answer"))
        #expect(state.status == "KOBIS did not answer")
        #expect(state.top == before)
        #expect(state.pending == nil)
        // Refresh: fetched again from KOBIS, the screen as it is meanwhile.
        #expect(state.handle(.key(.character("r"))) == [.fetch(.ranking(Self.place), refresh: true)])
        #expect(state.top == before)
        _ = state.handle(.failed(.ranking(Self.place), "quota spent"))
        #expect(state.status == "quota spent")
        #expect(state.lines(of: state.top).count == 11, "still showing the day")
    }

    @Test func stepsDaysWeeksAndPeriodsWithinWhatKOBISHas() throws {
        var state = BrowseState(home: RankingPlace(day: BrowseState.firstDay.adding(days: 1), period: .day), today: Self.today)
        _ = state.start()
        #expect(state.handle(.key(.character("["))) == [.fetch(.ranking(RankingPlace(day: BrowseState.firstDay, period: .day)), refresh: false)])
        _ = state.handle(.answered(.ranking(RankingPlace(day: BrowseState.firstDay, period: .day)), .daily(try Self.daily("daily_20230423.json"))))
        #expect(state.handle(.key(.character("["))) == [])
        #expect(state.status == "KOBIS has no figures before 2004-01-01")
        // Quick steps add up while the days are on their way; only the last is waited for.
        var quick = try Self.showing()
        _ = quick.handle(.key(.character("[")))
        let effects = quick.handle(.key(.character("[")))
        let twoBack = RankingPlace(day: Self.day.adding(days: -2), period: .day)
        #expect(effects == [.cancel(.ranking(RankingPlace(day: Self.day.adding(days: -1), period: .day))), .fetch(.ranking(twoBack), refresh: false)])
        #expect(quick.pending?.request == .ranking(twoBack))
        // Weeks step by seven days; the week holding yesterday is the last.
        let week = RankingPlace(day: Self.day.adding(days: -10), period: .week)
        #expect(state.step(week, by: 1) == RankingPlace(day: Self.day.adding(days: -3), period: .week))
        #expect(state.step(RankingPlace(day: Self.day.adding(days: -3), period: .week), by: 1) == RankingPlace(day: Self.day, period: .week))
        #expect(state.step(RankingPlace(day: Self.day, period: .week), by: 1) == nil)
        #expect(state.step(week, by: -1) == RankingPlace(day: Self.day.adding(days: -17), period: .week))
        // w: day → week → weekend → weekdays → day.
        var periods = try Self.showing()
        var seen: [BrowsePeriod] = []
        for _ in 0..<4 {
            let effects = periods.handle(.key(.character("w")))
            guard case let .fetch(.ranking(place), _)? = effects.first else { break }
            seen.append(place.period)
            _ = periods.handle(.answered(.ranking(place), .daily(try Self.daily("daily_20230423.json"))))
        }
        #expect(seen == [.week, .weekend, .weekdays])
        #expect(periods.top.screen == .ranking(Self.place), "and back to the day, known already")
        // t: back to the first day.
        var home = try Self.showing()
        _ = home.handle(.key(.character("[")))
        _ = home.handle(.answered(.ranking(RankingPlace(day: Self.day.adding(days: -1), period: .day)), .daily(try Self.daily("daily_20221030.json"))))
        #expect(home.top.screen == .ranking(RankingPlace(day: Self.day.adding(days: -1), period: .day)))
        #expect(home.handle(.key(.character("t"))) == [], "known already")
        #expect(home.top.screen == .ranking(Self.place))
    }

    @Test func theDemoStepsThroughItsSampleDaysAndSaysSo() throws {
        let days = [Day(year: 2022, month: 1, day: 5)!, Day(year: 2023, month: 4, day: 23)!]
        var state = BrowseState(home: RankingPlace(day: days[1], period: .day), today: Self.today,
                                samples: .init(days: days, weeks: [.weekend: [Day(year: 2012, month: 1, day: 1)!]]))
        _ = state.start()
        #expect(state.status == "sample data (--demo): ] and [ step through the 2 recorded days")
        _ = state.handle(.answered(.ranking(RankingPlace(day: days[1], period: .day)), .daily(try Self.daily("daily_20230423.json"))))
        #expect(state.handle(.key(.character("["))) == [.fetch(.ranking(RankingPlace(day: days[0], period: .day)), refresh: false)])
        #expect(state.status == "sample day 2022-01-05")
        _ = state.handle(.answered(.ranking(RankingPlace(day: days[0], period: .day)), .daily(try Self.daily("daily_20220105.json"))))
        #expect(state.handle(.key(.character("["))) == [])
        #expect(state.status == "no earlier sample day (the demo has only the recorded ones)")
        // w stays on the day shown (never a jump years away): the week the samples lack says so
        // on its screen, and [ goes back to the one weekend they hold.
        let week = RankingPlace(day: days[0], period: .week)
        #expect(state.handle(.key(.character("w"))) == [.fetch(.ranking(week), refresh: false)])
        _ = state.handle(.answered(.ranking(week), .notHeld))
        #expect(state.top.screen == .ranking(week))
        #expect(state.lines(of: state.top).map(\.text) == [
            "KOBIS's weekly box office of this week is not in the samples: [ and ] step through the recorded ones, w changes the period, and without --demo KOBIS answers.",
        ])
        let weekend = RankingPlace(day: days[0], period: .weekend)
        #expect(state.handle(.key(.character("w"))) == [.fetch(.ranking(weekend), refresh: false)])
        _ = state.handle(.answered(.ranking(weekend), .notHeld))
        #expect(state.handle(.key(.character("["))) == [.fetch(.ranking(RankingPlace(day: Day(year: 2012, month: 1, day: 1)!, period: .weekend)), refresh: false)])
    }

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

    @Test func fetchesNeighboursAheadOnlyWhenAllowed() throws {
        var state = BrowseState(home: RankingPlace(day: Self.day.adding(days: -1), period: .day), today: Self.today, prefetch: true)
        _ = state.start()
        let effects = state.handle(.answered(.ranking(RankingPlace(day: Self.day.adding(days: -1), period: .day)), .daily(try Self.daily("daily_20230423.json"))))
        #expect(effects == [.prefetch(.ranking(Self.place)), .prefetch(.ranking(RankingPlace(day: Self.day.adding(days: -2), period: .day))),
                            .prefetch(.movie("20231089"))], "the days on either side, and the chosen film")
        #expect(state.handle(.key(.down)) == [.prefetch(.movie("20226270"))])
        #expect(state.handle(.key(.up)) == [], "asked for already")
        var offline = BrowseState(home: Self.place, today: Self.today, prefetch: false)
        _ = offline.start()
        #expect(offline.handle(.answered(.ranking(Self.place), .daily(try Self.daily("daily_20230423.json")))) == [])
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
