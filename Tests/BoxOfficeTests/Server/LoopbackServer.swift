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
private final class LoopbackCore: Sendable {
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
    private let listener: Int32
    /// An eventfd that wakes the loop: a count for each reply a handler gives, and one from `stop()`.
    /// One descriptor, not a pipe's two: the test process holds every server's at once, and
    /// Foundation's Process.run reads past its buffer when the process has more than about 1,360
    /// descriptors open (Tests/README.md).
    private let wakeDescriptor: Int32
    private let loopDone = DispatchSemaphore(value: 0)
    private let mode: Mode

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

    fileprivate func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// One server's loop: its own connections, touched by its thread alone.
    private struct EventLoop {
        enum Phase {
            /// Reading the request (its head, then the body it declares, which is dropped).
            case reading
            /// The handler has the request.
            case handling
            /// A delayed reply, until `deadline`.
            case waiting(LoopbackReply)
            /// Writing `output`; then what comes after.
            case writing(then: AfterWriting)
            /// An endless answer between chunks (each framed already), until `deadline`.
            case pausing(framed: [UInt8], interval: Double)

            /// Whether the request was read whole (so it was counted in flight).
            var isHandledRequest: Bool {
                if case .reading = self { return false }
                return true
            }
        }

        enum AfterWriting {
            /// Shut the writing side, then close: a whole answer.
            case finish
            /// Close at once: a truncated answer, or a raw server's reply.
            case close
            /// The next chunk of an endless answer (framed already), at once or after a pause.
            case endless(framed: [UInt8], interval: Double)
        }

        struct Connection {
            let fd: Int32
            /// Its number in the passages, from 0.
            let number: Int
            var phase = Phase.reading
            var input: [UInt8] = []
            /// Where the head ends in `input`, once it has arrived.
            var headEnd: Int?
            var request: LoopbackRequest?
            var output: [UInt8] = []
            var written = 0
            var deadline: ContinuousClock.Instant?
            /// Whether the answer has begun (the request no longer counts as in flight).
            var answered = false
        }

        let core: LoopbackCore
        var connections: [Int: Connection] = [:]

        init(core: LoopbackCore) {
            self.core = core
        }

