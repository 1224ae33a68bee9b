#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Talks to a KOBIS server: builds each endpoint's URL with the server root and the current key,
/// sends it through its middlewares and the transport, and decodes what comes back.
///
/// Each job on the way to the server is a middleware of its own (`CacheMiddleware`,
/// `SecretMaskMiddleware`, `KeyRotationMiddleware`, `RetryMiddleware`, `RedirectMiddleware`,
/// `TimeoutMiddleware`, `RateLimitMiddleware`, `QuotaCountMiddleware`); `BoxOfficeClient` composes
/// what an app needs, and the command line composes more.
package struct KOBISClient: Sendable {
    /// KOBIS's own server.
    package static let defaultBaseURL = "https://www.kobis.or.kr"

    private let baseURL: URL
    private let keys: KeyRing
    private let chain: MiddlewareChain
    private let timeout: TimeInterval
    /// The chain's cache, which says whether an answer is stored.
    private let cache: CacheMiddleware?
    private let decoded: DecodedAnswers?
    private let counts: (any CallCountStore)?
    private let now: @Sendable () -> Date

    /// A client from its layers.
    ///
    /// - Parameters:
    ///   - chain: the middlewares, the first the outermost, over the transport.
    ///   - timeout: seconds allowed for each try of a request.
    ///   - decoded: values decoded from the cache's answers, kept by a client that lives long.
    ///   - counts: the calls counted per key and day, to say what is left.
    ///   - now: the time, from which the Korean day is told.
    package init(baseURL: URL, keys: KeyRing, chain: MiddlewareChain, timeout: TimeInterval = 15, decoded: DecodedAnswers? = nil,
                 counts: (any CallCountStore)? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.baseURL = baseURL
        self.keys = keys
        self.chain = chain
        self.timeout = timeout
        cache = chain.middlewares.lazy.compactMap { $0 as? CacheMiddleware }.first
        self.decoded = decoded
        self.counts = counts
        self.now = now
    }

    /// The client of one key over `transport` and `middlewares`, with middlewares of its own in
    /// front of them: a cache in `store` when one is given (first, so that a stored answer costs
    /// nothing), the key masked in every answer, and kept by a key rotation middleware (so a spent
    /// quota is known for the rest of the day).
    package init(transport: any HTTPTransport, middlewares: [any BoxOfficeMiddleware] = BoxOfficeClient.standardMiddlewares(), baseURL: URL, key: String, timeout: TimeInterval = 15,
                 store: (any AnswerStore)? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        let keys = KeyRing([key])
        let cache: [any BoxOfficeMiddleware] = store.map { [CacheMiddleware(store: $0, now: now)] } ?? []
        self.init(baseURL: baseURL, keys: keys,
                  chain: MiddlewareChain(cache + [SecretMaskMiddleware(secrets: [key]), KeyRotationMiddleware(keys: keys, now: now)] + middlewares, over: transport),
                  timeout: timeout, now: now)
    }

    /// Answers a call from the cache when it can, else from the network; `convert` turns the answer
    /// into domain values, and only an answer that converts is stored. The value comes with the
    /// body it came from (for `--raw`). The request goes with the key of the day; which key that
    /// is, and the next when one's quota is spent, is the key rotation middleware's to say.
    package nonisolated(nonsending) func answer<Response, Value: Sendable>(_ endpoint: Endpoint<Response>, convert: (Response) throws -> Value) async throws -> Answer<Value> {
        let call = call(for: endpoint)
        return Self.stamped(try await answer(call) { body in
            do {
                return try convert(AnswerDecoder.decode(Response.self, from: body))
            } catch let KOBISError.fault(fault) where fault.isKOBISFailure {
                // KOBIS failing, not refusing: the same error as when a retry middleware gives up on it.
                throw KOBISError.failed(fault, request: call.subject ?? call.summary, attempts: 1)
            }
        })
    }

    /// The answer with its value as of when it was fetched (``FetchStamped``): the one place
    /// where figures are found provisional.
    private static func stamped<Value>(_ answer: Answer<Value>) -> Answer<Value> {
        guard let value = answer.value as? any FetchStamped, let stamped = value.fetched(at: answer.fetched) as? Value else { return answer }
        return Answer(value: stamped, body: answer.body, fetched: answer.fetched, fromCache: answer.fromCache)
    }

    /// Whether a usable answer to a request is stored (so fetching it costs no call).
    package func isCached(requestKey: String, freshness: Freshness) -> Bool {
        cache?.holds(requestKey, freshness: freshness) ?? false
    }

    /// Calls the keys from the current one on have left today, by the local count (nil without one).
    package func callsLeftToday() -> Int? {
        let today = Day.korean(at: now())
        guard let counts, let key = keys.key(on: today) else { return nil }
        return keys.keys.dropFirst(keys.number(of: key) - 1).reduce(0) { left, key in
            let tag = KeyTag.of(key)
            return left + (counts.quotaSpent(key: tag, on: today) != nil ? 0 : max(0, KOBISQuota.daily - counts.count(key: tag, on: today)))
        }
    }

    /// The general form: any call (KOBIS's, or a poster provider's), with its own decoding.
    /// Cache, retries, redirects, timeouts and masking are the same for every server.
    ///
    /// A cache on the way is told what became of its answer: a fetched one is kept only once it
    /// decodes, and a stored one that no longer decodes is fetched again.
    package nonisolated(nonsending) func answer<Value: Sendable>(_ call: RemoteCall, decode: (Data) throws -> Value) async throws -> Answer<Value> {
        let ticket = CacheTicket()
        // However the call ends, the ticket lets go of what the cache left with it.
        defer { ticket.forget() }
        while true {
            let sent = now()
            let body = try await body(for: call, ticket: ticket)
            let origin = ticket.origin
            let fetched = origin?.fetched ?? sent
            let fromStore = origin?.inStore ?? false
            let stored = StoredAnswer(request: call.cacheKey, stored: fetched, body: body)
            if fromStore, let value = decoded?.value(Value.self, decodedFrom: stored) {
                ticket.settle(understood: body)
                return Answer(value: value, body: body, fetched: fetched, fromCache: true)
            }
            // A cancellation during the transfer or the decoding is not lost.
            try Task.checkCancellation()
            let value: Value
            do {
                value = try decode(body)
            } catch where fromStore {
                ticket.settle(understood: nil)
                ticket.skipStore()
                continue
            } catch {
                ticket.settle(understood: nil)
                throw error
            }
            try Task.checkCancellation()
            ticket.settle(understood: body)
            if fromStore { decoded?.keep(value, decodedFrom: stored) }
            return Answer(value: value, body: body, fetched: fetched, fromCache: fromStore)
        }
    }

    /// A KOBIS endpoint as a call to this client's server, with the current key.
    package func call<Response>(for endpoint: Endpoint<Response>) -> RemoteCall {
        call(for: endpoint, key: keys.key(on: Day.korean(at: now())) ?? keys.keys.first ?? "")
    }

    private func call<Response>(for endpoint: Endpoint<Response>, key: String) -> RemoteCall {
        var call = RemoteCall(url: url(for: endpoint, key: key), displayAddress: displayAddress(for: endpoint), cacheKey: endpoint.requestKey,
                              summary: endpoint.summary, freshness: Freshness.of(endpoint), secrets: [], quotaKey: key)
        call.subject = endpoint.subject
        return call
    }

    /// The body of a successful (2xx) answer, through the middlewares (one of which masks every
    /// key); faults and bad bodies are not looked at here. A failure the middlewares left as it was (no
    /// retry middleware, say) becomes the client's error here, after one try.
    private nonisolated(nonsending) func body(for call: RemoteCall, ticket: CacheTicket?) async throws -> Data {
        var request = HTTPRequest(url: call.url, timeout: timeout, headers: call.headers)
        request.quotaKey = call.quotaKey
        var operation = BoxOfficeOperation(summary: call.summary, address: call.displayAddress, request: call.cacheKey)
        operation.secrets = call.secrets
        operation.subject = call.subject
        operation.freshness = call.freshness
        operation.ticket = ticket
        let host = call.url.host ?? "the server"
        let response: HTTPResponse
        do {
            response = try await chain.send(request, operation: operation)
        } catch let failure as TransportError {
            throw try KOBISError(failure, host: host, attempts: 1)
        }
        guard (200..<300).contains(response.status) else { throw KOBISError.httpStatus(response.status, host: host, attempts: 1) }
        return response.body
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
}
