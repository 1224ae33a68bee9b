import BoxOfficeCore
import Dispatch
import Foundation
import Glibc

/// One request as the server saw it.
struct LoopbackRequest: Sendable {
    /// The method, e.g. "GET".
    var method: String
    /// The percent-decoded path, without the query.
    var path: String
    /// Percent-decoded query items ('+' decodes to a space); the last one wins on duplicates.
    var query: [String: String]
    /// The raw request-target as sent, e.g. "/a/b.json?key=x".
    var target: String
    /// Header values keyed by lower-cased name; repeated headers are joined with ", ".
    var headers: [String: String]
}

/// What the server does with one request.
enum LoopbackReply: Sendable {
    /// A normal answer; the server always adds Content-Length and `Connection: close` (replacing any given).
    case respond(status: Int, headers: [String: String] = [:], body: Data)
    /// Waits this many seconds without blocking other connections, then performs the inner reply.
    /// The wait ends early, with the connection closed, when the server stops.
    indirect case delayed(seconds: Double, then: LoopbackReply)
    /// Sends the head with the full Content-Length but only the first `bytes` bytes of the body, then closes.
    case truncated(status: Int, body: Data, bytes: Int)
    /// Closes the connection without writing anything.
    case close
    /// Aborts the connection with a TCP reset without writing anything.
    case reset
    /// Sends a 200 head with chunked encoding, then `chunk` every `interval` seconds, for ever:
    /// until the client goes away or the server stops.
    case endless(chunk: Data, interval: Double)
}

extension LoopbackReply {
    /// A JSON answer with `Content-Type: application/json; charset=utf-8`.
    static func json(_ text: String, status: Int = 200) -> LoopbackReply {
        .respond(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(text.utf8))
    }

    /// An HTML answer with `Content-Type: text/html; charset=utf-8`.
    static func html(_ text: String, status: Int) -> LoopbackReply {
        .respond(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(text.utf8))
    }
}

/// Handler helper: fails the first `n` requests with `failure`, then answers with `then(request)`.
func failingFirst(
    _ n: Int,
    with failure: LoopbackReply,
    then: @escaping @Sendable (LoopbackRequest) -> LoopbackReply
) -> @Sendable (LoopbackRequest) -> LoopbackReply {
    let seen = Locked(0)
    return { request in
        let index = seen.withLock { count in
            defer { count += 1 }
            return count
        }
        return index < n ? failure : then(request)
    }
}

/// A socket call that failed while starting the server.
struct LoopbackServerError: Error, CustomStringConvertible {
    /// The failing call, e.g. "bind".
    var call: String
    /// The `errno` it left.
    var code: Int32

    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// A loopback HTTP/1.1 server for tests, bound to 127.0.0.1 on a port chosen by the kernel.
///
/// Each connection carries one request, is served on its own thread and is closed after the reply.
final class LoopbackServer: Sendable {
    private let core: LoopbackCore

    /// Whether it listens on ::1 rather than 127.0.0.1.
    let ipv6: Bool

    /// Starts listening at once; `handler` is called on a connection's thread for each request.
    init(ipv6: Bool = false, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        self.ipv6 = ipv6
        core = try LoopbackCore(ipv6: ipv6, handler: handler)
        core.start()
    }

    deinit { core.stop() }

    /// The port the kernel chose.
    var port: UInt16 { core.port }
    /// `http://127.0.0.1:<port>`, or `http://[::1]:<port>`.
    var baseURL: URL { URL(string: ipv6 ? "http://[::1]:\(core.port)" : "http://127.0.0.1:\(core.port)")! }
    /// How many requests have been fully received so far.
    var requestCount: Int { core.state.withLock { $0.requests.count } }
    /// The requests fully received so far, in arrival order.
    var requests: [LoopbackRequest] { core.state.withLock { $0.requests } }
    /// When the first request arrived: a client's timing measured from here leaves out its start-up,
    /// which takes seconds on a busy machine.
    var firstArrival: ContinuousClock.Instant? { core.state.withLock { $0.arrivals.first } }

    /// When each request arrived, in order.
    var arrivals: [ContinuousClock.Instant] { core.state.withLock { $0.arrivals } }

