import BoxOfficeCore
import CBoxOfficeCurl
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

/// The network helper's transport: each request a libcurl transfer on a thread of its own,
/// waiting for the network in poll(2), so a server that takes its time costs no CPU.
///
/// Foundation's `URLSession` on Linux (swift-corelibs-foundation) drives libcurl through
/// dispatch sources, and once libcurl has sent a request and only waits to read, it keeps the
/// socket's write source, which fires without end while the socket stays writable: a request
/// answered after three seconds took three seconds of CPU. The library's `URLSessionTransport`
/// (an app's choice) keeps URLSession; boxoffice's own helper does not.
///
/// Like `URLSessionTransport`: a body longer than the request's limit is cut off as it arrives,
/// a redirect is given back rather than followed, nothing is kept on disk, and a failure is one of
/// `TransportError`'s without the address (which holds the key). Idle handles are kept for
/// their open connections, as URLSession keeps its sessions.
struct CurlTransport: HTTPTransport {
    private let handles = Handles(keeping: 8)
    /// The certificate authorities to trust instead of the system's, as OpenSSL's programs take
    /// them: `SSL_CERT_FILE` (a bundle) and `SSL_CERT_DIR` (a folder); nil for the system's.
    private let authorities: (file: String?, folder: String?)

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        authorities = (environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }, environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Starts libcurl for the process: once, before the first request.
    static func start() -> Bool {
        boxoffice_curl_start() == 0
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let transfer = Transfer(limit: request.maximumBodyBytes) else { throw TransportError.other("out of memory") }
        let (handles, authorities) = (handles, authorities)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                // A thread of its own: a transfer blocks it until the answer is in.
                DispatchQueue(label: "boxoffice.http.transfer").async {
                    guard let handle = handles.take() else {
                        continuation.resume(throwing: TransportError.other("libcurl could not start a transfer"))
                        return
                    }
                    let result = transfer.perform(request, on: handle, authorities: authorities)
                    handles.keep(handle)
                    continuation.resume(with: result)
                }
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

/// libcurl's handles between transfers, at most `keeping` of them (more requests at a time get
/// handles of their own, closed after).
private final class Handles: Sendable {
    private let keeping: Int
    /// The idle handles' addresses (libcurl's `CURL *`, used by one transfer at a time).
    private let idle = Locked<[UInt]>([])

    init(keeping: Int) {
        self.keeping = keeping
    }

    deinit {
        for address in idle.withLock({ $0 }) { boxoffice_curl_handle_free(UnsafeMutableRawPointer(bitPattern: address)) }
    }

    func take() -> UnsafeMutableRawPointer? {
        if let address = idle.withLock({ $0.popLast() }) { return UnsafeMutableRawPointer(bitPattern: address) }
        return boxoffice_curl_handle()
    }

    func keep(_ handle: UnsafeMutableRawPointer) {
        let kept = idle.withLock { idle in
            guard idle.count < keeping else { return false }
            idle.append(UInt(bitPattern: handle))
            return true
        }
        if !kept { boxoffice_curl_handle_free(handle) }
    }
}

/// One transfer's state in libcurl's hands; cancelled from any thread.
private final class Transfer: Sendable {
    /// `boxoffice_transfer *`, owned here and freed with this.
    private let address: UInt
    private let limit: Int

    init?(limit: Int) {
        guard let pointer = boxoffice_transfer_new(max(0, limit)) else { return nil }
        address = UInt(bitPattern: pointer)
        self.limit = limit
    }

    deinit {
        boxoffice_transfer_free(pointer)
    }

    private var pointer: OpaquePointer { OpaquePointer(bitPattern: address)! }

    func cancel() {
        boxoffice_transfer_cancel(pointer)
    }

    /// The GET of `request` on `handle`, to its end: the answer, or why there is none.
    func perform(_ request: HTTPRequest, on handle: UnsafeMutableRawPointer, authorities: (file: String?, folder: String?)) -> Result<HTTPResponse, any Error> {
        var lines = ["Accept: application/json"]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "accept" { lines.append("\(name): \(value)") }
        if let value = request.headers.first(where: { $0.key.lowercased() == "accept" })?.value { lines[0] = "Accept: \(value)" }
        // A backstop a second past the request's own time, which the client keeps by cancelling.
        let timeout = Int(min(max(1, (request.timeout + 1) * 1000), Double(Int32.max)))
        let code = withCStrings(lines) { headers in
            boxoffice_transfer_perform(pointer, handle, request.url.absoluteString, headers.baseAddress, headers.count, timeout, authorities.file, authorities.folder)
        }
        if boxoffice_transfer_cancelled(pointer) != 0 { return .failure(TransportError.cancelled) }
        if boxoffice_transfer_too_large(pointer) != 0 { return .failure(TransportError.tooLarge(limit: limit)) }
        guard code == 0 else { return .failure(failure(code)) }
        var length = 0
        let body = boxoffice_transfer_body(pointer, &length).map { Data(bytes: $0, count: length) } ?? Data()
        return .success(HTTPResponse(status: boxoffice_transfer_status(pointer), headers: headers(), body: body))
    }

    /// The answer's headers by lower-case name (a repeated one keeps its last value).
    private func headers() -> [String: String] {
        var length = 0
        guard let bytes = boxoffice_transfer_headers(pointer, &length) else { return [:] }
        let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        var headers: [String: String] = [:]
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].trimmingBlanks().lowercased()] = line[line.index(after: colon)...].trimmingBlanks()
        }
        return headers
    }

    /// libcurl's result as ours (never with the address, which holds the key).
    private func failure(_ code: Int32) -> TransportError {
        let detail = String(cString: boxoffice_transfer_error(pointer))
        switch code {
        case 7 where boxoffice_transfer_os_errno(pointer) == Int(ETIMEDOUT): return .timedOut
        case 7: return .connectionRefused
        case 5, 6: return .hostNotFound
        case 28: return .timedOut
        case 35 where detail.contains("wrong version number") || detail.contains("packet length too long"): return .notTLS
        case 77: return .other("the trusted certificates (SSL_CERT_FILE, SSL_CERT_DIR or the system's) cannot be read")
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 80, 82, 83, 90, 91, 98: return .insecureConnection
        case 61: return .badContentEncoding
        case 42: return .cancelled
        // An empty reply, a reset, a body shorter than its Content-Length, an HTTP/2 stream or
        // connection that failed.
        case 16, 18, 52, 55, 56, 92: return .connectionLost
        case 23, 27: return .other("out of memory")
        case 1, 8: return .other("the answer was not HTTP")
        case 3: return .other("libcurl cannot use this address")
        default: return .other("libcurl error \(code)")
        }
    }
}

/// Calls `body` with `strings` as C strings (NUL-terminated, valid only during the call).
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } }
    return pointers.withUnsafeBufferPointer(body)
}
