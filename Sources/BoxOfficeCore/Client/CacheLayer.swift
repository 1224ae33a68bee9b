#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One answer as a store keeps it: the request it answers (free of secrets), when it was fetched,
/// and the body as the server sent it (secrets masked).
package struct StoredAnswer: Sendable, Equatable {
    package let request: String
    package let stored: Date
    package let body: Data

    package init(request: String, stored: Date, body: Data) {
        self.request = request
        self.stored = stored
        self.body = body
    }
}

/// Where a cache layer keeps answers; the caller chooses it (files in a folder, memory, …).
package protocol AnswerStore: Sendable {
    /// The answer stored for `request`, if any; throws when the store cannot be read.
    func answer(for request: String) throws -> StoredAnswer?
    /// Keeps an answer; throws when it cannot (the call that fetched it still succeeds).
    func store(_ answer: StoredAnswer) throws
}

/// Answers calls from a store while what it holds is fresh (by the request's `Freshness`), and
/// keeps what is fetched, once it decodes.
package struct CacheLayer: Sendable {
    /// How the store is used.
    package enum Mode: Sendable, Equatable {
        /// Answer from fresh answers; fetch and keep the rest.
        case normal
        /// Fetch everything again and keep it.
        case refresh
        /// Never fetch; answer from any stored answer, however old.
        case offline
    }

    private let store: any AnswerStore
    package let mode: Mode
    private let now: @Sendable () -> Date
    private let events: ClientEvents?

    package init(store: any AnswerStore, mode: Mode = .normal, now: @escaping @Sendable () -> Date = Date.init, events: ClientEvents? = nil) {
        self.store = store
        self.mode = mode
        self.now = now
        self.events = events
    }

    /// The stored answer when there is a usable one, else what `fetch` gives, kept once `decode`
    /// has accepted it.
    package nonisolated(nonsending) func answer<Value>(_ call: RemoteCall, decode: (Data) throws -> Value,
                               fetch: () async throws -> Data) async throws -> Answer<Value> {
        let started = now()
        if let answer = try stored(call, at: started, decode: decode) { return answer }
        if mode == .offline { throw CacheMissError(request: call.summary) }
        let body = try await fetch()
        // Decoding a large answer takes a moment; a cancellation during the transfer is not lost.
        try Task.checkCancellation()
        let value = try decode(body)
        try Task.checkCancellation()
        do {
            try store.store(StoredAnswer(request: call.cacheKey, stored: started, body: body))
            events?(.cache(.stored(request: call.cacheKey)))
        } catch {
            events?(.storeFailed("\(error)"))
        }
        return Answer(value: value, body: body, fetched: started)
    }

    /// Whether a usable answer to `request` is stored (so asking costs no call).
    package func holds(_ request: String, freshness: Freshness) -> Bool {
        guard mode != .refresh, let stored = try? store.answer(for: request) else { return false }
        return mode == .offline || freshness.isFresh(stored: stored.stored, now: now())
    }

    /// The stored answer, when there is one that is fresh (or any, offline) and still decodes. A
    /// store that cannot be read is an error offline (there is nothing else to answer from), and
    /// an event otherwise.
    private func stored<Value>(_ call: RemoteCall, at instant: Date, decode: (Data) throws -> Value) throws -> Answer<Value>? {
        let request = call.cacheKey
        guard mode != .refresh else {
            events?(.cache(.refreshing(request: request)))
            return nil
        }
        let found: StoredAnswer?
        do {
            found = try store.answer(for: request)
        } catch {
            if mode == .offline { throw CacheReadError(reason: "\(error)") }
            events?(.cache(.unreadable("\(error)")))
            return nil
        }
        guard let entry = found else {
            events?(.cache(.nothingStored(request: request)))
            return nil
        }
        let fresh = call.freshness.isFresh(stored: entry.stored, now: instant)
        guard fresh || mode == .offline else {
            events?(.cache(.outOfDate(request: request, stored: entry.stored, freshness: call.freshness)))
            return nil
        }
        guard let value = try? decode(entry.body) else {
            events?(.cache(.unusable(request: request)))
            return nil
        }
        events?(.cache(.answered(request: request, stored: entry.stored, freshness: call.freshness, fresh: fresh)))
        return Answer(value: value, body: entry.body, fetched: entry.stored, fromCache: true)
    }
}

/// Only stored answers may be used, and none is stored for `request`.
package struct CacheMissError: Error, Sendable, Equatable, CustomStringConvertible {
    package let request: String

    package var description: String { "the cache holds no answer for \(request)" }
}

/// The store could not be read, so an answer that may come only from it cannot be looked up.
package struct CacheReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package let reason: String

    package init(reason: String) {
        self.reason = reason
    }

    package var description: String { "the cache cannot be read: \(reason)" }
}
