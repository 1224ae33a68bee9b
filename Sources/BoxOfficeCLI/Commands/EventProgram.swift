import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeTransports
import CBoxOfficeSystem
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The program `watch --exec` runs for each event, as part of the run: started directly (never
/// through a shell, so nothing from a server is ever read as a command), the event's JSON on its
/// standard input, each field in a `BOXOFFICE_EVENT_*` variable, the keys not in its environment,
/// nothing else of ours open in it. It gets the default handling of every signal, in a process
/// group of its own; it is ended (SIGTERM to its group, SIGKILL after ``grace``) when it runs past
/// its time limit or boxoffice is interrupted. What it prints is given back to be shown with its
/// control characters neutralised. Waiting for it holds a thread of its own, asleep, never one
/// of the pool.
struct EventProgram: Sendable {
    /// The program (found on PATH when it has no slash) and its arguments.
    let words: [String]
    /// The environment it runs in, before the event's variables.
    let environment: [String: String]
    /// How long it may run (`--exec-timeout`).
    let timeLimit: Duration

    /// The most of a program's output kept for showing.
    static let outputLimit = 1 << 20
    /// Between asking a program to end (SIGTERM) and ending it (SIGKILL).
    static let grace: Duration = .seconds(2)
    /// The programs running now, which boxoffice ends at once (SIGKILL to each group) when it must
    /// end before they could be stopped gently: a second Ctrl-C, or work that ignores the first.
    static let running = StartedProcesses()

    /// How a program's run for an event ended.
    enum Outcome: Equatable, Sendable {
        /// It exited 0.
        case succeeded
        /// It failed (`why`: "exited with 3", "was stopped by signal 9", "ran past --exec-timeout 60 s"):
        /// its event is kept, and the next events are given to it.
        case failed(String)
        /// It could not be started at all: no event can be delivered now.
        case cannotStart(String)
        /// boxoffice was interrupted while it ran, and it was ended.
        case interrupted
    }

    /// Runs the program for `event`: how it ended, and what it printed (standard output and error
    /// together), safe for a terminal.
    func run(_ event: ToldEvent) async -> (outcome: Outcome, output: String) {
        let json = ToldEvent.dated.json(event)
        // One line, as `while read` in a shell expects.
        let input = Array((json.serialized(pretty: false).trimmingBlanksAndNewlines() + "\n").utf8)
        // Interrupted between two events: the next program is not started only to be stopped.
        if Task.isCancelled { return (.interrupted, "") }
        let child: Child
        switch start(event: json) {
        case let .success(started): child = started
        case let .failure(failure): return (.cannotStart("\(MessageText.quote(words[0])) cannot be started (\(OwnFiles.reason(failure.code)))"), "")
        }
        let (ended, printed) = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<(Child.Ending, [UInt8]), Never>) in
                DispatchQueue(label: "boxoffice.exec").async {
                    continuation.resume(returning: child.supervise(input: input, timeLimit: timeLimit))
                }
            }
        } onCancel: {
            child.interrupt()
        }
        // Line by line: its lines stay lines, with any control character in them neutralised.
        let text = String(decoding: printed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { String($0).printable }.joined(separator: "\n")
        let named = MessageText.quote(words.joined(separator: " "))
        switch ended {
        case .interrupted: return (.interrupted, text)
        case .timedOut: return (.failed("\(named) ran past --exec-timeout \(Self.seconds(timeLimit)) s and was stopped"), text)
        case let .exited(status) where status == 0: return (.succeeded, text)
        case let .exited(status): return (.failed("\(named) exited with \(status)"), text)
        case let .signalled(signal): return (.failed("\(named) was stopped by signal \(signal)"), text)
        case .unknown: return (.failed("\(named) ended, but how could not be learned"), text)
        }
    }

    /// `60`, `0.5`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds)" }
        return String(Double(seconds) + Double(attoseconds) / 1e18)
    }

    struct SpawnFailure: Error {
        let code: Int32
    }

    /// The program started with `event` in its variables, its input and output pipes and the
    /// supervisor's wake pipe made, in a process group of its own.
    private func start(event: JSONValue) -> Result<Child, SpawnFailure> {
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard Self.pipe(&ends) else {
                let code = errno
                pipes.joined().forEach { close($0) }
                return .failure(SpawnFailure(code: code))
            }
            pipes.append(ends)
        }
        let (input, output, wake) = (pipes[0], pipes[1], pipes[2])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, output[1], 2)
        HelperLaunch.closeInherited(&actions)
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup(Self.withoutNUL($0)) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables: [UnsafeMutablePointer<CChar>?] = Self.variables(environment, event: event).map { strdup($0) } + [nil]
        defer { variables.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Every signal at its default: boxoffice ignores SIGPIPE, SIGINT and SIGTERM (it handles
        // them itself), and a program must not inherit "ignored".
        var every = sigset_t()
        sigfillset(&every)
        posix_spawnattr_setsigdefault(&attributes, &every)
        // No signal blocked (the thread that starts it may block some): it can be stopped.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // A process group of its own, which boxoffice ends as a whole: what the program starts
        // goes too. Ctrl-C in the terminal reaches boxoffice, which ends the group.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        var process: pid_t = 0
        let spawned = posix_spawnp(&process, words[0], &actions, &attributes, &argv, &variables)
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            [input[1], output[0], wake[0], wake[1]].forEach { close($0) }
            return .failure(SpawnFailure(code: spawned))
        }
        return .success(Child(process: process, input: input[1], output: output[0], wake: (wake[0], wake[1])))
    }

    /// The variables a program is never given: the keys, and a review's password.
    static let secretVariables = HelperLaunch.keyVariables.union(["BOXOFFICE_REVIEW_PASSWORD"])

    /// The environment less the keys, the password and any event variables, then the event's: each field as
    /// `BOXOFFICE_EVENT_MOVIE_CODE=…`, an object as compact JSON, a null left out.
    static func variables(_ environment: [String: String], event: JSONValue?) -> [String] {
        var variables = environment.filter { !secretVariables.contains($0.key) && !$0.key.hasPrefix("BOXOFFICE_EVENT_") }
        if case let .object(members) = event {
            for (key, value) in members {
                let text: String? = switch value {
                case .null: nil
                case let .string(string): string
                default: value.serialized(pretty: false).trimmingBlanksAndNewlines()
                }
                if let text { variables["BOXOFFICE_EVENT_" + Self.screaming(key)] = text }
            }
        }
        return variables.sorted { $0.key < $1.key }.map { withoutNUL($0.key + "=" + $0.value) }
    }

    /// `movieCode` → `MOVIE_CODE`.
    static func screaming(_ key: String) -> String {
        var name = ""
        for character in key {
            if character.isUppercase, !name.isEmpty { name += "_" }
            name += character.uppercased()
        }
        return name
    }

    /// A pipe whose ends close in any other program started (the child gets its own copies),
    /// made so in the same step: a program started by another thread meanwhile never holds them.
    static func pipe(_ ends: inout [Int32]) -> Bool {
        boxoffice_pipe_cloexec(&ends) == 0
    }

    /// A C string cannot hold NUL; one from a server is dropped.
    static func withoutNUL(_ text: String) -> String {
        text.contains("\0") ? text.replacing("\0", with: "") : text
    }
}

