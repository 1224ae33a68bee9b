@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
@testable import BoxOfficeReviews
@testable import BoxOfficeCLI
import Foundation
import Testing

/// Whole rendered outputs, and JSON that carries KOBIS's numbers exactly.
@Suite struct RenderingTests {
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Expected")

    /// A review just added, under the movie's average of all its reviews; at 40 columns the
    /// summary goes under the title instead of past the edge.
    /// A sentence that does not fit is cut between words, so a number in it is whole or gone.
    @Test func aSentenceIsCutBetweenWords() {
        #expect(TerminalText.truncateBetweenWords("F1 leaves the top 10 (#7; 5,155,381 in all).", to: 30) == "F1 leaves the top 10 (#7; …")
        #expect(TerminalText.truncateBetweenWords("F1 leaves the top 10 (#7; 5,155,381 in all).", to: 36) == "F1 leaves the top 10 (#7; 5,155,381…")
        #expect(TerminalText.truncateBetweenWords("short", to: 10) == "short")
        #expect(TerminalText.truncateBetweenWords("보스보스보스보스보스", to: 7) == "보스보…")
    }

    @Test func aReviewListHeadingCountsTheMovieAndFitsTheWidth() {
        let old = Review(id: "0a0a0a0a", movieCode: "20124079", rating: 4, nickname: nil, text: "좋다", created: 1_700_000_000)
        let new = Review(id: "0b0b0b0b", movieCode: "20124079", rating: 2, nickname: "민수", text: "별로", created: 1_700_000_100)
        let list = ReviewList(reviews: [new], movieCode: "20124079", summarising: [old, new])
        #expect(list.table(RenderOptions(width: 80)) == """
            Reviews · 20124079 · ★ 3.0 from 2 reviews, 1 shown

            ID        Movie     Rating  Nickname  Date        Review
            0b0b0b0b  20124079  ★★ 2.0  민수      2023-11-15  별로

            """)
        let narrow = list.table(RenderOptions(width: 40))
        #expect(narrow.hasPrefix("Reviews · 20124079\n★ 3.0 from 2 reviews, 1 shown\n\n"))
        #expect(narrow.split(separator: "\n").allSatisfy { TerminalText.width($0) <= 40 })
        #expect(list.json == .array([new.json]), "the JSON is the reviews shown")
        // A store edited by hand may hold an id of any length; the table stays within the screen.
        let long = Review(id: String(repeating: "a", count: 5000), movieCode: String(repeating: "9", count: 300), rating: 3, nickname: nil,
                          text: "손댄 파일", created: 1_700_000_200)
        let damaged = ReviewList(reviews: [long, old], movieCode: nil).table(RenderOptions(width: 80))
        #expect(damaged.split(separator: "\n").allSatisfy { TerminalText.width($0) <= 80 }, "\(damaged)")
        #expect(damaged.contains("aaaaaaaa…  99999999…"))
    }

    @Test(arguments: [("20220105", "daily_20220105.json"), ("20230423", "daily_20230423.json")])
    func dailyRendersExactly(day: String, fixture: String) throws {
        let boxOffice = try dailyBoxOffice(fixture)
        #expect(boxOffice.table(RenderOptions()) == (try expectedText("daily_\(day).txt")))
        #expect(boxOffice.json.serialized() == (try expectedText("daily_\(day).json")))
    }

    @Test(arguments: ["20194376", "20212077"])
    func movieRendersExactly(code: String) throws {
        // As 'movie' shows it with no day of its run at hand.
        let movie = MovieShown(movie: try movie("movieinfo_\(code).json"), run: nil,
                               noRun: "No day of its run is at hand (in the cache, or the samples); 'boxoffice movie \(code) --run' reads it.")
        #expect(movie.table(RenderOptions()) == (try expectedText("movie_\(code).txt")))
        #expect(movie.json.serialized() == (try expectedText("movie_\(code).json")))
    }

    @Test(arguments: Fixtures.named("daily_"))
    func dailyJSONCarriesKOBISNumbersExactly(fixture: String) throws {
        let rendered = try dailyBoxOffice(fixture).json.serialized()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        let raw = try #require(Fixtures.object(fixture)["boxOfficeResult"] as? [String: Any])
        let rows = try #require(raw["dailyBoxOfficeList"] as? [[String: String]])
        #expect(entries.count == rows.count)
        let pairs: [(String, String)] = [
            ("rank", "rank"), ("rankChange", "rankInten"), ("audience", "audiCnt"), ("audienceChange", "audiInten"),
            ("audienceTotal", "audiAcc"), ("sales", "salesAmt"), ("salesTotal", "salesAcc"),
            ("screens", "scrnCnt"), ("shows", "showCnt"),
        ]
        for (entry, row) in zip(entries, rows) {
            for (ours, theirs) in pairs {
                #expect((entry[ours] as? NSNumber)?.int64Value == Int64(row[theirs]!), "\(ours)")
            }
            #expect((entry["salesShare"] as? NSNumber)?.doubleValue == Double(row["salesShare"]!))
            #expect(entry["movieCode"] as? String == row["movieCd"])
            #expect(entry["title"] as? String == row["movieNm"]!.trimmingCharacters(in: .whitespaces))
            #expect(entry["isNew"] as? Bool == (row["rankOldAndNew"] == "NEW"))
            let openDate = row["openDt"]!.trimmingCharacters(in: .whitespaces)
            #expect(entry["openDate"] as? String == (openDate.isEmpty ? nil : openDate))
        }
    }

    @Test func sixtyFourBitSalesSurviveJSON() throws {
        let rendered = try dailyBoxOffice("daily_20220315.json").json.serialized()
        #expect(rendered.contains("\"salesTotal\": 75140632640,"))
        let big = Int64("127753046500")!
        #expect(JSONValue.int(big).serialized() == "127753046500\n")
        #expect(JSONValue.double(100).serialized() == "100\n")
        #expect(JSONValue.double(-17.9).serialized() == "-17.9\n")
        #expect(JSONValue.string("a\"b\\c\u{1B}\n").serialized() == "\"a\\\"b\\\\c\\u001b\\n\"\n")
    }

    @Test func colorsMarkMovementOnlyWhenAsked() throws {
        let boxOffice = try dailyBoxOffice("daily_20220105.json")
        let plain = boxOffice.table(RenderOptions(colors: false))
        #expect(!plain.contains("\u{1B}["))
        let colored = boxOffice.table(RenderOptions(colors: true))
        #expect(colored.contains("\u{1B}[31m▲6\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[34m▼1\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[32mNEW\u{1B}[0m"))
    }

    @Test func narrowTerminalShortensTitlesByDisplayWidth() throws {
        let table = try dailyBoxOffice("daily_20230423.json").table(RenderOptions(width: 80))
        let lines = table.split(separator: "\n").dropFirst()
        #expect(lines.allSatisfy { TerminalText.width($0) <= 80 })
        #expect(table.contains("  아머드 사우루스: 기계공룡제국의…  "), "short headings leave the titles room")
        #expect(table.contains("Rank  ±   Code      Title "))
        #expect(table.contains("존 윅 4"))
    }

    @Test func emptyDayIsSaidPlainly() throws {
        let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data("""
            {"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20260101~20260101","dailyBoxOfficeList":[]}}
            """.utf8))
        let boxOffice = try DailyBoxOffice(response, requested: try #require(Day("20260101")))
        #expect(boxOffice.table(RenderOptions()) == "Daily box office · 2026-01-01 (Thu)\n\nKOBIS has no box office figures for this day.\n")
        #expect(boxOffice.json.serialized() == "{\n  \"date\": \"2026-01-01\",\n  \"provisional\": false,\n  \"entries\": []\n}\n")
    }

    /// On a narrow terminal a film's details keep every word whole (Hangul may break between
    /// syllables, a Latin word never), labels on lines of their own, nothing wider than the screen.
    @Test func aFilmOnANarrowTerminalBreaksOnlyAtSpaces() throws {
        let movie = try movie("movieinfo_20218541.json")
        // The words as the widest narrow layout has them, where every word fits its line.
        let words = Set(movie.table(RenderOptions(width: Movie.narrowWidth - 1, wide: true)).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        for width in 40..<Movie.narrowWidth {
            let text = movie.table(RenderOptions(width: width, wide: true))
            for line in text.split(separator: "\n") {
                #expect(TerminalText.width(line) <= width, "\(width): \(line)")
                for word in line.split(separator: " ") where word.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }) {
                    #expect(words.contains(String(word)), "\(width): '\(word)' is cut in \(line)")
                }
            }
            #expect(text.contains("\nCompanies\n  제작사: (주)외유내강 (Filmmaker R & K)\n"), "\(width)")
            // A value's continuation (four columns in) is filled as far as it goes: wrapped once.
            let lines = text.split(separator: "\n").map(String.init)
            for (line, next) in zip(lines, lines.dropFirst()) where next.hasPrefix("    ") && line.hasPrefix("  ") {
                let word = next.drop { $0 == " " }.split(separator: " ").first.map(String.init) ?? ""
                #expect(TerminalText.width(line) + 1 + TerminalText.width(word) > width, "\(width): '\(word)' fits after '\(line)'")
            }
        }
        let narrow = movie.table(RenderOptions(width: 40)).split(separator: "\n").map(String.init)
        let cast = try #require(narrow.firstIndex(of: "Cast"))
        #expect(narrow[cast + 1] == "  김혜수 (KIM Hye-soo)", "a sentence under its label")
    }

    private func dailyBoxOffice(_ fixture: String) throws -> DailyBoxOffice {
        let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Fixtures.data(fixture))
        let range = try #require(response.boxOfficeResult.showRange)
        return try DailyBoxOffice(response, requested: try #require(Day(String(range.prefix(8)))))
    }

    private func movie(_ fixture: String) throws -> Movie {
        try Movie(try JSONDecoder().decode(MovieInfoResponse.self, from: Fixtures.data(fixture)), requested: "")
    }

    private func expectedText(_ name: String) throws -> String {
        try String(contentsOf: Self.expected.appendingPathComponent(name), encoding: .utf8)
    }
}
