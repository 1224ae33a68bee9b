@testable import BoxOfficeCore
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
/// Each connection carries one request and is closed after the reply. One thread per server runs
/// an event loop over its listening socket and all its connections (reading requests, writing
/// replies, timing delays and endless answers); the handler runs on `HandlerPool`'s long-lived
/// threads. No thread is started per connection: a machine busy starting threads can slow a
/// server, never leave a connection without one.
final class LoopbackServer: Sendable {
    private let core: LoopbackCore

    /// Whether it listens on ::1 rather than 127.0.0.1.
    let ipv6: Bool

    /// Starts listening at once; `handler` is called on one of `HandlerPool`'s threads for each
    /// request, and may block (a test's barrier) without holding up other connections.
    init(ipv6: Bool = false, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        self.ipv6 = ipv6
        core = try LoopbackCore(ipv6: ipv6, mode: .http(handler))
        core.start()
    }

    deinit { core.stop(waiting: false) }

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

    /// Closes the listening socket and all open connections, and waits for its loop to end;
    /// idempotent. Later connects are refused.
    func stop() { core.stop() }
}

/// A TCP server on 127.0.0.1 that answers every connection with fixed bytes as soon as the client
/// has sent anything, whatever it was (a TLS hello, say), then closes.
final class RawServer: Sendable {
    private let core: LoopbackCore

    var port: UInt16 { core.port }

    init(reply: Data) throws {
        core = try LoopbackCore(ipv6: false, mode: .raw(reply))
        core.start()
    }

    deinit { core.stop(waiting: false) }
}

/// The handlers of every loopback server: long-lived threads, one more started only when a request
/// finds them all busy (a handler may block, waiting for the test's other requests), never one per
/// connection, and never ended.
enum HandlerPool {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        /// Threads not running a job and not yet promised one.
        var idle = 0
        var threads = 0
    }

    private static let state = Locked(State())
    /// Signalled once per job.
    private static let queued = DispatchSemaphore(value: 0)

    /// How many threads the pool has started so far.
    static var threadCount: Int { state.withLock { $0.threads } }

    /// The pool's state, for a stall's report.
    static var summary: String {
        state.withLock { "handler pool: \($0.threads) thread(s) started, \($0.idle) idle and unpromised, \($0.jobs.count) job(s) queued" }
    }

    static func run(_ job: @escaping @Sendable () -> Void) {
        let start = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard state.idle == 0 else {
                state.idle -= 1
                return false
            }
            state.threads += 1
            return true
        }
        if start {
            let thread = Thread { work() }
            thread.name = "loopback handler"
            thread.start()
        }
        queued.signal()
    }

    private static func work() {
        while true {
            queued.wait()
            let job = state.withLock { $0.jobs.removeFirst() }
            job()
            state.withLock { $0.idle += 1 }
        }
    }
}

/// The server's sockets and shared state, kept alive by its loop's thread.
final class LoopbackCore: Sendable {
    enum Mode {
        /// HTTP/1.1: one request a connection, answered by the handler.
        case http(@Sendable (LoopbackRequest) -> LoopbackReply)
        /// These bytes to whatever the client sends first.
        case raw(Data)
    }

    struct State {
        var stopped = false
        var requests: [LoopbackRequest] = []
        /// When each request had fully arrived.
        var arrivals: [ContinuousClock.Instant] = []
        /// Requests being answered now, and the most there ever were at once.
        var inFlight = 0
        var mostInFlight = 0
        /// Each connection's way through the server, in order of acceptance, for a stall's report.
        var connections: [Passage] = []
        /// Replies the handlers have given, by connection number, for the loop to perform.
        var replies: [(connection: Int, reply: LoopbackReply)] = []
    }

    /// One connection's way through the server: when it was accepted, its request read whole, its
    /// answer begun, and the connection closed.
    struct Passage {
        var accepted: ContinuousClock.Instant
        /// When the request's first bytes were read.
        var firstBytes: ContinuousClock.Instant?
        var read: ContinuousClock.Instant?
        /// When a handler thread took the request, and when the handler returned.
        var taken: ContinuousClock.Instant?
        var returned: ContinuousClock.Instant?
        /// The handler thread's kernel id.
        var handlerThread: Int32?
        /// When the loop took the handler's reply.
        var handled: ContinuousClock.Instant?
        var answering: ContinuousClock.Instant?
        var closed: ContinuousClock.Instant?
        var target: String?
        /// The program's port.
        var peer: UInt16?
        /// Whether its answer is endless.
        var endless = false
        /// Whether its answer waits on purpose.
        var delayed = false
    }

    let port: UInt16
    let state = Locked(State())
    let listener: Int32
    /// An eventfd that wakes the loop: a count for each reply a handler gives, and one from `stop()`.
    /// One descriptor, not a pipe's two: the test process holds every server's at once, and
    /// Foundation's Process.run reads past its buffer when the process has more than about 1,360
    /// descriptors open (Tests/README.md).
    let wakeDescriptor: Int32
    let loopDone = DispatchSemaphore(value: 0)
    let mode: Mode

