import BoxOfficeCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: Foundation's `URLSession`.
///
/// Transfers are driven by a delegate rather than completion handlers, so that a body is counted
/// as it arrives (and cut off at the request's limit), and redirects are handed back to the client
/// instead of being followed.
///
/// Each session carries one transfer at a time: requests made together get sessions of their own,
/// kept for the next requests (with their connections). On Linux a session does all its work on one
/// queue, so several endless answers on one session would keep each other's cut-off waiting (for
/// seconds, while they pile up in memory); on sessions of their own, each is cut off at its limit.
public struct URLSessionTransport: HTTPTransport {
    private let sessions: SessionPool

    /// Creates a transport that keeps up to `connectionsPerHost` sessions (and their connections)
    /// between requests; more requests at a time are never held back, their sessions simply are not
    /// kept. Nothing is kept on disk: no URL cache, no cookies.
    public init(connectionsPerHost: Int = 8) {
        sessions = SessionPool(keeping: max(1, connectionsPerHost), connectionsPerHost: max(1, connectionsPerHost))
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        // On Linux URLSession cuts timeouts down to whole seconds (0.5 s fails at once), so its own
        // limit is only a backstop; the client enforces the real one by cancelling.
        var urlRequest = URLRequest(url: request.url, timeoutInterval: max(1, request.timeout.rounded(.up) + 1))
        urlRequest.httpMethod = "GET"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let transfer = Transfer(limit: request.maximumBodyBytes)
        let session = sessions.take()
        // The transfer has finished (its delegate said so) whenever this returns or throws.
        defer { sessions.keep(session) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.session.dataTask(with: urlRequest)
                session.transfers.register(transfer, for: task)
                transfer.start(task, continuation: continuation)
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

/// The idle sessions, at most `keeping` of them; a request takes one (or a new one) and gives it
/// back when its transfer has finished.
private final class SessionPool: Sendable {
    struct Session: Sendable {
        let session: URLSession
        let transfers: Transfers
    }

    private let keeping: Int
    private let connectionsPerHost: Int
    private let idle = Locked<[Session]>([])

    init(keeping: Int, connectionsPerHost: Int) {
        self.keeping = keeping
        self.connectionsPerHost = connectionsPerHost
    }

    deinit {
        for session in idle.withLock({ $0 }) { session.session.finishTasksAndInvalidate() }
    }

    func take() -> Session {
        idle.withLock { $0.popLast() } ?? Self.makeSession(connectionsPerHost: connectionsPerHost)
    }

    func keep(_ session: Session) {
        let kept = idle.withLock { idle in
            guard idle.count < keeping else { return false }
            idle.append(session)
            return true
        }
        if !kept { session.session.finishTasksAndInvalidate() }
    }

    private static func makeSession(connectionsPerHost: Int) -> Session {
        let configuration = URLSessionConfiguration.ephemeral
        // Configured as the one session was: the pool, not this limit, keeps a transfer per session.
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.urlCredentialStorage = nil
        let transfers = Transfers()
        return Session(session: URLSession(configuration: configuration, delegate: transfers, delegateQueue: delegateQueue()),
                       transfers: transfers)
    }

    /// On Linux, the delegate's callbacks run right where libcurl delivers them (see
    /// `InlineDelegateQueue`), so a body is counted as it is read, not after a backlog.
    private static func delegateQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
        InlineDelegateQueue()
        #else
        nil
        #endif
    }
}

/// The session's delegate: routes each callback to the transfer of its task.
///
/// `@unchecked Sendable` because it subclasses `NSObject` (which the compiler cannot check), and
/// it is safe: its one stored property is a `Locked` dictionary, read and changed only under its
/// lock, and it is never mutated otherwise after `init`.
private final class Transfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let byTask = Locked<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        byTask.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        byTask.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // The 3xx answer itself is returned; the client decides whether to follow it.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let allowed = transfer(dataTask)?.received(response) ?? true
        completionHandler(allowed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Never cancel synchronously here: on Linux this runs on the session's work queue, which
        // `cancel()` waits for (`workQueue.sync`).
        if transfer(dataTask)?.received(data) == false { DispatchQueue.global().async { dataTask.cancel() } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = byTask.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.finish(error)
    }
}

/// One request's state; a cancellation arriving before or after the task starts is never lost,
/// and the continuation is resumed exactly once.
private final class Transfer: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var cancelled = false
        var response: HTTPURLResponse?
        /// The body so far, in one block of the limit's size reserved at the first piece (only
        /// the pages written take memory) and given back whole at the cut-off: appending to a
        /// `Data` would double its storage (and copy it) as it grows, and pieces kept apart would
        /// scatter over the allocator's per-thread arenas, which keep freed memory.
        var body: BodyBuffer?
        var failure: TransportError?
        var cutOff = false
    }

    private let limit: Int
    private let state = Locked(State())

