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
/// performs them with URLSession, so that Foundation's networking, ICU and libcurl (dozens of
/// shared libraries) are loaded only when a request really goes out, never for an answer from the
/// cache. The helper is started at the first request and serves every later one of the run,
/// several at once; it ends when this transport is released or the process exits.
package final class HelperTransport: PreparingTransport {
    private let connection: HelperConnection

    /// - Parameter helper: the helper's path; by default `boxoffice-http` beside the running program.
    package init(helper: String? = nil) {
        connection = HelperConnection(path: helper ?? Self.defaultHelperPath())
    }

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
        HelperProcesses.endAll(within: .seconds(2))
    }

    /// Kills every helper this process started, without waiting: for a process about to `_exit`.
    package static func killHelpers() {
        HelperProcesses.signalAll(SIGKILL)
    }

    /// Starts the helper if need be and waits for its hello (or its failure), so that a busy
    /// machine's slow start of the helper is never counted against a request's timeout.
    package func prepare() async throws {
        try await connection.ready()
    }

    /// `boxoffice-http` in the folder of the running executable (links resolved, as the kernel sees
    /// it), else in `../libexec/boxoffice/` from there, where the packages install it
    /// (`/usr/bin/boxoffice`, `/usr/libexec/boxoffice/boxoffice-http`). When neither is there, the
    /// path beside the program, which the message about a missing helper names.
    package static func defaultHelperPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let program = count > 0
            ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments.first ?? HelperMessage.helperName
        let folder = program.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let prefix = program.hasPrefix("/") || !folder.isEmpty ? folder + "/" : ""
        let beside = prefix + HelperMessage.helperName
        let packaged = prefix + "../libexec/boxoffice/" + HelperMessage.helperName
        return access(beside, F_OK) != 0 && access(packaged, F_OK) == 0 ? packaged : beside
    }
}

/// Why the helper could not serve a request: it is missing, cannot be started, stopped, or spoke
/// something other than our protocol. Never retried: it would fail the same way.
package struct NetworkHelperError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The helper's path.
    package let path: String
    /// What went wrong, as the end of a sentence starting "the network helper … ".
    package let problem: String

    package var description: String { "the network helper \(path) \(problem)" }
}

/// How a program that cannot be started because it is "Text file busy" is tried again: it is being
/// written (an install in progress), or a process started while it was being written still holds
/// it open for a moment. Worth waits of 5 ms growing to a quarter of a second, two seconds in all.
package enum TextFileBusy {
    /// The waits before each new try, in order: 5, 10, 20, 40, 80 and 160 ms, then 250 ms until
    /// they add up to two seconds.
    package static let waits: [Duration] = {
        var waits: [Duration] = [], wait = Duration.milliseconds(5), waited = Duration.zero
        while waited < .seconds(2) {
            waits.append(wait)
            waited += wait
            wait = min(wait * 2, .milliseconds(250))
        }
        return waits
    }()
}

/// The helpers this process started and has not yet reaped, each with its end of the socket
/// while that is open. Process-wide, because ending the program must end every helper, whichever
/// transport started it, and a helper that ignores the end of its input must not outlive us.
///
/// Each helper's reader is its only reaper, and reaps under this lock: so a helper is signalled
/// only while it is still our unreaped child, and its number can never belong to another process.
private enum HelperProcesses {
    private static let unreaped = Locked<[pid_t: Int32]>([:])

    static func add(_ process: pid_t, descriptor: Int32) {
        unreaped.withLock { $0[process] = descriptor }
    }

    /// Closes the socket under the lock, so that `endAll` never shuts down a reused descriptor.
    static func close(_ descriptor: Int32) {
        unreaped.withLock { helpers in
            for (process, open) in helpers where open == descriptor { helpers[process] = -1 }
            _ = Glibc.close(descriptor)
        }
    }

    /// Reaps `process` if it has ended; nil while it runs.
    static func reap(_ process: pid_t) -> Int32? {
        unreaped.withLock { helpers -> Int32? in
            var status: Int32 = 0
            let waited = waitpid(process, &status, WNOHANG)
            guard waited == process || (waited < 0 && errno != EINTR) else { return nil }
            helpers[process] = nil
            return waited == process ? status : -1
        }
    }

    /// Signals `process` and its process group (its children too), while it is unreaped.
    static func signal(_ process: pid_t, _ number: Int32) {
        unreaped.withLock { helpers in
            if helpers[process] != nil { _ = killpg(process, number) }
        }
    }

    static func signalAll(_ number: Int32) {
        unreaped.withLock { helpers in
            for process in helpers.keys { _ = killpg(process, number) }
        }
    }

