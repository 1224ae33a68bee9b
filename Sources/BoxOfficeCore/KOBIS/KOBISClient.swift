import Foundation

/// Talks to a KOBIS server: adds the server root and the key to endpoints, enforces the timeout,
/// retries what is transient, and decodes answers.
public struct KOBISClient: Sendable {
    /// KOBIS's own server.
    public static let defaultBaseURL = "https://www.kobis.or.kr"

    private let transport: any HTTPTransport
    private let baseURL: URL
    private let key: String
    private let timeout: TimeInterval
    private let retry: RetryPolicy
    private let cacheUse: CacheUse
    private let now: @Sendable () -> Date
    private let log: (@Sendable (String) -> Void)?
    private let notice: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `https://www.kobis.or.kr`.
    ///   - timeout: seconds allowed for each try of a request, from start to the last byte.
    ///   - cache: where answers are kept, and whether to use, refresh or only use them.
    ///   - log: receives one line per request or cache event, the key always shown as `***` (`--verbose`).
    ///   - notice: receives what the user should see even without `--verbose` (quota warnings, stale answers).
    public init(transport: any HTTPTransport, baseURL: URL, key: String, timeout: TimeInterval = 15,
                retry: RetryPolicy = RetryPolicy(), cache: CacheUse = .none, now: @escaping @Sendable () -> Date = Date.init,
                log: (@Sendable (String) -> Void)? = nil, notice: (@Sendable (String) -> Void)? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.key = key
        self.timeout = timeout
        self.retry = retry
        self.cacheUse = cache
        self.now = now
        self.log = log
        self.notice = notice
    }

    /// Answers a call from the cache when it can, else from the network; `convert` turns the answer
    /// into domain values, and only an answer that converts is stored.
    public func fetch<Response, Value>(_ endpoint: Endpoint<Response>, convert: (Response) throws -> Value) async throws -> Value {
        let started = now()
        if let value = cachedAnswer(endpoint, at: started, convert: convert) {
            return value
        }
        if cacheUse.mode == .offline {
            throw OfflineMissError(request: endpoint.summary)
        }
        let body = try await body(for: endpoint)
        let value = try convert(AnswerDecoder.decode(Response.self, from: body))
        if let cache = cacheUse.cache {
            let failure = cache.store(CacheEntry(request: endpoint.requestKey, stored: started, body: body))
            log?(failure.map { "cache: \($0)" } ?? "cache: stored \(endpoint.requestKey)")
        }
        return value
    }

    /// The cached answer, when there is one that is fresh (or any, offline) and still converts.
    private func cachedAnswer<Response, Value>(_ endpoint: Endpoint<Response>, at instant: Date,
                                               convert: (Response) throws -> Value) -> Value? {
        let request = endpoint.requestKey
        guard let cache = cacheUse.cache else { return nil }
        guard cacheUse.mode != .refresh, let entry = cache.entry(for: request) else {
            log?(cacheUse.mode == .refresh ? "cache: --refresh, fetching \(request) again" : "cache: nothing stored for \(request)")
            return nil
        }
        let freshness = Freshness.of(endpoint)
        let stored = "stored \(Day.koreanTimestamp(entry.stored)), \(freshness.describe(stored: entry.stored))"
        let fresh = freshness.isFresh(stored: entry.stored, now: instant)
        guard fresh || cacheUse.mode == .offline else {
            log?("cache: the entry for \(request) is out of date (\(stored))")
            return nil
        }
        guard let value = try? convert(AnswerDecoder.decode(Response.self, from: entry.body)) else {
            log?("cache: the entry for \(request) cannot be used; it will be replaced")
            return nil
        }
        log?("cache: answered \(request) from the cache (\(stored))")
        if !fresh {
            notice?("offline: showing an answer stored \(Day.koreanTimestamp(entry.stored)); it may be out of date.")
        }
        return value
    }

    /// Performs the call, retrying transient failures, and decodes its answer.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try AnswerDecoder.decode(Response.self, from: try await body(for: endpoint))
    }

    /// The body of a successful (2xx) answer, after retries; faults and bad bodies are not looked at here.
    public func body<Response>(for endpoint: Endpoint<Response>) async throws -> Data {
        let request = HTTPRequest(url: url(for: endpoint), timeout: timeout)
        let host = baseURL.host ?? "the KOBIS server"
        var attempt = 1
        while true {
            log?("GET \(displayAddress(for: endpoint))" + (retry.attempts > 1 ? " (try \(attempt) of \(retry.attempts))" : ""))
            countCall()
            let started = ContinuousClock.now
            let failure: KOBISError
            var retryAfter: Double?
            do {
                let response = try await sendWithTimeout(request)
                log?("HTTP \(response.status), \(response.body.count) bytes, \(Self.milliseconds(since: started)) ms")
                if (200..<300).contains(response.status) { return response.body }
                failure = .httpStatus(response.status, host: host, attempts: attempt)
                retryAfter = response.headers["retry-after"].flatMap(Double.init)
            } catch TransportError.cancelled {
                throw CancellationError()
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
            log?("retrying in \(String(format: "%.2f", delay)) s")
            try await Task.sleep(for: .seconds(delay))
            attempt += 1
        }
    }

    /// Counts a call against the key's daily quota, and warns when little of it is left.
    private func countCall() {
        let today = Day.korean(at: now())
        guard let count = cacheUse.counter?.record(on: today), count > CallCounter.warningThreshold else { return }
        notice?("warning: \(count) of the key's \(CallCounter.dailyQuota) calls for today (\(today.iso), Korean time) are used.")
    }

    /// One try, cancelled when it takes longer than `timeout`.
    private func sendWithTimeout(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
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

    /// The URL of a call, key included.
    public func url<Response>(for endpoint: Endpoint<Response>) -> URL {
        // Every part is percent-encoded, so the text is always a valid URL.
        URL(string: Self.address(baseURL, endpoint, encodedKey: KOBISOperation.percentEncoded(key))) ?? baseURL
    }

    /// The URL of a call as text, for showing to people: the key is `***`.
    public func displayAddress<Response>(for endpoint: Endpoint<Response>) -> String {
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
