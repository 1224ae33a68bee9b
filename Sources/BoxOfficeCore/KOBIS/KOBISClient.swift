#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Talks to a KOBIS server: adds the server root and the key to endpoints, enforces the timeout,
/// retries what is transient, and decodes answers.
package struct KOBISClient: Sendable {
    /// KOBIS's own server.
    package static let defaultBaseURL = "https://www.kobis.or.kr"

    private let transport: any HTTPTransport
    private let baseURL: URL
    private let keys: KeyRing
    private let rateLimiter: RateLimiter?
    private let timeout: TimeInterval
    private let retry: RetryPolicy
    private let cacheUse: CacheUse
    private let now: @Sendable () -> Date
    private let log: (@Sendable (String) -> Void)?
    private let notice: (@Sendable (String) -> Void)?
    private let events: (@Sendable (ClientEvent) -> Void)?

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `https://www.kobis.or.kr`.
    ///   - timeout: seconds allowed for each try of a request, from start to the last byte.
    ///   - cache: where answers are kept, and whether to use, refresh or only use them.
    ///   - log: receives one line per request or cache event, the key always shown as `***` (`--verbose`).
    ///   - notice: receives what the user should see even without `--verbose` (quota warnings, stale answers).
    ///   - keys: several keys, used in turn as each one's quota is spent (instead of `key`).
    ///   - rate: most requests a second that reach the network, for every job of the run.
    package init(transport: any HTTPTransport, baseURL: URL, key: String, keys: KeyRing? = nil, rate: RateLimiter? = nil, timeout: TimeInterval = 15,
                retry: RetryPolicy = RetryPolicy(), cache: CacheUse = .none, now: @escaping @Sendable () -> Date = Date.init,
                log: (@Sendable (String) -> Void)? = nil, notice: (@Sendable (String) -> Void)? = nil,
                events: (@Sendable (ClientEvent) -> Void)? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.keys = keys ?? KeyRing([key])
        self.rateLimiter = rate
        self.timeout = timeout
        self.retry = retry
        self.cacheUse = cache
        self.now = now
        self.log = log
        self.notice = notice
        self.events = events
    }

    /// Answers a call from the cache when it can, else from the network; `convert` turns the answer
    /// into domain values, and only an answer that converts is stored.
    package func fetch<Response, Value>(_ endpoint: Endpoint<Response>, convert: (Response) throws -> Value) async throws -> Value {
        try await answer(endpoint, convert: convert).value
    }

    /// Like `fetch`, also returning the body the value came from (for `--raw`). When the key's
    /// quota is spent, the next key (if any) asks again; when all are, `QuotaExhaustedError`.
    package func answer<Response, Value>(_ endpoint: Endpoint<Response>, convert: (Response) throws -> Value) async throws -> Answer<Value> {
        while true {
            // The Korean day is read at each try: a quota spent yesterday is KOBIS's new one today.
            let today = Day.korean(at: now())
            guard let key = keys.key(on: today) else { throw QuotaExhaustedError(keys: keys.keys.count, fault: nil, rejected: keys.rejectedCount) }
            do {
                return try await answer(call(for: endpoint, key: key)) { body in try convert(AnswerDecoder.decode(Response.self, from: body)) }
            } catch {
                let fault: KOBISFault?
                switch error {
                case let KOBISError.fault(kobis) where kobis.isQuotaExceeded:
                    fault = kobis
                    // Remembered for the day: the next run does not spend a call to find out again.
                    keys.counter(for: key, in: cacheUse.counter)?.markSpent(on: today)
                case is LocalQuotaReached:
                    fault = nil
                case let KOBISError.fault(kobis) where kobis.isKeyRejected && keys.keys.count > 1:
                    // One bad key of several: named by its place, never itself, and the next goes on.
                    let number = keys.number(of: key)
                    guard keys.retire(key, on: today, rejected: true), let next = keys.key(on: today) else {
                        notice?("KOBIS rejected key \(number) of \(keys.keys.count) too.")
                        throw error
                    }
                    notice?("KOBIS rejected key \(number) of \(keys.keys.count) (error \(kobis.code)); going on with key \(keys.number(of: next)).")
                    continue
                default:
                    throw error
                }
                guard keys.retire(key, on: today), let next = keys.key(on: today) else {
                    throw QuotaExhaustedError(keys: keys.keys.count, fault: fault, rejected: keys.rejectedCount)
                }
                notice?("the quota of key \(keys.number(of: key)) of \(keys.keys.count) is used up for today; going on with key \(keys.number(of: next)).")
            }
        }
    }

    /// Whether a fresh answer to `endpoint` is in the cache (so fetching it costs no call).
    package func isCached<Response>(_ endpoint: Endpoint<Response>) -> Bool {
        guard let cache = cacheUse.cache, cacheUse.mode != .refresh, let entry = try? cache.entry(for: endpoint.requestKey) else { return false }
        return cacheUse.mode == .offline || Freshness.of(endpoint).isFresh(stored: entry.stored, now: now())
    }

    /// Calls the current key has left today, by the local count (nil without a counter).
    package func callsLeftToday() -> Int? {
        let today = Day.korean(at: now())
        guard let key = keys.key(on: today), let counter = keys.counter(for: key, in: cacheUse.counter) else { return nil }
        let later = keys.keys.dropFirst(keys.number(of: key)).compactMap { keys.counter(for: $0, in: cacheUse.counter) }
        return ([counter] + later).reduce(0) { $0 + max(0, CallCounter.dailyQuota - $1.count(on: today)) }
    }

    /// The general form: any call (KOBIS's, or a poster provider's), with its own decoding.
    /// Cache, retries, redirects, timeouts and masking are the same for every server.
    package func answer<Value>(_ call: RemoteCall, decode: (Data) throws -> Value) async throws -> Answer<Value> {
        let started = now()
        if let answer = try cachedAnswer(call, at: started, decode: decode) {
            return answer
        }
        if cacheUse.mode == .offline {
            throw OfflineMissError(request: call.summary)
        }
        let body = try await body(for: call)
        // Decoding a large answer takes a moment; Ctrl-C during the transfer must not be lost.
        try Task.checkCancellation()
        let value = try decode(body)
        try Task.checkCancellation()
        if let cache = cacheUse.cache {
            if let failure = cache.store(CacheEntry(request: call.cacheKey, stored: started, body: body)) {
                notice?(Self.cacheWarning(failure))
            } else {
                log?("cache: stored \(call.cacheKey)")
            }
        }
        return Answer(value: value, body: body, fetched: started)
    }

    /// One line for a cache that cannot be written; the command line shows each distinct line once.
    private static func cacheWarning(_ failure: FileAccessError) -> String {
        "warning: the cache is not used: \(failure); answers are not kept and calls are not counted."
    }

    /// The cached answer, when there is one that is fresh (or any, offline) and still converts.
    /// A cache that cannot be read is an error offline (there is nothing else to answer from),
    /// and a warning otherwise.
    private func cachedAnswer<Value>(_ call: RemoteCall, at instant: Date, decode: (Data) throws -> Value) throws -> Answer<Value>? {
        let request = call.cacheKey
        guard let cache = cacheUse.cache else { return nil }
        guard cacheUse.mode != .refresh else {
            log?("cache: --refresh, fetching \(request) again")
            return nil
        }
        let found: CacheEntry?
        do {
            found = try cache.entry(for: request)
        } catch {
            if cacheUse.mode == .offline { throw CacheReadError(underlying: error) }
            notice?("warning: the cached answer cannot be used: \(error).")
            return nil
        }
        guard let entry = found else {
            log?("cache: nothing stored for \(request)")
            return nil
        }
        let freshness = call.freshness
        let stored = "stored \(Day.koreanTimestamp(entry.stored)), \(freshness.describe(stored: entry.stored))"
        let fresh = freshness.isFresh(stored: entry.stored, now: instant)
        guard fresh || cacheUse.mode == .offline else {
            log?("cache: the entry for \(request) is out of date (\(stored))")
            return nil
        }
        guard let value = try? decode(entry.body) else {
            log?("cache: the entry for \(request) cannot be used; it will be replaced")
            return nil
        }
        log?("cache: answered \(request) from the cache (\(stored))")
        if !fresh {
            notice?("offline: showing an answer stored \(Day.koreanTimestamp(entry.stored)); it may be out of date.")
        }
        return Answer(value: value, body: entry.body, fetched: entry.stored, fromCache: true)
    }

    /// Performs the call, retrying transient failures, and decodes its answer.
    package func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try AnswerDecoder.decode(Response.self, from: try await body(for: endpoint))
    }

    /// The body of a successful (2xx) answer, after retries; faults and bad bodies are not looked at here.
    package func body<Response>(for endpoint: Endpoint<Response>) async throws -> Data {
        try await body(for: call(for: endpoint))
    }

    /// A KOBIS endpoint as a call to this client's server, with the current key.
    package func call<Response>(for endpoint: Endpoint<Response>) -> RemoteCall {
        call(for: endpoint, key: keys.key(on: Day.korean(at: now())) ?? keys.keys.first ?? "")
    }

    private func call<Response>(for endpoint: Endpoint<Response>, key: String) -> RemoteCall {
        RemoteCall(url: url(for: endpoint, key: key), displayAddress: displayAddress(for: endpoint), cacheKey: endpoint.requestKey,
                   summary: endpoint.summary, freshness: Freshness.of(endpoint), secrets: [], quotaKey: key)
    }

    private func body(for call: RemoteCall) async throws -> Data {
        let host = call.url.host ?? "the server"
        let mask = SecretMask(keys.keys + call.secrets)
        var attempt = 1
        let network = transport.reachesNetwork
        let id = RequestNumber.next()
        defer { if network { events?(.done(id: id)) } }
        while true {
            if network { events?(.waiting(id: id, summary: call.summary, attempt: attempt, attempts: retry.attempts)) }
            if network {
                log?("GET \(call.displayAddress)" + (retry.attempts > 1 ? " (try \(attempt) of \(retry.attempts))" : ""))
            } else {
                log?("demo: answering \(call.summary) from the sample data (nothing is sent)")
            }
            let started = ContinuousClock.now
            let failure: KOBISError
            var retryAfter: Double?
            do {
                let request = HTTPRequest(url: call.url, timeout: timeout, headers: call.headers)
                let response = try await sendFollowingRedirects(request, host: host, quotaKey: call.quotaKey, mask: mask)
                if network { log?("HTTP \(response.status), \(NumberFormat.grouped(response.body.count)) bytes, \(Self.milliseconds(since: started)) ms") }
                // A server that echoes the key in its answer gets it replaced before anything reads,
                // renders (and perhaps cuts) or stores the answer.
                if (200..<300).contains(response.status) { return mask.apply(to: response.body) }
                failure = .httpStatus(response.status, host: host, attempts: attempt)
                retryAfter = response.headers["retry-after"].flatMap(Double.init)
            } catch TransportError.cancelled {
                throw CancellationError()
            } catch let TransportError.tooLarge(limit) {
                log?("the answer passed \(NumberFormat.grouped(limit)) bytes after \(Self.milliseconds(since: started)) ms; stopped reading")
                throw KOBISError.unreadable(.tooLarge(limit: limit))
            } catch TransportError.badContentEncoding {
                throw KOBISError.unreadable(.badEncoding)
            } catch let error as TransportError {
                log?("no answer after \(Self.milliseconds(since: started)) ms: \(error.description(host: host))")
                failure = .unreachable(error, host: host, attempts: attempt)
            }
            guard RetryPolicy.isTransient(failure), attempt < retry.attempts else {
                if attempt > 1 || !RetryPolicy.isTransient(failure) {
                    log?(RetryPolicy.isTransient(failure) ? "giving up after \(attempt) tries" : "giving up: trying again would fail the same way")
                }
                throw failure
            }
            let delay = retry.delay(after: attempt, retryAfter: retryAfter)
            log?("retrying in \(cFormat("%.2f", delay)) s")
            try await Task.sleep(for: .seconds(delay))
            attempt += 1
        }
    }

    /// Most redirects followed for one try.
    static let redirectLimit = 5

    /// One try, following redirects that stay on the configured server (KOBIS moving a path, or
    /// http to https); a redirect anywhere else is refused, so the key never leaves that server.
    /// The try's timeout covers every hop: a chain of slow redirects cannot stretch it.
    private func sendFollowingRedirects(_ first: HTTPRequest, host: String, quotaKey: String?, mask: SecretMask) async throws -> HTTPResponse {
        let origin = first.url
        if transport.reachesNetwork { try await transport.prepare() }
        let deadline = ContinuousClock.now + .seconds(first.timeout)
        var request = first
        var redirects = 0
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline) / .seconds(1)
            guard remaining > 0 else { throw TransportError.timedOut }
            request.timeout = remaining
            if let quotaKey { try countCall(quotaKey) }
            if transport.reachesNetwork { try await rateLimiter?.wait() }
            let response = try await sendWithTimeout(request)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
                return response
            }
            let target = try redirectTarget(location, from: request.url, origin: origin, status: response.status, host: host)
            redirects += 1
            guard redirects <= Self.redirectLimit else {
                throw KOBISError.redirected(status: response.status, host: host, target: "itself again after \(Self.redirectLimit) redirects")
            }
            log?("HTTP \(response.status): redirected to \(mask.apply(to: target.absoluteString))")
            request.url = target
        }
    }

    /// Where a redirect leads, when boxoffice follows it: the same host and port over the same
    /// scheme, or an upgrade from http to https (port 443 or the same); never with a user name.
    private func redirectTarget(_ location: String, from current: URL, origin baseURL: URL, status: Int, host: String) throws -> URL {
        func refuse(_ target: String) -> KOBISError { .redirected(status: status, host: host, target: target) }
        guard let resolved = URL(string: location, relativeTo: current)?.absoluteURL,
              let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            let scheme = location.split(separator: ":", maxSplits: 1).first.map { "a \($0.lowercased()): address" }
            throw refuse(scheme ?? "an address that is not a URL")
        }
        let baseScheme = baseURL.scheme?.lowercased() ?? "https"
        guard resolved.user == nil, resolved.password == nil else { throw refuse("an address with a user name") }
        guard let targetHost = resolved.host, targetHost.lowercased() == host.lowercased() else {
            throw refuse("another server (\(resolved.host ?? "no host"))")
        }
        guard scheme == baseScheme || (baseScheme == "http" && scheme == "https") else {
            throw refuse("plain http on the same server, which would send the key unencrypted")
        }
        let port = resolved.port ?? (scheme == "https" ? 443 : 80)
        let basePort = baseURL.port ?? (baseScheme == "https" ? 443 : 80)
        guard port == basePort || (scheme != baseScheme && port == 443) else {
            throw refuse("another port (\(port)) on the same server")
        }
        // Normalised (`HTTP://` → `http://`), so the transport accepts it.
        let text = resolved.absoluteString
        guard let schemeEnd = text.firstIndex(of: ":"), let normalised = URL(string: scheme + text[schemeEnd...]) else {
            throw refuse("an address that is not a URL")
        }
        return normalised
    }

    /// Counts a call against the key's daily quota, and warns when little of it is left; refuses
    /// the call when the local count has already reached the quota.
    private func countCall(_ key: String) throws {
        let today = Day.korean(at: now())
        guard let counter = keys.counter(for: key, in: cacheUse.counter) else { return }
        if counter.count(on: today) >= CallCounter.dailyQuota { throw LocalQuotaReached() }
        let count: Int
        switch counter.record(on: today) {
        case let .success(value): count = value
        case let .failure(failure):
            notice?(Self.cacheWarning(failure))
            return
        }
        guard count > CallCounter.warningThreshold else { return }
        let whose = keys.keys.count > 1 ? "key \(keys.number(of: key))'s" : "the key's"
        notice?("warning: \(NumberFormat.grouped(count)) of \(whose) \(NumberFormat.grouped(CallCounter.dailyQuota)) calls for today (\(today.iso), Korean time) are used.")
    }

    /// One try, cancelled when it takes longer than `timeout`.
    private func sendWithTimeout(_ request: HTTPRequest) async throws -> HTTPResponse {
        // An answer from memory (the demo) needs no clock. A cancelled sleep keeps its timer, and
        // a few hundred bytes, until the time it was set for: one a call, for `timeout` seconds,
        // grew a demo MCP server that answers thousands of calls a minute.
        guard transport.reachesNetwork else { return try await transport.send(request) }
        return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await transport.send(request) }
            group.addTask {
                try await Task.sleep(for: .seconds(request.timeout))
                throw TransportError.timedOut
            }
            defer { group.cancelAll() }
            do {
                guard let first = try await group.next() else { throw TransportError.cancelled }
                return first
            } catch is CancellationError {
                throw TransportError.cancelled
            }
        }
    }

    /// The URL of a call, the current key included.
    package func url<Response>(for endpoint: Endpoint<Response>) -> URL {
        url(for: endpoint, key: keys.key(on: Day.korean(at: now())) ?? keys.keys.first ?? "")
    }

    private func url<Response>(for endpoint: Endpoint<Response>, key: String) -> URL {
        // Every part is percent-encoded, so the text is always a valid URL.
        URL(string: Self.address(baseURL, endpoint, encodedKey: KOBISOperation.percentEncoded(key))) ?? baseURL
    }

    /// The URL of a call as text, for showing to people: the key is `***`.
    package func displayAddress<Response>(for endpoint: Endpoint<Response>) -> String {
        Self.address(baseURL, endpoint, encodedKey: "***")
    }

    private static func address<Response>(_ baseURL: URL, _ endpoint: Endpoint<Response>, encodedKey: String) -> String {
        var text = baseURL.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        text += endpoint.operation.path + "?key=" + encodedKey
        for parameter in endpoint.parameters {
            text += "&" + parameter.name + "=" + KOBISOperation.percentEncoded(parameter.value)
        }
        return text
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// The local count of the key's calls has reached its daily quota: not sent.
struct LocalQuotaReached: Error {}

/// Numbers each request of a run, for progress displays.
enum RequestNumber {
    private static let counter = Locked(0)

    static func next() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}
