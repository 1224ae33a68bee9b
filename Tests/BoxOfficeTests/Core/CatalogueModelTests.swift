@testable import BoxOfficeCore
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import Foundation
import Testing

/// Searches, people, companies, code tables, weeks and posters: KOBIS's variety in, typed values out.
@Suite struct CatalogueModelTests {
    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try AnswerDecoder.decode(T.self, from: Data(text.utf8))
    }

    private var regions: CodeList {
        get throws { try CodeList(try decode(CodeListResponse.self, Fixtures.text("codelist_0105000000_synthetic-wrapped.json")), table: .regions) }
    }

    @Test(arguments: [
        ("서울", "0105001"), ("서울시", "0105001"), (" 서울특별시 ", "0105001"), ("SEOUL", "0105001"), ("Seoul-si", "0105001"),
        ("경기도", "0105002"), ("Gyeonggi-do", "0105002"), ("충북", "0105004"), ("충청북도", "0105004"), ("chungcheongbuk-do", "0105004"),
        ("전남", "0105009"), ("제주특별자치도", "0105010"), ("jeju", "0105010"), ("부산광역시", "0105011"), ("세종특별자치시", "0105017"),
        ("0105016", "0105016"), ("\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}", "0105001"),
    ])
    func regionNamesResolve(name: String, code: String) throws {
        #expect(RegionName.resolve(name, in: try regions)?.code == code)
    }

    @Test(arguments: ["", " ", "서", "도", "시", "tokyo", "서울부산", "01050"])
    func otherNamesAreNoRegion(name: String) throws {
        #expect(RegionName.resolve(name, in: try regions) == nil)
    }

    @Test func movieSearchRowsTakeKOBISsVariety() throws {
        let response = try decode(MovieListResponse.self, """
            {"movieListResult":{"totCnt":"3","source":"영화진흥위원회","movieList":[
              {"movieCd":" 2023C165 ","movieNm":" 프렌즈: 몬스터섬의비밀 ","movieNmEn":" ","prdtYear":"","openDt":"","typeNm":"","prdtStatNm":" ",
               "nationAlt":"인도, 프랑스,,미국 ","genreAlt":" 액션 , ,드라마","repNationNm":"","repGenreNm":"","directors":[{"peopleNm":" "},{"peopleNm":"봉준호"}],"companys":[]},
              {"movieCd":"19910128","movieNm":"범죄와의 전쟁","movieNmEn":"Colors","prdtYear":"1988","openDt":"19910112","typeNm":"장편","prdtStatNm":"개봉",
               "nationAlt":null,"genreAlt":null,"repNationNm":"미국","repGenreNm":"액션","directors":null,"companys":null}]}}
            """)
        let page = try SearchPage<MovieSummary>(response, query: MovieQuery(title: "x"))
        #expect(page.total == 3)
        #expect(page.pageCount == 1)
        #expect(page.items[0] == MovieSummary(code: "2023C165", title: "프렌즈: 몬스터섬의비밀", titleEnglish: nil, productionYear: nil, openDate: nil,
                                              type: nil, status: nil, genres: ["액션", "드라마"], nations: ["인도", "프랑스", "미국"], directors: [Movie.Director(name: "봉준호", nameEnglish: nil)]))
        #expect(page.items[1].openDate == Day("19910112"))
        #expect(page.items[1].genres == ["액션"])
        #expect(page.items[1].nations == ["미국"])
    }

    @Test func searchPagesRefuseWhatKOBISNeverSends() throws {
        #expect(throws: KOBISError.self) {
            try SearchPage<MovieSummary>(try decode(MovieListResponse.self, #"{"movieListResult":{"totCnt":-1,"movieList":[]}}"#), query: MovieQuery())
        }
        #expect(throws: KOBISError.self) {
            try decode(MovieListResponse.self, #"{"movieListResult":{"totCnt":"many","movieList":[]}}"#)
        }
        #expect(throws: InvalidDataError.self) {
            try SearchPage<MovieSummary>(try decode(MovieListResponse.self, #"{"movieListResult":{"totCnt":1,"movieList":[{"movieCd":" ","movieNm":"x"}]}}"#), query: MovieQuery())
        }
        #expect(throws: InvalidDataError.self) {
            try SearchPage<MovieSummary>(try decode(MovieListResponse.self, #"{"movieListResult":{"totCnt":1,"movieList":[{"movieCd":"1","movieNm":"x","openDt":"2023"}]}}"#), query: MovieQuery())
        }
        // A huge count is only a number; the page still holds what came.
        let huge = try SearchPage<PersonSummary>(try decode(PeopleListResponse.self, #"{"peopleListResult":{"totCnt":9007199254740993,"peopleList":[]}}"#), page: 1, perPage: 10)
        #expect(huge.total == 9_007_199_254_740_993)
        #expect(huge.pageCount == 900_719_925_474_100)
    }

    @Test func peopleSearchSplitsFilmsOnBars() throws {
        let page = try SearchPage<PersonSummary>(try decode(PeopleListResponse.self, Fixtures.text("peoplelist_peopleNm-bongjoonho.json")), page: 1, perPage: 10)
        #expect(page.total == 1)
        let person = try #require(page.items.first)
        #expect(person.code == "10031641")
        #expect(person.nameEnglish == "BONG Joon-ho")
        #expect(person.films.count == 22)
        #expect(person.films.prefix(3).map(\.title) == ["기생충", "옥자", "해무(海霧)"])
        #expect(person.films.last == FilmCredit(movieCode: nil, title: "도쿄!", role: nil), "a search gives titles only")
    }

    @Test func unknownPeopleAndCompaniesAreNotFound() throws {
        let nobody = #"{"peopleInfoResult":{"peopleInfo":{"peopleCd":null,"peopleNm":null,"peopleNmEn":null,"sex":null,"repRoleNm":null,"homepages":[],"filmos":[]},"source":"영화진흥위원회"}}"#
        #expect(throws: NotFoundError(what: "person", code: "1")) { try Person(try decode(PeopleInfoResponse.self, nobody), requested: "1") }
        let none = #"{"companyInfoResult":{"companyInfo":{"companyCd":" ","companyNm":null,"parts":[],"filmos":[]}}}"#
        #expect(throws: NotFoundError(what: "company", code: "2")) { try Company(try decode(CompanyInfoResponse.self, none), requested: "2") }
    }

    @Test func companyDetailsDropBlanksAndRepeats() throws {
        let company = try Company(try decode(CompanyInfoResponse.self, """
            {"companyInfoResult":{"companyInfo":{"companyCd":"20100109","companyNm":" CJ ENM ","companyNmEn":null,"ceoNm":"",
              "parts":[{"companyPartNm":"배급사"},{"companyPartNm":" "},{"companyPartNm":"배급사"},{"companyPartNm":"제작사"}],
              "filmos":[{"movieCd":"20124079","movieNm":"광해, 왕이 된 남자","companyPartNm":"배급사"},{"movieCd":"","movieNm":" ","companyPartNm":""}]}}}
            """), requested: "20100109")
        #expect(company == Company(code: "20100109", name: "CJ ENM", nameEnglish: nil, ceo: nil, roles: ["배급사", "제작사"],
                                   films: [.init(movieCode: "20124079", title: "광해, 왕이 된 남자", role: "배급사")]))
    }

    @Test func weeksAndTheirPeriods() throws {
        let wednesday = try #require(Day("20230329"))
        #expect(WeekPeriod.week.days(ofWeekHolding: wednesday) == (Day("20230327")!, Day("20230402")!))
        #expect(WeekPeriod.weekend.days(ofWeekHolding: wednesday) == (Day("20230331")!, Day("20230402")!))
        #expect(WeekPeriod.weekdays.days(ofWeekHolding: wednesday) == (Day("20230327")!, Day("20230330")!))
        #expect(WeekPeriod.week.days(ofWeekHolding: Day("20120101")!) == (Day("20111226")!, Day("20120101")!))
        #expect(WeeklyRequest.lastCompleteWeek(before: Day("20261123")!) == Day("20261122")) // a Monday
        #expect(WeeklyRequest.lastCompleteWeek(before: Day("20261122")!) == Day("20261115")) // a Sunday
        #expect(WeeklyRequest.lastCompleteWeek(before: Day("20261127")!) == Day("20261122"))
    }

    @Test func aWeeklyAnswerForAnotherWeekIsTheWrongShape() throws {
        let text = try Fixtures.text("weekly_weekGb1_20120101_official-sample.json")
        let response = try decode(WeeklyBoxOfficeResponse.self, text)
        let weekend = try WeeklyBoxOffice(response, requested: Day("20111228")!, period: .weekend)
        #expect(weekend.start == Day("20111230"))
        #expect(weekend.end == Day("20120101"))
        #expect(weekend.yearWeek == "201152")
        #expect(weekend.entries.count == 10)
        #expect(throws: KOBISError.self) { try WeeklyBoxOffice(response, requested: Day("20120301")!, period: .weekend) }
    }

    @Test(arguments: [("20124079", true), ("2024A603", true), ("2023c165", true), ("1987", false), ("A0241234", false),
                      ("20124O7", false), ("2012407９", false), ("기생충기생충기생", false)])
    func movieCodesAreTellableFromTitles(text: String, isCode: Bool) {
        #expect(MovieCodeArgument.isCode(text) == isCode)
    }

    @Test func postersAreReadFromEachProvidersAnswer() throws {
        let kakao = PosterProvider(service: .kakao, key: "k", root: URL(string: "https://dapi.kakao.com")!)
        #expect(try kakao.posterURL(in: Data(#"{"documents":[{"image_url":"javascript:alert(1)"},{"image_url":"https://a/b.jpg"}]}"#.utf8)) == "https://a/b.jpg")
        #expect(try kakao.posterURL(in: Data(#"{"meta":{},"documents":[]}"#.utf8)) == nil)
        #expect(throws: PosterError.unreadable(.kakao)) { try kakao.posterURL(in: Data("<html>".utf8)) }
        let omdb = PosterProvider(service: .omdb, key: "k", root: URL(string: "https://www.omdbapi.com")!)
        #expect(try omdb.posterURL(in: Data(#"{"Poster":"N/A","Response":"True"}"#.utf8)) == nil)
        #expect(try omdb.posterURL(in: Data(#"{"Response":"False","Error":"Movie not found!"}"#.utf8)) == nil)
        #expect(throws: PosterError.refused(.omdb, "Invalid API key!")) {
            try omdb.posterURL(in: Data(#"{"Response":"False","Error":"Invalid API key!"}"#.utf8))
        }
    }

    @Test func posterCallsKeepTheirKeysOutOfSightAndCache() throws {
        let movie = try Movie(try decode(MovieInfoResponse.self, Fixtures.text("movieinfo_20124079_capture-b.json")), requested: "20124079")
        let omdb = PosterProvider(service: .omdb, key: "se cret&", root: URL(string: "http://127.0.0.1:8/omdb")!)
        let call = try #require(omdb.call(for: movie))
        #expect(call.url.absoluteString == "http://127.0.0.1:8/omdb/?apikey=se%20cret%26&t=Masquerade&y=2012")
        #expect(call.displayAddress == "http://127.0.0.1:8/omdb/?apikey=***&t=Masquerade&y=2012")
        #expect(call.cacheKey == "omdb:?t=Masquerade&y=2012")
        #expect(call.quotaKey == nil)
        let kakao = try #require(PosterProvider(service: .kakao, key: "kk", root: URL(string: "https://dapi.kakao.com")!).call(for: movie))
        #expect(kakao.headers == ["Authorization": "KakaoAK kk"])
        #expect(!kakao.cacheKey.contains("kk") && !kakao.displayAddress.contains("kk"))
    }
}
