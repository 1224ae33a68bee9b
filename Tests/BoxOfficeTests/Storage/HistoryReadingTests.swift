import BoxOfficeCore
import BoxOfficeHistory
import Foundation
import Testing

/// A long period read from the history (in two halves at once, where the machine has two
/// processors) is each film's days exactly as the daily rankings gathered one by one give them.
@Suite struct HistoryReadingTests {
    /// 800 synthetic days from 2020-01-01: ten films a day, a new one every other day, each ranked
    /// twenty days; some change their title or lose their opening day midway, some codes are not
    /// KOBIS's eight digits (letters, nine characters, eight bytes of which three are a Hangul
    /// syllable), and several runs cross the period's middle.
    static func rankings() throws -> [DailyBoxOffice] {
        let first = try #require(Day("2020-01-01"))
        return try (0..<800).map { index in
            let day = first.adding(days: index)
            let films = (max(0, (index - 19) / 2)...(index / 2)).filter { 2 * $0 <= index && index < 2 * $0 + 20 }
            let rows = films.map { film -> (film: Int, age: Int, audience: Int) in
                let age = index - 2 * film
                return (film, age, (5_000 + film * 7_919 % 90_000) * (20 - age) / 20 + 1)
            }.sorted { ($0.audience, $1.film) > ($1.audience, $0.film) }
            let list = rows.enumerated().map { place, row -> String in
                let code = row.film % 13 == 0 ? String(format: "2X%07d", row.film) : row.film % 17 == 0 ? String(format: "2%04d", row.film) + "영"
                    : row.film % 5 == 0 ? String(format: "2020A%03d", row.film) : String(format: "2%07d", row.film)
                let title = row.film % 7 == 0 && row.age >= 10 ? "영화 \(row.film) (재개봉)" : "영화 \(row.film)"
                let open = row.film % 11 == 0 && row.age >= 5 ? "" : first.adding(days: 2 * row.film).iso
                let total = (0...row.age).reduce(0) { sum, age in sum + (5_000 + row.film * 7_919 % 90_000) * (20 - age) / 20 + 1 }
                return """
                    {"rnum":"\(place + 1)","rank":"\(place + 1)","rankInten":"0","rankOldAndNew":"\(row.age == 0 ? "NEW" : "OLD")","movieCd":"\(code)",\
                    "movieNm":"\(title)","openDt":"\(open)","salesAmt":"\(row.audience * 11_000)","salesShare":"10.0","salesInten":"0","salesChange":"0",\
                    "salesAcc":"\(total * 11_000)","audiCnt":"\(row.audience)","audiInten":"0","audiChange":"0","audiAcc":"\(total)","scrnCnt":"300","showCnt":"900"}
                    """
            }
            let body = #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"\#(day.compact)~\#(day.compact)","dailyBoxOfficeList":[\#(list.joined(separator: ","))]}}"#
            return try DailyBoxOffice(try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(body.utf8)), requested: day)
        }
    }

    /// What a test compares of a film's days: all a period's ranking and records read (the
    /// history's leave out the screens, which neither does).
    struct Seen: Equatable {
        let code: String, title: String, open: Day?, days: [Day], entries: [RunEntry]
        init(_ film: FilmDays) {
            (code, title, open, days) = (film.movieCode, film.title, film.openDate, film.days)
            entries = film.entries.map { RunEntry(rank: $0.rank, openDate: $0.openDate, audience: $0.audience, audienceTotal: $0.audienceTotal,
                                                  sales: $0.sales, salesTotal: $0.salesTotal) }
        }
    }

    @Test func aLongPeriodFromTheHistoryIsEachFilmsDaysAsTheRankingsGive() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-history-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("history.sqlite3").path
        let rankings = try Self.rankings()
        let fetched = Date(timeIntervalSince1970: 1_800_000_000)
        do {
            let database = try HistoryDatabase.writing(path)
            for ranking in rankings { try database.store(ranking, fetched: fetched) }
        }
        let period = rankings[0].day...rankings[rankings.count - 1].day
        var gathered: [FilmDays] = []
        FilmDays.gather(rankings, into: &gathered)
        #expect(gathered.count == 400 && gathered.contains { $0.movieCode.count == 9 } && gathered.contains { $0.movieCode.contains("A") }
                && gathered.contains { $0.movieCode.utf8.count == 8 && $0.movieCode.hasSuffix("영") })

        let held = try #require(HistorySource(path: path).films(over: period, filter: BoxOfficeFilter()))
        #expect(held.through == period.upperBound)
        #expect(held.films.map(Seen.init) == gathered.map(Seen.init))
        // Read at once, the same.
        let whole = try #require(try HistoryDatabase.reading(path).films(over: period, list: "all"))
        #expect(whole.map(Seen.init) == gathered.map(Seen.init))
        // And so the records and the ranking computed from them.
        let coverage = PeriodCoverage(daysInPeriod: rankings.count)
        #expect(PeriodRecords(period: period, films: held.films, coverage: coverage) == PeriodRecords(period: period, rankings: rankings, coverage: coverage))
        // A film whose run crosses the middle (day 400) is whole: twenty days, its later title.
        let middle = try #require(gathered.first { $0.movieCode == "20000196" })
        #expect(middle.days.count == 20 && middle.title == "영화 196 (재개봉)")
        #expect(held.films.first { $0.movieCode == "20000196" }.map(Seen.init) == Seen(middle))
    }
}

/// One writer of a history at a time, in a process as between processes: a second is refused as
/// busy while the first is open, and the next is let in once it is gone.
@Suite struct HistoryWriterTests {
    @Test func aSecondWriterInTheSameProcessIsBusyUntilTheFirstIsGone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-history-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("history.sqlite3").path
        var first: HistoryDatabase? = try HistoryDatabase.writing(path)
        #expect(first != nil)
        #expect(throws: HistoryError.busy(path: path)) { _ = try HistoryDatabase.writing(path) }
        // A reader beside the writer is no writer.
        #expect(try HistoryDatabase.reading(path).path == path)
        first = nil
        let next = try HistoryDatabase.writing(path)
        #expect(throws: HistoryError.busy(path: path)) { _ = try HistoryDatabase.writing(path) }
        _ = next
    }
}
