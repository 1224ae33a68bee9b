@testable import BoxOfficeCore
import Foundation
import Testing

extension ClientLayerTests {
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
            let client = BoxOfficeClient(baseURL: ClientLayerTests.origin, chain: MiddlewareChain([layer(mode)], over: transport),
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
            let client = BoxOfficeClient(baseURL: Self.origin, chain: MiddlewareChain([cache], over: transport), now: { Self.lateEvening })
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
        #expect(rig.layer(.refresh).holdsAnswer(to: Self.codeTable) == false)
        #expect(rig.layer(.normal).holdsAnswer(to: Self.codeTable))
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
        #expect(rig.layer(.offline).holdsAnswer(to: Self.codeTable))
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
