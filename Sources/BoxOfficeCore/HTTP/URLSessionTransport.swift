import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: Foundation's `URLSession`.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport whose session allows `connectionsPerHost` parallel connections
    /// (URLSession on Linux allows 6 unless told otherwise).
    public init(connectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        // On Linux URLSession cuts timeouts down to whole seconds (0.5 s fails at once), so its own
        // limit is only a backstop; KOBISClient enforces the real one by cancelling.
        var urlRequest = URLRequest(url: request.url, timeoutInterval: max(1, request.timeout.rounded(.up) + 1))
        urlRequest.httpMethod = "GET"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let box = TaskBox()
        // The completion-handler API, rather than async `data(for:)`, so that cancelling the Swift
        // task (Ctrl-C, our timeout) really cancels the transfer underneath.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: TransportError(error))
                    } else if let http = response as? HTTPURLResponse {
                        var headers: [String: String] = [:]
                        for case let (name as String, value as String) in http.allHeaderFields {
                            headers[name.lowercased()] = value
                        }
                        continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
                    } else {
                        continuation.resume(throwing: TransportError.other("the answer was not HTTP"))
                    }
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }
}

/// Holds the task so that a cancellation arriving before or after it starts is never lost.
private final class TaskBox: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        cancelled ? task.cancel() : task.resume()
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }?.cancel()
    }
}

private extension TransportError {
    /// Maps Foundation's errors to ours, dropping the failing URL (it holds the key).
    init(_ error: any Error) {
        guard let urlError = error as? URLError else {
            self = .other(String(describing: type(of: error)))
            return
        }
        switch urlError.code {
        case .cannotConnectToHost: self = .connectionRefused
        case .cannotFindHost, .dnsLookupFailed: self = .hostNotFound
        // libcurl reports a reset as networkConnectionLost, an empty reply as badServerResponse,
        // and a body shorter than its Content-Length as unknown ("transfer closed with N bytes remaining").
        case .networkConnectionLost, .badServerResponse, .unknown: self = .connectionLost
        case .notConnectedToInternet: self = .connectionRefused
        case .timedOut: self = .timedOut
        case .cancelled: self = .cancelled
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            self = .insecureConnection
        default: self = .other("URL error \(urlError.code.rawValue)")
        }
    }
}
