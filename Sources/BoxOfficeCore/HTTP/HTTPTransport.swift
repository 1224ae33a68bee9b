#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A GET request as the client hands it to a transport.
public struct HTTPRequest: Sendable, Equatable {
    /// The full URL, API key included: never show it (`BoxOfficeClient.displayAddress` is the showable form).
    public var url: URL
    /// How long the whole request may take, in seconds.
    public var timeout: TimeInterval
    /// The largest body accepted; a longer one fails with `TransportError.tooLarge` as soon as it
    /// is known to be longer, so an endless answer never fills the memory.
    public var maximumBodyBytes: Int
    /// Extra request headers by name (e.g. `Authorization` for a poster provider); may hold a
    /// secret, so never shown either. Names and values never contain a line break.
    public var headers: [String: String]
    /// The KOBIS key this request goes with and counts against, for a middleware that gives keys
    /// (``KeyRotationMiddleware``) or counts calls (``QuotaCountMiddleware``): empty in a KOBIS
    /// request no key middleware has given a key yet, nil in a request that is not KOBIS's.
    public var quotaKey: String? = nil

    /// KOBIS's largest answers are well under a megabyte.
    public static let defaultMaximumBodyBytes = 16 << 20

    /// A GET request.
    public init(url: URL, timeout: TimeInterval, maximumBodyBytes: Int = HTTPRequest.defaultMaximumBodyBytes,
                headers: [String: String] = [:]) {
        self.url = url
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        // A line break in a header would start another header, or the body.
        self.headers = headers.filter { name, value in
            !(name + value).unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        }
    }
}

/// What a server answered.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Header values by lower-cased name.
    public var headers: [String: String]
    /// The body, as received.
    public var body: Data

    /// A response.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The one seam between the client and the network, shaped like swift-openapi-runtime's
/// `ClientTransport`: one request in, one answer out. A transport never follows redirects: it
/// returns the 3xx answer with its `location` header, and the client decides.
///
/// It deliberately speaks its own request and response types rather than `URLRequest`: on Linux
/// those live in FoundationNetworking, which loads libcurl and dozens of shared libraries. Keeping
/// them out of the seam lets answers that need no network (recordings, a cache) be served without
/// paying for that.
public protocol HTTPTransport: Sendable {
    /// Performs one request; throws `TransportError` when no HTTP answer arrived.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Why a request produced no HTTP answer at all: what an `HTTPTransport` throws. The client never
/// throws it to its callers; they find it inside ``BoxOfficeError/Unavailable/unreachable(_:host:attempts:)``.
public enum TransportError: Error, Sendable, Equatable {
    /// Nothing listens at the server's address.
    case connectionRefused
    /// The host name could not be resolved.
    case hostNotFound
    /// The connection dropped before the answer was complete.
    case connectionLost
    /// The answer did not arrive within the time allowed.
    case timedOut
    /// A TLS problem: the server's certificate or the secure connection failed.
    case insecureConnection
    /// An `https://` address reached a server that answered in plain text (it does not speak TLS).
    case notTLS
    /// The body is longer than the request allows.
    case tooLarge(limit: Int)
    /// The body is not what its `Content-Encoding` says (e.g. "gzip" over plain text).
    case badContentEncoding
    /// The request was cancelled (for example by Ctrl-C).
    case cancelled
    /// Any other failure, with the system's description (which never contains the URL).
    case other(String)
}