    init(limit: Int) {
        self.limit = limit
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let cancelled = state.withLock { state in
            state.task = task
            state.continuation = continuation
            return state.cancelled
        }
        cancelled ? task.cancel() : task.resume()
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        // Never synchronously: Swift runs this holding the task's lock, which resuming its
        // continuation takes, and on Linux that resumption runs on the work queue cancel() waits for.
        if let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// Keeps the response; false when its declared length is already over the limit.
    func received(_ response: URLResponse) -> Bool {
        state.withLock { state in
            state.response = response as? HTTPURLResponse
            guard response.expectedContentLength <= Int64(limit) else {
                state.failure = .tooLarge(limit: limit)
                return false
            }
            return true
        }
    }

    /// Adds a piece of the body; false, once only, when the transfer is to be cut off (the body is
    /// over the limit, or its declared length was). Later pieces are dropped.
    func received(_ data: Data) -> Bool {
        state.withLock { state in
            guard state.failure == nil, (state.body?.count ?? 0) + data.count <= limit else {
                state.failure = .tooLarge(limit: limit)
                state.body = nil
                defer { state.cutOff = true }
                return state.cutOff
            }
            if state.body == nil { state.body = BodyBuffer(limit: limit) }
            guard let body = state.body, body.append(data) else {
                state.failure = .other("out of memory for the answer")
                state.body = nil
                defer { state.cutOff = true }
                return state.cutOff
            }
            return true
        }
    }

    func finish(_ error: (any Error)?) {
        let (continuation, result) = state.withLock { state -> (CheckedContinuation<HTTPResponse, any Error>?, Result<HTTPResponse, TransportError>) in
            defer { state.continuation = nil }
            if let failure = state.failure { return (state.continuation, .failure(failure)) }
            if let error { return (state.continuation, .failure(TransportError(error, cancelled: state.cancelled))) }
            guard let http = state.response else { return (state.continuation, .failure(.other("the answer was not HTTP"))) }
            var headers: [String: String] = [:]
            for case let (name as String, value as String) in http.allHeaderFields {
                headers[name.lowercased()] = value
            }
            let body = state.body?.data ?? Data()
            state.body = nil
            return (state.continuation, .success(HTTPResponse(status: http.statusCode, headers: headers, body: body)))
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }
}

/// A body's bytes in one block: reserved at first for the largest body taken, up to 16 MiB
/// (large enough that the allocator maps it on its own, gives it back to the system when freed,
/// and makes it resident only where written), then grown as a longer body arrives, up to the
/// limit; memory that cannot be had is a failure, never a crash.
private final class BodyBuffer {
    private var block: UnsafeMutableRawPointer
    private var capacity: Int
    private let limit: Int
    private(set) var count = 0

    /// The most reserved before a byte arrives.
    static let firstBlock = 16 << 20

    /// nil when not even the first block can be had.
    init?(limit: Int) {
        let first = max(1, min(limit, Self.firstBlock))
        guard let block = malloc(first) else { return nil }
        self.block = block
        capacity = first
        self.limit = max(1, limit)
    }

    deinit {
        free(block)
    }

    /// Adds `data`, which the caller has checked is within the limit; false when the memory for it cannot be had.
    func append(_ data: Data) -> Bool {
        let needed = count + data.count
        if needed > capacity {
            var grown = capacity
            while grown < needed { grown = grown > limit / 2 ? limit : grown * 2 }
            guard let larger = realloc(block, grown) else { return false }
            block = larger
            capacity = grown
        }
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (block + count).copyMemory(from: base, byteCount: bytes.count) }
        }
        count = needed
        return true
    }

    /// The bytes so far.
    var data: Data { Data(bytes: block, count: count) }
}

private extension TransportError {
    /// Maps Foundation's errors to ours, dropping the failing URL (it holds the key).
    init(_ error: any Error, cancelled: Bool) {
        guard let urlError = error as? URLError else {
            self = cancelled ? .cancelled : .other(String(describing: type(of: error)))
            return
        }
        // libcurl's own text, e.g. "OpenSSL/3.0: error:0A00010B:SSL routines::wrong version number".
        let detail = (urlError as NSError).localizedDescription
        switch urlError.code {
        case .cannotConnectToHost: self = .connectionRefused
        case .cannotFindHost, .dnsLookupFailed: self = .hostNotFound
        case .unknown where detail.contains("wrong version number"): self = .notTLS
        // libcurl: "Error while processing content unencoding: …" for a body that is not what its
        // Content-Encoding says; the answer arrived, it just cannot be read.
        case .unknown where detail.contains("unencoding"): self = .badContentEncoding
        case .unknown where detail.contains("SSL") || detail.contains("TLS"): self = .insecureConnection
        // libcurl reports a reset as networkConnectionLost, an empty reply as badServerResponse,
        // and a body shorter than its Content-Length as unknown ("transfer closed with N bytes remaining").
        case .networkConnectionLost, .badServerResponse, .unknown: self = .connectionLost
        case .notConnectedToInternet: self = .connectionRefused
        case .timedOut: self = .timedOut
        case .cancelled: self = .cancelled
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            self = .insecureConnection
        // Addresses are checked before any request, so this comes from an answer libcurl could not
        // take for HTTP (no status line, a status of 2000…).
        case .unsupportedURL: self = .other("the answer was not HTTP")
        case .badURL: self = .other("URLSession cannot use this address")
        default: self = .other("URL error \(urlError.code.rawValue)")
        }
    }
}

#if canImport(FoundationNetworking)
/// swift-corelibs-foundation hands every delegate callback to `delegateQueue.addOperation(_:)` from
/// libcurl's callbacks, on the session's work queue, and never waits for it: against a fast endless
/// body, libcurl queues `Data` far faster than a real queue's delegate can count it (hundreds of
/// MiB to GiB), and the cut-off comes too late. Run here, each callback counts a piece as libcurl
/// reads it. So callbacks must stay short and never call the session or a task synchronously
/// (`cancel()`, `resume()` and the like wait for that same work queue).
///
/// `@unchecked Sendable` because `OperationQueue` is a class the compiler cannot check; this
/// subclass adds no stored property and runs each block at once on the caller's thread, so it
/// holds no state of its own to race on.
private final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
