import BoxOfficeCore
import Dispatch
import Foundation
import Glibc

/// A thread of the test process as the kernel sees it: its state, wait channel and system call.
enum ThreadState {
    static func of(_ thread: Int32) -> String {
        func read(_ name: String) -> String {
            ((try? String(contentsOfFile: "/proc/self/task/\(thread)/\(name)", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let stat = read("stat")
        let state = stat.lastIndex(of: ")").map { stat[stat.index($0, offsetBy: 2)...].prefix(1) } ?? "?"
        return "state \(state), wchan \(read("wchan")), syscall \(read("syscall").split(separator: " ").first ?? "?")"
    }
}

// glibc's accept4 and eventfd, which Swift's Glibc module leaves out (they need _GNU_SOURCE): a
// descriptor made close-on-exec only after it exists could be inherited by a program the tests
// start at that moment, and hold a connection (or the wake descriptor) open as long as that program runs.
@_silgen_name("accept4")
func accept4(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?, _ flags: Int32) -> Int32
@_silgen_name("gettid")
func gettid() -> Int32
@_silgen_name("eventfd")
func eventfd(_ initial: UInt32, _ flags: Int32) -> Int32

/// Opens a listening TCP socket on 127.0.0.1 with a kernel-chosen port.
func openListener() throws -> (fd: Int32, port: UInt16) {
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
func openListenerIPv6() throws -> (fd: Int32, port: UInt16) {
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

/// The port of a connection's other end.
func peerPort(_ fd: Int32) -> UInt16? {
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let found = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) == 0 }
    }
    guard found else { return nil }
    switch Int32(address.ss_family) {
    case AF_INET: return withUnsafeBytes(of: address) { UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self)) }
    case AF_INET6: return withUnsafeBytes(of: address) { UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self)) }
    default: return nil
    }
}

/// Parses a request line and headers; nil if the request line is malformed.
func parseHead(_ head: String) -> LoopbackRequest? {
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

func decodeQueryPart(_ part: Substring) -> String {
    let spaced = part.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
}

/// The status line and headers of a reply, ending with the blank line.
func replyHead(status: Int, headers: [String: String], length: Int) -> Data {
    let reserved: Set<String> = ["content-length", "connection"]
    var lines = ["HTTP/1.1 \(status) \(reasonPhrase(status))"]
    lines += headers.filter { !reserved.contains($0.key.lowercased()) }
        .sorted { $0.key < $1.key }
        .map { "\($0.key): \($0.value)" }
    lines += ["Content-Length: \(length)", "Connection: close", "", ""]
    return Data(lines.joined(separator: "\r\n").utf8)
}

func reasonPhrase(_ status: Int) -> String {
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
