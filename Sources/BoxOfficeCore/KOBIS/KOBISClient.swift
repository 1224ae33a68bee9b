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
    private let log: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `https://www.kobis.or.kr`.
    ///   - timeout: seconds allowed for each try of a request, from start to the last byte.
    ///   - log: receives one line per request event, the key always shown as `***`.
    public init(transport: any HTTPTransport, baseURL: URL, key: String, timeout: TimeInterval = 15,
                retry: RetryPolicy = RetryPolicy(), log: (@Sendable (String) -> Void)? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.key = key
        self.timeout = timeout
        self.retry = retry
        self.log = log
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
