import Foundation
import Testing

/// Every KOBIS operation through its command, end to end: the built binary, URLSession in the
/// helper, and a loopback server answering like KOBIS. What each command sends, and whole outputs.
@Suite struct CatalogueEndToEndTests {
    private func environment(_ server: LoopbackServer, _ extra: [String: String] = [:]) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key].merging(extra) { $1 }
    }

    private func expected(_ name: String) throws -> String {
        try String(contentsOf: ExecutableEndToEndTests.expected.appendingPathComponent(name), encoding: .utf8)
    }

    /// Whether `output` is the golden file `name`; with BOXOFFICE_WRITE_EXPECTED=1, writes it first.
    private func matches(_ output: String, _ name: String) throws -> Bool {
        if ProcessInfo.processInfo.environment["BOXOFFICE_WRITE_EXPECTED"] == "1" {
            try output.write(to: ExecutableEndToEndTests.expected.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return output == (try expected(name))
    }

    /// The operation and parameters (key left out) of each request the server saw.
    private func sent(_ server: LoopbackServer) -> [(String, [String: String])] {
        server.requests.map { request in
            let operation = String(request.path.dropFirst(KOBISEmulator.prefix.count).dropLast(".json".count))
            return (operation, request.query.filter { $0.key != "key" })
        }
    }

    @Test(arguments: [
        (["daily", "--date", "2023-04-23", "--nation", "korean", "--multi", "--region", "0105001"], "boxoffice/searchDailyBoxOfficeList",
         ["targetDt": "20230423", "repNationCd": "K", "multiMovieYn": "Y", "wideAreaCd": "0105001"]),
        (["daily", "--date", "20230423", "--nation", "Foreign", "--commercial"], "boxoffice/searchDailyBoxOfficeList",
         ["targetDt": "20230423", "repNationCd": "F", "multiMovieYn": "N"]),
        (["weekly", "--date", "2023-03-29", "--period", "weekdays"], "boxoffice/searchWeeklyBoxOfficeList", ["targetDt": "20230329", "weekGb": "2"]),
        (["weekly", "--date", "2023-03-29", "--period", "weekend", "--nation", "korean"], "boxoffice/searchWeeklyBoxOfficeList",
         ["targetDt": "20230329", "weekGb": "1", "repNationCd": "K"]),
        (["weekly", "--date", "2023-03-29"], "boxoffice/searchWeeklyBoxOfficeList", ["targetDt": "20230329", "weekGb": "0"]),
        (["search", "범죄와의", "전쟁"], "movie/searchMovieList", ["curPage": "1", "itemPerPage": "10", "movieNm": "범죄와의 전쟁"]),
        (["search", "A+B & C=D"], "movie/searchMovieList", ["curPage": "1", "itemPerPage": "10", "movieNm": "A+B & C=D"]),
        (["search", "--director", "봉준호", "--year", "2019", "--page", "2"], "movie/searchMovieList",
         ["curPage": "2", "itemPerPage": "10", "directorNm": "봉준호", "openStartDt": "2019", "openEndDt": "2019"]),
        (["people", "봉준호"], "people/searchPeopleList", ["curPage": "1", "itemPerPage": "10", "peopleNm": "봉준호"]),
        (["people", "10000066"], "people/searchPeopleInfo", ["peopleCd": "10000066"]),
        (["company", "CJ", "--page", "3"], "company/searchCompanyList", ["curPage": "3", "itemPerPage": "10", "companyNm": "CJ"]),
        (["company", "20100109"], "company/searchCompanyInfo", ["companyCd": "20100109"]),
        (["codes", "nations"], "code/searchCodeList", ["comCode": "2204"]),
        (["codes", "2601"], "code/searchCodeList", ["comCode": "2601"]),
    ] as [([String], String, [String: String])])
    func eachCommandSendsExactlyItsRequest(arguments: [String], operation: String, parameters: [String: String]) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(arguments, environment: environment(server))
        #expect(result.status == 0, "\(result.standardError)")
        let requests = sent(server)
        #expect(requests.count == 1)
        #expect(requests.first?.0 == operation)
        #expect(requests.first?.1 == parameters)
    }

    @Test func textIsPercentEncodedSoPlusAmpersandAndHangulArriveIntact() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        _ = try await Executable.run(["search", "A+B & 범죄"], environment: environment(server))
        let target = try #require(server.requests.first?.target)
        #expect(target.hasSuffix("&curPage=1&itemPerPage=10&movieNm=A%2BB%20%26%20%EB%B2%94%EC%A3%84"))
    }

    /// macOS terminals send Korean decomposed (NFD); KOBIS matches only composed syllables.
    @Test func decomposedKoreanIsSentComposed() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let decomposed = "\u{1107}\u{1169}\u{11BC}\u{110C}\u{116E}\u{11AB}\u{1112}\u{1169}" // 봉준호, as NFD
        let result = try await Executable.run(["people", decomposed, "--json", "--pretty"], environment: environment(server))
        #expect(result.status == 0)
        #expect(server.requests.first?.query["peopleNm"] == "봉준호")
        #expect(server.requests.first?.target.hasSuffix("peopleNm=%EB%B4%89%EC%A4%80%ED%98%B8") == true)
        #expect(try matches(result.standardOutput, "people_bongjoonho.json"))
    }

    @Test func weeklyDefaultsToTheLastCompleteWeek() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let before = Date()
        let result = try await Executable.run(["weekly", "--json", "--pretty"], environment: environment(server))
        #expect(result.status == 0)
        let query = try #require(server.requests.first?.query)
        #expect(query["weekGb"] == "0")
        // The Sunday before today in Korea (UTC+9).
        let seconds = Int(before.timeIntervalSince1970) + 9 * 3600
        let days = seconds / 86_400
        let weekday = ((days % 7) + 3) % 7 + 1 // 1 = Monday
        let sunday = Date(timeIntervalSince1970: TimeInterval((days - weekday) * 86_400))
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        #expect(query["targetDt"] == formatter.string(from: sunday))
    }

    @Test(arguments: [
        (["weekly", "--period", "weekend", "--date", "2012-01-01"], "weekly_weekend_20120101"),
        (["search", "범죄와의 전쟁"], "search_crime-war"),
        (["people", "봉준호"], "people_bongjoonho"),
        (["people", "10000066"], "person_10000066"),
        (["company", "CJ"], "company_CJ"),
        (["company", "20100109"], "company_20100109"),
        (["codes", "regions"], "codes_regions"),
    ] as [([String], String)])
    func wholeOutputsFromRecordings(arguments: [String], name: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let table = try await Executable.run(arguments, environment: environment(server))
        #expect(table.status == 0)
        #expect(table.standardError == "")
        #expect(try matches(table.standardOutput, name + ".txt"))
        let json = try await Executable.run(arguments + ["--json", "--pretty"], environment: environment(server))
        #expect(json.status == 0)
        #expect(try matches(json.standardOutput, name + ".json"))
        // One request each: each run has its own HOME, so its own cache.
        #expect(server.requestCount == 2, "\(table.standardError) \(json.standardError)")
    }

    @Test func codeTablesNeedNoNetworkToBeListed() async throws {
        let result = try await Executable.run(["codes"], environment: ["BOXOFFICE_BASE_URL": "http://127.0.0.1:9"])
        #expect(result.status == 0)
        #expect(result.standardOutput == (try expected("codes.txt")))
        let json = try await Executable.run(["codes", "--json", "--pretty"], environment: [:])
        #expect(json.standardOutput == (try expected("codes.json")))
    }

    @Test(arguments: ["서울", "서울시", "서울특별시", "Seoul", "seoul", "\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}"])
    func regionNamesResolveThroughTheCodeTable(name: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["daily", "--date", "2023-04-23", "--region", name], environment: environment(server))
        #expect(result.status == 0, "\(result.standardError)")
        let requests = sent(server)
        #expect(requests.map(\.0) == ["code/searchCodeList", "boxoffice/searchDailyBoxOfficeList"])
        #expect(requests.first?.1 == ["comCode": "0105000000"])
        #expect(requests.last?.1 == ["targetDt": "20230423", "wideAreaCd": "0105001"])
        #expect(result.standardOutput.hasPrefix("Daily box office · 2023-04-23 (Sun) · 서울시\n"))
    }

    @Test func theRegionTableIsCachedForTheNextRun() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-regions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let settings = environment(server, ["BOXOFFICE_CACHE_DIR": cache.path])
        _ = try await Executable.run(["daily", "--date", "2023-04-23", "--region", "경기"], environment: settings)
        let second = try await Executable.run(["weekly", "--date", "2023-04-23", "--region", "충북"], environment: settings)
        #expect(second.status == 0)
        #expect(sent(server).map(\.0) == ["code/searchCodeList", "boxoffice/searchDailyBoxOfficeList", "boxoffice/searchWeeklyBoxOfficeList"])
        #expect(sent(server).last?.1["wideAreaCd"] == "0105004")
    }

    @Test func anUnknownRegionIsAUsageErrorListingTheRegions() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["daily", "--date", "2023-04-23", "--region", "Tokyo"], environment: environment(server))
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            boxoffice: --region 'Tokyo' is not a KOBIS region; use one of: 서울시, 경기도, 강원도, 충청북도, 충청남도, 경상북도, 경상남도, 전라북도, 전라남도, 제주도, 부산시, 대구시, 대전시, 울산시, 인천시, 광주시, 세종시 (or its code, from 'boxoffice codes regions').
            Run 'boxoffice help' for usage.

            """)
        #expect(sent(server).map(\.0) == ["code/searchCodeList"])
        // A range too: nothing written (not even an empty JSON list) before the region is known.
        let range = try await Executable.run(["daily", "--from", "2023-04-22", "--to", "2023-04-23", "--region", "Tokyo", "--json"],
                                             environment: environment(server))
        #expect(range.status == 64 && range.standardOutput == "")
        #expect(range.standardError.hasPrefix("boxoffice: --region 'Tokyo' is not a KOBIS region; use one of: 서울시,"))
        // A region found is said with --verbose.
        let found = try await Executable.run(["daily", "--date", "2023-04-23", "--region", "서울", "--verbose"], environment: environment(server))
        #expect(found.standardError.contains("boxoffice: region 서울 is 서울시 (0105001)\n"), "\(found.standardError)")
    }

    @Test func aTitleWithOneMatchShowsThatMovie() async throws {
        let one = #"{"movieListResult":{"totCnt":1,"source":"영화진흥위원회","movieList":[{"movieCd":"20194376","movieNm":"1987 ","movieNmEn":"","prdtYear":"2017","openDt":"20171227","typeNm":"장편","prdtStatNm":"개봉","nationAlt":"한국","genreAlt":"드라마","repNationNm":"한국","repGenreNm":"드라마","directors":[],"companys":[]}]}}"#
        let server = try LoopbackServer { request in
            request.path.hasSuffix("searchMovieList.json") ? .json(one) : KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let result = try await Executable.run(["movie", "1987"], environment: environment(server))
        #expect(result.status == 0)
        #expect(result.standardOutput == (try expected("movie_20194376.txt")))
        #expect(result.standardError == "boxoffice: '1987' is 1987 (20194376).\n")
        #expect(sent(server).map(\.1) == [["curPage": "1", "itemPerPage": "10", "movieNm": "1987"], ["movieCd": "20194376"]])
    }

    @Test func aTitleWithSeveralMatchesListsThemOnStandardErrorAndExits1() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["movie", "범죄와의 전쟁"], environment: environment(server))
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            boxoffice: 5 movies match '범죄와의 전쟁':
              Code      Title                             Year  Directors
              2023C168  지스톰: 범죄와의전쟁              2021
              20113557  범죄와의 전쟁: 나쁜놈들 전성시대  2012  윤종빈
              20216937  제폭: 범죄와의 전쟁               2020  유호량
              20137864  어펜더: 범죄와의 전쟁             2013  론 스캘펠로
              19910128  범죄와의 전쟁                     1991  데니스 호퍼
            Pick one by its code, e.g. 'boxoffice movie 2023C168'.

            """)
        #expect(server.requestCount == 1)
    }

    /// A script asking for JSON gets the candidates on stdout as 'search --json' writes them, and
    /// the same failure.
    @Test func aTitleWithSeveralMatchesGivesScriptsTheCandidates() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["movie", "범죄와의 전쟁", "--json"], environment: environment(server))
        let search = try await Executable.run(["search", "범죄와의 전쟁", "--json"], environment: environment(server))
        #expect(result.status == 1)
        #expect(search.status == 0)
        #expect(!result.standardOutput.isEmpty)
        #expect(result.standardOutput == search.standardOutput)
        #expect(result.standardError.hasPrefix("boxoffice: 5 movies match '범죄와의 전쟁':\n"))
    }

    /// Seven or nine digits that match no title: a movie code with a digit missing or too many.
    @Test(arguments: ["2021854", "202185411"])
    func digitsThatAreAlmostACodeSaySo(text: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["movie", text], environment: environment(server))
        #expect(result.status == 1)
        #expect(result.standardError == """
            boxoffice: no movie's title contains '\(text)', and it is not a movie code: codes have 8 characters (\(text.count) here).
            Check the code ('boxoffice search TITLE' shows them), e.g. 'boxoffice movie 20124079'.

            """)
    }

    @Test func aTitleWithNoMatchSaysSoAndExits1() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["movie", "없는 영화"], environment: environment(server))
        #expect(result.status == 1)
        #expect(result.standardError == "boxoffice: no movie's title contains '없는 영화'.\nTry part of the title, or 'boxoffice search --director NAME'.\n")
    }

    @Test func unknownPeopleAndCompanyCodesExit1() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let person = try await Executable.run(["people", "99999999"], environment: environment(server))
        #expect(person.status == 1)
        #expect(person.standardError == "boxoffice: KOBIS has no person with code 99999999.\nCheck the code; 'boxoffice people NAME' shows people codes.\n")
        let company = try await Executable.run(["company", "99999999"], environment: environment(server))
        #expect(company.status == 1)
        #expect(company.standardError.hasPrefix("boxoffice: KOBIS has no company with code 99999999.\n"))
    }

    @Test func emptySearchesAreSuccesses() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let table = try await Executable.run(["search", "없는 영화"], environment: environment(server))
        #expect(table.status == 0)
        #expect(table.standardOutput == "No movies match.\n")
        let json = try await Executable.run(["people", "아무도", "--json", "--pretty"], environment: environment(server))
        #expect(json.standardOutput == "[]\n")
    }

    @Test func allFetchesEveryPageAndKeepsTheirOrder() async throws {
        @Sendable func page(_ number: Int, of total: Int) -> String {
            let rows = (0..<min(100, total - (number - 1) * 100)).map { index in
                let code = String(format: "2020%04d", (number - 1) * 100 + index)
                return #"{"movieCd":"\#(code)","movieNm":"사랑 \#(code)","movieNmEn":"","prdtYear":"2020","openDt":"","typeNm":"","prdtStatNm":"","nationAlt":"","genreAlt":"","repNationNm":"","repGenreNm":"","directors":[],"companys":[]}"#
            }
            return #"{"movieListResult":{"totCnt":\#(total),"source":"영화진흥위원회","movieList":[\#(rows.joined(separator: ","))]}}"#
        }
        let server = try LoopbackServer { request in
            .delayed(seconds: request.query["curPage"] == "2" ? 0.3 : 0, then: .json(page(Int(request.query["curPage"] ?? "") ?? 1, of: 250)))
        }
        let result = try await Executable.run(["search", "사랑", "--all", "--json", "--pretty"], environment: environment(server))
        #expect(result.status == 0)
        let movies = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(movies.count == 250)
        #expect(movies.map { $0["movieCode"] as? String } == (0..<250).map { String(format: "2020%04d", $0) })
        #expect(Set(server.requests.map { $0.query["curPage"] }) == ["1", "2", "3"])
        #expect(server.requests.allSatisfy { $0.query["itemPerPage"] == "100" })
    }

    @Test func allRefusesASearchTooBigForTheQuota() async throws {
        let server = try LoopbackServer { _ in .json(#"{"movieListResult":{"totCnt":95043,"source":"영화진흥위원회","movieList":[]}}"#) }
        let result = try await Executable.run(["search", "the", "--all"], environment: environment(server))
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --all would fetch 951 pages for 95,043 matches (at most 20 are fetched); narrow the search"))
        #expect(server.requestCount == 1)
    }

    @Test func rawPrintsKOBISsOwnBody() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["people", "10000066", "--raw"], environment: environment(server))
        #expect(result.status == 0)
        // The recording has no final newline; one is added so the prompt starts on its own line.
        #expect(result.standardOutput == (try Fixtures.text("peopleinfo_10000066.json")) + "\n")
        let daily = try await Executable.run(["daily", "--date", "2023-04-23", "--raw"], environment: environment(server))
        #expect(daily.standardOutput == (try Fixtures.text("daily_20230423.json")))
        let fault = try await Executable.run(["daily", "--date", "2023-04-23", "--raw"], environment: environment(server, ["KOBIS_API_KEY": "wrongkey"]))
        #expect(fault.status == 77)
        #expect(fault.standardOutput == "")
        let conflict = try await Executable.run(["daily", "--raw", "--json", "--pretty"], environment: environment(server))
        #expect(conflict.status == 64)
    }
}
