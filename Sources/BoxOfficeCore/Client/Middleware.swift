#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One step on a ``BoxOfficeClient``'s way to the server, shaped like swift-openapi-runtime's
/// `ClientMiddleware`: it gets each request with the rest of the way (`next`: the middlewares
/// after it, then the transport) and may change the request, answer it itself, try it again,
/// wait, or look at the answer on its way back.
///
/// A client is a list of middlewares over its ``HTTPTransport``, the first the outermost:
/// ``BoxOfficeClient/standardMiddlewares(keys:attempts:cache:callCounts:callsPerSecond:eachTry:events:now:)``
/// is the list the command line itself uses (masking, the key, retries, redirects, the quota
/// count, the rate, the timeout, and a cache when given one), to which a program may add its own
/// (a log), or leave some out, or reorder.
///
/// ```swift
/// struct Log: BoxOfficeMiddleware {
///     func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
///                    next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
///         let response = try await next(request)
///         print(operation.summary, response.status)
///         return response
///     }
/// }
/// let client = BoxOfficeClient(transport: URLSessionTransport(),
///                              middlewares: BoxOfficeClient.standardMiddlewares(keys: [key]) + [Log()])
/// ```
///
/// A client applies exactly the middlewares it is given, and nothing else: what the standard list
/// does (masking the key, giving it, caching, counting) a program's own middleware can do as
/// well, from what the request and ``BoxOfficeOperation`` carry. (A key middleware of your own
/// sets the URL's `key` parameter, which the client leaves empty, and ``HTTPRequest/quotaKey``.)
///
/// The request's URL holds the key: a middleware must never show it (``BoxOfficeOperation/address``
/// is the showable form). In the standard list a ``SecretMaskMiddleware`` masks the key in every
/// answer's body before the cache keeps it or anything reads it.
public protocol BoxOfficeMiddleware: Sendable {
    /// Handles one request.
    ///
    /// - Parameters:
    ///   - request: the request as the middlewares before this one left it.
    ///   - operation: what the request asks, for showing or keeping.
    ///   - next: sends a request on: through the middlewares after this one, then the transport.
    /// - Returns: the answer, an HTTP status of any kind; throw ``TransportError`` when there is none.
    func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                   next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse

    /// Whether this middleware would answer `operation` itself, sending nothing on (a cache
    /// holding a usable answer): how the client tells that a request costs no call (a period's
    /// cost, the runs read only from what is at hand). False unless a middleware says otherwise.
    func holdsAnswer(to operation: BoxOfficeOperation) -> Bool
}

extension BoxOfficeMiddleware {
    /// A middleware answers nothing itself, unless it says so.
    public func holdsAnswer(to operation: BoxOfficeOperation) -> Bool { false }
}

/// What a request asks, as a middleware may show or keep it: never the key.
public struct BoxOfficeOperation: Sendable, Equatable {
    /// The request in words: `the daily box office for 2023-04-23`.
    public let summary: String
    /// The request's address with the key written `***`.
    public let address: String
    /// The request without the key, the same for every key: what a cache keeps its answer under.
    public let request: String
    /// Secrets besides the KOBIS key (a poster provider's), to be masked like it.
    public var secrets: [String] = []
    /// What the request is about, for a message that KOBIS could not answer it (`for 2025-11-10`).
    public var subject: String? = nil
    /// How long an answer to it stays good in a cache.
    public var freshness = Freshness.seconds(0)
    /// How a cache on the way is to be used for this request (``BoxOfficeClient/cacheMode(_:)``):
    /// nil, as the cache itself was made to.
    public var cacheMode: CacheMiddleware.Mode? = nil
    /// Where a cache on the way says what it did with the answer (from its store or fetched, and
    /// when), and learns whether the client understood it (so that only an answer that decodes is
    /// kept); nil when the request's answer is not decoded by a client.
    public var ticket: CacheTicket? = nil

    /// An operation from its parts.
    public init(summary: String, address: String, request: String) {
        self.summary = summary
        self.address = address
        self.request = request
    }
}

/// A list of middlewares over a transport: what a client sends through.
package struct MiddlewareChain: Sendable {
    package let middlewares: [any BoxOfficeMiddleware]
    package let transport: any HTTPTransport

    package init(_ middlewares: [any BoxOfficeMiddleware], over transport: any HTTPTransport) {
        self.middlewares = middlewares
        self.transport = transport
    }

    /// Whether one of the middlewares would answer `operation` itself.
    package func holdsAnswer(to operation: BoxOfficeOperation) -> Bool {
        middlewares.contains { $0.holdsAnswer(to: operation) }
    }

    /// Sends `request` through every middleware, then the transport.
    package func send(_ request: HTTPRequest, operation: BoxOfficeOperation) async throws -> HTTPResponse {
        try await send(request, operation: operation, from: 0)
    }

    private func send(_ request: HTTPRequest, operation: BoxOfficeOperation, from index: Int) async throws -> HTTPResponse {
        guard index < middlewares.count else { return try await transport.send(request) }
        return try await middlewares[index].intercept(request, operation: operation) { next in
            try await send(next, operation: operation, from: index + 1)
        }
    }
}

/// Ends a try that takes longer than the request's `timeout` with `TransportError.timedOut`,
/// whatever the transport below does (URLSession on Linux, say, rounds its own limits to whole
/// seconds).
public struct TimeoutMiddleware: BoxOfficeMiddleware {
    /// A timeout of each request's own `timeout`.
    public init() {}

    /// Races the rest of the way against the request's timeout.
    public func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                          next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await next(request) }
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
}

/// Holds each request until its turn: at most a number a second, for every client sharing it.
public struct RateLimitMiddleware: BoxOfficeMiddleware {
    private let limiter: RateLimiter

    /// At most `perSecond` requests a second (a fraction for fewer); nil for 0, no limit.
    public init?(perSecond: Double) {
        guard let limiter = RateLimiter(perSecond: perSecond) else { return nil }
        self.limiter = limiter
    }

    /// Shares `limiter` (every job of a command-line run).
    package init(limiter: RateLimiter) {
        self.limiter = limiter
    }

    /// Waits for this request's turn, then sends it on.
    public func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                          next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        try await limiter.wait()
        return try await next(request)
    }
}
