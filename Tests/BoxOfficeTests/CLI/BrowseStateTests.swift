@testable import BoxOfficeBrowse
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
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
        // The day's news is asked for under it; here it cannot be read (its days are not at hand).
        #expect(state.handle(.answered(.ranking(place), .daily(try daily("daily_20230423.json")))) == [.prefetch(.news(place.day, deep: false))])
        #expect(state.handle(.failed(.news(place.day, deep: false), "not at hand")) == [])
        #expect(state.status == nil, "a failure of what is not looked at is not news")
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

    /// The chosen item stays in view when an answer that arrives later adds lines above it: a
    /// film's run at hand, above its credits, on a short screen (a slow machine draws the film
    /// before its run is read, or after).
    @Test func theChosenItemStaysInViewWhenARunArrivesAboveIt() throws {
        var state = try Self.showing()
        _ = state.handle(.resized(bodyRows: 10))
        _ = state.handle(.key(.down))
        let code = "20226270"
        _ = state.handle(.key(.enter))
        _ = state.handle(.answered(.movie(code), .movie(BrowseFilm(try Self.movie("movieinfo_20218541.json")))))
        func chosenLine(_ state: BrowseState) -> Int? {
            var seen = -1
            return state.lines(of: state.top).firstIndex { line in
                if line.item != nil { seen += 1 }
                return seen == state.top.selection
            }
        }
        let window = BrowsePage.window(10, lines: state.lines(of: state.top).count)
        let before = try #require(chosenLine(state))
        #expect((state.top.top..<(state.top.top + window)).contains(before))
        let ranking = try Self.daily("daily_20230423.json")
        _ = state.handle(.answered(.run(code, around: Self.day), .run(Trend(films: [(code, code)], rankings: [ranking]))))
        let after = try #require(chosenLine(state))
        #expect(after > before, "the run's lines are above the credits")
        let rows = BrowsePage.window(10, lines: state.lines(of: state.top).count)
        #expect((state.top.top..<(state.top.top + rows)).contains(after), "line \(after) is in view from \(state.top.top)")
    }

    @Test func startsOnItsDayAndFetchesIt() throws {
        var state = BrowseState(home: Self.place, today: Self.today)
        #expect(state.start() == [.fetch(.ranking(Self.place), refresh: false)])
        #expect(state.loading == [.ranking(Self.place)])
        #expect(state.items(of: state.top).isEmpty, "nothing to choose before the answer")
        #expect(state.handle(.key(.down)) == [])
        #expect(state.handle(.key(.enter)) == [])
        _ = state.handle(.answered(.ranking(Self.place), .daily(try Self.daily("daily_20230423.json"))))
        #expect(state.loading == [.news(Self.place.day, deep: false)], "the day's news, under its ranking")
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
        #expect(home.handle(.key(.character("t"))) == [.prefetch(.news(Self.day, deep: false))], "known already; only its news, not read before, is asked again")
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
}
