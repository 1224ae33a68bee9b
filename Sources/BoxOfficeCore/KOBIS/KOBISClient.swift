import Foundation

/// Talks to a KOBIS server: adds the server root and the key to endpoints, and decodes answers.
public struct KOBISClient: Sendable {
    /// KOBIS's own server.
    public static let defaultBaseURL = "https://www.kobis.or.kr"

    private let transport: any HTTPTransport
    private let baseURL: URL
    private let key: String
    private let timeout: TimeInterval
    private let log: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `https://www.kobis.or.kr`.
    ///   - log: receives one line per request event, the key always shown as `***`.
    public init(transport: any HTTPTransport, baseURL: URL, key: String, timeout: TimeInterval = 15,
                log: (@Sendable (String) -> Void)? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.key = key
        self.timeout = timeout
        self.log = log
    }

    /// Performs the call and decodes its answer.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let request = HTTPRequest(url: url(for: endpoint), timeout: timeout)
        log?("GET \(displayAddress(for: endpoint))")
        let started = ContinuousClock.now
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let failure as TransportError {
            log?("failed after \(Self.milliseconds(since: started)) ms: \(failure)")
            throw KOBISError.unreachable(failure, attempts: 1)
        }
        log?("HTTP \(response.status), \(response.body.count) bytes, \(Self.milliseconds(since: started)) ms")
        guard (200..<300).contains(response.status) else {
            throw KOBISError.httpStatus(response.status, attempts: 1)
        }
        return try AnswerDecoder.decode(Response.self, from: response.body)
    }

    /// The URL of a call, key included.
    public func url<Response>(for endpoint: Endpoint<Response>) -> URL {
        // Every part is percent-encoded, so the text is always a valid URL.
        URL(string: Self.address(baseURL, endpoint, encodedKey: Self.encode(key))) ?? baseURL
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
            text += "&" + parameter.name + "=" + encode(parameter.value)
        }
        return text
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// Percent-encodes everything but RFC 3986's unreserved characters (so `+`, `&` and Hangul are safe).
    private static func encode(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
