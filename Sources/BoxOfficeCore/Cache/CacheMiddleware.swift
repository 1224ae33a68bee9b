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
    /// When the answer for `request` was stored, if one is; a store that can tell without reading
    /// the answer (a folder reads a file's header) makes looking for many answers cheap. By
    /// default, the answer's own time.
    func storedAt(for request: String) throws -> Date?
}

extension AnswerStore {
    /// The stored answer's time, read with the answer.
    public func storedAt(for request: String) throws -> Date? {
        try answer(for: request)?.stored
    }
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

    /// When the answer for `request` was stored, from its file's header alone.
    public func storedAt(for request: String) throws -> Date? {
        try checkSafety()
        return try cache.storedAt(for: request)
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

/// Answers a request from an ``AnswerStore`` while what the store holds for it is fresh, and keeps
/// what the server answers once the client has understood it: the client's cache, as one
/// middleware among the others (``BoxOfficeClient``'s `cache:` puts one in front of yours; a
/// program may place its own instead).
///
/// What is fresh follows how KOBIS's figures change: a day's or week's ranking fetched once it had
/// settled is good for ever, one fetched earlier for an hour; details for a week, searches for a
/// day, code tables for 30 days. Only an answer the client decoded is kept: never a KOBIS fault, an
/// error page, or a cut-off or malformed body. A stored answer that no longer decodes is fetched
/// again. What it keeps is the body as the client got it, so its key is masked wherever the cache
/// sits; place it before anything that counts or spends a call: an answer from the store costs none.
///
/// It learns what became of an answer through the request's ``BoxOfficeOperation/ticket``, and
/// each request may ask it to be used otherwise than it was made to (``BoxOfficeOperation/cacheMode``).
public struct CacheMiddleware: BoxOfficeMiddleware {
    /// How the store is used.
    public enum Mode: Sendable, Equatable {
        /// Answer from fresh answers; fetch and keep the rest.
        case normal
        /// Fetch everything again and keep it.
        case refresh
        /// Never fetch; answer from any stored answer, however old.
        case offline
    }

    private let store: any AnswerStore
    /// How the store is used when a request does not say.
    public let mode: Mode
    private let now: @Sendable () -> Date
    private let events: ClientEvents?

    /// A cache in `store`, used as `mode` says unless a request says otherwise, on the clock `now`
    /// (the system clock unless a test gives its own), telling its decisions to `events`.
    public init(store: any AnswerStore, mode: Mode = .normal, now: @escaping @Sendable () -> Date = Date.init, events: ClientEvents? = nil) {
        self.store = store
        self.mode = mode
        self.now = now
        self.events = events
    }

    /// The stored answer when there is a usable one; else the server's, kept once the client has
    /// decoded it.
    public func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                          next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        let started = now()
        let ticket = operation.ticket
        let key = operation.request
        let mode = operation.cacheMode ?? self.mode
        if ticket?.skipsStore != true, let entry = try stored(operation, mode: mode, at: started) {
            let (freshness, events) = (operation.freshness, self.events)
            let fresh = freshness.isFresh(stored: entry.stored, now: started)
            // Never the operation itself: it holds the ticket, which would then hold itself.
            ticket?.came(from: entry.stored, inStore: true) { understood in
                events?(understood != nil ? .cache(.answered(request: key, stored: entry.stored, freshness: freshness, fresh: fresh))
                                   : .cache(.unusable(request: key)))
            }
            return HTTPResponse(status: 200, body: entry.body)
        }
        if mode == .offline { throw CacheMissError(request: operation.summary) }
        let response = try await next(request)
        guard (200..<300).contains(response.status) else { return response }
        let (store, events) = (self.store, self.events)
        // Kept as the client understood it: with every key masked, whichever middlewares mask it.
        ticket?.came(from: started, inStore: false) { understood in
            guard let understood else { return }
            do {
                try store.store(StoredAnswer(request: key, stored: started, body: understood))
                events?(.cache(.stored(request: key)))
            } catch {
                events?(.storeFailed("\(error)"))
            }
        }
        return response
    }

    /// Whether a usable answer to the operation is stored (so asking costs no call).
    public func holdsAnswer(to operation: BoxOfficeOperation) -> Bool {
        let mode = operation.cacheMode ?? self.mode
        guard mode != .refresh, let stored = try? store.storedAt(for: operation.request) else { return false }
        return Self.usable(stored, mode: mode, freshness: operation.freshness, at: now())
    }

    /// The one rule for a stored answer: any will do offline, else one still fresh.
    private static func usable(_ stored: Date, mode: Mode, freshness: Freshness, at instant: Date) -> Bool {
        mode == .offline || freshness.isFresh(stored: stored, now: instant)
    }

    /// The stored answer, when there is one that is fresh (or any, offline). A store that cannot be
    /// read is an error offline (there is nothing else to answer from), and an event otherwise.
    private func stored(_ operation: BoxOfficeOperation, mode: Mode, at instant: Date) throws -> StoredAnswer? {
        let request = operation.request
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
        guard Self.usable(entry.stored, mode: mode, freshness: operation.freshness, at: instant) else {
            events?(.cache(.outOfDate(request: request, stored: entry.stored, freshness: operation.freshness)))
            return nil
        }
        return entry
    }
}

/// What a cache on a request's way said of its answer, for the client that sent it: when the body
/// was fetched, whether it came from the store, and what to do once the client has tried to
/// decode it (keep a fetched answer; tell that a stored one was used, or that it no longer decodes).
///
/// The client makes one for each call (``BoxOfficeOperation/ticket``); a cache middleware says
/// ``came(from:inStore:settle:)`` of the answer it passes back, and is told what the client
/// understood through `settle`.
public final class CacheTicket: Sendable, Equatable {
    private struct State {
        var skipsStore = false
        var fetched: Date?
        var inStore = false
        var settle: (@Sendable (Data?) -> Void)?
    }

    private let state = Locked(State())

    /// A ticket for one call.
    public init() {}

    /// The same ticket.
    public static func == (lhs: CacheTicket, rhs: CacheTicket) -> Bool { lhs === rhs }

    /// Whether the cache must fetch even when it holds an answer (the one it holds did not decode).
    public var skipsStore: Bool { state.withLock { $0.skipsStore } }

    /// Asks the cache to fetch this time, and forgets what it said of the last try.
    public func skipStore() {
        state.withLock { $0 = State(skipsStore: true) }
    }

    /// The cache's word: the body was fetched at `fetched`, from the store or not; `settle` is
    /// given the body the client understood (as the client got it), or nil when it did not.
    public func came(from fetched: Date, inStore: Bool, settle: @escaping @Sendable (Data?) -> Void) {
        state.withLock { state in
            state.fetched = fetched
            state.inStore = inStore
            state.settle = settle
        }
    }

    /// When the body was fetched, and whether from the store; nil when no cache answered.
    public var origin: (fetched: Date, inStore: Bool)? {
        state.withLock { state in state.fetched.map { ($0, state.inStore) } }
    }

    /// Drops the cache's word unheard: the request ended (cancelled, failed) before its answer
    /// was decoded, so nothing is kept or told.
    public func forget() {
        state.withLock { $0.settle = nil }
    }

    /// Tells the cache the body the client understood, or nil when it did not.
    public func settle(understood body: Data?) {
        let settle = state.withLock { state in
            defer { state.settle = nil }
            return state.settle
        }
        settle?(body)
    }
}

/// Only stored answers may be used, and none is stored for `request`.
package struct CacheMissError: Error, Sendable, Equatable, CustomStringConvertible {
    package let request: String

    package init(request: String) {
        self.request = request
    }

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
