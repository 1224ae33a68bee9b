import BoxOfficeCore
import Dispatch
import Foundation
import Glibc

extension LoopbackCore {
    /// One server's loop: its own connections, touched by its thread alone.
    struct EventLoop {
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
