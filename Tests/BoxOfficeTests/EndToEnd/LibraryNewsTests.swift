import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// The library's news and watch, as an app uses them: through URLSession against the loopback
/// server's recorded season, a watch over the app's own store (here, in memory), its clock the
/// season's.
@Suite struct LibraryNewsTests {
    /// A store in memory, one run at a time.
    final class MemoryStore: WatchStore {
        private let state = Locked<WatchState?>(nil)
        private let turn = AsyncTurn()

        var kept: WatchState? { state.withLock { $0 } }

        func update<Result: Sendable>(_ body: (WatchState?) async throws -> (WatchState, Result)) async throws -> Result {
            await turn.take()
            defer { Task { await turn.give() } }
            let (next, result) = try await body(state.withLock { $0 })
            state.withLock { $0 = next }
            return result
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
    /// the three days' events, a failed delivery kept for the next run, which delivers it first.
    @Test func aWatchOverTheAppsOwnStore() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let store = MemoryStore()
        let first = try await Self.client(server, at: WatchEndToEndTests.korean(10, 2)).watch(store: store) { _ in true }
        #expect(first.started && first.events.isEmpty && store.kept?.lastDay.iso == "2025-10-01")
        let delivered = Locked<[NewsEvent]>([])
        let later = Self.client(server, at: WatchEndToEndTests.korean(10, 5))
        let update = try await later.watch(store: store) { event in
            // The new number one cannot be delivered this time.
            guard event.kind != .newNumberOne else { return false }
            delivered.withLock { $0.append(event) }
            return true
        }
        #expect(Set(update.events.map(\.date.iso)) == ["2025-10-02", "2025-10-03", "2025-10-04"])
        #expect(delivered.withLock { $0.count } == update.events.count - 1)
        #expect(store.kept?.pending.map(\.kind) == [.newNumberOne] && store.kept?.lastDay.iso == "2025-10-04")
        let next = try await later.watch(store: store) { _ in true }
        #expect(next.events.map(\.kind) == [.newNumberOne] && next.events.first?.title == "보스")
        #expect(store.kept?.pending.isEmpty == true)
    }
}