extension EventProgram {
    /// A started program: its process (the leader of its group), the pipes to it, a descriptor
    /// of its end where the kernel has one, and a pipe that wakes its supervisor when boxoffice
    /// is interrupted (closed only with the child, so an interruption that comes after the
    /// program ended never writes to a descriptor that another file has since taken).
    final class Child: Sendable {
        let process: pid_t
        private let input: Int32
        private let output: Int32
        private let ended: Int32
        private let wake: (read: Int32, write: Int32)

        /// How the program ended.
        enum Ending: Equatable, Sendable {
            case exited(Int32)
            case signalled(Int32)
            case timedOut
            case interrupted
            /// It ended, but its status could not be learned (something else reaped it).
            case unknown
        }

        init(process: pid_t, input: Int32, output: Int32, wake: (read: Int32, write: Int32)) {
            self.process = process
            self.input = input
            self.output = output
            self.wake = wake
            ended = boxoffice_pidfd_open(process)
            for descriptor in [input, output, wake.read, wake.write] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
            EventProgram.running.add(process)
        }

        deinit {
            close(wake.read)
            close(wake.write)
        }

        /// Wakes the supervisor: boxoffice is interrupted, so the program is to end.
        func interrupt() {
            var byte: UInt8 = 1
            _ = Glibc.write(wake.write, &byte, 1)
        }