    static func endAll(within limit: Duration) {
        let any = unreaped.withLock { helpers -> Bool in
            for descriptor in helpers.values where descriptor >= 0 { shutdown(descriptor, Int32(SHUT_RDWR)) }
            return !helpers.isEmpty
        }
        guard any else { return }
        // Each reader now sees the end, and escalates as it must; wait for them to reap.
        let started = ContinuousClock.now
        while unreaped.withLock({ !$0.isEmpty }), started.duration(to: .now) < limit {
            usleep(2_000)
        }
        signalAll(SIGKILL)
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
    /// A helper says hello within milliseconds; a machine busy enough (a sanitized build among
    /// many programs) has taken over 10 s to start one, so this is patient.
    static let startAllowance = 30.0
    private static let silentProblem = "did not answer: it sent no greeting after it started (a broken install, or a helper stuck in a system call)"

    let path: String
    private let state = Locked(State())
    /// Whole messages are written under this lock, so two requests never interleave their bytes.
    private let writing = Locked(())

    init(path: String) {
        self.path = path
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
                DispatchQueue.global().asyncAfter(deadline: .now() + Self.startAllowance) { self.stopWaiting(id) }
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

    /// Closes every descriptor from 3 up in the child: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34 and later), else a close for each descriptor open now.
    private static func closeInherited(_ actions: inout posix_spawn_file_actions_t) {
        if let closeFrom = addCloseFrom, closeFrom(&actions, 3) == 0 { return }
        for name in (try? OwnFiles.names(in: "/proc/self/fd")) ?? [] {
            if let descriptor = Int32(name), descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, where the C library has it.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let address = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(address, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }()

    /// Starts the helper with one end of a socket pair as its stdin and stdout, and says hello.
    private func launch() throws(NetworkHelperError) -> (Int32, pid_t) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw NetworkHelperError(path: path, problem: errno == ENOENT
                ? "is missing; boxoffice needs it beside itself to reach the network"
                : "cannot be used (\(OwnFiles.reason(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else {
            throw NetworkHelperError(path: path, problem: "is not an executable file")
        }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw NetworkHelperError(path: path, problem: "cannot be started (\(OwnFiles.reason(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        // The helper prints nothing of its own; whatever a crash would print stays off our stderr.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // And it holds nothing else of ours: a descriptor boxoffice was given without
        // close-on-exec (a parent's pipe, the socket by which a parent learns that boxoffice has
        // ended) would otherwise stay open as long as the helper runs, and whoever waits for its
        // end would wait for the helper's too.
        Self.closeInherited(&actions)
        // Its own process group: Ctrl-C in the terminal goes to boxoffice alone, which cancels what
        // is in flight and, by closing its end, ends the helper.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var process: pid_t = 0
        let arguments = [HelperMessage.helperName]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The environment goes along (proxies, CA certificates), but not the keys: they travel only
        // inside requests.
        var environment: [UnsafeMutablePointer<CChar>?] = []
        if var entry = Optional(environ) {
            while let variable = entry.pointee {
                let name = String(cString: variable).prefix { $0 != "=" }
                if !Self.keyVariables.contains(String(name)) { environment.append(strdup(variable)) }
                entry += 1
            }
        }
        environment.append(nil)
        defer { environment.forEach { free($0) } }
        var spawned = posix_spawn(&process, path, &actions, &attributes, &argv, &environment)
        var waits = TextFileBusy.waits.makeIterator()
        while spawned == ETXTBSY, let wait = waits.next() {
            usleep(useconds_t(wait / .microseconds(1)))
            spawned = posix_spawn(&process, path, &actions, &attributes, &argv, &environment)
        }
        Glibc.close(pair[1])
        guard spawned == 0 else {
            Glibc.close(pair[0])
            throw NetworkHelperError(path: path, problem: "cannot be started (\(OwnFiles.reason(spawned)))")
        }
        HelperProcesses.add(process, descriptor: pair[0])
        _ = OwnFiles.writeAll(HelperMessage.hello(version: HelperMessage.version).encoded(), to: pair[0], socket: true)
        return (pair[0], process)
    }

    /// The variables that hold keys, which the helper never gets.
    static let keyVariables: Set<String> = ["KOBIS_API_KEY", "KAKAO_REST_API_KEY", "OMDB_API_KEY"]

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
            let deadline = ContinuousClock.now + .seconds(HelperConnection.startAllowance)
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
            HelperProcesses.close(descriptor)
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
                if let status = HelperProcesses.reap(process) {
                    guard status >= 0, signalled == 0 else { return "stopped answering" }
                    let signal = status & 0x7f
                    if signal == 0 { return "stopped unexpectedly (exit status \((status >> 8) & 0xff))" }
                    return "stopped unexpectedly (killed by signal \(signal))"
                }
                if waited > .seconds(3) { break }
                if waited > .seconds(1) {
                    signalled = SIGKILL
                    HelperProcesses.signal(process, SIGKILL)
                } else if waited > .milliseconds(500), signalled == 0 {
                    signalled = SIGTERM
                    HelperProcesses.signal(process, SIGTERM)
                }
                usleep(pause)
                pause = min(pause * 2, 10_000)
            }
            return "stopped answering"
        }
    }
}
