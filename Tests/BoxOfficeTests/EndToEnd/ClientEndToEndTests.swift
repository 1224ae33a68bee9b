@testable import BoxOfficeCore
@testable import BoxOfficeTransports
import Foundation
import Testing

/// The real client, through the network helper and its URLSession, against a loopback server that answers like KOBIS.
@Suite struct ClientEndToEndTests {
    @Test func fetchesAndConvertsADay() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = BoxOfficeClient(transport: HelperTransport(helper: Executable.helperURL.path, startAllowance: 10 * TestTime.scale), baseURL: server.baseURL, key: KOBISEmulator.key)
        let day = try #require(Day("20230423"))
        let boxOffice = try DailyBoxOffice(try await client.answer(.dailyBoxOffice(on: day)) { $0 }.value, requested: day)
        #expect(boxOffice.entries.count == 10)
        #expect(boxOffice.entries[0].title == "존 윅 4")
        #expect(boxOffice.entries[0].audience == 113_983)
        let request = try #require(server.requests.first)
        #expect(request.path == "/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json")
        #expect(request.query == ["key": KOBISEmulator.key, "targetDt": "20230423"])
    }

    @Test func sendsKoreanAndReservedCharactersPercentEncoded() async throws {
        let server = try LoopbackServer { _ in .json(#"{"movieListResult":{"totCnt":0,"source":"영화진흥위원회","movieList":[]}}"#) }
        let client = BoxOfficeClient(transport: HelperTransport(helper: Executable.helperURL.path, startAllowance: 10 * TestTime.scale), baseURL: server.baseURL, key: "k+&=")
        _ = try await client.answer(.movieList(MovieQuery(title: "범죄와의 전쟁 + 7&8", director: "봉준호"))) { $0 }.value
        let request = try #require(server.requests.first)
        #expect(request.query["movieNm"] == "범죄와의 전쟁 + 7&8")
        #expect(request.query["directorNm"] == "봉준호")
        #expect(request.query["key"] == "k+&=")
        #expect(request.target.contains("movieNm=%EB%B2%94%EC%A3%84%EC%99%80%EC%9D%98%20%EC%A0%84%EC%9F%81%20%2B%207%268"))
    }

    @Test func rejectedKeyIsATypedFault() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = BoxOfficeClient(transport: HelperTransport(helper: Executable.helperURL.path, startAllowance: 10 * TestTime.scale), baseURL: server.baseURL, key: "wrong")
        await #expect(throws: KOBISError.fault(KOBISFault(code: "320010", message: "유효하지않은 키값입니다."))) {
            try await client.answer(.movieInfo(code: "20124079")) { $0 }.value
        }
    }

    @Test func unknownMovieIsNotFound() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = BoxOfficeClient(transport: HelperTransport(helper: Executable.helperURL.path, startAllowance: 10 * TestTime.scale), baseURL: server.baseURL, key: KOBISEmulator.key)
        let response = try await client.answer(.movieInfo(code: "99999999")) { $0 }.value
        #expect(throws: NotFoundError(what: "movie", code: "99999999")) { try Movie(response, requested: "99999999") }
    }

    @Test func baseURLWithAPathPrefixIsKept() async throws {
        let server = try LoopbackServer { _ in .json(#"{"codes":[]}"#) }
        let base = try #require(URL(string: server.baseURL.absoluteString + "/proxy/"))
        let client = BoxOfficeClient(transport: HelperTransport(helper: Executable.helperURL.path, startAllowance: 10 * TestTime.scale), baseURL: base, key: "k")
        _ = try await client.answer(.codeList(.regions)) { $0 }.value
        #expect(server.requests.first?.path == "/proxy/kobisopenapi/webservice/rest/code/searchCodeList.json")
    }
}
