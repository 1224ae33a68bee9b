import Foundation

/// Answers like KOBIS from the recorded fixtures: same paths and parameters, a key check,
/// and faults as HTTP 200 `faultInfo` bodies.
enum KOBISEmulator {
    /// A key in the shape KOBIS issues (32 letters and digits), distinctive enough to search output for.
    static let key = "Zq7KEYcanary0123456789abcdefXYZ9"

    static let prefix = "/kobisopenapi/webservice/rest/"

    /// The handler for a `LoopbackServer`.
    static func handler(key expectedKey: String = key) -> @Sendable (LoopbackRequest) -> LoopbackReply {
        { request in answer(request, expectedKey: expectedKey) }
    }

    static func answer(_ request: LoopbackRequest, expectedKey: String) -> LoopbackReply {
        guard request.path.hasPrefix(prefix), request.path.hasSuffix(".json") else {
            return .html("<html><body>404 Not Found</body></html>", status: 404)
        }
        guard request.query["key"] == expectedKey else {
            return fixture("error_320010.json")
        }
        let operation = String(request.path.dropFirst(prefix.count).dropLast(".json".count))
        switch operation {
        case "boxoffice/searchDailyBoxOfficeList":
            guard let day = request.query["targetDt"] else { return fixture("error_320102.json") }
            guard day.count == 8, day.allSatisfy(\.isNumber) else {
                return .json(#"{"faultInfo":{"message":"날싸형식에 맞게 입력하십시요.(YYYYMMDD)[parameterName=targetDt,parameterValue=\#(day)]","errorCode":"320103"}}"#)
            }
            if let file = Fixtures.named("daily_\(day)").first ?? Fixtures.named("synthetic_daily_\(day)").first { return fixture(file) }
            return .json(#"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"\#(day)~\#(day)","dailyBoxOfficeList":[]}}"#)
        case "boxoffice/searchWeeklyBoxOfficeList":
            let day = request.query["targetDt"] ?? ""
            if let file = Fixtures.named("weekly_weekGb\(request.query["weekGb"] ?? "1")_\(day)").first { return fixture(file) }
            return .json(#"{"boxOfficeResult":{"boxofficeType":"주간 박스오피스","weeklyBoxOfficeList":[]}}"#)
        case "movie/searchMovieInfo":
            let code = request.query["movieCd"] ?? ""
            if let file = Fixtures.named("movieinfo_\(code).json").first ?? Fixtures.named("movieinfo_\(code)_").first {
                return fixture(file)
            }
            // What KOBIS sends for a code it does not know: every scalar null, every list empty.
            return .json(#"{"movieInfoResult":{"movieInfo":{"movieCd":null,"movieNm":null,"movieNmEn":null,"movieNmOg":null,"showTm":null,"prdtYear":null,"openDt":null,"prdtStatNm":null,"typeNm":null,"nations":[],"genres":[],"directors":[],"actors":[],"showTypes":[],"companys":[],"audits":[],"staffs":[]},"source":"영화진흥위원회"}}"#)
        case "movie/searchMovieList":
            if request.query["movieNm"] == "범죄와의 전쟁" { return fixture("movielist_movieNm-crime-war.json") }
            return .json(#"{"movieListResult":{"totCnt":0,"source":"영화진흥위원회","movieList":[]}}"#)
        case "people/searchPeopleList":
            if request.query["peopleNm"] == "봉준호" { return fixture("peoplelist_peopleNm-bongjoonho.json") }
            return .json(#"{"peopleListResult":{"totCnt":0,"peopleList":[],"source":"영화진흥위원회"}}"#)
        case "people/searchPeopleInfo":
            if let file = Fixtures.named("peopleinfo_\(request.query["peopleCd"] ?? "")").first { return fixture(file) }
            return .json(#"{"peopleInfoResult":{"peopleInfo":{"peopleCd":null,"peopleNm":null,"peopleNmEn":null,"sex":null,"repRoleNm":null,"homepages":[],"filmos":[]},"source":"영화진흥위원회"}}"#)
        case "company/searchCompanyList":
            if request.query["companyNm"] == "CJ" { return fixture("companylist_companyNm-CJ_synthetic.json") }
            return .json(#"{"companyListResult":{"totCnt":0,"companyList":[],"source":"영화진흥위원회"}}"#)
        case "company/searchCompanyInfo":
            if let file = Fixtures.named("companyinfo_\(request.query["companyCd"] ?? "")").first { return fixture(file) }
            return .json(#"{"companyInfoResult":{"companyInfo":{"companyCd":null,"companyNm":null,"companyNmEn":null,"ceoNm":null,"parts":[],"filmos":[]},"source":"영화진흥위원회"}}"#)
        case "code/searchCodeList":
            if request.query["comCode"] == "0105000000" { return fixture("codelist_0105000000_synthetic-wrapped.json") }
            return .json(#"{"codes":[]}"#)
        default:
            return .html("<html><body>404 Not Found</body></html>", status: 404)
        }
    }

    static func fixture(_ name: String) -> LoopbackReply {
        .respond(status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"], body: (try? Fixtures.data(name)) ?? Data())
    }
}
