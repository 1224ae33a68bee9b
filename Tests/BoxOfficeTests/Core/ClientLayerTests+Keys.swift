@testable import BoxOfficeCore
import Foundation
import Testing

extension ClientLayerTests {
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
        let layer = Layer(QuotaCountMiddleware(counts: counts, keys: ["K"], now: { clock.withLock { $0 } }, events: events.sink),
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
        let layer = Layer(QuotaCountMiddleware(counts: counts, keys: ["A", "B"], now: { Self.lateEvening }, events: events.sink), over: StubTransport.returning("{}"))
        _ = try await layer.send(Self.request(quotaKey: "A"))
        _ = try await layer.send(Self.request(quotaKey: "B"))
        #expect(events.events == [.quotaNearlySpent(count: KOBISQuota.warningThreshold + 1, keyNumber: 2, day: april24)])
    }

    @Test func aCountThatCannotBeKeptLetsTheRequestGo() async throws {
        let events = Recorder()
        let layer = Layer(QuotaCountMiddleware(counts: MemoryCounts(failing: true), keys: ["K"], now: { Self.lateEvening }, events: events.sink),
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
}
