#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// How the client talks to a KOBIS server: builds each endpoint's URL with the server root (the key
// left for a key middleware to give), sends it through exactly its middlewares and the transport,
// and decodes what comes back.
///
// Each job on the way to the server is a middleware of its own (`CacheMiddleware`,
// `SecretMaskMiddleware`, `KeyRotationMiddleware`, `RetryMiddleware`, `RedirectMiddleware`,
// `TimeoutMiddleware`, `RateLimitMiddleware`, `QuotaCountMiddleware`), composed by whoever makes
// the client (`BoxOfficeClient.standardMiddlewares` gives the usual list).
extension BoxOfficeClient {
    /// A client from its layers (the command line's root composes its own).
    ///
    /// - Parameters:
    ///   - chain: the middlewares, the first the outermost, over the transport.
    ///   - timeout: seconds allowed for each try of a request.
    ///   - decoded: values decoded from the cache's answers, kept by a client that lives long.
    ///   - now: the time, from which the Korean day is told.
    package init(baseURL: URL, chain: MiddlewareChain, timeout: TimeInterval = 15, decoded: DecodedAnswers? = nil,
                 now: @escaping @Sendable () -> Date = Date.init) {
        self.baseURL = baseURL
        let root = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        server = root.lowercased() == Self.defaultBaseURL ? "" : root + " "
        self.chain = chain
        self.timeout = timeout
        self.decoded = decoded
        self.now = now
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

    /// Whether a source of answers holds a usable answer to a request (so fetching it costs no
    /// call): one that asks no one (the demo's recordings), or a middleware (a cache).
    package func isCached(requestKey: String, freshness: Freshness) -> Bool {
        if let source = chain.closedSource { return source.holds(requestKey: requestKey) }
        let key = cacheKey(requestKey)
        var operation = BoxOfficeOperation(summary: key, address: key, request: key)
        operation.freshness = freshness
        operation.cacheMode = cacheMode
        return chain.holdsAnswer(to: operation)
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

    /// The name of the answer to a request (`Endpoint.requestKey`) in a cache: the request, after
    /// the server when it is not KOBIS's own.
    package func cacheKey(_ requestKey: String) -> String {
        server + requestKey
    }

    /// A KOBIS endpoint as a call to this client's server, its key left empty for a key middleware to give.
    package func call<Response>(for endpoint: Endpoint<Response>) -> RemoteCall {
        var call = RemoteCall(url: url(for: endpoint, key: ""), displayAddress: displayAddress(for: endpoint), cacheKey: cacheKey(endpoint.requestKey),
                              summary: endpoint.summary, freshness: Freshness.of(endpoint), secrets: [], quotaKey: "")
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
        operation.cacheMode = cacheMode
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
