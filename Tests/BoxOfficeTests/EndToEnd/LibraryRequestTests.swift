import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// The questions the command line asks, as the library's own requests: a region by name, a range,
/// deep or plain, daily or weekly, and a period's top films; through URLSession to a server whose
/// lists differ by filter.
@Suite struct LibraryRequestTests {
    private let first = Day(year: 2023, month: 4, day: 1)!
    private let last = Day(year: 2023, month: 4, day: 30)!

    private func client(_ server: LoopbackServer) -> BoxOfficeClient {
        BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10),
                        cache: InMemoryAnswerStore())
    }

    @Test func aDeepRangeOfARegionByNameIsEveryDayMerged() async throws {
        let server = try LoopbackServer(handler: SeoulApril.handler())
        let client = client(server)
        let request = RankingRequest.daily(.range(first...last), filter: BoxOfficeFilter(nation: .korean), region: "Seoul", deep: true)
        let series = try await client.rankings(request)
        #expect(series.rankings.map(\.day) == (1...30).map { Day(year: 2023, month: 4, day: $0)! })
        #expect(series.coverage == PeriodCoverage(daysInPeriod: 30))
        let titles = (SeoulApril.commercial.prefix(5) + SeoulApril.diversity.prefix(1) + SeoulApril.commercial.dropFirst(5) + SeoulApril.diversity.dropFirst())
            .map(\.title)
        #expect(series.rankings.allSatisfy { $0.entries.map(\.title) == titles })
        #expect(series.rankings[0].entries.map(\.nation).allSatisfy { $0 == .korean })
        #expect(series.rankings[0].entries[5].market == .diversity && series.rankings[0].entries[0].market == .commercial)
        // The region table once, then two lists a day.
        #expect(server.requestCount == 1 + 60)
        // The same request again costs nothing: the cache answers it.
        #expect(try await client.rankings(request) == series)
        #expect(server.requestCount == 61)
    }

    @Test func oneDayIsItsRankingAndAPlainRangeIsTheTopTens() async throws {
        let server = try LoopbackServer(handler: SeoulApril.handler())
        let client = client(server)
        let day = try await client.rankings(.daily(.day(first)))
        #expect(day.rankings.count == 1 && day.rankings[0].entries.map(\.title) == SeoulApril.commercial.map(\.title))
        #expect(day.rankings[0].entries[0].audience == 30_000)
        let range = try await client.rankings(.daily(.range(first...first.adding(days: 2)), region: "0105001", deep: false))
        // A region by its code is sent as it is; without a nation or market, KOBIS's list for the region alone.
        #expect(range.rankings.map { $0.entries.map(\.title) } == Array(repeating: ["틀린 목록"], count: 3))
        #expect(server.requests.filter { $0.query["wideAreaCd"] == "0105001" }.count == 3)
        #expect(!server.requests.contains { $0.path.hasSuffix("searchCodeList.json") })
    }

    @Test func anUnknownRegionIsAnInvalidRequestNamingTheRegions() async throws {
        let server = try LoopbackServer(handler: SeoulApril.handler())
        await #expect(throws: BoxOfficeError.invalidRequest("'Tokyo' is not a KOBIS region; the regions are 서울시, 경기도, 강원도, 충청북도, 충청남도, 경상북도, 경상남도, 전라북도, 전라남도, 제주도, 부산시, 대구시, 대전시, 울산시, 인천시, 광주시, 세종시")) {
            try await client(server).rankings(.daily(.day(first), region: "Tokyo"))
        }
    }

    @Test func aMonthsTopFilmsAreTheCommandsOwn() async throws {
        let server = try LoopbackServer(handler: SeoulApril.handler())
        let request = TopFilmsRequest(.month(year: 2023, month: 4), filter: BoxOfficeFilter(nation: .korean), region: "서울", limit: 3, deep: true)
        let top = try await client(server).topFilms(request)
        #expect(top.films.map(\.title) == ["봄날", "여름밤", "가을비"])
        #expect(top.films.map(\.audience) == [300_000, 270_000, 240_000])
        #expect(top.from == first && top.to == last && !top.provisional && top.deep)
        #expect(TopFilmsRequest.Period.month(year: 2023, month: 2).days == Day(year: 2023, month: 2, day: 1)!...Day(year: 2023, month: 2, day: 28)!)
        #expect(TopFilmsRequest.Period.year(2024).days.map { $0.lowerBound.days(to: $0.upperBound) + 1 } == 366)
        #expect(TopFilmsRequest.Period.month(year: 2023, month: 13).days == nil)
        await #expect(throws: BoxOfficeError.self) { try await client(server).topFilms(TopFilmsRequest(.month(year: 2023, month: 13))) }
    }
}

