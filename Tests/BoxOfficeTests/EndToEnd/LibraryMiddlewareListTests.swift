import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// The middleware list is the list: a client applies exactly the middlewares it is given, the
/// standard list is one public function, and a program's own cache is as capable as the library's
/// (it answers, keeps what the client understood, and tells the client what it holds); through
/// real HTTP to the loopback server.
@Suite struct LibraryMiddlewareListTests {
    /// A cache of the program's own, on a dictionary: it answers what it holds, keeps an answer
    /// once the client has understood it (through the request's ticket), and says what it holds.
    final class OwnCache: BoxOfficeMiddleware {
        private let kept = Locked<[String: Data]>([:])
        var requests: [String] { kept.withLock { $0.keys.sorted() } }

        func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                       next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
            let key = operation.request
            if operation.cacheMode != .refresh, let body = kept.withLock({ $0[key] }) {
                operation.ticket?.came(from: Date(), inStore: true) { _ in }
                return HTTPResponse(status: 200, body: body)
            }
            if operation.cacheMode == .offline { throw CancellationError() }
            let response = try await next(request)
            operation.ticket?.came(from: Date(), inStore: false) { [kept] understood in
                if let understood { kept.withLock { $0[key] = understood } }
            }
            return response
        }

        func holdsAnswer(to operation: BoxOfficeOperation) -> Bool {
            operation.cacheMode != .refresh && kept.withLock { $0[operation.request] != nil }
        }
    }

    private let day = Day(year: 2023, month: 4, day: 23)!

    @Test func theClientAppliesExactlyTheListItIsGiven() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        // No key middleware: the request goes with the empty key the client leaves for one, and KOBIS refuses it.
        let bare = BoxOfficeClient(transport: URLSessionTransport(), middlewares: [TimeoutMiddleware()], baseURL: server.baseURL, timeout: TestTime.limit(10))
        await #expect(throws: BoxOfficeError.self) { try await bare.dailyBoxOffice(on: day) }
        #expect(server.requests.map { $0.query["key"] } == [""])
        // The standard list gives it.
        let standard = BoxOfficeClient(transport: URLSessionTransport(), middlewares: BoxOfficeClient.standardMiddlewares(keys: [KOBISEmulator.key]),
                                       baseURL: server.baseURL, timeout: TestTime.limit(10))
        #expect(try await standard.dailyBoxOffice(on: day).entries.first?.title == "존 윅 4")
        #expect(server.requests.map { $0.query["key"] } == ["", KOBISEmulator.key])
    }

    @Test func theStandardListIsTheCommandLinesInItsOrder() {
        let list = BoxOfficeClient.standardMiddlewares(keys: ["A", "B"], cache: InMemoryAnswerStore(), callCounts: InMemoryCallCounts(),
                                                       callsPerSecond: 5, eachTry: [LibraryMiddlewareTests.Watch()])
        #expect(list.map { String(describing: type(of: $0)) } == [
            "CacheMiddleware", "SecretMaskMiddleware", "KeyRotationMiddleware", "RetryMiddleware", "Watch", "RedirectMiddleware",
            "CallBudgetMiddleware", "QuotaCountMiddleware", "RateLimitMiddleware", "TimeoutMiddleware",
        ])
        // Without a cache, a count or a rate, those are left out.
        #expect(BoxOfficeClient.standardMiddlewares(keys: ["A"]).map { String(describing: type(of: $0)) } == [
            "SecretMaskMiddleware", "KeyRotationMiddleware", "RetryMiddleware", "RedirectMiddleware", "CallBudgetMiddleware", "TimeoutMiddleware",
        ])
    }

    /// The run read from what is at hand asks the middlewares what they hold: a program's own
    /// cache answers it as the library's would, at no call.
    @Test func aProgramsOwnCacheIsAsCapableAsTheLibrarys() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = OwnCache()
        let middlewares: [any BoxOfficeMiddleware] = [cache] + BoxOfficeClient.standardMiddlewares(keys: [KOBISEmulator.key])
        let client = BoxOfficeClient(transport: URLSessionTransport(), middlewares: middlewares, baseURL: server.baseURL, timeout: TestTime.limit(10))
        let first = try await client.dailyBoxOffice(on: day).entries[0]
        #expect(try await client.dailyBoxOffice(on: day).entries[0] == first)
        #expect(server.requestCount == 1)
        #expect(cache.requests == [server.cacheKey("boxoffice/searchDailyBoxOfficeList?targetDt=20230423")])
        let run = try await client.storedRun(of: first.movieCode, from: day.adding(days: -1), to: day)
        #expect(run.movies.first?.points.compactMap(\.audience) == [first.audience])
        #expect(server.requestCount == 1)
        // A fault is never kept: the client did not understand it as an answer.
        await #expect(throws: BoxOfficeError.self) { try await client.movie(code: "NOSUCH01") }
        #expect(cache.requests.count == 1)
    }

    /// One client, its cache read as each request says: offline from what is kept alone, refresh
    /// fetching again; nothing is made again.
    @Test func aViewOfTheClientReadsTheCacheAsItsModeSays() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10),
                                     cache: InMemoryAnswerStore())
        let ranking = try await client.dailyBoxOffice(on: day)
        #expect(try await client.cacheMode(.offline).dailyBoxOffice(on: day).entries == ranking.entries)
        #expect(server.requestCount == 1)
        let other = day.adding(days: -1)
        await #expect(throws: BoxOfficeError.notCached("the daily box office (targetDt=20230422)")) {
            try await client.cacheMode(.offline).dailyBoxOffice(on: other)
        }
        #expect(server.requestCount == 1)
        #expect(try await client.cacheMode(.refresh).dailyBoxOffice(on: day).entries == ranking.entries)
        #expect(server.requestCount == 2)
        // The client itself is as it was: the kept answer serves it.
        _ = try await client.dailyBoxOffice(on: day)
        #expect(server.requestCount == 2)
    }
}
