import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: Foundation's `URLSession`.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport whose session allows `connectionsPerHost` parallel connections.
    public init(connectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = "GET"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw TransportError(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.other("the answer was not HTTP")
        }
        return HTTPResponse(status: http.statusCode, body: data)
    }
}

private extension TransportError {
    /// Maps Foundation's errors to ours, dropping the failing URL (it holds the key).
    init(_ error: any Error) {
        if error is CancellationError {
            self = .cancelled
            return
        }
        guard let urlError = error as? URLError else {
            self = .other(String(describing: type(of: error)))
            return
        }
        switch urlError.code {
        case .cannotConnectToHost: self = .connectionRefused
        case .cannotFindHost, .dnsLookupFailed: self = .hostNotFound
        case .networkConnectionLost, .notConnectedToInternet: self = .connectionLost
        case .timedOut: self = .timedOut
        case .cancelled: self = .cancelled
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            self = .insecureConnection
        default: self = .other("URL error \(urlError.code.rawValue)")
        }
    }
}