    /// The most requests the server was answering at once: received whole, their reply not yet begun.
    var mostInFlight: Int { core.state.withLock { $0.mostInFlight } }

    /// Closes the listening socket and all open connections; idempotent. Later connects are refused.
    func stop() { core.stop() }
}

/// The server's sockets and shared state, kept alive by the threads that use them.
private final class LoopbackCore: Sendable {
    struct State {
        var stopped = false
        var connections: Set<Int32> = []
        var requests: [LoopbackRequest] = []
        /// When each request had fully arrived.
        var arrivals: [ContinuousClock.Instant] = []
        /// Requests being answered now, and the most there ever were at once.
        var inFlight = 0
        var mostInFlight = 0
    }

    let port: UInt16
    let state = Locked(State())
    private let listener: Int32
    /// A pipe whose write end `stop()` closes, so the read end wakes every `poll` that watches it.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let acceptLoopDone = DispatchGroup()
    private let handler: @Sendable (LoopbackRequest) -> LoopbackReply

    init(ipv6: Bool, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        self.handler = handler
        (listener, port) = try ipv6 ? openListenerIPv6() : openListener()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            close(listener)
            throw LoopbackServerError(call: "pipe", code: code)
        }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
    }

    deinit { close(wakeRead) }

    func start() {
        acceptLoopDone.enter()
        Thread { [self] in
            acceptLoop()
            close(listener)
            acceptLoopDone.leave()
        }.start()
    }

    func stop() {
        let first = state.withLock { state in
            guard !state.stopped else { return false }
            state.stopped = true
            state.connections.forEach { _ = shutdown($0, Int32(SHUT_RDWR)) }
            return true
        }
        if first { close(wakeWrite) }
        acceptLoopDone.wait()
    }

    private func acceptLoop() {
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                _ = pause(0.01)
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let admitted = state.withLock { state in
                state.stopped ? false : state.connections.insert(fd).inserted
            }
            guard admitted else {
                close(fd)
                continue
            }
            Thread { [self] in serve(fd) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            state.withLock { _ = $0.connections.remove(fd) }
            close(fd)
        }
        guard let request = readRequest(fd) else { return }
        state.withLock { state in
            state.requests.append(request)
            state.arrivals.append(ContinuousClock.now)
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
        }
        // A request stops counting as in flight before the first byte of its reply is written: a
        // client that starts its next request on this answer can never find it still counted.
        var answered = false
        func answering() {
            if !answered { state.withLock { $0.inFlight -= 1 } }
            answered = true
        }
        perform(handler(request), on: fd, answering: answering)
        answering()
    }

    private func perform(_ reply: LoopbackReply, on fd: Int32, answering: () -> Void) {
        switch reply {
        case let .respond(status, headers, body):
            answering()
            _ = sendAll(fd, replyHead(status: status, headers: headers, length: body.count) + body)
            _ = shutdown(fd, Int32(SHUT_WR))
        case let .delayed(seconds, inner):
            if pause(seconds) { perform(inner, on: fd, answering: answering) }
        case let .truncated(status, body, bytes):
            answering()
            _ = sendAll(fd, replyHead(status: status, headers: [:], length: body.count) + body.prefix(max(0, bytes)))
        case .close:
            break
        case let .endless(chunk, interval):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            answering()
            guard sendAll(fd, Data(head.utf8)) else { return }
            let framed = Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8)
            while sendAll(fd, framed), interval <= 0 || pause(interval) {
                if interval <= 0, state.withLock({ $0.stopped }) { return }
            }
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
    }

    /// Sleeps up to `seconds`; returns false as soon as the server stops.
    private func pause(_ seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .seconds(min(max(seconds, 0), 86_400))
        while true {
            let millis = ContinuousClock.now.duration(to: deadline) / .milliseconds(1)
            guard millis > 0 else { return !state.withLock { $0.stopped } }
            var wake = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            if poll(&wake, 1, Int32(millis.rounded(.up))) > 0 { return false }
        }
    }

