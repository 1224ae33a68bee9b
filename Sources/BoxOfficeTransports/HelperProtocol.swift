import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The conversation between `boxoffice` and its network helper, `boxoffice-http`, over a socket
/// pair that is the helper's standard input and output.
///
/// Each message is one line of JSON (the header); a response's header is followed by exactly
/// `bodyBytes` bytes of body. Both sides first send `{"type":"hello","version":N}`; a side that
/// receives another version stops, so an old helper beside a new `boxoffice` is a clear error,
/// never a misunderstanding. Then `boxoffice` sends requests, each with its own id, and may send
/// more before the first is answered; the helper answers each with a response or a failure, in
/// whatever order they complete, and drops a request when told to cancel it.
///
///     → {"type":"hello","version":1}
///     ← {"type":"hello","version":1}
///     → {"type":"request","id":1,"url":"https://…","timeout":10,"limit":16777216}
///     → {"type":"cancel","id":1}
///     ← {"type":"response","id":2,"status":200,"headers":{"content-type":"…"},"bodyBytes":1234}…body…
///     ← {"type":"failure","id":1,"failure":"cancelled"}
package enum HelperMessage: Sendable, Equatable {
    case hello(version: Int)
    case request(id: Int, HTTPRequest)
    case cancel(id: Int)
    case response(id: Int, HTTPResponse)
    case failure(id: Int, TransportError)

    /// The version this build speaks.
    package static let version = 1
    /// The helper's file name; it is installed beside `boxoffice`.
    package static let helperName = "boxoffice-http"
    /// A header line longer than this is not ours (the longest real one is a URL of a few hundred bytes).
    static let maximumHeaderBytes = 64 << 10
    /// No body is longer than the largest a request may allow.
    package static let maximumBodyBytes = HTTPRequest.defaultMaximumBodyBytes

    /// The message as it travels: a header line, then the body of a response.
    package func encoded() -> Data {
        var header = Header(type: "")
        var body: Data?
        switch self {
        case let .hello(version):
            header.type = "hello"
            header.version = version
        case let .request(id, request):
            header = Header(type: "request", id: id)
            header.url = request.url.absoluteString
            header.timeout = request.timeout.isFinite ? request.timeout : nil
            header.limit = min(request.maximumBodyBytes, Self.maximumBodyBytes)
            header.headers = request.headers.isEmpty ? nil : request.headers
        case let .cancel(id):
            header = Header(type: "cancel", id: id)
        case let .response(id, response):
            header = Header(type: "response", id: id)
            header.status = response.status
            header.headers = response.headers
            header.bodyBytes = response.body.count
            body = response.body
        case let .failure(id, failure):
            header = Header(type: "failure", id: id)
            (header.failure, header.limit, header.detail) = failure.wireForm
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A header of strings and numbers always encodes; JSON escapes any newline inside a string.
        var data = (try? encoder.encode(header)) ?? Data("{}".utf8)
        data.append(UInt8(ascii: "\n"))
        if let body { data.append(body) }
        return data
    }

    /// The header as JSON: every field optional, so one shape serves every message.
    struct Header: Codable {
        var type: String
        var id: Int?
        var version: Int?
        var url: String?
        var timeout: Double?
        var limit: Int?
        var status: Int?
        var headers: [String: String]?
        var bodyBytes: Int?
        var failure: String?
        var detail: String?
    }
}

/// A message that breaks the protocol: the other side is not (this version of) ours.
package struct HelperProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Takes bytes as they arrive and hands back whole messages.
package struct HelperMessageReader: Sendable {
    private var buffer = Data()
    /// Where the unread part of `buffer` begins; the read part is dropped now and then, not byte by byte.
    private var start = 0
    /// A header read whose body has not fully arrived.
    private var pending: (id: Int, header: HelperMessage.Header, bodyBytes: Int)?

    package init() {}

    /// Adds bytes read from the other side.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start == buffer.count || start > 1 << 20 {
            buffer.removeSubrange(buffer.startIndex..<buffer.startIndex + start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received but not yet part of a whole message.
    package var unreadBytes: Int { buffer.count - start }

    /// The next whole message, or nil until more bytes arrive.
    package mutating func next() throws(HelperProtocolError) -> HelperMessage? {
        if let waiting = pending {
            guard unreadBytes >= waiting.bodyBytes else { return nil }
            let from = buffer.startIndex + start
            let body = Data(buffer[from..<from + waiting.bodyBytes])
            start += waiting.bodyBytes
            pending = nil
            return .response(id: waiting.id, HTTPResponse(status: waiting.header.status ?? 0, headers: waiting.header.headers ?? [:], body: body))
        }
        let from = buffer.startIndex + start
        guard let newline = buffer[from...].firstIndex(of: UInt8(ascii: "\n")) else {
            if unreadBytes > HelperMessage.maximumHeaderBytes {
                throw HelperProtocolError("a message header longer than \(NumberFormat.bytes(HelperMessage.maximumHeaderBytes))")
            }
            return nil
        }
        let line = buffer[from..<newline]
        start = newline - buffer.startIndex + 1
        guard line.count <= HelperMessage.maximumHeaderBytes else {
            throw HelperProtocolError("a message header longer than \(NumberFormat.bytes(HelperMessage.maximumHeaderBytes))")
        }
        guard let header = try? JSONDecoder().decode(HelperMessage.Header.self, from: Data(line)) else {
            throw HelperProtocolError("a message that is not a JSON header")
        }
        return try message(header)
    }

    private mutating func message(_ header: HelperMessage.Header) throws(HelperProtocolError) -> HelperMessage? {
        if header.type == "hello" {
            guard let version = header.version else { throw HelperProtocolError("a hello without a version") }
            return .hello(version: version)
        }
        guard let id = header.id else { throw HelperProtocolError("a \(header.type) message without an id") }
        switch header.type {
        case "request":
            guard let text = header.url, let url = URL(string: text) else { throw HelperProtocolError("a request without a URL") }
            let limit = min(max(header.limit ?? HelperMessage.maximumBodyBytes, 0), HelperMessage.maximumBodyBytes)
            return .request(id: id, HTTPRequest(url: url, timeout: header.timeout ?? 30, maximumBodyBytes: limit,
                                                headers: header.headers ?? [:]))
        case "cancel":
            return .cancel(id: id)
        case "failure":
            guard let failure = TransportError(wireForm: header.failure, limit: header.limit, detail: header.detail) else {
                throw HelperProtocolError("a failure of an unknown kind")
            }
            return .failure(id: id, failure)
        case "response":
            guard let status = header.status, (100...999).contains(status) else { throw HelperProtocolError("a response without a status") }
            guard let bodyBytes = header.bodyBytes, (0...HelperMessage.maximumBodyBytes).contains(bodyBytes) else {
                throw HelperProtocolError("a response body whose length is missing, negative or over \(NumberFormat.bytes(HelperMessage.maximumBodyBytes))")
            }
            pending = (id, header, bodyBytes)
            return try next()
        default:
            throw HelperProtocolError("a message of an unknown type")
        }
    }
}

extension TransportError {
    /// The failure's name, limit and detail as the protocol carries them.
    var wireForm: (String, Int?, String?) {
        switch self {
        case .connectionRefused: ("connectionRefused", nil, nil)
        case .hostNotFound: ("hostNotFound", nil, nil)
        case .connectionLost: ("connectionLost", nil, nil)
        case .timedOut: ("timedOut", nil, nil)
        case .insecureConnection: ("insecureConnection", nil, nil)
        case .notTLS: ("notTLS", nil, nil)
        case let .tooLarge(limit): ("tooLarge", limit, nil)
        case .badContentEncoding: ("badContentEncoding", nil, nil)
        case .cancelled: ("cancelled", nil, nil)
        case let .other(detail): ("other", nil, detail)
        }
    }

    init?(wireForm name: String?, limit: Int?, detail: String?) {
        switch name {
        case "connectionRefused": self = .connectionRefused
        case "hostNotFound": self = .hostNotFound
        case "connectionLost": self = .connectionLost
        case "timedOut": self = .timedOut
        case "insecureConnection": self = .insecureConnection
        case "notTLS": self = .notTLS
        case "tooLarge": self = .tooLarge(limit: limit ?? HelperMessage.maximumBodyBytes)
        case "badContentEncoding": self = .badContentEncoding
        case "cancelled": self = .cancelled
        case "other": self = .other(detail ?? "no detail")
        default: return nil
        }
    }
}
