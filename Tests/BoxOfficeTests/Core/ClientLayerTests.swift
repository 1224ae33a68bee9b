@testable import BoxOfficeCore
import Foundation
import Testing

/// Each layer of the client alone, over a stub below it: what it passes on, what it adds, and
/// its edges. Nothing here waits on the real clock but the timeout's own test, which only bounds
/// a hang.
@Suite struct ClientLayerTests {
    /// Events a layer reported, in order.
    final class Recorder: Sendable {
        private let list = Locked<[ClientEvent]>([])
        var events: [ClientEvent] { list.withLock { $0 } }
        var sink: ClientEvents { { event in self.list.withLock { $0.append(event) } } }
    }

    /// What a stub was asked, in order.
    final class Requests: Sendable {
        private let list = Locked<[HTTPRequest]>([])
        var all: [HTTPRequest] { list.withLock { $0 } }
        func add(_ request: HTTPRequest) { list.withLock { $0.append(request) } }
    }

    /// One middleware over a stub, as a transport: what these tests send through.
    struct Layer: HTTPTransport {
        let middleware: any BoxOfficeMiddleware
        let inner: any HTTPTransport

        init(_ middleware: any BoxOfficeMiddleware, over inner: any HTTPTransport) {
            self.middleware = middleware
            self.inner = inner
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            try await MiddlewareChain([middleware], over: inner)
                .send(request, operation: BoxOfficeOperation(summary: "the code table", address: "https://www.kobis.or.kr/…?key=***", request: "code/searchCodeList?"))
        }

        /// The body of `call`'s answer, sent as the client sends it (each try within `timeout`).
        func body(for call: RemoteCall, timeout: TimeInterval = 15) async throws -> Data {
            var request = HTTPRequest(url: call.url, timeout: timeout, headers: call.headers)
            request.quotaKey = call.quotaKey
            return try await MiddlewareChain([middleware], over: inner)
                .send(request, operation: BoxOfficeOperation(summary: call.summary, address: call.displayAddress, request: call.cacheKey)).body
        }
    }

    static let origin = URL(string: "https://www.kobis.or.kr/kobisopenapi/webservice/rest/code/searchCodeList.json?key=K")!

    static func request(_ url: URL = origin, timeout: TimeInterval = 10, quotaKey: String? = nil) -> HTTPRequest {
        var request = HTTPRequest(url: url, timeout: timeout)
        request.quotaKey = quotaKey
        return request
    }

    // MARK: Timeout

    /// Only a hang is bounded (by the trait): on a busy machine the timer itself may fire late.
    @Test(.timeLimit(.minutes(5))) func aTimeoutEndsARequestThatNeverAnswers() async throws {
        let silent = StubTransport { _ in
            try await Task.sleep(for: .seconds(3600))
            return HTTPResponse(status: 200, body: Data())
        }
        await #expect(throws: TransportError.timedOut) { try await Layer(TimeoutMiddleware(), over: silent).send(Self.request(timeout: 0.2)) }
    }

    @Test func aTimeoutPassesAnAnswerAndAFailureThrough() async throws {
        let answer = try await Layer(TimeoutMiddleware(), over: StubTransport.returning("{}")).send(Self.request())
        #expect(answer == HTTPResponse(status: 200, body: Data("{}".utf8)))
        await #expect(throws: TransportError.connectionLost) { try await Layer(TimeoutMiddleware(), over: StubTransport.failing(.connectionLost)).send(Self.request()) }
    }

    @Test func aCancelledRequestIsCancelledNotTimedOut() async throws {
        let silent = StubTransport { _ in
            try await Task.sleep(for: .seconds(3600))
            return HTTPResponse(status: 200, body: Data())
        }
        let task = Task { try await Layer(TimeoutMiddleware(), over: silent).send(Self.request(timeout: 3600)) }
        task.cancel()
        await #expect(throws: TransportError.cancelled) { try await task.value }
    }

    // MARK: Redirects