        mutating func run() {
            while !core.state.withLock({ $0.stopped }) {
                var fds = [pollfd(fd: core.listener, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: core.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
                var polled: [Int] = []
                for (number, connection) in connections {
                    let events: Int32
                    switch connection.phase {
                    case .reading: events = POLLIN
                    case .writing: events = POLLOUT
                    case .handling, .waiting, .pausing: continue
                    }
                    fds.append(pollfd(fd: connection.fd, events: Int16(events), revents: 0))
                    polled.append(number)
                }
                let result = poll(&fds, nfds_t(fds.count), timeout())
                guard result >= 0 || errno == EINTR else { break }
                if fds[1].revents != 0 { drainWake() }
                takeReplies()
                for (index, number) in polled.enumerated() where fds[index + 2].revents != 0 {
                    step(number)
                }
                fireDeadlines()
                if fds[0].revents != 0 { acceptAll() }
            }
            for number in Array(connections.keys) {
                _ = shutdown(connections[number]!.fd, Int32(SHUT_RDWR))
                finish(number)
            }
        }

        /// Milliseconds until the next deadline, or -1 for none.
        private func timeout() -> Int32 {
            guard let next = connections.values.compactMap(\.deadline).min() else { return -1 }
            let millis = ContinuousClock.now.duration(to: next) / .milliseconds(1)
            return Int32(max(0, min(millis.rounded(.up), 86_400_000)))
        }

        private func drainWake() {
            var buffer = [UInt8](repeating: 0, count: 256)
            while Glibc.read(core.wakeDescriptor, &buffer, buffer.count) > 0 {}
        }

        private mutating func acceptAll() {
            while true {
                let fd = accept4(core.listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
                guard fd >= 0 else { return }
                let peer = peerPort(fd)
                let number = core.state.withLock { state -> Int in
                    state.connections.append(Passage(accepted: .now, peer: peer))
                    return state.connections.count - 1
                }
                connections[number] = Connection(fd: fd, number: number)
            }
        }

        /// The replies the handlers have given since the last turn.
        private mutating func takeReplies() {
            let replies = core.state.withLock { state in
                defer { state.replies = [] }
                return state.replies
            }
            for (number, reply) in replies where connections[number] != nil {
                core.state.withLock { state in
                    state.connections[number].handled = .now
                    if case .endless = reply { state.connections[number].endless = true }
                    if case .delayed = reply { state.connections[number].delayed = true }
                }
                perform(reply, number)
            }
        }

        private mutating func fireDeadlines() {
            let now = ContinuousClock.now
            for (number, connection) in connections {
                guard let deadline = connection.deadline, deadline <= now else { continue }
                connections[number]?.deadline = nil
                switch connection.phase {
                case let .waiting(reply): perform(reply, number)
                case let .pausing(framed, interval): send(framed, then: .endless(framed: framed, interval: interval), number)
                default: break
                }
            }
        }

        /// The connection's socket is ready for what its phase waits for.
        private mutating func step(_ number: Int) {
            guard let connection = connections[number] else { return }
            switch connection.phase {
            case .reading: read(number)
            case .writing: write(number)
            default: break
            }
        }

        private mutating func read(_ number: Int) {
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = recv(connections[number]!.fd, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR || errno == EAGAIN { return }
            guard count > 0 else { return finish(number) }
            if case let .raw(reply) = core.mode {
                return send(Array(reply), then: .close, number)
            }
            if connections[number]!.input.isEmpty, connections[number]!.headEnd == nil {
                core.state.withLock { state in
                    if state.connections[number].firstBytes == nil { state.connections[number].firstBytes = .now }
                }
            }
            connections[number]!.input += chunk.prefix(count)
            let connection = connections[number]!
            if connection.headEnd == nil {
                let input = connection.input
                let searchFrom = max(0, input.count - count - 3)
                guard let end = input.indices.dropFirst(searchFrom).first(where: { input[$0...].starts(with: [13, 10, 13, 10]) }) else {
                    if input.count >= 64 * 1024 { finish(number) }
                    return
                }
                guard let request = parseHead(String(decoding: input[..<end], as: UTF8.self)) else { return finish(number) }
                let declared = Int(request.headers["content-length"] ?? "0") ?? -1
                guard (0...(1 << 20)).contains(declared) else { return finish(number) }
                connections[number]!.headEnd = end
                connections[number]!.request = request
            }
            guard let end = connections[number]!.headEnd, let request = connections[number]!.request else { return }
            let declared = Int(request.headers["content-length"] ?? "0") ?? 0
            guard connections[number]!.input.count - end - 4 >= declared else { return }
            connections[number]!.input = []
            connections[number]!.phase = .handling
            core.state.withLock { state in
                state.connections[number].read = .now
                state.connections[number].target = request.path
                state.requests.append(request)
                state.arrivals.append(ContinuousClock.now)
                state.inFlight += 1
                state.mostInFlight = max(state.mostInFlight, state.inFlight)
            }
            guard case let .http(handler) = core.mode else { return }
            let core = core
            HandlerPool.run {
                let thread = gettid()
                core.state.withLock { state in
                    state.connections[number].taken = .now
                    state.connections[number].handlerThread = thread
                }
                let reply = handler(request)
                core.state.withLock { state in
                    state.connections[number].returned = .now
                    state.replies.append((number, reply))
                }
                core.wake()
            }
        }

        private mutating func write(_ number: Int) {
            let connection = connections[number]!
            let sent = connection.output.withUnsafeBytes { bytes in
                Glibc.send(connection.fd, bytes.baseAddress! + connection.written, bytes.count - connection.written, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR || errno == EAGAIN { return }
            guard sent > 0 else { return finish(number) }
            connections[number]!.written += sent
            guard connections[number]!.written == connection.output.count, case let .writing(then) = connection.phase else { return }
            connections[number]!.output = []
            connections[number]!.written = 0
            switch then {
            case .finish:
                _ = shutdown(connection.fd, Int32(SHUT_WR))
                finish(number)
            case .close:
                finish(number)
            case let .endless(framed, interval):
                if interval > 0 {
                    connections[number]!.phase = .pausing(framed: framed, interval: interval)
                    connections[number]!.deadline = .now + .seconds(min(interval, 86_400))
                } else {
                    // The next chunk on the loop's next turn, not by recursion: a fast reader
                    // would take chunk after chunk here without end.
                    send(framed, then: then, number, now: false)
                }
            }
        }

        /// A request stops counting as in flight before the first byte of its reply is written: a
        /// client that starts its next request on this answer can never find it still counted.
        private mutating func answering(_ number: Int) {
            guard connections[number]?.answered == false else { return }
            connections[number]!.answered = true
            core.state.withLock { state in
                state.inFlight -= 1
                state.connections[number].answering = .now
            }
        }

        private mutating func perform(_ reply: LoopbackReply, _ number: Int) {
            switch reply {
            case let .respond(status, headers, body):
                answering(number)
                send(Array(replyHead(status: status, headers: headers, length: body.count) + body), then: .finish, number)
            case let .delayed(seconds, inner):
                connections[number]!.phase = .waiting(inner)
                connections[number]!.deadline = .now + .seconds(min(max(seconds, 0), 86_400))
            case let .truncated(status, body, bytes):
                answering(number)
                send(Array(replyHead(status: status, headers: [:], length: body.count) + body.prefix(max(0, bytes))), then: .close, number)
            case .close:
                finish(number)
            case let .endless(chunk, interval):
                answering(number)
                let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                // Framed once: every chunk is then the same bytes, sent without another copy.
                let framed = Array(String(chunk.count, radix: 16).utf8) + Array("\r\n".utf8) + Array(chunk) + Array("\r\n".utf8)
                send(Array(head.utf8), then: .endless(framed: framed, interval: interval), number)
            case .reset:
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(connections[number]!.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                finish(number)
            }
        }

        /// Writes `bytes` as the socket takes them, then does `then`.
        private mutating func send(_ bytes: [UInt8], then: AfterWriting, _ number: Int, now: Bool = true) {
            connections[number]!.output = bytes
            connections[number]!.written = 0
            connections[number]!.phase = .writing(then: then)
            // Most answers fit the socket's buffer: written now, without a turn of the loop.
            if now { write(number) }
        }

        /// Closes the connection; a request never answered stops counting as in flight.
        private mutating func finish(_ number: Int) {
            guard let connection = connections.removeValue(forKey: number) else { return }
            close(connection.fd)
            core.state.withLock { state in
                if connection.phase.isHandledRequest, !connection.answered { state.inFlight -= 1 }
                state.connections[number].closed = .now
            }
        }
    }
}

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
private func accept4(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?, _ flags: Int32) -> Int32
@_silgen_name("gettid")
private func gettid() -> Int32
@_silgen_name("eventfd")
private func eventfd(_ initial: UInt32, _ flags: Int32) -> Int32

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

/// The port of a connection's other end.
private func peerPort(_ fd: Int32) -> UInt16? {
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