    init(ipv6: Bool, mode: Mode) throws {
        self.mode = mode
        (listener, port) = try ipv6 ? openListenerIPv6() : openListener()
        wakeDescriptor = eventfd(0, O_CLOEXEC | O_NONBLOCK)
        guard wakeDescriptor >= 0 else {
            let code = errno
            close(listener)
            throw LoopbackServerError(call: "eventfd", code: code)
        }
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(wakeDescriptor)
    }

    /// What became of each connection so far: the counts, and every one not yet closed.
    func describe() -> String {
        let now = ContinuousClock.now
        func ago(_ instant: ContinuousClock.Instant) -> String {
            let duration = instant.duration(to: now)
            return String(format: "%.1f s ago", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        return state.withLock { state in
            let all = state.connections
            var lines = ["\(all.count) accepted, \(all.filter { $0.read != nil }.count) requests read whole, "
                + "\(all.filter { $0.handled != nil }.count) handled, \(all.filter { $0.answering != nil }.count) answers begun, "
                + "\(all.filter { $0.closed != nil }.count) closed" + (state.stopped ? ", stopped" : "")]
            lines.append("   " + HandlerPool.summary)
            for (index, passage) in all.enumerated() where passage.closed == nil {
                lines.append("   connection \(index + 1) from port \(passage.peer.map(String.init) ?? "?") accepted \(ago(passage.accepted)): "
                    + (passage.firstBytes.map { "first bytes \(ago($0)), " } ?? "no bytes, ")
                    + (passage.read.map { "request \(passage.target ?? "") read \(ago($0))" } ?? "request not read whole")
                    + (passage.taken.map { ", taken by handler thread \(passage.handlerThread ?? 0) \(ago($0))" } ?? ", not taken by a handler thread")
                    + (passage.returned.map { ", handler returned \(ago($0))" }
                        ?? passage.handlerThread.map { ", handler not returned (its thread: \(ThreadState.of($0)))" } ?? "")
                    + (passage.handled.map { ", reply taken by the loop \(ago($0))" } ?? ", reply not taken by the loop")
                    + (passage.answering.map { ", answer begun \(ago($0))" } ?? ", no answer begun"))
            }
            if let last = all.last {
                lines.append("   last connection accepted \(ago(last.accepted))")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The open connections (numbered from 1) that wait for the server: their request not read
    /// whole, or read and not answered (unless the answer waits on purpose), with since when.
    func waitingForRequests() -> [(number: Int, accepted: ContinuousClock.Instant)] {
        state.withLock { state in
            state.connections.enumerated().compactMap { index, passage in
                guard passage.closed == nil else { return nil }
                if passage.read == nil { return (index + 1, passage.accepted) }
                return passage.answering == nil && !passage.delayed ? (index + 1, passage.read ?? passage.accepted) : nil
            }
        }
    }

    /// The programs' ports of the open connections whose answer is endless, or waits on purpose
    /// (a program that gave up on it meanwhile leaves its closing unread until the wait ends).
    func peersWaitingOnPurpose() -> Set<UInt16> {
        state.withLock { state in
            Set(state.connections.filter { ($0.endless || ($0.delayed && $0.answering == nil)) && $0.closed == nil }.compactMap(\.peer))
        }
    }

    func start() {
        StallWatch.watch(port: port, describe: { [weak self] in self?.describe() ?? "(gone)" },
                         waitingForRequests: { [weak self] in self?.waitingForRequests() ?? [] },
                         endless: { [weak self] in self?.peersWaitingOnPurpose() ?? [] })
        let thread = Thread { [self] in
            var loop = EventLoop(core: self)
            loop.run()
            // Shut down before closing: a program being started at this moment holds a copy of
            // every descriptor until its exec, and would keep the socket listening that long.
            _ = shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
            loopDone.signal()
        }
        thread.name = "loopback server \(port)"
        thread.start()
    }

    /// Ends the loop; `waiting` until it has closed the listener (a test that stops a server to
    /// see connections refused), or not (a server let go: its loop closes it on its own, and a
    /// deinit on one of the tests' cooperative threads must not wait on another thread; Blocking).
    func stop(waiting: Bool = true) {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        StallWatch.unwatch(port: port)
        wake()
        if waiting { loopDone.wait() }
    }

    func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }
}

extension LoopbackServer {
    /// The name of the answer to `request` (`operation?name=value…`) from this server in a cache:
    /// answers are kept by the server they came from, and this is not KOBIS's.
    func cacheKey(_ request: String) -> String {
        baseURL.absoluteString + " " + request
    }

    /// The file of the answer to `request` from this server in the cache folder `cache` (its `answers/` inside).
    func cacheFile(_ request: String, in cache: URL) -> URL {
        URL(fileURLWithPath: AnswerCache(folder: cache).path(for: cacheKey(request)))
    }
}
