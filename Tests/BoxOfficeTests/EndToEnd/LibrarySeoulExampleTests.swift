import Foundation
import Testing

/// A KOBIS stand-in for April 2023 whose lists differ by filter, as KOBIS's do: Seoul's Korean
/// commercial films, Seoul's Korean diversity films, and the nationwide top 10 each have films and
/// figures of their own, and any other filter gets a list of a film that must never show.
enum SeoulApril {
    struct Film {
        let code: String, title: String, audience: Int, openDate: String
    }

    /// Seoul's Korean commercial films, each with the same audience every day of the month.
    static let commercial = ["봄날", "여름밤", "가을비", "겨울숲", "새벽길", "한낮", "저녁놀", "별빛", "달그림자", "바닷바람"].enumerated().map { index, title in
        Film(code: String(format: "2023%04d", 100 + index), title: title, audience: (10 - index) * 1000, openDate: "2023-03-29")
    }
    /// Seoul's Korean diversity films: the first ranks among the commercial ones.
    static let diversity = [("작은 섬", 5500), ("골목", 400), ("물결", 100)].enumerated().map { index, film in
        Film(code: String(format: "2023%04d", 200 + index), title: film.0, audience: film.1, openDate: "2023-04-01")
    }
    /// The nationwide top 10: the commercial films with three times Seoul's audience, and a
    /// cumulative audience from 45,000 before the month.
    static func list(_ films: [Film], day: Int, scale: Int = 1, before: Int = 0) -> String {
        let date = String(format: "202304%02d", day)
        let rows = films.enumerated().map { index, film in
            let (count, total) = (film.audience * scale, before + film.audience * scale * day)
            return #"{"rnum":"\#(index + 1)","rank":"\#(index + 1)","rankInten":"0","rankOldAndNew":"OLD","movieCd":"\#(film.code)","movieNm":"\#(film.title)","openDt":"\#(film.openDate)","salesAmt":"\#(count * 10_000)","salesShare":"10.0","salesInten":"0","salesChange":"0","salesAcc":"\#(total * 10_000)","audiCnt":"\#(count)","audiInten":"0","audiChange":"0","audiAcc":"\#(total)","scrnCnt":"100","showCnt":"500"}"#
        }
        return #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"\#(date)~\#(date)","dailyBoxOfficeList":[\#(rows.joined(separator: ","))]}}"#
    }

    static func handler() -> @Sendable (LoopbackRequest) -> LoopbackReply {
        let emulator = KOBISEmulator.handler()
        let wrong = Film(code: "20239999", title: "틀린 목록", audience: 1_000_000, openDate: "2023-04-01")
        return { request in
            guard request.query["key"] == KOBISEmulator.key else { return emulator(request) }
            if request.path.hasSuffix("searchMovieList.json") {
                guard request.query["movieNm"] == "봄날" else { return emulator(request) }
                let film = commercial[0]
                return .json(#"{"movieListResult":{"totCnt":1,"source":"영화진흥위원회","movieList":[{"movieCd":"\#(film.code)","movieNm":"\#(film.title)","movieNmEn":"","prdtYear":"2023","openDt":"20230329","typeNm":"장편","prdtStatNm":"개봉","nationAlt":"한국","genreAlt":"드라마","repNationNm":"한국","repGenreNm":"드라마","directors":[],"companys":[]}]}}"#)
            }
            guard request.path.hasSuffix("searchDailyBoxOfficeList.json"), let text = request.query["targetDt"], text.hasPrefix("202304"),
                  let day = Int(text.dropFirst(6)), (1...30).contains(day) else { return emulator(request) }
            let filter = [request.query["repNationCd"], request.query["multiMovieYn"], request.query["wideAreaCd"]]
            switch filter {
            case ["K", "N", "0105001"]: return .json(list(commercial, day: day))
            case ["K", "Y", "0105001"]: return .json(list(diversity, day: day))
            case [nil, nil, nil]: return .json(list(commercial, day: day, scale: 3, before: 45_000))
            default: return .json(list([wrong], day: day))
            }
        }
    }
}

/// README's third library example is this package's `library-seoul-example` target, word for word:
/// a region by its name, a deep ranking of a month for it, and a film by its title, through the
/// public API alone.
@Suite struct LibrarySeoulExampleTests {
    static let source = LibraryPeriodExampleTests.source.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LibrarySeoulExample/main.swift")
    static var program: URL { Executable.url.deletingLastPathComponent().appendingPathComponent("library-seoul-example") }

    @Test func theReadmeShowsTheExampleWordForWord() throws {
        #expect(try LibraryExampleTests.shownInTheReadme(Self.source) != nil)
    }

    /// Seoul's Korean films merged from their two lists (a diversity film among the commercial
    /// ones, each film's audience its 30 days), then 봄날's month in the nationwide top 10.
    @Test func seoulsKoreanFilmsPastTheTopTenAndAFilmByItsTitle() async throws {
        let server = try LoopbackServer(handler: SeoulApril.handler())
        let environment = ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString]
        let result = try await Executable.run(["봄날"], environment: environment, program: Self.program)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            1\t봄날\t300000
            2\t여름밤\t270000
            3\t가을비\t240000
            4\t겨울숲\t210000
            5\t새벽길\t180000
            6\t작은 섬\t165000
            7\t한낮\t150000
            8\t저녁놀\t120000
            9\t별빛\t90000
            10\t달그림자\t60000
            11\t바닷바람\t30000
            12\t골목\t12000
            13\t물결\t3000
            봄날: 30 days in the top 10, best rank 1
            passed 100000 on 2023-04-02, day 5
            passed 500000 on 2023-04-16, day 19

            """)
        // The region table, two lists a day, the title's search, and the film's 30 days.
        #expect(server.requestCount == 1 + 60 + 1 + 30)
        #expect(result.standardError == "")
    }

    @Test func aTitleOfNoFilmIsSaid() async throws {
        let server = try LoopbackServer(handler: SeoulApril.handler())
        let environment = ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString]
        let result = try await Executable.run(["없는 영화"], environment: environment, program: Self.program)
        #expect(result.status == 1)
        #expect(result.standardError == "error: no movie's title contains '없는 영화'\n")
    }

    @Test func withoutATitleItSaysHowToRunIt() async throws {
        let result = try await Executable.run([], environment: ["KOBIS_API_KEY": KOBISEmulator.key], program: Self.program)
        #expect(result.status == 64)
        #expect(result.standardError == "usage: KOBIS_API_KEY=KEY seoul TITLE\n")
        #expect(result.standardOutput == "")
    }
}
