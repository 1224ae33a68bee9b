import BoxOfficeCore
import BoxOfficeStorage
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 client for plain `http://` addresses whose host is an IPv6 literal
/// (`http://[::1]:8080`), answered in process without the helper. (It came first for a reason since
/// gone: the helper used URLSession, which refuses such addresses, swift-corelibs-foundation #5496.)
///
/// One GET per connection (`Connection: close`); bodies by length, chunked or until close, never
/// longer than the request allows; redirects returned, not followed. the client enforces the
/// timeout by cancelling, which shuts the socket down.
package struct PlainHTTPTransport: HTTPTransport {
    package init() {}

    /// Whether `url` needs this transport: plain HTTP to an IPv6 literal.
    package static func isNeeded(for url: URL) -> Bool {
        url.scheme?.lowercased() == "http" && (url.host ?? "").contains(":")
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let connection = PlainConnection()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { try connection.perform(request) })
                }
            }
        } onCancel: {
            connection.cancel()
        }
    }
}

/// One connection; `cancel` from any thread wakes a blocked connect, send or receive.
private final class PlainConnection: Sendable {
    private let state = Locked<(descriptor: Int32, cancelled: Bool)>((-1, false))

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if state.descriptor >= 0 { shutdown(state.descriptor, Int32(SHUT_RDWR)) }
        }
    }

    func perform(_ request: HTTPRequest) throws -> HTTPResponse {
        let url = request.url
        guard let host = url.host?.trimming({ $0 == "[" || $0 == "]" }) else { throw TransportError.hostNotFound }
        let port = url.port ?? 80
        let descriptor = try connect(host: host, port: port)
        defer {
            state.withLock { $0.descriptor = -1 }
            close(descriptor)
        }
        let target = Self.target(of: url)
        let authority = host.contains(":") ? "[\(host)]" : host
        let head = "GET \(target) HTTP/1.1\r\nHost: \(authority)\(url.port.map { ":\($0)" } ?? "")\r\n"
            + "Accept: application/json\r\nUser-Agent: boxoffice\r\nConnection: close\r\n"
            + request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n"
        try sendAll(descriptor, Array(head.utf8))
        return try receive(descriptor, limit: request.maximumBodyBytes)
    }

    /// The request-target as written in the URL: path and query, percent-encoding kept.
    private static func target(of url: URL) -> String {
        let text = url.absoluteString
        guard let schemeEnd = text.firstRange(of: "://") else { return "/" }
        let afterAuthority = text[schemeEnd.upperBound...].drop { $0 != "/" && $0 != "?" }
        let target = afterAuthority.prefix { $0 != "#" }
        return target.isEmpty ? "/" : target.hasPrefix("?") ? "/" + target : String(target)
    }

    private func connect(host: String, port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { throw TransportError.hostNotFound }
        defer { freeaddrinfo(list) }
        var failure = TransportError.connectionRefused
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            let cancelled = state.withLock { state in
                state.descriptor = descriptor
                return state.cancelled
            }
            if cancelled {
                close(descriptor)
                throw TransportError.cancelled
            }
            if Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
            failure = errno == ECONNREFUSED ? .connectionRefused : errno == ETIMEDOUT ? .timedOut : .other("connect: \(OwnFiles.reason(errno))")
            state.withLock { $0.descriptor = -1 }
            close(descriptor)
        }
        throw state.withLock { $0.cancelled } ? TransportError.cancelled : failure
    }

    private func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) throws {
        guard OwnFiles.writeAll(bytes, to: descriptor, socket: true) == 0 else { throw lost() }
    }

    /// Cancelled when we shut the socket down, else the peer went away.
    private func lost() -> TransportError {
        state.withLock { $0.cancelled } ? .cancelled : .connectionLost
    }

    private func receive(_ descriptor: Int32, limit: Int) throws -> HTTPResponse {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var head: (status: Int, headers: [String: String], end: Int)?
        // Bytes after the head may carry chunk framing, so allow a little over the body limit.
        let rawLimit = limit + limit / 8 + 64 * 1024
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw lost() }
            if count == 0 { break }
            buffer += chunk[0..<count]
            if head == nil, let parsed = try Self.parseHead(&buffer) {
                head = parsed
                if let length = try Self.contentLength(parsed.headers), length > limit { throw TransportError.tooLarge(limit: limit) }
            }
            if head == nil, buffer.count > 64 * 1024 { throw TransportError.other("the answer's head is longer than 64 KiB") }
            if let head, buffer.count - head.end > rawLimit { throw TransportError.tooLarge(limit: limit) }
            if let head, let length = try Self.contentLength(head.headers), buffer.count - head.end >= length { break }
            if let head, head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true,
               buffer.count - head.end >= 5, buffer[(buffer.count - 5)...].elementsEqual([0x30, 13, 10, 13, 10]) { break }
        }
        if state.withLock({ $0.cancelled }) { throw TransportError.cancelled }
        guard let head else { throw TransportError.connectionLost }
        var body = Array(buffer[head.end...])
        if head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = try Self.dechunk(body)
        } else if let length = try Self.contentLength(head.headers) {
            guard body.count >= length else { throw TransportError.connectionLost }
            body = Array(body.prefix(length))
        }
        guard body.count <= limit else { throw TransportError.tooLarge(limit: limit) }
        return HTTPResponse(status: head.status, headers: head.headers, body: Data(body))
    }

    /// The declared body length: nil when none is given; an error when it is not one non-negative number.
    private static func contentLength(_ headers: [String: String]) throws -> Int? {
        guard let text = headers["content-length"] else { return nil }
        guard let length = Int(text), length >= 0 else { throw TransportError.other("the server sent an invalid Content-Length") }
        return length
    }

    /// The status and headers of the final answer, and where its body starts; nil until its blank
    /// line has arrived. Interim 1xx heads are dropped from `buffer`.
    private static func parseHead(_ buffer: inout [UInt8]) throws -> (status: Int, headers: [String: String], end: Int)? {
        while true {
            guard let head = try parseOneHead(buffer) else { return nil }
            guard (100..<200).contains(head.status) else { return head }
            buffer.removeFirst(head.end)
        }
    }

    private static func parseOneHead(_ buffer: [UInt8]) throws -> (status: Int, headers: [String: String], end: Int)? {
        guard let end = buffer.indices.dropLast(3).first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10 }) else {
            return nil
        }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...999).contains(status) else {
            throw TransportError.other("the server did not answer in HTTP/1.1")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingBlanks().lowercased()
            let value = line[line.index(after: colon)...].trimmingBlanks()
            // Two different lengths cannot both be right.
            if name == "content-length", let earlier = headers[name], earlier != value {
                throw TransportError.other("the server sent two different Content-Length values")
            }
            headers[name] = value
        }
        return (status, headers, end + 4)
    }

    /// Decodes a chunked body; a body that ends before its last chunk is a lost connection.
    private static func dechunk(_ raw: [UInt8]) throws -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = raw.indices.dropFirst(index).dropLast().first(where: { raw[$0] == 13 && raw[$0 + 1] == 10 }) else {
                throw TransportError.connectionLost
            }
            let sizeText = String(decoding: raw[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingBlanks(), radix: 16), size >= 0 else {
                throw TransportError.other("the server's chunked body is malformed")
            }
            index = lineEnd + 2
            if size == 0 { return body }
            // Compared by subtraction: a size near Int.max must not overflow.
            guard raw.count - index - 2 >= size else { throw TransportError.connectionLost }
            body += raw[index..<(index + size)]
            index += size + 2
        }
    }
}
