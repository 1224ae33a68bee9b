@testable import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// The library's news and watch, as an app uses them: through URLSession against the loopback
/// server's recorded season, a watch over the app's own store (here, in memory), its clock the
/// season's.
@Suite struct LibraryNewsTests {
    /// A store in memory, one run at a time, that remembers every state it was given to keep.
    final class MemoryStore: WatchStore {
        private let states = Locked<[WatchState]>([])
        private let turn = AsyncTurn()

        var kept: WatchState? { states.withLock { $0.last } }
        /// Every state kept, in order.
        var history: [WatchState] { states.withLock { $0 } }

        func exclusively<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
            await turn.take()
            do {
                let result = try await body()
                await turn.give()
                return result
            } catch {
                await turn.give()
                throw error
            }
        }

        func read() async throws -> WatchState? { kept }

        func keep(_ state: WatchState) async throws {
            states.withLock { $0.append(state) }
        }
    }

    /// One holder at a time, waiting without a thread.
    actor AsyncTurn {
        private var held = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        func take() async {
            if !held { held = true; return }
            await withCheckedContinuation { waiting.append($0) }
        }
        func give() {
            if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
        }
    }

    static func client(_ server: LoopbackServer, at now: Date) -> BoxOfficeClient {
        BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, attempts: 1, cache: InMemoryAnswerStore(),
                        now: { now })
    }

    @Test func theNewsOfADay() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let news = try await Self.client(server, at: WatchEndToEndTests.korean(10, 20)).news(on: Day(year: 2025, month: 10, day: 7)!)
        #expect(news.day.iso == "2025-10-07" && news.isPublished && !news.provisional)
        #expect(news.events.map(\.kind) == [.milestone, .entered, .left])
        let million = try #require(news.events.first)
        #expect(million.title == "보스" && million.milestone == 1_000_000 && million.day == 5 && million.audienceTotal == 1_308_140)
        // Today is not published: an error, not an empty day.
        await #expect(throws: BoxOfficeError.self) { try await Self.client(server, at: WatchEndToEndTests.korean(10, 20)).news(on: Day(year: 2025, month: 10, day: 20)!) }
    }

    /// A watch over the app's store: the first run records where things stand; three days later
    /// the three days' events, the state kept after each one delivered, a failed delivery kept for
    /// the next run, which delivers it first.
    /// Each failure is a case of its own an app can act on: the day before a day's news that KOBIS
    /// cannot answer is `dayNotRead`, with why and for which news; a middleware of the app's own
    /// that throws is `custom`, as it describes itself, never taken for a bad answer.
    @Test func eachFailureIsACaseOfItsOwn() async throws {
        let server = try LoopbackServer { request in
            if request.query["targetDt"] == "20251006" { return .json(KOBISFailureEndToEndTests.fault) }
            return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let client = Self.client(server, at: WatchEndToEndTests.korean(10, 20))
        await #expect {
            _ = try await client.news(on: Day(year: 2025, month: 10, day: 7)!)
        } throws: { error in
            guard case let .dayNotRead(day, .kobisFailed(fault), news) = error as? BoxOfficeError else { return false }
            return day.iso == "2025-10-06" && fault.code == "320099" && news.iso == "2025-10-07"
                && (error as? BoxOfficeError)?.description.hasPrefix("KOBIS could not answer for 2025-10-06, the day before 2025-10-07") == true
        }
        struct Refusing: BoxOfficeMiddleware {
            struct Refusal: Error, CustomStringConvertible { var description: String { "the app's own rule refused it" } }
            func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                           next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
                throw Refusal()
            }
        }
        let refusing = BoxOfficeClient(transport: URLSessionTransport(), middlewares: [Refusing()], baseURL: server.baseURL)
        await #expect(throws: BoxOfficeError.custom("the app's own rule refused it")) {
            _ = try await refusing.movie(code: "20124079")
        }
    }

    @Test func aWatchOverTheAppsOwnStore() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let store = MemoryStore()
        let first = try await Self.client(server, at: WatchEndToEndTests.korean(10, 2)).watch(store: store) { _ in .delivered }
        #expect(first.started && first.events.isEmpty && store.kept?.lastDay.iso == "2025-10-01")
        let delivered = Locked<[NewsEvent]>([])
        let later = Self.client(server, at: WatchEndToEndTests.korean(10, 5))
        let update = try await later.watch(store: store) { event in
            // The new number one cannot be delivered this time.
            guard event.kind != .newNumberOne else { return .kept }
            delivered.withLock { $0.append(event) }
            return .delivered
        }
        #expect(Set(update.events.map(\.date.iso)) == ["2025-10-02", "2025-10-03", "2025-10-04"])
        #expect(delivered.withLock { $0.count } == update.events.count - 1)
        #expect(update.undelivered.map(\.kind) == [.newNumberOne])
        #expect(store.kept?.pending.map(\.kind) == [.newNumberOne] && store.kept?.lastDay.iso == "2025-10-04")
        // Kept after each event: the events not delivered, then those still to hand over; a state
        // the same as the one kept is not kept again.
        var expected: [[NewsEvent]] = []
        var undelivered: [NewsEvent] = []
        for (index, event) in update.events.enumerated() {
            if event.kind == .newNumberOne { undelivered.append(event) }
            let pending = undelivered + update.events.dropFirst(index + 1)
            if expected.last != pending { expected.append(pending) }
        }
        #expect(store.history.dropFirst().map(\.pending) == expected)
        let next = try await later.watch(store: store) { _ in .delivered }
        #expect(next.events.map(\.kind) == [.newNumberOne] && next.events.first?.title == "보스")
        #expect(store.kept?.pending.isEmpty == true)
    }

    /// A delivery that stops (a program that cannot be started) keeps its event and every one
    /// after it; one that throws (killed, the output closed) leaves the state as last kept, the
    /// events from that one on still to tell; and a target named by its code is kept with the
    /// film's title, read from its details.
    @Test func aStoppedOrFailedDeliveryLosesNothing() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let store = MemoryStore()
        let target = WantedTarget(film: .code("20228988"), audience: 5_000_000)
        _ = try await Self.client(server, at: WatchEndToEndTests.korean(10, 2)).watch(store: store, targets: [target]) { _ in .delivered }
        #expect(store.kept?.targets == [WatchTarget(movieCode: "20228988", title: "보스", audience: 5_000_000)])
        let later = Self.client(server, at: WatchEndToEndTests.korean(10, 5))
        let stopped = try await later.watch(store: store) { _ in .stopped }
        #expect(!stopped.events.isEmpty && stopped.undelivered == stopped.events)
        #expect(store.kept?.pending == stopped.events && store.kept?.lastDay.iso == "2025-10-04")
        struct Closed: Error {}
        let handed = Locked(0)
        await #expect(throws: Closed.self) {
            try await later.watch(store: store, targets: [], deep: false, maxCalls: 100, reading: PeriodReading(), delivery: .each { _, _ in
                guard handed.withLock({ $0 += 1; return $0 }) <= 2 else { throw Closed() }
                return .delivered
            })
        }
        #expect(store.kept?.pending == Array(stopped.events.dropFirst(2)))
    }
}