        /// Sends `number` to the program's group (and to the program, should it have left it),
        /// while it is not yet reaped.
        private func signal(_ number: Int32) {
            EventProgram.running.signal(process, number)
        }

        /// Gives the program its input, keeps what it prints, and waits for it to end, asleep in
        /// poll(2) until one of those, its end, an interruption or a time limit wakes it; ends it
        /// when it runs past `timeLimit` or is interrupted. Returns once it has ended, with what
        /// it printed before it did (anything it left running is not waited for).
        func supervise(input bytes: [UInt8], timeLimit: Duration) -> (Ending, [UInt8]) {
            defer {
                for descriptor in [output, ended] where descriptor >= 0 { close(descriptor) }
            }
            let clock = ContinuousClock()
            let deadline = clock.now + timeLimit
            var printed: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var written = 0
            var inputOpen = true
            var outputOpen = true
            var woken = false
            // Why the program is being ended, since when, and whether SIGKILL went too.
            var ending: (why: Ending, since: ContinuousClock.Instant, killed: Bool)?
            var status: Int32?
            func closeInput() {
                if inputOpen { close(input) }
                inputOpen = false
            }
            defer { closeInput() }
            /// Reads what is there without waiting, at most `reads` times; false at its end (or a failure).
            func readOutput(reads: Int = .max) -> Bool {
                for _ in 0..<reads {
                    let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return true }
                    guard count > 0 else { return false }
                    if printed.count < EventProgram.outputLimit { printed += buffer.prefix(min(count, EventProgram.outputLimit - printed.count)) }
                }
                return true
            }
            while true {
                if let reaped = EventProgram.running.reap(process) {
                    // What it wrote before it ended, not what anything it started may keep writing.
                    if outputOpen { _ = readOutput(reads: EventProgram.outputLimit / buffer.count + 1) }
                    status = reaped
                    break
                }
                let now = clock.now
                if ending == nil, now >= deadline {
                    ending = (.timedOut, now, false)
                    signal(SIGTERM)
                }
                if let current = ending, !current.killed, now >= current.since + EventProgram.grace {
                    ending?.killed = true
                    signal(SIGKILL)
                }
                var descriptors: [pollfd] = []
                if !woken { descriptors.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)) }
                if outputOpen { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
                if inputOpen { descriptors.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
                if ended >= 0 { descriptors.append(pollfd(fd: ended, events: Int16(POLLIN), revents: 0)) }
                // Asleep until something happens or the next time limit; without a descriptor of
                // its end, the process is looked at ten times a second.
                var until = ending.map { $0.killed ? now + .seconds(1) : $0.since + EventProgram.grace } ?? deadline
                if ended < 0 { until = min(until, now + .milliseconds(100)) }
                let wait = until - now
                let milliseconds = max(0, min(Int64(Int32.max), wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000 + 1))
                let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), Int32(milliseconds)) }
                guard ready > 0 else { continue }
                for descriptor in descriptors where descriptor.revents != 0 {
                    switch descriptor.fd {
                    case wake.read:
                        woken = true
                        if ending == nil {
                            ending = (.interrupted, clock.now, false)
                            signal(SIGTERM)
                        }
                    case output:
                        outputOpen = readOutput()
                    case input:
                        guard written < bytes.count else {
                            closeInput()
                            continue
                        }
                        let count = bytes.withUnsafeBytes { write(input, $0.baseAddress! + written, $0.count - written) }
                        if count > 0 { written += count }
                        // All of it given, or the program will not read it (EPIPE): it gets an end of file.
                        if written == bytes.count || (count < 0 && errno != EINTR && errno != EAGAIN) { closeInput() }
                    default:
                        break
                    }
                }
            }
            if let why = ending?.why { return (why, printed) }
            guard let status, status >= 0 else { return (.unknown, printed) }
            if status & 0x7f == 0 { return (.exited((status >> 8) & 0xff), printed) }
            return (.signalled(status & 0x7f), printed)
        }
    }
}
