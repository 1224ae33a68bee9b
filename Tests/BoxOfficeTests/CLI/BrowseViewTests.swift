@testable import BoxOfficeBrowse
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeRendering
import BoxOfficeCore
import Foundation
import Testing

/// `boxoffice browse`'s screens as text: goldens at 80×24, 60×20 and 40×12 (Hangul included), and
/// no line ever wider than the screen, from 20 to 300 columns.
@Suite struct BrowseViewTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Expected/browse")
    static let sizes = [(80, 24), (60, 20), (40, 12)]

    /// Every kind of screen, from recorded answers.
    static func screens() throws -> [(String, BrowseState)] {
        var ranking = try BrowseStateTests.showing()
        _ = ranking.handle(.key(.down))
        var movie = ranking
        _ = movie.handle(.key(.enter))
        _ = movie.handle(.answered(.movie("20226270"), .movie(BrowseFilm(try BrowseStateTests.movie("movieinfo_20218541.json")))))
        for _ in 0..<3 { _ = movie.handle(.key(.down)) }
        var calendar = ranking
        _ = calendar.handle(.key(.character("c")))
        _ = calendar.handle(.key(.up))
        var help = ranking
        _ = help.handle(.key(.character("?")))
        var search = ranking
        _ = search.handle(.key(.character("/")))
        for character in "범죄와의 전쟁" { _ = search.handle(.key(.character(character))) }
        var searched = search
        _ = searched.handle(.key(.enter))
        let query = MovieQuery(title: "범죄와의 전쟁")
        let page = try SearchPage<MovieSummary>(JSONDecoder().decode(MovieListResponse.self, from: Fixtures.data("movielist_movieNm-crime-war.json")), query: query)
        _ = searched.handle(.answered(.search("범죄와의 전쟁"), .movies(page)))
        var failed = ranking
        _ = failed.handle(.key(.character("[")))
        _ = failed.handle(.failed(.ranking(RankingPlace(day: BrowseStateTests.day.adding(days: -1), period: .day)),
                                  "127.0.0.1 did not answer within the time allowed (tried 3 times)."))
        var loading = BrowseState(home: BrowseStateTests.place, today: BrowseStateTests.today)
        _ = loading.start()
        return [("ranking", ranking), ("movie", movie), ("calendar", calendar), ("help", help), ("typing", search),
                ("search", searched), ("failed", failed), ("loading", loading),
                ("film-run", try seasonFilm(0, details: true)), ("film-samples", try seasonFilm(4, details: false)), ("records", try seasonRecords()), ("news", try seasonNews())]
    }

    /// The demo's last day, 2025-10-28, and its film at `index` opened: its details (or none, as
    /// where the samples hold none) and its run over the whole recorded season.
    static func seasonFilm(_ index: Int, details: Bool) throws -> BrowseState {
        let place = RankingPlace(day: Day(year: 2025, month: 10, day: 28)!, period: .day)
        var state = BrowseState(home: place, today: Day(year: 2025, month: 11, day: 27)!)
        _ = state.start()
        _ = state.handle(.answered(.ranking(place), .daily(try BrowseStateTests.daily("daily_20251028.json"))))
        for _ in 0..<index { _ = state.handle(.key(.down)) }
        _ = state.handle(.key(.enter))
        guard case let .movie(code)? = state.pending?.request else { throw BrowseFetchError() }
        let rankings = try SeasonDemoTests.days.map { try BrowseStateTests.daily("daily_\($0).json") }
        var run = Trend(films: [(code, code)], rankings: rankings)
        run.coverage = PeriodCoverage(daysInPeriod: rankings.count)
        let summary = FilmRun(movieCode: code, openDate: nil, rankings: rankings, period: Day(year: 2025, month: 9, day: 8)!...place.day,
                              coverage: PeriodCoverage(daysInPeriod: 51, unread: [UnreadDay(day: Day(year: 2025, month: 9, day: 24)!, reason: .notHeld),
                                                                                 UnreadDay(day: Day(year: 2025, month: 10, day: 20)!, reason: .notHeld)]))
        let movie = details ? try BrowseStateTests.movie("movieinfo_\(code).json") : nil
        _ = state.handle(.answered(.movie(code), .movie(BrowseFilm(code: code, details: movie, run: run, summary: summary))))
        return state
    }

    /// 2025-10-03 with its news under it, read from the season's recordings of its window (the
    /// 24th of September never recorded).
    static func seasonNews() throws -> BrowseState {
        let day = Day(year: 2025, month: 10, day: 3)!
        let place = RankingPlace(day: day, period: .day)
        var state = BrowseState(home: place, today: Day(year: 2025, month: 11, day: 27)!)
        _ = state.start()
        _ = state.handle(.answered(.ranking(place), .daily(try BrowseStateTests.daily("daily_20251003.json"))))
        let window = DayNews.window(for: day)
        let held = SeasonDemoTests.days.compactMap(Day.init).filter(window.contains)
        let rankings = try held.map { try BrowseStateTests.daily("daily_\($0.compact).json") }
        let news = try #require(DayNews(day: day, from: window.lowerBound, rankings: rankings,
                                        coverage: PeriodCoverage(asked: PeriodReading.days(window), read: held)))
        _ = state.handle(.answered(.news(day, deep: false), .news(news)))
        return state
    }

    /// The demo's last day, and `R`: October 2025's records, from the season's recordings (its
    /// 20th never recorded).
    static func seasonRecords() throws -> BrowseState {
        let place = RankingPlace(day: Day(year: 2025, month: 10, day: 28)!, period: .day)
        var state = BrowseState(home: place, today: Day(year: 2025, month: 11, day: 27)!)
        _ = state.start()
        _ = state.handle(.answered(.ranking(place), .daily(try BrowseStateTests.daily("daily_20251028.json"))))
        _ = state.handle(.failed(.news(place.day, deep: false), "not at hand"))
        let effects = state.handle(.key(.character("R")))
        guard effects.contains(.fetch(.records(year: 2025, month: 10), refresh: false)) else { throw BrowseFetchError() }
        let rankings = try SeasonDemoTests.days.filter { $0.hasPrefix("202510") }.map { try BrowseStateTests.daily("daily_\($0).json") }
        let october = Day(year: 2025, month: 10, day: 1)!...Day(year: 2025, month: 10, day: 31)!
        let records = PeriodRecords(period: october, rankings: rankings,
                                    coverage: PeriodCoverage(daysInPeriod: 31, unread: [UnreadDay(day: Day(year: 2025, month: 10, day: 20)!, reason: .notHeld)]
                                        + (29...31).map { UnreadDay(day: Day(year: 2025, month: 10, day: $0)!, reason: .notHeld) }), limit: 5)
        _ = state.handle(.answered(.records(year: 2025, month: 10), .records(records)))
        return state
    }

    /// `R` opens the records of the month of the day shown; Enter on one opens its film.
    @Test func theRecordsOfTheMonthOpenTheirFilms() throws {
        var state = try Self.seasonRecords()
        #expect(state.top.screen == .records(Day(year: 2025, month: 10, day: 28)!))
        let lines = state.lines(of: state.top).map(\.text)
        // The film left out comes first, its title never cut before its name; Enter opens it too.
        #expect(lines.prefix(4) == ["Read 27 of 31 days, 2025-10-01 – 2025-10-31 (the others not at hand)", "Left out of the opening records",
                                    "  퍼스트 라이드", "Biggest opening days"])
        #expect(state.lines(of: state.top)[2].columns == ["2025-10-29", "its opening day not read"])
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.enter))
        #expect(state.pending?.request == .movie("20228988"), "the first record is 보스's opening day")
    }

    /// The run's figures and milestones, and its chart, read from the season's recordings.
    @Test func aFilmsRunIsWhatTheRecordingsSay() throws {
        let rows = try SeasonDemoTests.days.map { day in (day, try SeasonDemoTests.rows(day).first { $0.code == "20090284" }) }
        let ranked = rows.compactMap { day, row in row.map { (day, $0) } }
        let state = try Self.seasonFilm(4, details: false)
        let lines = state.lines(of: state.top)
        #expect(lines.map(\.text).prefix(5) == ["코렐라인", "Code      20090284", "Opened    2009-05-21",
                                                "KOBIS's details for it are not in the samples.", "In the rankings at hand (read at no call)"])
        let figures = Dictionary(lines.filter { !$0.columns.isEmpty }.map { ($0.text.trimmingCharacters(in: .whitespaces), $0.columns.map { $0.trimmingCharacters(in: .whitespaces) }) },
                                 uniquingKeysWith: { a, _ in a })
        let last = try #require(ranked.last)
        #expect(figures["Days read"]?.first == "\(SeasonDemoTests.days.count)")
        #expect(figures["Days in the top 10"]?.first == "\(ranked.count)")
        #expect(figures["Audience so far"]?.prefix(2) == [NumberFormat.grouped(last.1.total), "2025-10-28"])
        let best = try #require(ranked.min { $0.1.rank < $1.1.rank })
        #expect(figures["Best rank"]?.prefix(1) == ["\(best.1.rank)"])
        // A bar a day from its first day in the top 10, the highest for its largest audience.
        let chart = try #require(lines.last?.text.trimmingCharacters(in: .whitespaces))
        #expect(chart.count == ranked.count)
        let peak = try #require(ranked.max { $0.1.audience < $1.1.audience })
        #expect(Array(chart)[try #require(ranked.firstIndex { $0.0 == peak.0 })] == "█")
    }

    @Test func screensReadAsTheirGoldens() throws {
        let update = ProcessInfo.processInfo.environment["BOXOFFICE_WRITE_EXPECTED"] == "1"
        for (name, state) in try Self.screens() {
            for (columns, rows) in Self.sizes {
                var state = state
                _ = state.handle(.resized(bodyRows: BrowseView.bodyRows(forRows: rows)))
                let text = BrowseView(columns: columns, rows: rows).render(state).joined(separator: "\n") + "\n"
                let file = Self.goldens.appendingPathComponent("\(name)-\(columns)x\(rows).txt")
                if update { try Data(text.utf8).write(to: file) }
                #expect(text == (try? String(contentsOf: file, encoding: .utf8)), "\(name) at \(columns)×\(rows)")
            }
        }
    }

    @Test func everyLineFitsAndEveryScreenFillsTheTerminal() throws {
        for (name, state) in try Self.screens() {
            for columns in [20, 25, 33, 40, 47, 60, 61, 80, 99, 120, 200, 300] {
                for rows in [4, 12, 20, 24, 50] {
                    var state = state
                    _ = state.handle(.resized(bodyRows: BrowseView.bodyRows(forRows: rows)))
                    for colors in [false, true] {
                        let lines = BrowseView(columns: columns, rows: rows, colors: colors).render(state)
                        #expect(lines.count == rows, "\(name) \(columns)×\(rows)")
                        for line in lines {
                            let shown = TerminalText.width(Self.withoutEscapes(line))
                            #expect(shown <= columns, "\(name) \(columns)×\(rows): \(line)")
                        }
                    }
                }
            }
        }
    }

    /// Every key on every screen, twice over: the state stays whole (a screen shown, the choice
    /// within its list, the scroll within its lines) and every frame fits.
    @Test func everyKeyOnEveryScreenKeepsTheStateWhole() throws {
        let keys: [BrowseKey] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab,
                                 .suspend, .redraw] + "jkhlgG[]tcw/?rvpqx 범".map { BrowseKey.character($0) }
        for (name, start) in try Self.screens() {
            for first in keys {
                for second in keys {
                    var state = start
                    _ = state.handle(.resized(bodyRows: BrowseView.bodyRows(forRows: 12)))
                    _ = state.handle(.key(first))
                    _ = state.handle(.key(second))
                    #expect(!state.pages.isEmpty)
                    let items = state.items(of: state.top).count
                    #expect(items == 0 ? state.top.selection == 0 : (0..<items).contains(state.top.selection), "\(name) \(first) \(second)")
                    #expect(state.top.top >= 0 && state.top.top <= max(0, state.lines(of: state.top).count - 1), "\(name) \(first) \(second)")
                    let lines = BrowseView(columns: 40, rows: 12).render(state)
                    #expect(lines.count == 12 && lines.allSatisfy { TerminalText.width($0) <= 40 }, "\(name) \(first) \(second)")
                }
            }
        }
    }

    @Test func numbersAreNeverCutOnlyLeftOut() throws {
        let state = try BrowseStateTests.showing()
        for columns in 20...120 {
            let lines = BrowseView(columns: columns, rows: 24).render(state)
            let row = lines[3]  // rank 2, 스즈메의 문단속: 64,087 that day, 4,924,050 in all
            let hasDay = row.contains("64,087"), hasTotal = row.contains("4,924,050")
            #expect(!row.contains("64,08") || hasDay, "\(columns): \(row)")
            #expect(!row.contains("4,924,0") || hasTotal, "\(columns): \(row)")
            #expect(hasDay || !hasTotal, "the total goes first, the day's figure last: \(columns): \(row)")
            if columns >= 40 { #expect(hasDay, "\(columns): \(row)") }
        }
    }

    @Test func theSelectionShowsWithAndWithoutColour() throws {
        let state = try BrowseStateTests.showing()
        let plain = BrowseView(columns: 80, rows: 24).render(state)
        #expect(plain[2].hasPrefix(">  1 "))
        #expect(!plain.joined().contains("\u{1B}"), "no escape at all with colours off (NO_COLOR, --no-color)")
        let coloured = BrowseView(columns: 80, rows: 24, colors: true).render(state)
        #expect(coloured[2].hasPrefix("\u{1B}[7m>  1 "))
    }

    static func withoutEscapes(_ line: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Keys from the bytes a terminal sends.
@Suite struct KeyDecoderTests {
    @Test func decodesArrowsPagingAndControlKeysInTheirForms() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(decoder.feed(Array("\u{1B}OA\u{1B}OD".utf8)) == [.up, .left], "application mode")
        #expect(decoder.feed(Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~".utf8)) == [.pageUp, .pageDown, .home, .end, .home, .end])
        #expect(decoder.feed(Array("\u{1B}[1;5A".utf8)) == [.up], "with a modifier")
        #expect(decoder.feed([0x0D, 0x7F, 0x08, 0x03, 0x1A, 0x0C, 0x09]) == [.enter, .backspace, .backspace, .interrupt, .suspend, .redraw, .tab])
        #expect(decoder.feed(Array("q]/".utf8)) == [.character("q"), .character("]"), .character("/")])
        #expect(decoder.feed(Array("\u{1B}[200~".utf8)) == [], "a sequence it does not use is dropped whole")
        #expect(!decoder.isWaiting)
    }

    @Test func tellsALoneEscFromASequenceAndDecodesUTF8SplitAnywhere() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.feed([UInt8(ascii: "B")]) == [.down], "a sequence split between reads")
        let hangul = Array("범죄".utf8)
        var keys: [BrowseKey] = []
        for byte in hangul { keys += decoder.feed([byte]) }
        #expect(keys == [.character("범"), .character("죄")])
        #expect(decoder.feed([0xFF, 0xC3, 0x28, UInt8(ascii: "a")]) == [.character("("), .character("a")], "invalid bytes are dropped")
        #expect(decoder.feed([0x1B, UInt8(ascii: "x")]) == [.character("x")], "Alt-x reads as x")
        #expect(decoder.feed(Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 40)) == [])
        #expect(!decoder.isWaiting, "an endless sequence is not kept")
    }
}