    /// A stub that redirects every request to `locations` in turn, then answers 200.
    static func redirecting(_ locations: [String], status: Int = 302, requests: Requests) -> StubTransport {
        StubTransport { request in
            requests.add(request)
            let index = requests.all.count - 1
            guard index < locations.count else { return HTTPResponse(status: 200, body: Data("done".utf8)) }
            return HTTPResponse(status: status, headers: ["location": locations[index]], body: Data())
        }
    }

    @Test func aRedirectOnTheSameServerIsFollowedWithinTheFirstTimeout() async throws {
        let requests = Requests()
        let events = Recorder()
        let layer = Layer(RedirectMiddleware(events: events.sink),
                          over: Self.redirecting(["/moved/codes.json?key=K", "https://WWW.kobis.or.kr:443/again?key=K"], requests: requests))
        let answer = try await layer.send(Self.request(timeout: 10))
        #expect(String(decoding: answer.body, as: UTF8.self) == "done")
        #expect(requests.all.map(\.url.absoluteString) == [Self.origin.absoluteString, "https://www.kobis.or.kr/moved/codes.json?key=K",
                                                           "https://WWW.kobis.or.kr:443/again?key=K"])
        // Every hop is sent with what is left of the first one's time, never more.
        #expect(requests.all.map(\.timeout).allSatisfy { $0 <= 10 })
        #expect(requests.all.map(\.timeout) == requests.all.map(\.timeout).sorted(by: >))
        // Each told with its key masked (the request itself goes with it).
        #expect(events.events == [.redirected(status: 302, target: "https://www.kobis.or.kr/moved/codes.json?key=***"),
                                  .redirected(status: 302, target: "https://WWW.kobis.or.kr:443/again?key=***")])
    }

    @Test(arguments: [
        ("https://evil.example/steal?key=K", "another server (evil.example)"),
        ("http://www.kobis.or.kr/plain", "plain http on the same server, which would send the key unencrypted"),
        ("https://www.kobis.or.kr:8443/port", "another port (8443) on the same server"),
        ("https://user@www.kobis.or.kr/", "an address with a user name"),
        ("ftp://www.kobis.or.kr/file", "a ftp: address"),
    ])
    func aRedirectElsewhereIsRefused(location: String, target: String) async throws {
        let requests = Requests()
        await #expect(throws: KOBISError.redirected(status: 302, host: "www.kobis.or.kr", target: target)) {
            try await Layer(RedirectMiddleware(), over: Self.redirecting([location], requests: requests)).send(Self.request())
        }
        #expect(requests.all.count == 1, "nothing is sent to \(location)")
    }

    @Test func plainHTTPMayMoveToHTTPSOnTheSameServer() async throws {
        let requests = Requests()
        let plain = URL(string: "http://127.0.0.1:8080/kobisopenapi/x.json?key=K")!
        _ = try await Layer(RedirectMiddleware(), over: Self.redirecting(["https://127.0.0.1/x.json?key=K"], status: 301, requests: requests)).send(Self.request(plain))
        #expect(requests.all.last?.url.absoluteString == "https://127.0.0.1/x.json?key=K")
    }

    @Test func aLoopOfRedirectsEndsAfterTheLimit() async throws {
        let requests = Requests()
        let loop = Array(repeating: "/again", count: 20)
        await #expect(throws: KOBISError.redirected(status: 307, host: "www.kobis.or.kr", target: "itself again after 5 redirects")) {
            try await Layer(RedirectMiddleware(), over: Self.redirecting(loop, status: 307, requests: requests)).send(Self.request())
        }
        #expect(requests.all.count == 6)
    }

    @Test func aRedirectWithoutALocationIsTheAnswer() async throws {
        let answer = try await Layer(RedirectMiddleware(), over: StubTransport.returning("moved", status: 302)).send(Self.request())
        #expect(answer.status == 302)
    }

    // MARK: Rate

    @Test func theRateLayerHoldsEachRequestUntilItsTurn() async throws {
        let time = RateLimiterTests.ManualClock()
        let limiter = try #require(RateLimiter(perSecond: 4, clock: time.clock))
        let layer = Layer(RateLimitMiddleware(limiter: limiter), over: StubTransport.returning("{}"))
        for _ in 0..<3 { _ = try await layer.send(Self.request()) }
        #expect(time.turns == [.milliseconds(250), .milliseconds(500)])
    }
}
