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

/// The network as `boxoffice` sees it: requests go to the helper program `boxoffice-http`, which
/// performs them with libcurl (waiting in poll, at no CPU), so that libcurl and its TLS and
/// compression libraries are loaded only when a request really goes out, never for an answer from
/// the cache. The helper is started at the first request and serves every later one of the run,
/// several at once; it ends when this transport is released or the process exits.
package final class HelperTransport: PreparingTransport {
    private let connection: HelperConnection

    /// - Parameter helper: the helper's path; by default `boxoffice-http` beside the running program.
    /// - Parameter startAllowance: the longest wait, in seconds, for the helper's hello before it
    ///   is taken for stuck and named (``defaultStartAllowance``).
    package init(helper: String? = nil, startAllowance: Double = HelperTransport.defaultStartAllowance) {
        connection = HelperConnection(path: helper ?? Self.defaultHelperPath(), startAllowance: startAllowance)
    }

    /// A helper says hello within milliseconds; one that has not within 10 s is named.
    package static let defaultStartAllowance = 10.0

    deinit {
        connection.close()
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await connection.send(request)
    }

    /// Ends every helper this process started: their input is closed, and one that has not
    /// exited soon after is sent SIGTERM, then SIGKILL (with its process group). Waits at most
    /// about two seconds, and not at all when no helper was started (an answer from the cache).
    package static func endHelpers() {
        StartedProcesses.helpers.endAll(within: .seconds(2))
    }

    /// Kills every helper this process started, without waiting: for a process about to `_exit`.
    package static func killHelpers() {
        StartedProcesses.helpers.signalAll(SIGKILL)
    }

    /// Starts the helper if need be and waits for its hello (or its failure), so that a busy
    /// machine's slow start of the helper is never counted against a request's timeout.
    package func prepare() async throws {
        try await connection.ready()
    }

    /// The running program's file as the kernel sees it (links resolved); nil where
    /// `/proc/self/exe` cannot be read (not Linux).
    package static var runningProgram: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// `boxoffice-http` in the folder of the running executable (links resolved, as the kernel sees
    /// it), else in `../libexec/boxoffice/` from there, where the packages install it
    /// (`/usr/bin/boxoffice`, `/usr/libexec/boxoffice/boxoffice-http`). When neither is there, the
    /// path beside the program, which the message about a missing helper names.
    package static func defaultHelperPath() -> String {
        let program = runningProgram ?? CommandLine.arguments.first ?? HelperMessage.helperName
        let folder = program.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let prefix = program.hasPrefix("/") || !folder.isEmpty ? folder + "/" : ""
        let beside = prefix + HelperMessage.helperName
        let packaged = prefix + "../libexec/boxoffice/" + HelperMessage.helperName
        return access(beside, F_OK) != 0 && access(packaged, F_OK) == 0 ? packaged : beside
    }
}

/// One helper process and the requests in flight to it.
private final class HelperConnection: Sendable {
    private enum Phase {
        case notStarted
        case running(descriptor: Int32, process: pid_t)
        case failed(NetworkHelperError)
    }

    private struct State {
        var phase = Phase.notStarted
        var nextID = 1
        var waiting: [Int: CheckedContinuation<HTTPResponse, any Error>] = [:]
        /// Whether the helper has said hello.
        var greeted = false
        /// Who waits for the hello, by a number of their own.
        var greeting: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 1

        var failure: NetworkHelperError? {
            if case let .failed(error) = phase { return error }
            return nil
        }
    }

    /// The longest wait for a helper's hello. Requests wait for it before their timeouts start;
    /// a helper that has not said hello by then is taken for stuck or foreign, named, and ended.
    /// (The tests, whose sanitized programs start slowly, give more: `BOXOFFICE_HELPER_WAIT`.)
    let startAllowance: Double
    private static let silentProblem = "did not answer: it sent no greeting after it started (a broken install, or a helper stuck in a system call)"