    /// Reads one request head (and discards any body); nil if it is malformed or the client leaves.
    private func readRequest(_ fd: Int32) -> LoopbackRequest? {
        var buffer: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            guard buffer.count < 64 * 1024, let chunk = receive(fd) else { return nil }
            let searchFrom = max(0, buffer.count - 3)
            buffer += chunk
            headEnd = buffer.indices.dropFirst(searchFrom).first { buffer[$0...].starts(with: [13, 10, 13, 10]) }
        }
        guard let end = headEnd, let request = parseHead(String(decoding: buffer[..<end], as: UTF8.self)) else {
            return nil
        }
        let declared = Int(request.headers["content-length"] ?? "0") ?? -1
        guard (0...(1 << 20)).contains(declared) else { return nil }
        var missing = declared - (buffer.count - end - 4)
        while missing > 0 {
            guard let chunk = receive(fd) else { return nil }
            missing -= chunk.count
        }
        return request
    }
}

/// Opens a listening TCP socket on 127.0.0.1 with a kernel-chosen port.
private func openListener() throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw LoopbackServerError(call: "socket", code: errno) }
    func fail(_ call: String) -> LoopbackServerError {
        let error = LoopbackServerError(call: call, code: errno)
        close(fd)
        return error
    }
    var one: Int32 = 1
    guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
        throw fail("setsockopt")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
            bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
        }
    }
    guard bound else { throw fail("bind") }
    guard listen(fd, 128) == 0 else { throw fail("listen") }
    return (fd, UInt16(bigEndian: address.sin_port))
}

/// Opens a listening TCP socket on ::1 with a kernel-chosen port.
private func openListenerIPv6() throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw LoopbackServerError(call: "socket", code: errno) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
            bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
        }
    }
    guard bound, listen(fd, 128) == 0 else {
        let error = LoopbackServerError(call: "bind", code: errno)
        close(fd)
        throw error
    }
    return (fd, UInt16(bigEndian: address.sin6_port))
}

/// One `recv`, retried on EINTR; nil at end of stream or on error.
private func receive(_ fd: Int32) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = recv(fd, &chunk, chunk.count, 0)
        if count > 0 { return Array(chunk.prefix(count)) }
        if count == 0 || errno != EINTR { return nil }
    }
}

/// Writes all of `data`, without raising SIGPIPE; false if the peer went away.
private func sendAll(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let sent = send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}

/// Parses a request line and headers; nil if the request line is malformed.
private func parseHead(_ head: String) -> LoopbackRequest? {
    let lines = head.components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count == 3, parts[2].hasPrefix("HTTP/"), !parts[1].isEmpty else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
    let target = String(parts[1])
    let rawPath = target.prefix { $0 != "?" }
    var query: [String: String] = [:]
    for item in target.dropFirst(rawPath.count + 1).split(separator: "&") {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[decodeQueryPart(pair[0])] = pair.count > 1 ? decodeQueryPart(pair[1]) : ""
    }
    return LoopbackRequest(
        method: String(parts[0]),
        path: rawPath.removingPercentEncoding ?? String(rawPath),
        query: query,
        target: target,
        headers: headers
    )
}

private func decodeQueryPart(_ part: Substring) -> String {
    let spaced = part.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
}

/// The status line and headers of a reply, ending with the blank line.
private func replyHead(status: Int, headers: [String: String], length: Int) -> Data {
    let reserved: Set<String> = ["content-length", "connection"]
    var lines = ["HTTP/1.1 \(status) \(reasonPhrase(status))"]
    lines += headers.filter { !reserved.contains($0.key.lowercased()) }
        .sorted { $0.key < $1.key }
        .map { "\($0.key): \($0.value)" }
    lines += ["Content-Length: \(length)", "Connection: close", "", ""]
    return Data(lines.joined(separator: "\r\n").utf8)
}

private func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Unknown"
    }
}

/// A TCP server on 127.0.0.1 that answers every connection with fixed bytes as soon as the client
/// has sent anything, whatever it was (a TLS hello, say), then closes.
final class RawServer: Sendable {
    private let listener: Int32
    let port: UInt16
    private let reply: Data

    init(reply: Data) throws {
        (listener, port) = try openListener()
        self.reply = reply
        Thread { [listener, reply] in
            while true {
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = recv(fd, &buffer, buffer.count, 0)
                _ = sendAll(fd, reply)
                close(fd)
            }
        }.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
