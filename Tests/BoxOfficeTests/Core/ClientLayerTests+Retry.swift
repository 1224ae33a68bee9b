@testable import BoxOfficeCore
import Foundation
import Testing

extension ClientLayerTests {
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
    /// The same request as a cache middleware sees it.
    static let codeTable: BoxOfficeOperation = {
        var operation = BoxOfficeOperation(summary: "the code table", address: call.displayAddress, request: call.cacheKey)
        operation.freshness = .seconds(60)
        return operation
    }()

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
}
