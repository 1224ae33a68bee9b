import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// A library client is a list of middlewares over its transport: a program adds its own, leaves
/// one out, or answers a request itself; through real HTTP to the loopback server.
@Suite struct LibraryMiddlewareTests {
    /// Keeps what it saw of each request: the operation and the status that came back.
    final class Watch: BoxOfficeMiddleware {
        private let seen = Locked<[String]>([])
        var lines: [String] { seen.withLock { $0 } }

        func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                       next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
            let response = try await next(request)
            seen.withLock { $0.append("\(operation.summary) | \(operation.request) | \(operation.address) | \(response.status)") }
            return response
        }
    }

    /// Answers every request itself with one body, sending nothing on.
    struct Canned: BoxOfficeMiddleware {
        let body: Data

        func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                       next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
        }
    }

    private let day = Day(year: 2023, month: 4, day: 23)!

    @Test func aProgramsOwnMiddlewareSeesEachTryWithoutTheKey() async throws {
        let server = try LoopbackServer(handler: failingFirst(1, with: .json("{}", status: 503), then: KOBISEmulator.handler()))
        let watch = Watch()
        // Inside the retry: it sees both tries.
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10),
                                     middlewares: [RetryMiddleware(attempts: 2), watch, RedirectMiddleware(), TimeoutMiddleware()])
        let ranking = try await client.dailyBoxOffice(on: day)
        #expect(ranking.entries.count == 10)
        let address = server.baseURL.absoluteString + "/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=***&targetDt=20230423"
        let line = "the daily box office (targetDt=20230423) | \(server.cacheKey("boxoffice/searchDailyBoxOfficeList?targetDt=20230423")) | \(address)"
        #expect(watch.lines == [line + " | 503", line + " | 200"])
        #expect(!watch.lines.joined().contains(KOBISEmulator.key))
        #expect(server.requestCount == 2)
    }

    @Test func withoutTheRetryMiddlewareAFailureIsNotTriedAgain() async throws {
        let server = try LoopbackServer(handler: failingFirst(1, with: .json("{}", status: 503), then: KOBISEmulator.handler()))
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10),
                                     middlewares: [TimeoutMiddleware()])
        await #expect(throws: BoxOfficeError.unavailable(.httpStatus(503, host: "127.0.0.1", attempts: 1))) {
            try await client.dailyBoxOffice(on: day)
        }
        #expect(server.requestCount == 1)
        // The standard list tries it again.
        let standard = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10))
        #expect(try await standard.dailyBoxOffice(on: day).entries.count == 10)
    }

    @Test func aMiddlewareMayAnswerItselfAndTheKeyIsStillMasked() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let key = "Zq7LEAKkey0123456789abcdefXYZ12"
        let echoed = Data(#"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20230423~20230423","dailyBoxOfficeList":[{"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"NEW","movieCd":"20231089","movieNm":"\#(key)","openDt":"2023-04-12","salesAmt":"1","salesShare":"1","salesInten":"0","salesChange":"0","salesAcc":"1","audiCnt":"1","audiInten":"0","audiChange":"0","audiAcc":"1","scrnCnt":"1","showCnt":"1"}]}}"#.utf8)
        let client = BoxOfficeClient(key: key, transport: URLSessionTransport(), baseURL: server.baseURL, middlewares: [Canned(body: echoed)],
                                     cache: InMemoryAnswerStore())
        let ranking = try await client.dailyBoxOffice(on: day)
        #expect(ranking.entries.map(\.title) == ["***"])
        #expect(server.requestCount == 0)
    }

    /// The cache is a middleware like the others: placed by the program, here inside the retry and
    /// behind the client's own masking, it answers a day asked again without a request, keeps only
    /// what the client understood (an answer that echoes the key is kept masked; a fault is not
    /// kept), and a watch placed after it sees only what reached the network.
    @Test func aCacheMiddlewarePlacedByTheProgramKeepsOnlyMaskedUnderstoodAnswers() async throws {
        let key = "Zq7ECHOkey0123456789abcdefXYZ12"
        let echo = #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20230423~20230423","dailyBoxOfficeList":[{"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"NEW","movieCd":"20231089","movieNm":"\#(key)","openDt":"2023-04-12","salesAmt":"1","salesShare":"1","salesInten":"0","salesChange":"0","salesAcc":"1","audiCnt":"1","audiInten":"0","audiChange":"0","audiAcc":"1","scrnCnt":"1","showCnt":"1"}]}}"#
        let server = try LoopbackServer { request in
            request.query["targetDt"] == "20230423" ? .json(echo) : KOBISEmulator.fixture("error_320010.json")
        }
        let store = InMemoryAnswerStore()
        let watch = Watch()
        let client = BoxOfficeClient(key: key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10),
                                     middlewares: [RetryMiddleware(attempts: 2), CacheMiddleware(store: store), watch, TimeoutMiddleware()])
        for _ in 0..<3 {
            #expect(try await client.dailyBoxOffice(on: day).entries.map(\.title) == ["***"])
        }
        #expect(server.requestCount == 1 && watch.lines.count == 1)
        let kept = try #require(store.answer(for: server.cacheKey("boxoffice/searchDailyBoxOfficeList?targetDt=20230423")))
        #expect(kept.body.range(of: Data(key.utf8)) == nil && String(decoding: kept.body, as: UTF8.self).contains(#""movieNm":"***""#))
        // A fault is not kept: asked again, it is asked of the server again.
        let other = Day(year: 2023, month: 4, day: 22)!
        for _ in 0..<2 {
            await #expect(throws: BoxOfficeError.self) { try await client.dailyBoxOffice(on: other) }
        }
        #expect(server.requestCount == 3)
        #expect(store.answer(for: "boxoffice/searchDailyBoxOfficeList?targetDt=20230422") == nil)
    }

    @Test func aRateLimitOfNothingIsNoMiddleware() {
        #expect(RateLimitMiddleware(perSecond: 0) == nil)
        #expect(RateLimitMiddleware(perSecond: -1) == nil)
        #expect(RateLimitMiddleware(perSecond: .infinity) == nil)
        #expect(RateLimitMiddleware(perSecond: 2) != nil)
    }
}