/// Films by their titles, as the command line takes them.
extension LibraryRequestTests {
    @Test func aFilmByItsTitleIsTheOneItNames() async throws {
        let server = try LoopbackServer(handler: SeoulApril.handler())
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10))
        let april = Day(year: 2023, month: 4, day: 1)!...Day(year: 2023, month: 4, day: 3)!
        let trend = try await client.trend(TrendRequest([FilmReference("봄날")], range: april))
        #expect(trend.movies.map(\.movieCode) == [SeoulApril.commercial[0].code])
        #expect(trend.movies[0].points.map(\.audienceTotal) == [75_000, 105_000, 135_000])
        #expect(FilmReference("2024a603") == .code("2024A603") && FilmReference("괴물") == .title("괴물"))
        await #expect(throws: BoxOfficeError.self) { try await client.trend(TrendRequest([.title("없는 영화")], range: april)) }
        let error = await #expect(throws: BoxOfficeError.self) { try await client.movie(.title("없는 영화")) }
        let match = try #require(error.flatMap { if case let .unmatchedTitle(match) = $0 { match } else { nil } })
        #expect(match.title == "없는 영화" && match.matches.total == 0 && match.movie == nil)
        #expect(error?.description == "no movie's title contains '없는 영화'")
        await #expect(throws: BoxOfficeError.invalidRequest("a trend compares one to six films; 7 were given")) {
            try await client.trend(TrendRequest(Array(repeating: .code("20230100"), count: 7), range: april))
        }
    }
}

/// Every page of a search, as `search --all` reads it.
extension LibraryRequestTests {
    /// A search of `total` films, answered a page at a time as KOBIS does.
    static func searchServer(total: Int) throws -> LoopbackServer {
        try LoopbackServer { request in
            guard request.path.hasSuffix("searchMovieList.json") else { return .json("{}", status: 404) }
            let (page, size) = (Int(request.query["curPage"] ?? "1") ?? 1, Int(request.query["itemPerPage"] ?? "10") ?? 10)
            let films = ((page - 1) * size..<min(total, page * size)).map { index in
                #"{"movieCd":"\#(String(format: "2023%04d", index))","movieNm":"영화 \#(index)","movieNmEn":"","prdtYear":"2023","openDt":"","typeNm":"","prdtStatNm":"","nationAlt":"","genreAlt":"","repNationNm":"","repGenreNm":"","directors":[],"companys":[]}"#
            }
            return .json(#"{"movieListResult":{"totCnt":\#(total),"source":"영화진흥위원회","movieList":[\#(films.joined(separator: ","))]}}"#)
        }
    }

    @Test func everyPageOfASearchIsOnePage() async throws {
        let server = try Self.searchServer(total: 250)
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10))
        let all = try await client.searchAllMovies(MovieQuery(title: "영화", perPage: 100))
        #expect(all.items.map(\.code) == (0..<250).map { String(format: "2023%04d", $0) })
        #expect(all.total == 250 && server.requestCount == 3)
        // Past the most pages allowed, refused after the first.
        await #expect(throws: BoxOfficeError.invalidRequest("the search has 3 pages for 250 films, more than the 2 allowed; narrow it")) {
            try await client.searchAllMovies(MovieQuery(title: "영화", perPage: 100), mostPages: 2)
        }
        #expect(server.requestCount == 4)
    }
}

/// What a trend without a range cannot read, and a redirect's address, as the library says them.
extension LibraryRequestTests {
    @Test func aFilmWithNoOpeningDayHasNoRunToRead() async throws {
        let blank = #"{"movieInfoResult":{"movieInfo":{"movieCd":"20239998","movieNm":"개봉일 없음","movieNmEn":"","movieNmOg":"","showTm":"90","prdtYear":"2023","openDt":"","prdtStatNm":"개봉예정","typeNm":"장편","nations":[],"genres":[],"directors":[],"actors":[],"showTypes":[],"companys":[],"audits":[],"staffs":[]},"source":"영화진흥위원회"}}"#
        let server = try LoopbackServer { _ in .json(blank) }
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10))
        await #expect(throws: BoxOfficeError.invalidRequest("KOBIS gives no opening day for '개봉일 없음', so its run has no start; ask for a range of days")) {
            try await client.trend(TrendRequest([.code("20239998")]))
        }
    }

    @Test func aRedirectIsToldWithItsKeyMasked() {
        #expect(RedirectMiddleware.masked("https://www.kobis.or.kr/x.json?key=Zq7KEY&targetDt=20230423") == "https://www.kobis.or.kr/x.json?key=***&targetDt=20230423")
        #expect(RedirectMiddleware.masked("https://www.kobis.or.kr/x.json?targetDt=20230423&key=") == "https://www.kobis.or.kr/x.json?targetDt=20230423&key=***")
        #expect(RedirectMiddleware.masked("https://www.kobis.or.kr/moved") == "https://www.kobis.or.kr/moved")
    }
}
