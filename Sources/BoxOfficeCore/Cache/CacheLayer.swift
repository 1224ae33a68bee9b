#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One answer as a store keeps it: the request it answers (free of secrets: the key is never part
/// of it), when it was fetched, and the body as the server sent it (keys masked).
public struct StoredAnswer: Sendable, Equatable {
    /// The request, as the client names it: KOBIS's path and parameters without the key.
    public let request: String
    /// When the answer was fetched; with the request's kind, it tells whether the answer is fresh.
    public let stored: Date
    /// The answer's body, as the server sent it, keys masked.
    public let body: Data

    /// An answer to keep or to give back.
    public init(request: String, stored: Date, body: Data) {
        self.request = request
        self.stored = stored
        self.body = body
    }
}

/// Where a ``BoxOfficeClient`` keeps the answers it fetched, so that asking again costs no call:
/// ``InMemoryAnswerStore``, ``FolderAnswerStore``, or a store of your own (a database, an app's
/// caches folder). The client decides what is fresh (a settled day's ranking for good, a recent
/// one for an hour, a movie's details for a week) and asks the store only to keep and give back.
public protocol AnswerStore: Sendable {
    /// The answer stored for `request`, if any; throws when the store cannot be read (the client
    /// then asks the server).
    func answer(for request: String) throws -> StoredAnswer?
    /// Keeps an answer, replacing any for the same request; throws when it cannot (the call that
    /// fetched it still succeeds).
    func store(_ answer: StoredAnswer) throws
}

/// Answers kept in memory for as long as the store lives: one app session's cache.
public final class InMemoryAnswerStore: AnswerStore {
    private let answers = Locked<[String: StoredAnswer]>([:])

    /// An empty store.
    public init() {}

    /// The answer kept for `request`, if any.
    public func answer(for request: String) -> StoredAnswer? {
        answers.withLock { $0[request] }
    }

    /// Keeps `answer`, replacing any for the same request.
    public func store(_ answer: StoredAnswer) {
        answers.withLock { $0[answer.request] = answer }
    }
}

/// Answers kept as files in a folder (one file per request, under `answers/`), shared by every
/// client and process that uses the folder: the command line's cache is one.
///
/// Safe for several processes at once (each file is written whole, then renamed into place), and
/// careful with a folder that holds what it did not write: it reads and replaces only regular files
/// that it made, and never follows a symbolic link inside the folder.
public struct FolderAnswerStore: AnswerStore {
    private let cache: AnswerCache

    /// A store in `folder`, made (mode 0700) when first written. The folder itself may be a
    /// symbolic link to a folder.
    public init(folder: URL) {
        cache = AnswerCache(folder: folder)
    }

    /// The answer kept for `request`, if a whole one is there; throws when the folder is unsafe
    /// to use (its `answers` folder a link, another user's) or the file cannot be read.
    public func answer(for request: String) throws -> StoredAnswer? {
        try checkSafety()
        return try cache.answer(for: request)
    }

    /// Keeps `answer` as a file; throws when the folder is unsafe or cannot be written.
    public func store(_ answer: StoredAnswer) throws {
        try checkSafety()
        try cache.store(answer)
    }

    private func checkSafety() throws {
        if let reason = cache.unsafeReason() { throw UnsafeFolderError(reason: reason) }
    }
}

/// A store's folder that must not be used (a link where a folder of ours should be, another
/// user's folder); the reason names the path.
package struct UnsafeFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    package let reason: String

    package var description: String { reason }
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
    private let decoded: DecodedAnswers?

    package init(store: any AnswerStore, mode: Mode = .normal, now: @escaping @Sendable () -> Date = Date.init, events: ClientEvents? = nil,
                 decoded: DecodedAnswers? = nil) {
        self.store = store
        self.mode = mode
        self.now = now
        self.events = events
        self.decoded = decoded
    }

    /// The stored answer when there is a usable one, else what `fetch` gives, kept once `decode`
    /// has accepted it.
    package nonisolated(nonsending) func answer<Value: Sendable>(_ call: RemoteCall, decode: (Data) throws -> Value,
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
    private func stored<Value: Sendable>(_ call: RemoteCall, at instant: Date, decode: (Data) throws -> Value) throws -> Answer<Value>? {
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
        guard let value = decoded?.value(Value.self, decodedFrom: entry) ?? (try? decode(entry.body)) else {
            events?(.cache(.unusable(request: request)))
            return nil
        }
        decoded?.keep(value, decodedFrom: entry)
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

/// Values decoded from stored answers, kept by a client that lives long (the MCP server) so that
/// an answer asked for again is not decoded again. A value is given back only while the store
/// still holds the very answer it was decoded from (the same time and body), so it never outlives
/// that answer; the freshness rules are the store's, checked as before. At most `limit` values are
/// kept: past that, the memo starts again empty.
package final class DecodedAnswers: Sendable {
    private struct Key: Hashable {
        let request: String
        let type: ObjectIdentifier
    }

    private struct Entry: Sendable {
        let stored: Date
        let body: Data
        let value: any Sendable
    }

    private let entries = Locked<[Key: Entry]>([:])
    private let limit: Int

    package init(limit: Int = 512) {
        self.limit = max(1, limit)
    }

    /// The value decoded from `answer` before, if this very answer was decoded to a `Value`.
    package func value<Value: Sendable>(_ type: Value.Type, decodedFrom answer: StoredAnswer) -> Value? {
        let key = Key(request: answer.request, type: ObjectIdentifier(type))
        let entry = entries.withLock { $0[key] }
        guard let entry, entry.stored == answer.stored, entry.body == answer.body else { return nil }
        return entry.value as? Value
    }

    /// Keeps the value decoded from `answer`.
    package func keep<Value: Sendable>(_ value: Value, decodedFrom answer: StoredAnswer) {
        let key = Key(request: answer.request, type: ObjectIdentifier(Value.self))
        let entry = Entry(stored: answer.stored, body: answer.body, value: value)
        entries.withLock { entries in
            if entries.count >= limit, entries[key] == nil { entries.removeAll() }
            entries[key] = entry
        }
    }

    /// How many values are kept.
    package var count: Int { entries.withLock { $0.count } }
}