    let path: String
    private let state = Locked(State())
    /// Whole messages are written under this lock, so two requests never interleave their bytes.
    private let writing = Locked(())

    init(path: String, startAllowance: Double) {
        self.path = path
        self.startAllowance = startAllowance
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        // The helper refuses a header line this long, so it is refused here, with the reason.
        guard HelperMessage.request(id: 0, request).encoded().count <= HelperMessage.maximumHeaderBytes else {
            throw TransportError.other("the request's address is longer than \(NumberFormat.bytes(HelperMessage.maximumHeaderBytes))")
        }
        let (id, descriptor) = try start()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let failure: (any Error)? = state.withLock { state in
                    if case let .failed(error) = state.phase { return error }
                    if Task.isCancelled { return TransportError.cancelled }
                    state.waiting[id] = continuation
                    return nil
                }
                if let failure { return continuation.resume(throwing: failure) }
                // A helper that has gone away cannot take it; the reader then says how it ended.
                _ = write(.request(id: id, request), to: descriptor)
            }
        } onCancel: {
            let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
            guard let continuation else { return }
            continuation.resume(throwing: TransportError.cancelled)
            _ = write(.cancel(id: id), to: descriptor)
        }
    }

    /// Returns once the helper has said hello or failed (throwing its failure), it is cancelled, or
    /// the start allowance has passed.
    func ready() async throws {
        let id = try state.withLock { (state) throws(NetworkHelperError) -> Int in
            _ = try running(&state)
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waits = state.withLock { state in
                    guard !state.greeted, state.failure == nil, !Task.isCancelled else { return false }
                    state.greeting[id] = continuation
                    return true
                }
                guard waits else { return continuation.resume() }
                DispatchQueue.global().asyncAfter(deadline: .now() + startAllowance) { self.stopWaiting(id) }
            }
        } onCancel: {
            stopWaiting(id)
        }
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }

    private func stopWaiting(_ id: Int) {
        state.withLock { $0.greeting.removeValue(forKey: id) }?.resume()
    }

    /// Everyone waiting for the hello goes on.
    private func releaseGreeting() {
        let waiting = state.withLock { state in
            defer { state.greeting = [:] }
            return Array(state.greeting.values)
        }
        waiting.forEach { $0.resume() }
    }

    /// The id for a new request, starting the helper first if need be.
    private func start() throws(NetworkHelperError) -> (Int, Int32) {
        try state.withLock { (state) throws(NetworkHelperError) -> (Int, Int32) in
            let descriptor = try running(&state)
            defer { state.nextID += 1 }
            return (state.nextID, descriptor)
        }
    }

    /// The helper's end of the conversation, starting the helper first if need be.
    private func running(_ state: inout State) throws(NetworkHelperError) -> Int32 {
        switch state.phase {
        case let .running(descriptor, _):
            return descriptor
        case let .failed(error):
            throw error
        case .notStarted:
            do throws(NetworkHelperError) {
                let (descriptor, process) = try launch()
                state.phase = .running(descriptor: descriptor, process: process)
                let reader = Reader(connection: self, descriptor: descriptor, process: process)
                DispatchQueue(label: "boxoffice.helper-reader").async { reader.run() }
                return descriptor
            } catch {
                state.phase = .failed(error)
                throw error
            }
        }
    }

    /// Starts the helper with one end of a socket pair as its stdin and stdout, and says hello.
    private func launch() throws(NetworkHelperError) -> (Int32, pid_t) {
        try HelperLaunch.start(path)
    }

    /// Writes one whole message; false when the helper cannot take it.
    private func write(_ message: HelperMessage, to descriptor: Int32) -> Bool {
        writing.withLock { _ in OwnFiles.writeAll(message.encoded(), to: descriptor, socket: true) == 0 }
    }

    /// Hands a message from the helper to the request waiting for it.
    fileprivate func deliver(_ message: HelperMessage) -> Bool {
        switch message {
        case let .response(id, response):
            state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: response)
        case let .failure(id, failure):
            state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(throwing: failure)
        case let .hello(version) where version != HelperMessage.version:
            fail(problem: "speaks version \(version) of the helper protocol, and this boxoffice speaks version \(HelperMessage.version); install the two files from the same build")
            return false
        case .hello:
            state.withLock { $0.greeted = true }
            releaseGreeting()
        case .request, .cancel:
            fail(problem: "sent a message only boxoffice sends")
            return false
        }
        return true
    }

    /// Fails every request in flight and every later one.
    fileprivate func fail(problem: String) {
        let error = NetworkHelperError(path: path, problem: problem)
        let waiting = state.withLock { state -> [CheckedContinuation<HTTPResponse, any Error>] in
            if case .failed = state.phase {} else { state.phase = .failed(error) }
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        waiting.forEach { $0.resume(throwing: error) }
        releaseGreeting()
    }

    /// Ends the conversation: the helper sees the end of its input and exits; the reader reaps it.
    func close() {
        state.withLock { state in
            if case let .running(descriptor, _) = state.phase { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Reads the helper's messages until it stops, then reaps it and says why it stopped.
    private struct Reader: Sendable {
        let connection: HelperConnection
        let descriptor: Int32
        let process: pid_t

        func run() {
            var reader = HelperMessageReader()
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            var greeted = false
            let deadline = ContinuousClock.now + .seconds(connection.startAllowance)
            reading: while true {
                if !greeted {
                    // Until the hello, wait no longer than the limit: a helper that never speaks
                    // is named as the helper, and ended.
                    let left = ContinuousClock.now.duration(to: deadline)
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    let polled = left > .zero ? poll(&ready, 1, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)) : 0
                    if polled < 0, errno == EINTR { continue }
                    if polled == 0 {
                        connection.fail(problem: HelperConnection.silentProblem)
                        break reading
                    }
                }
                let count = recv(descriptor, &chunk, chunk.count, 0)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                reader.append(chunk[..<count])
                do {
                    while let message = try reader.next() {
                        if !greeted, case .hello = message {} else if !greeted {
                            connection.fail(problem: "does not speak the helper protocol (it sent no hello)")
                            break reading
                        }
                        greeted = true
                        guard connection.deliver(message) else { break reading }
                    }
                } catch {
                    connection.fail(problem: "sent \(error.description)")
                    break
                }
            }
            shutdown(descriptor, Int32(SHUT_RDWR))
            connection.fail(problem: Self.ending(of: process))
            StartedProcesses.helpers.close(descriptor)
        }

        /// How the helper ended. It has just seen the end of its input, which ends a working
        /// helper at once; one that is still there after half a second is sent SIGTERM, and after
        /// another half SIGKILL, with its process group.
        private static func ending(of process: pid_t) -> String {
            // A working helper ends within a few milliseconds of the end of its input: look soon,
            // then less often (1, 2, 4, 8, then every 10 ms), so the end of a run waits no longer
            // than the helper takes.
            let started = ContinuousClock.now
            var pause: UInt32 = 1_000
            var signalled: Int32 = 0
            while true {
                let waited = started.duration(to: .now)
                if let status = StartedProcesses.helpers.reap(process) {
                    guard status >= 0, signalled == 0 else { return "stopped answering" }
                    let signal = status & 0x7f
                    if signal == 0 { return "stopped unexpectedly (exit status \((status >> 8) & 0xff))" }
                    return "stopped unexpectedly (killed by signal \(signal))"
                }
                if waited > .seconds(3) { break }
                if waited > .seconds(1) {
                    signalled = SIGKILL
                    StartedProcesses.helpers.signal(process, SIGKILL)
                } else if waited > .milliseconds(500), signalled == 0 {
                    signalled = SIGTERM
                    StartedProcesses.helpers.signal(process, SIGTERM)
                }
                usleep(pause)
                pause = min(pause * 2, 10_000)
            }
            return "stopped answering"
        }
    }
}
