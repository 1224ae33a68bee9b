@testable import BoxOfficeCore
import Foundation
import Testing

/// Every recorded answer decodes, and the domain values equal what KOBIS sent, field by field.
@Suite struct FixtureDecodingTests {
    @Test(arguments: Fixtures.named("daily_"))
    func dailyFixtureConvertsFieldByField(file: String) throws {
        let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Fixtures.data(file))
        let raw = try #require(Fixtures.object(file)["boxOfficeResult"] as? [String: Any])
        let rows = try #require(raw["dailyBoxOfficeList"] as? [[String: String]])
        let range = try #require(raw["showRange"] as? String)
        let day = try #require(Day(String(range.prefix(8))))
        let boxOffice = try DailyBoxOffice(response, requested: day)

        #expect(boxOffice.day == day)
        #expect(boxOffice.entries.count == rows.count)
        for (entry, row) in zip(boxOffice.entries, rows) {
            expectEntry(entry, equals: row)
        }
    }

    @Test func weeklyFixtureDecodesEveryField() throws {
        let file = "weekly_weekGb1_20120101_official-sample.json"
        let response = try JSONDecoder().decode(WeeklyBoxOfficeResponse.self, from: Fixtures.data(file))
        let raw = try #require(Fixtures.object(file)["boxOfficeResult"] as? [String: Any])
        #expect(response.boxOfficeResult.boxofficeType == "주말 박스오피스")
        #expect(response.boxOfficeResult.showRange == "20111230~20120101")
        #expect(response.boxOfficeResult.yearWeekTime == "201152")
        let rows = try #require(raw["weeklyBoxOfficeList"] as? [[String: String]])
        let dtos = try #require(response.boxOfficeResult.weeklyBoxOfficeList)
        #expect(dtos.count == rows.count)
        for (index, (dto, row)) in zip(dtos, rows).enumerated() {
            expectEntry(try BoxOfficeEntry(dto, place: "weeklyBoxOfficeList[\(index)]"), equals: row)
        }
    }

    @Test(arguments: Fixtures.named("movieinfo_"))
    func movieFixtureConvertsFieldByField(file: String) throws {
        let response = try JSONDecoder().decode(MovieInfoResponse.self, from: Fixtures.data(file))
        let result = try #require(Fixtures.object(file)["movieInfoResult"] as? [String: Any])
        let raw = try #require(result["movieInfo"] as? [String: Any])
        #expect(response.movieInfoResult.source == "영화진흥위원회")
        let movie = try Movie(response, requested: try #require(raw["movieCd"] as? String))

        #expect(movie.code == raw["movieCd"] as? String)
        #expect(movie.title == trimmed(raw["movieNm"]))
        #expect(movie.titleEnglish == trimmed(raw["movieNmEn"]))
        #expect(movie.titleOriginal == trimmed(raw["movieNmOg"]))
        #expect(movie.productionYear == Int(raw["prdtYear"] as? String ?? ""))
        #expect(movie.openDate?.compact == trimmed(raw["openDt"]))
        #expect(movie.runtimeMinutes == Int(raw["showTm"] as? String ?? ""))
        #expect(movie.status == trimmed(raw["prdtStatNm"]))
        #expect(movie.type == trimmed(raw["typeNm"]))
        #expect(movie.nations == list(raw["nations"]).compactMap { trimmed($0["nationNm"]) })
        #expect(movie.genres == list(raw["genres"]).compactMap { trimmed($0["genreNm"]) })
        #expect(movie.directors.map(\.name) == list(raw["directors"]).compactMap { trimmed($0["peopleNm"]) })
        #expect(movie.directors.map(\.nameEnglish) == list(raw["directors"]).map { trimmed($0["peopleNmEn"]) })
        let actors = list(raw["actors"])
        #expect(movie.actors.map(\.name) == actors.compactMap { trimmed($0["peopleNm"]) })
        #expect(movie.actors.map(\.nameEnglish) == actors.map { trimmed($0["peopleNmEn"]) })
        #expect(movie.actors.map(\.role) == actors.map { trimmed($0["cast"]) })
        #expect(movie.actors.map(\.roleEnglish) == actors.map { trimmed($0["castEn"]) })
        #expect(movie.audits.map(\.number) == list(raw["audits"]).map { trimmed($0["auditNo"]) })
        #expect(movie.audits.map(\.grade) == list(raw["audits"]).map { trimmed($0["watchGradeNm"]) })
        let companies = list(raw["companys"])
        #expect(movie.companies.map(\.code) == companies.map { trimmed($0["companyCd"]) })
        #expect(movie.companies.map(\.name) == companies.compactMap { trimmed($0["companyNm"]) })
        #expect(movie.companies.map(\.nameEnglish) == companies.map { trimmed($0["companyNmEn"]) })
        #expect(movie.companies.map(\.role) == companies.map { trimmed($0["companyPartNm"]) })
        #expect(movie.showTypes.map(\.group) == list(raw["showTypes"]).map { trimmed($0["showTypeGroupNm"]) })
        #expect(movie.showTypes.map(\.name) == list(raw["showTypes"]).map { trimmed($0["showTypeNm"]) })
        let staffs = list(raw["staffs"])
        #expect(movie.staffs.map(\.name) == staffs.compactMap { trimmed($0["peopleNm"]) })
        #expect(movie.staffs.map(\.nameEnglish) == staffs.map { trimmed($0["peopleNmEn"]) })
        #expect(movie.staffs.map(\.role) == staffs.map { trimmed($0["staffRoleNm"]) })
    }

    @Test func movieListFixtureDecodesEveryField() throws {
        let response = try JSONDecoder().decode(MovieListResponse.self, from: Fixtures.data("movielist_movieNm-crime-war.json"))
        let result = response.movieListResult
        #expect(result.totCnt == 5)
        #expect(result.source == "영화진흥위원회")
        let movies = try #require(result.movieList)
        #expect(movies.map(\.movieCd) == ["2023C168", "20113557", "20216937", "20137864", "19910128"])
        #expect(movies[0].openDt == "")
        #expect(movies[0].directors?.isEmpty == true)
        #expect(movies[1].movieNm == "범죄와의 전쟁: 나쁜놈들 전성시대")
        #expect(movies[1].movieNmEn == "Nameless Gangster : Rules of the Time")
        #expect(movies[1].prdtYear == "2011")
        #expect(movies[1].openDt == "20120202")
        #expect(movies[1].typeNm == "장편")
        #expect(movies[1].prdtStatNm == "개봉")
        #expect(movies[1].nationAlt == "한국")
        #expect(movies[1].genreAlt == "범죄,드라마")
        #expect(movies[1].repNationNm == "한국")
        #expect(movies[1].repGenreNm == "범죄")
        #expect(movies[1].directors?.map(\.peopleNm) == ["윤종빈"])
        #expect(movies[1].companys?.map(\.companyCd) == ["20063202", "20100103"])
        #expect(movies[1].companys?.map(\.companyNm) == ["(주)팔레트픽처스", "(주)쇼박스"])
    }

    @Test func peopleFixturesDecodeEveryField() throws {
        let list = try JSONDecoder().decode(PeopleListResponse.self, from: Fixtures.data("peoplelist_peopleNm-bongjoonho.json"))
        #expect(list.peopleListResult.totCnt == 1)
        #expect(list.peopleListResult.source == "영화진흥위원회")
        let person = try #require(list.peopleListResult.peopleList?.first)
        #expect(person.peopleCd == "10031641")
        #expect(person.peopleNm == "봉준호")
        #expect(person.peopleNmEn == "BONG Joon-ho")
        #expect(person.repRoleNm == "감독")
        #expect(person.filmoNames?.split(separator: "|").count == 22)

        let info = try JSONDecoder().decode(PeopleInfoResponse.self, from: Fixtures.data("peopleinfo_10000066.json"))
        let detail = try #require(info.peopleInfoResult.peopleInfo)
        #expect(detail.peopleCd == "10000066")
        #expect(detail.peopleNm == "리나")
        #expect(detail.peopleNmEn == "")
        #expect(detail.sex == "여자")
        #expect(detail.repRoleNm == "배우")
        #expect(detail.homepages?.isEmpty == true)
        #expect(detail.filmos?.map(\.movieCd) == ["20167281"])
        #expect(detail.filmos?.map(\.movieNm) == ["러시아 엄마"])
        #expect(detail.filmos?.map(\.moviePartNm) == ["배우"])
        #expect(info.peopleInfoResult.source == "영화진흥위원회")
    }

    @Test func codeListFragmentDecodes() throws {
        let codes = try JSONDecoder().decode([CodeDTO].self, from: Fixtures.data("codelist_0105000000_codes-array-fragment.json"))
        #expect(codes.count == 17)
        #expect(codes.first?.fullCd == "0105001")
        #expect(codes.first?.korNm == "서울시")
        #expect(codes.last?.fullCd == "0105017")
        #expect(codes.last?.korNm == "세종시")
        #expect(codes.allSatisfy { $0.engNm == "" })
    }

    @Test func faultFixturesBecomeTypedErrors() throws {
        #expect(throws: KOBISError.fault(KOBISFault(code: "320010", message: "유효하지않은 키값입니다."))) {
            try AnswerDecoder.decode(DailyBoxOfficeResponse.self, from: Fixtures.data("error_320010.json"))
        }
        let fault = KOBISFault(code: "320102", message: "날짜는 필수항목입니다.[parameterName=targetDt,parameterValue=null]")
        #expect(throws: KOBISError.fault(fault)) {
            try AnswerDecoder.decode(DailyBoxOfficeResponse.self, from: Fixtures.data("error_320102.json"))
        }
        #expect(fault.summary == "날짜는 필수항목입니다.")
        #expect(fault.parameter?.name == "targetDt")
        #expect(fault.parameter?.value == "null")
    }

    @Test func everyFixtureIsCovered() {
        let covered = Fixtures.named("daily_") + Fixtures.named("weekly_") + Fixtures.named("movieinfo_")
            + Fixtures.named("movielist_") + Fixtures.named("people") + Fixtures.named("codelist_") + Fixtures.named("company") + Fixtures.named("error_") + Fixtures.named("synthetic_")
        #expect(Set(covered) == Set(Fixtures.all))
        #expect(Fixtures.all.count == 116)
    }

    private func expectEntry(_ entry: BoxOfficeEntry, equals row: [String: String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(entry.rank == Int(row["rank"]!), sourceLocation: sourceLocation)
        #expect(entry.rankChange == Int(row["rankInten"]!), sourceLocation: sourceLocation)
        #expect(entry.isNew == (row["rankOldAndNew"] == "NEW"), sourceLocation: sourceLocation)
        #expect(entry.movieCode == row["movieCd"], sourceLocation: sourceLocation)
        #expect(entry.title == row["movieNm"]!.trimmingCharacters(in: .whitespaces), sourceLocation: sourceLocation)
        #expect(entry.openDate?.iso == trimmed(row["openDt"]), sourceLocation: sourceLocation)
        #expect(entry.audience == Int(row["audiCnt"]!), sourceLocation: sourceLocation)
        #expect(entry.audienceChange == Int(row["audiInten"]!), sourceLocation: sourceLocation)
        #expect(entry.audienceChangePercent == Double(row["audiChange"]!), sourceLocation: sourceLocation)
        #expect(entry.audienceTotal == Int(row["audiAcc"]!), sourceLocation: sourceLocation)
        #expect(entry.sales == Int64(row["salesAmt"]!), sourceLocation: sourceLocation)
        #expect(entry.salesShare == Double(row["salesShare"]!), sourceLocation: sourceLocation)
        #expect(entry.salesChange == Int64(row["salesInten"]!), sourceLocation: sourceLocation)
        #expect(entry.salesChangePercent == Double(row["salesChange"]!), sourceLocation: sourceLocation)
        #expect(entry.salesTotal == Int64(row["salesAcc"]!), sourceLocation: sourceLocation)
        #expect(entry.screens == Int(row["scrnCnt"]!), sourceLocation: sourceLocation)
        #expect(entry.shows == Int(row["showCnt"]!), sourceLocation: sourceLocation)
    }

    private func trimmed(_ value: Any?) -> String? {
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    private func list(_ value: Any?) -> [[String: Any]] {
        value as? [[String: Any]] ?? []
    }
}
