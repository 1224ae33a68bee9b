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
        #expect(events.events == [.redirected(status: 302, target: "https://www.kobis.or.kr/moved/codes.json?key=K"),
                                  .redirected(status: 302, target: "https://WWW.kobis.or.kr:443/again?key=K")])
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

    // MARK: Quota count

    /// Counts kept in memory, by key tag and day; `failing` makes every record throw.
    final class MemoryCounts: CallCountStore {
        struct Failure: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        private let counts = Locked<[String: Int]>([:])
        private let failing: Bool

        init(failing: Bool = false, preset: [String: Int] = [:]) {
            self.failing = failing
            counts.withLock { $0 = preset }
        }

        static func name(_ key: String, _ day: Day) -> String { key + "@" + day.iso }
        func count(key: String, on day: Day) -> Int { counts.withLock { $0[Self.name(key, day), default: 0] } }
        func record(key: String, on day: Day) throws -> Int {
            if failing { throw Failure() }
            return counts.withLock { counts in
                counts[Self.name(key, day), default: 0] += 1
                return counts[Self.name(key, day)] ?? 0
            }
        }
        func markSpent(key: String, on day: Day) {
            counts.withLock { $0[Self.name(key, day)] = KOBISQuota.daily }
        }
    }

    /// 2023-04-24 23:59 in Korea, and two minutes later.
    static let lateEvening = Date(timeIntervalSince1970: 1_682_348_340)
    static let pastMidnight = Date(timeIntervalSince1970: 1_682_348_460)

    @Test func eachKOBISRequestIsCountedOnItsKoreanDayAndNoneBeyondTheQuota() async throws {
        let april24 = try #require(Day("20230424"))
        let counts = MemoryCounts(preset: [MemoryCounts.name(KeyTag.of("K"), april24): KOBISQuota.daily - 1])
        let clock = Locked(Self.lateEvening)
        let requests = Requests()
        let events = Recorder()
        let layer = Layer(QuotaCountMiddleware(counts: counts, keys: KeyRing(["K"]), now: { clock.withLock { $0 } }, events: events.sink),
                          over: StubTransport { requests.add($0); return HTTPResponse(status: 200, body: Data()) })
        _ = try await layer.send(Self.request(quotaKey: "K"))
        #expect(counts.count(key: KeyTag.of("K"), on: april24) == KOBISQuota.daily)
        #expect(events.events == [.quotaNearlySpent(count: 3000, keyNumber: nil, day: april24)])
        // The quota is reached: nothing more is sent that day.
        await #expect(throws: LocalQuotaReached.self) { try await layer.send(Self.request(quotaKey: "K")) }
        #expect(requests.all.count == 1)
        // A request that is not KOBIS's is not counted, nor refused.
        _ = try await layer.send(Self.request())
        #expect(requests.all.count == 2)
        // Past midnight in Korea, a new day's count.
        clock.withLock { $0 = Self.pastMidnight }
        _ = try await layer.send(Self.request(quotaKey: "K"))
        #expect(counts.count(key: KeyTag.of("K"), on: try #require(Day("20230425"))) == 1)
        #expect(requests.all.count == 3)
    }

    @Test func aWarningNamesTheKeyByItsPlaceAmongSeveral() async throws {
        let april24 = try #require(Day("20230424"))
        let counts = MemoryCounts(preset: [MemoryCounts.name(KeyTag.of("B"), april24): KOBISQuota.warningThreshold])
        let events = Recorder()
        let layer = Layer(QuotaCountMiddleware(counts: counts, keys: KeyRing(["A", "B"]), now: { Self.lateEvening }, events: events.sink), over: StubTransport.returning("{}"))
        _ = try await layer.send(Self.request(quotaKey: "A"))
        _ = try await layer.send(Self.request(quotaKey: "B"))
        #expect(events.events == [.quotaNearlySpent(count: KOBISQuota.warningThreshold + 1, keyNumber: 2, day: april24)])
    }

    @Test func aCountThatCannotBeKeptLetsTheRequestGo() async throws {
        let events = Recorder()
        let layer = Layer(QuotaCountMiddleware(counts: MemoryCounts(failing: true), keys: KeyRing(["K"]), now: { Self.lateEvening }, events: events.sink),
                          over: StubTransport.returning("{}"))
        let answer = try await layer.send(Self.request(quotaKey: "K"))
        #expect(answer.status == 200)
        #expect(events.events == [.storeFailed("the disk is full")])
    }

    // MARK: Keys

    /// The key rotation middleware sends a request with the day's key, and again with the next
    /// when KOBIS says a quota is spent or refuses one key of several; with none left, nothing is sent.
    @Test func aRequestGoesWithTheNextKeyWhenOnesQuotaIsSpent() async throws {
        let spentFault = #"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#
        let rejectedFault = #"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#
        let requests = Requests()
        let answers: [String: String] = ["A": spentFault, "B": rejectedFault, "C": "{}"]
        let events = Recorder()
        let clock = Locked(Self.lateEvening)
        let layer = Layer(KeyRotationMiddleware(keys: KeyRing(["A", "B", "C"]), now: { clock.withLock { $0 } }, events: events.sink), over: StubTransport { request in
            requests.add(request)
            return HTTPResponse(status: 200, body: Data((answers[request.quotaKey ?? ""] ?? "").utf8))
        })
        let url = try #require(URL(string: "https://www.kobis.or.kr/kobisopenapi/webservice/rest/movie/searchMovieInfo.json?key=A&movieCd=2012key%3D1"))
        let answer = try await layer.send(Self.request(url, quotaKey: "A"))
        #expect(answer.body == Data("{}".utf8))
        #expect(requests.all.map(\.quotaKey) == ["A", "B", "C"])
        #expect(requests.all.map(\.url.absoluteString).last == "https://www.kobis.or.kr/kobisopenapi/webservice/rest/movie/searchMovieInfo.json?key=C&movieCd=2012key%3D1")
        #expect(events.events == [.keySpent(number: 1, keys: 3, next: 2), .keyRejected(number: 2, keys: 3, code: "320010", next: 3)])
        // The spent key and the refused one are passed over from then on: one request, with C.
        _ = try await layer.send(Self.request(url, quotaKey: "A"))
        #expect(requests.all.count == 4 && requests.all.last?.quotaKey == "C")
        // A request that is not KOBIS's goes as it is.
        _ = try await layer.send(Self.request())
        #expect(requests.all.last?.url == Self.origin && requests.all.last?.quotaKey == nil)
        // The next Korean day, A's quota is KOBIS's new one; B stays refused.
        clock.withLock { $0 = Self.pastMidnight }
        _ = try await layer.send(Self.request(url, quotaKey: "A"))
        #expect(requests.all.suffix(2).map(\.quotaKey) == ["A", "C"])
    }

    /// The keys and an operation's own secrets are masked in every answer, however written.
    @Test func theSecretMaskMiddlewareMasksEveryAnswer() async throws {
        let key = "Zq7KEYkey0123456789abcdefXYZ1abc"
        let echoed = #"{"a":"\#(key)","b":"Zq7KEYkey0123456789abcdefXYZ1abc%20","c":"Zq7KEYkey0123456789abcdef\u0058YZ1abc","d":"poster-secret"}"#
        let layer = Layer(SecretMaskMiddleware(secrets: [key]), over: StubTransport.returning(echoed))
        var operation = BoxOfficeOperation(summary: "s", address: "a", request: "r")
        operation.secrets = ["poster-secret"]
        let response = try await layer.middleware.intercept(Self.request(), operation: operation) { try await layer.inner.send($0) }
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(!body.contains("Zq7KEY") && !body.contains("poster-secret"), "\(body)")
        #expect(body.components(separatedBy: "***").count == 5, "\(body)")
    }

    @Test func withNoKeyLeftNothingIsSentThatDay() async throws {
        let spentFault = #"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#
        let requests = Requests()
        let layer = Layer(KeyRotationMiddleware(keys: ["K"], now: { Self.lateEvening }), over: StubTransport { request in
            requests.add(request)
            return HTTPResponse(status: 200, body: Data(spentFault.utf8))
        })
        await #expect(throws: QuotaExhaustedError(keys: 1, fault: KOBISFault(code: "320011", message: "키의 하루 이용량을 초과하였습니다."))) {
            try await layer.send(Self.request(quotaKey: "K"))
        }
        await #expect(throws: QuotaExhaustedError(keys: 1, fault: nil)) { try await layer.send(Self.request(quotaKey: "K")) }
        #expect(requests.all.count == 1)
        // The local count's refusal is a spent quota too, with what it counted.
        let counted = Layer(KeyRotationMiddleware(keys: ["K"], now: { Self.lateEvening }), over: StubTransport { _ in throw LocalQuotaReached(counted: 3000) })
        var expected = QuotaExhaustedError(keys: 1, fault: nil)
        expected.counted = 3000
        await #expect(throws: expected) { try await counted.send(Self.request(quotaKey: "K")) }
    }

    @Test func aSpentKeyIsPassedOverForItsDayOnlyAndARejectedOneForGood() throws {
        let ring = KeyRing(["A", "B", "C"])
        let day = try #require(Day("20230424"))
        #expect(ring.key(on: day) == "A")
        #expect(ring.retire("A", on: day))
        #expect(ring.key(on: day) == "B")
        #expect(ring.retire("B", on: day, rejected: true))
        #expect(ring.key(on: day) == "C")
        // Two jobs saying so of the same key at once move on only past it.
        #expect(ring.retire("A", on: day))
        #expect(ring.key(on: day) == "C")
        #expect(!ring.retire("C", on: day))
        #expect(ring.key(on: day) == nil)
        #expect(ring.rejectedCount == 1)
        // The next Korean day: every quota is new; the rejected key stays out.
        let next = day.adding(days: 1)
        #expect(ring.key(on: next) == "A")
        #expect(ring.retire("A", on: next))
        #expect(ring.key(on: next) == "C")
        #expect(ring.number(of: "C") == 3)
    }

    // MARK: Retry

    /// A stub that gives `answers` in turn (the last one again when they run out).
    static func answering(_ answers: [Result<HTTPResponse, TransportError>], requests: Requests) -> StubTransport {
        StubTransport { request in
            requests.add(request)
            return try answers[min(requests.all.count, answers.count) - 1].get()
        }
    }

    static let call = RemoteCall(url: origin, displayAddress: "https://www.kobis.or.kr/…?key=***", cacheKey: "code/searchCodeList?",
                                 summary: "the code table", freshness: .seconds(60), quotaKey: "K")

    static func status(_ code: Int, retryAfter: String? = nil) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: code, headers: retryAfter.map { ["retry-after": $0] } ?? [:], body: Data("\(code)".utf8)))
    }

    @Test func transientFailuresAreTriedAgainAfterAGrowingWait() async throws {
        let requests = Requests()
        let events = Recorder()
        let waits = Locked<[Double]>([])
        let layer = Layer(RetryMiddleware(policy: RetryPolicy(attempts: 3, baseDelay: 0.5, maxDelay: 8), events: events.sink,
                                          sleep: { delay in waits.withLock { $0.append(delay) } }),
                          over: Self.answering([.failure(.connectionRefused), Self.status(503), Self.status(200)], requests: requests))
        let body = try await layer.body(for: Self.call, timeout: 7)
        #expect(String(decoding: body, as: UTF8.self) == "200")
        #expect(requests.all.count == 3)
        #expect(requests.all.allSatisfy { $0.timeout == 7 && $0.quotaKey == "K" && $0.url == Self.origin })
        let delays = waits.withLock { $0 }
        #expect(delays.count == 2 && (0.25...0.5).contains(delays[0]) && (0.5...1).contains(delays[1]))
        let kinds = events.events.map { event -> String in
            switch event {
            case let .trying(_, _, address, attempt, attempts): "try \(attempt)/\(attempts) \(address)"
            case let .answered(status, bytes, _): "HTTP \(status) \(bytes)"
            case let .noAnswer(failure, host, _): "no answer \(failure == .connectionRefused) \(host)"
            case .retrying: "wait"
            case .done: "done"
            default: "\(event)"
            }
        }
        #expect(kinds == ["try 1/3 https://www.kobis.or.kr/…?key=***", "no answer true www.kobis.or.kr", "wait",
                          "try 2/3 https://www.kobis.or.kr/…?key=***", "HTTP 503 3", "wait",
                          "try 3/3 https://www.kobis.or.kr/…?key=***", "HTTP 200 3", "done"])
    }

    @Test func aServerAskingForAWaitIsHeardUpToTheLongestWait() async throws {
        let waits = Locked<[Double]>([])
        let layer = Layer(RetryMiddleware(policy: RetryPolicy(attempts: 3, maxDelay: 8), sleep: { delay in waits.withLock { $0.append(delay) } }),
                          over: Self.answering([Self.status(429, retryAfter: "2"), Self.status(503, retryAfter: "120"), Self.status(200)], requests: Requests()))
        _ = try await layer.body(for: Self.call)
        #expect(waits.withLock { $0 } == [2, 8])
    }

    @Test func whatWouldFailTheSameWayIsNotTriedAgain() async throws {
        let requests = Requests()
        let events = Recorder()
        let layer = Layer(RetryMiddleware(policy: RetryPolicy(attempts: 3), events: events.sink, sleep: { _ in Issue.record("no wait") }),
                          over: Self.answering([Self.status(404)], requests: requests))
        await #expect(throws: KOBISError.httpStatus(404, host: "www.kobis.or.kr", attempts: 1)) { try await layer.body(for: Self.call) }
        #expect(requests.all.count == 1)
        #expect(events.events.contains(.givingUp(attempts: 1, transient: false)))
    }

    @Test func theLastTransientFailureIsTheErrorWithItsTries() async throws {
        let layer = Layer(RetryMiddleware(policy: RetryPolicy(attempts: 2), sleep: { _ in }), over: Self.answering([.failure(.timedOut)], requests: Requests()))
        await #expect(throws: KOBISError.unreachable(.timedOut, host: "www.kobis.or.kr", attempts: 2)) { try await layer.body(for: Self.call) }
    }

    @Test func anAnswerTooLongOrWronglyEncodedIsUnreadableAtOnce() async throws {
        let requests = Requests()
        let long = Layer(RetryMiddleware(policy: RetryPolicy(attempts: 3), sleep: { _ in }), over: Self.answering([.failure(.tooLarge(limit: 1 << 24))], requests: requests))
        await #expect(throws: KOBISError.unreadable(.tooLarge(limit: 1 << 24))) { try await long.body(for: Self.call) }
        let garbled = Layer(RetryMiddleware(policy: RetryPolicy(attempts: 3), sleep: { _ in }), over: Self.answering([.failure(.badContentEncoding)], requests: requests))
        await #expect(throws: KOBISError.unreadable(.badEncoding)) { try await garbled.body(for: Self.call) }
        #expect(requests.all.count == 2)
    }

    @Test func aCancelledTransferIsACancellation() async throws {
        let layer = Layer(RetryMiddleware(policy: RetryPolicy(attempts: 3), sleep: { _ in }), over: Self.answering([.failure(.cancelled)], requests: Requests()))
        await #expect(throws: CancellationError.self) { try await layer.body(for: Self.call) }
    }

    // MARK: Cache

    /// Answers kept in memory; `unreadable` or `unwritable` make reads or writes throw.
    final class MemoryStore: AnswerStore {
        struct Failure: Error, CustomStringConvertible { var description: String { "the folder is gone" } }
        private let answers = Locked<[String: StoredAnswer]>([:])
        let unreadable: Bool
        let unwritable: Bool

        init(unreadable: Bool = false, unwritable: Bool = false) {
            self.unreadable = unreadable
            self.unwritable = unwritable
        }

        var stored: [String: StoredAnswer] { answers.withLock { $0 } }
        func answer(for request: String) throws -> StoredAnswer? {
            if unreadable { throw Failure() }
            return answers.withLock { $0[request] }
        }
        func store(_ answer: StoredAnswer) throws {
            if unwritable { throw Failure() }
            answers.withLock { $0[answer.request] = answer }
        }
    }

    /// A client whose only middleware is a cache over `store`, on a clock the test moves, counting
    /// the fetches that reach its transport.
    struct CacheRig {
        let store: MemoryStore
        let clock = Locked(ClientLayerTests.lateEvening)
        let fetches = Locked(0)
        let events = Recorder()

        func layer(_ mode: CacheMiddleware.Mode) -> CacheMiddleware {
            CacheMiddleware(store: store, mode: mode, now: { clock.withLock { $0 } }, events: events.sink)
        }

        func answer(_ mode: CacheMiddleware.Mode, body: String = "fresh", decoded: DecodedAnswers? = nil,
                    decodes: Locked<Int>? = nil) async throws -> Answer<String> {
            let fetches = self.fetches
            let transport = StubTransport { _ in
                fetches.withLock { $0 += 1 }
                return HTTPResponse(status: 200, body: Data(body.utf8))
            }
            let client = KOBISClient(baseURL: ClientLayerTests.origin, keys: KeyRing(["K"]), chain: MiddlewareChain([layer(mode)], over: transport),
                                     decoded: decoded, now: { clock.withLock { $0 } })
            return try await client.answer(ClientLayerTests.call, decode: { data in
                decodes?.withLock { $0 += 1 }
                let text = String(decoding: data, as: UTF8.self)
                guard text != "bad" else { throw KOBISError.unreadable(.notJSON) }
                return text
            })
        }
    }

    /// A long-lived client decodes a stored answer once, and only while the store holds that very
    /// answer: a replaced answer, or one out of date, is decoded (or fetched) again.
    @Test func aDecodedAnswerIsUsedAgainOnlyWhileTheStoreHoldsIt() async throws {
        let rig = CacheRig(store: MemoryStore())
        let memo = DecodedAnswers()
        let decodes = Locked(0)
        func answer(body: String = "fetched") async throws -> Answer<String> {
            try await rig.answer(.normal, body: body, decoded: memo, decodes: decodes)
        }
        #expect(try await answer().value == "fetched" && decodes.withLock { $0 } == 1)  // fetched and decoded, not yet kept
        #expect(try await answer().value == "fetched" && decodes.withLock { $0 } == 2)  // from the store: decoded and kept
        for _ in 0..<3 { #expect(try await answer().fromCache) }
        #expect(decodes.withLock { $0 } == 2 && memo.count == 1)
        // Another process replaces the stored answer: the kept value is not used for it.
        try rig.store.store(StoredAnswer(request: Self.call.cacheKey, stored: Self.lateEvening.addingTimeInterval(1), body: Data("replaced".utf8)))
        #expect(try await answer().value == "replaced" && decodes.withLock { $0 } == 3)
        #expect(try await answer().value == "replaced" && decodes.withLock { $0 } == 3)
        // Out of date: fetched again, whatever is kept.
        rig.clock.withLock { $0 = Self.lateEvening.addingTimeInterval(120) }
        #expect(try await answer(body: "newest").value == "newest" && decodes.withLock { $0 } == 4)
        // A value of another type is never given for the same answer.
        let stored = try #require(try rig.store.answer(for: Self.call.cacheKey))
        memo.keep("text", decodedFrom: stored)
        #expect(memo.value(Int.self, decodedFrom: stored) == nil && memo.value(String.self, decodedFrom: stored) == "text")
        // Bounded: past its limit, it starts again.
        let small = DecodedAnswers(limit: 2)
        for index in 0..<3 { small.keep(index, decodedFrom: StoredAnswer(request: "r\(index)", stored: Self.lateEvening, body: Data())) }
        #expect(small.count == 1)
    }

    /// A call that ends before its answer is decoded (cancelled here, the answer from the store)
    /// lets go of all the cache gave its ticket: nothing stays behind, however often it happens (a
    /// long-lived client cancels many calls). The ticket once held itself through the operation.
    @Test func aCallCancelledOverAStoredAnswerLeavesNothingBehind() async throws {
        final class Witness: Sendable {}
        weak var witness: Witness?
        let store = MemoryStore()
        try store.store(StoredAnswer(request: Self.call.cacheKey, stored: Self.lateEvening, body: Data("kept".utf8)))
        do {
            let held = Witness()
            witness = held
            let cache = CacheMiddleware(store: store, now: { Self.lateEvening }, events: { _ in _ = held })
            let transport = StubTransport { _ in HTTPResponse(status: 500, body: Data()) }
            let client = KOBISClient(baseURL: Self.origin, keys: KeyRing(["K"]), chain: MiddlewareChain([cache], over: transport), now: { Self.lateEvening })
            await #expect(throws: CancellationError.self) {
                try await client.answer(Self.call) { data -> String in
                    withUnsafeCurrentTask { $0?.cancel() }
                    return String(decoding: data, as: UTF8.self)
                }
            }
        }
        #expect(witness == nil, "the cache's word, and what it holds, is let go")
    }

    @Test func aFetchedAnswerIsKeptAndUsedWhileFresh() async throws {
        let rig = CacheRig(store: MemoryStore())
        let first = try await rig.answer(.normal)
        #expect(first.value == "fresh" && !first.fromCache && first.fetched == Self.lateEvening)
        #expect(rig.store.stored["code/searchCodeList?"]?.body == Data("fresh".utf8))
        let second = try await rig.answer(.normal, body: "newer")
        #expect(second.value == "fresh" && second.fromCache && second.fetched == Self.lateEvening)
        #expect(rig.fetches.withLock { $0 } == 1)
        // 60 seconds on, the answer is out of date: fetched again and replaced.
        rig.clock.withLock { $0 = Self.lateEvening.addingTimeInterval(61) }
        let third = try await rig.answer(.normal, body: "newer")
        #expect(third.value == "newer" && !third.fromCache)
        #expect(rig.fetches.withLock { $0 } == 2)
        #expect(rig.events.events.contains(.cache(.outOfDate(request: "code/searchCodeList?", stored: Self.lateEvening, freshness: .seconds(60)))))
    }

    @Test func refreshFetchesWhateverIsKept() async throws {
        let rig = CacheRig(store: MemoryStore())
        _ = try await rig.answer(.normal)
        let again = try await rig.answer(.refresh, body: "newer")
        #expect(again.value == "newer")
        #expect(rig.fetches.withLock { $0 } == 2)
        #expect(rig.layer(.refresh).holds("code/searchCodeList?", freshness: .seconds(60)) == false)
        #expect(rig.layer(.normal).holds("code/searchCodeList?", freshness: .seconds(60)))
    }

    @Test func offlineAnswersFromAnyKeptAnswerAndNeverFetches() async throws {
        let rig = CacheRig(store: MemoryStore())
        await #expect(throws: CacheMissError(request: "the code table")) { try await rig.answer(.offline) }
        #expect(rig.fetches.withLock { $0 } == 0)
        _ = try await rig.answer(.normal)
        rig.clock.withLock { $0 = Self.lateEvening.addingTimeInterval(86_400) }
        let old = try await rig.answer(.offline)
        #expect(old.value == "fresh" && old.fromCache)
        #expect(rig.events.events.last == .cache(.answered(request: "code/searchCodeList?", stored: Self.lateEvening, freshness: .seconds(60), fresh: false)))
        #expect(rig.layer(.offline).holds("code/searchCodeList?", freshness: .seconds(60)))
    }

    @Test func anAnswerThatDoesNotDecodeIsNeitherUsedNorKept() async throws {
        let rig = CacheRig(store: MemoryStore())
        try rig.store.store(StoredAnswer(request: "code/searchCodeList?", stored: Self.lateEvening, body: Data("bad".utf8)))
        let replaced = try await rig.answer(.normal)
        #expect(replaced.value == "fresh" && !replaced.fromCache)
        #expect(rig.events.events.first == .cache(.unusable(request: "code/searchCodeList?")))
        await #expect(throws: KOBISError.unreadable(.notJSON)) { try await rig.answer(.refresh, body: "bad") }
        #expect(rig.store.stored["code/searchCodeList?"]?.body == Data("fresh".utf8))
    }

    @Test func aStoreThatFailsNeverFailsTheCallButOffline() async throws {
        let unreadable = CacheRig(store: MemoryStore(unreadable: true))
        #expect(try await unreadable.answer(.normal).value == "fresh")
        #expect(unreadable.events.events.first == .cache(.unreadable("the folder is gone")))
        await #expect(throws: CacheReadError(reason: "the folder is gone")) { try await unreadable.answer(.offline) }
        let unwritable = CacheRig(store: MemoryStore(unwritable: true))
        #expect(try await unwritable.answer(.normal).value == "fresh")
        #expect(unwritable.events.events.last == .storeFailed("the folder is gone"))
    }

    // MARK: Masking

    @Test func theKeyIsMaskedHoweverTheServerSpellsIt() {
        let mask = SecretMask(["Ab/c d"])
        #expect(mask.apply(to: #"{"echo":"Ab\/c d","url":"x?key=Ab%2Fc+d","u":"\u0041b/c%20d"}"#) == #"{"echo":"***","url":"x?key=***","u":"***"}"#)
        #expect(mask.apply(to: Data("no secret here".utf8)) == Data("no secret here".utf8))
        #expect(SecretMask([""]).apply(to: "an empty secret masks nothing") == "an empty secret masks nothing")
    }
}
