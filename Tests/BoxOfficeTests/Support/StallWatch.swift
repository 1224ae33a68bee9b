import BoxOfficeCore
import BoxOfficeStorage
import Foundation
import Glibc

/// Catches a stalled loopback exchange in the act, for the whole test process.
///
/// Every second it reads the kernel's table of TCP sockets (`/proc/net/tcp`, `tcp6`) for the ports
/// of the live loopback servers and notes any exchange that stands still with bytes waiting:
///
/// - connections the server has not accepted (its listening socket's queue),
/// - a request the server's side has not read (an accepted socket with unread bytes),
/// - an answer the program has not read (the program's socket with unread bytes).
///
/// Such a state that lasts `threshold` is reported once, with what it is, the server's own record of
/// its connections, and where every thread of the processes that hold the sockets is (their kernel
/// wait channels): on the test process's stderr and in `reports`, which the tests that wait for a
/// program add to their failure messages. A request that never left the program leaves no bytes
/// anywhere; `ProcessDump` then shows where it waits.
///
/// The watch only reads `/proc`: it never attaches a debugger. gdb stops every thread of the
/// process it attaches to, for as long as it takes to read the symbols (many seconds for the test
/// process on a busy machine): a watch that did so turned one slow exchange into the time-outs of
/// every test running beside it (issue 41). Backtraces are taken only of a program that has already
/// run past its test's limit.
enum StallWatch {
    /// A live server's port and its own account of its connections.
    private struct Watched {
        let describe: @Sendable () -> String
        let waitingForRequests: @Sendable () -> [(number: Int, accepted: ContinuousClock.Instant)]
        /// The programs' ports whose answer is endless or waits on purpose: their sockets may hold
        /// unread bytes as long as that lasts.
        let endless: @Sendable () -> Set<UInt16>
    }

    private struct State {
        var servers: [UInt16: Watched] = [:]
        /// When each waiting state was first seen, by a key naming the socket and the state.
        var firstSeen: [String: ContinuousClock.Instant] = [:]
        var reported: Set<String> = []
        var reports: [String] = []
        var started = false
        /// Whether the test process was reported holding too many descriptors.
        var descriptorsReported = false
    }

    /// Descriptors the test process may hold before it is reported: Foundation's Process.run
    /// lists /proc/self/fd copying each entry's whole 256-byte name field, which reads past the
    /// end of glibc's 32 KiB directory buffer once it is full (about 1,360 descriptors) and
    /// crashed the test process once (Tests/README.md).
    static let descriptorWarning = 1_000

    private static let state = Locked(State())

    /// How long bytes may wait unread before it counts as a stall: far beyond any exchange's turn
    /// on a loaded machine (milliseconds), below the programs' request timeouts (15 s and up), so
    /// that the stalled program is still there to be looked at.
    static let threshold = Duration.seconds(10)

    /// Watches `port` until `unwatch`; `describe` gives the server's own record.
    static func watch(port: UInt16, describe: @escaping @Sendable () -> String,
                      waitingForRequests: @escaping @Sendable () -> [(number: Int, accepted: ContinuousClock.Instant)],
                      endless: @escaping @Sendable () -> Set<UInt16>) {
        let start = state.withLock { state -> Bool in
            state.servers[port] = Watched(describe: describe, waitingForRequests: waitingForRequests, endless: endless)
            defer { state.started = true }
            return !state.started
        }
        if start {
            let thread = Thread { run() }
            thread.name = "StallWatch"
            thread.start()
        }
    }

    static func unwatch(port: UInt16) {
        state.withLock { _ = $0.servers.removeValue(forKey: port) }
    }

    /// Every report so far.
    static var reports: [String] { state.withLock { $0.reports } }

    /// The reports so far, as text to add to a failure's message ("" when there are none).
    static var summary: String {
        let all = reports
        return all.isEmpty ? "" : "\nstall reports of this test process:\n" + all.joined(separator: "\n")
    }

    private static func run() {
        while true {
            Thread.sleep(forTimeInterval: 1)
            check()
        }
    }

    private static func check() {
        checkDescriptors()
        let servers = state.withLock { $0.servers }
        let ports = Set(servers.keys)
        guard !ports.isEmpty else { return }
        // A connection whose request never arrives whole: the program connected and sent nothing.
        var silent: [(key: String, what: String, port: UInt16)] = []
        for (port, server) in servers {
            for connection in server.waitingForRequests() where connection.accepted.duration(to: .now) >= threshold {
                silent.append(("silent \(port) \(connection.number)", "connection \(connection.number) to the server on port \(port) has stood still (its request not arrived whole, or not answered)", port))
            }
        }
        for connection in silent {
            let first = state.withLock { state -> Bool in
                state.reported.insert(connection.key).inserted
            }
            guard first else { continue }
            let sockets = TCPTable.read().filter { $0.localPort == connection.port || $0.remotePort == connection.port }
            var lines = ["== stall watch: \(connection.what), for \(seconds(threshold)) s or more",
                         "-- the server's record: " + servers[connection.port]!.describe(), "-- sockets of port \(connection.port):"]
            lines += sockets.map { "   \($0)" }
            for client in sockets where client.remotePort == connection.port {
                for owner in ProcessDump.owners(ofSocket: client.inode) where owner != getpid() {
                    lines.append(ProcessDump.describe(owner))
                }
            }
            lines.append(ProcessDump.describe(getpid(), descendants: false))
            publish(lines.joined(separator: "\n"))
        }
        let sockets = TCPTable.read()
        let endless = Set(servers.flatMap { $0.value.endless() })
        let now = ContinuousClock.now
        var waiting: [String: (what: String, socket: TCPTable.Entry, port: UInt16)] = [:]
        for socket in sockets {
            if ports.contains(socket.localPort), socket.state == .listen, socket.receiveQueue > 0 {
                waiting["accept \(socket.localPort)"] = ("\(socket.receiveQueue) connection(s) not accepted by the server on port \(socket.localPort)", socket, socket.localPort)
            } else if ports.contains(socket.localPort), socket.state != .listen, socket.receiveQueue > 0, !endless.contains(socket.remotePort) {
                waiting["server \(socket.inode)"] = ("the server on port \(socket.localPort) has not read \(socket.receiveQueue) byte(s) of a request from port \(socket.remotePort) (\(socket.state))", socket, socket.localPort)
            } else if ports.contains(socket.remotePort), socket.receiveQueue > 0, !endless.contains(socket.localPort) {
                waiting["client \(socket.inode)"] = ("a program on port \(socket.localPort) has not read \(socket.receiveQueue) byte(s) of an answer from the server on port \(socket.remotePort) (\(socket.state))", socket, socket.remotePort)
            }
        }
        let due = state.withLock { state -> [(key: String, what: String, socket: TCPTable.Entry, port: UInt16, age: Duration)] in
            state.firstSeen = state.firstSeen.filter { waiting[$0.key] != nil }
            var due: [(key: String, what: String, socket: TCPTable.Entry, port: UInt16, age: Duration)] = []
            for (key, value) in waiting {
                let first = state.firstSeen[key] ?? now
                state.firstSeen[key] = first
                let age = first.duration(to: now)
                if age >= threshold, !state.reported.contains(key) {
                    state.reported.insert(key)
                    due.append((key, value.what, value.socket, value.port, age))
                }
            }
            return due
        }
        for stall in due {
            let describe = state.withLock { $0.servers[stall.port]?.describe }
            var lines = ["== stall watch: for \(seconds(stall.age)) s, \(stall.what)"]
            lines.append("-- the server's record: " + (describe?() ?? "(stopped)"))
            lines.append("-- sockets of port \(stall.port):")
            lines += sockets.filter { $0.localPort == stall.port || $0.remotePort == stall.port }.map { "   \($0)" }
            let owners = ProcessDump.owners(ofSocket: stall.socket.inode)
            for owner in owners {
                lines.append(ProcessDump.describe(owner))
            }
            if owners.isEmpty { lines.append("-- no process holds the socket any more") }
            publish(lines.joined(separator: "\n"))
        }
    }

    private static func checkDescriptors() {
        let open = (try? OwnFiles.names(in: "/proc/self/fd").count) ?? 0
        guard open > descriptorWarning else { return }
        let first = state.withLock { state in
            defer { state.descriptorsReported = true }
            return !state.descriptorsReported
        }
        if first {
            publish("== stall watch: the test process holds \(open) descriptors (more than \(descriptorWarning)); Foundation's Process.run crashes at about 1,360")
        }
    }

    private static func publish(_ report: String) {
        state.withLock { $0.reports.append(report) }
        FileHandle.standardError.write(Data((report + "\n").utf8))
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}

/// The kernel's table of TCP sockets.
enum TCPTable {
    enum State: String, CustomStringConvertible {
        case established = "01", synSent = "02", synReceived = "03", finWait1 = "04", finWait2 = "05", timeWait = "06"
        case close = "07", closeWait = "08", lastAck = "09", listen = "0A", closing = "0B", other = "??"

        var description: String {
            switch self {
            case .established: "ESTABLISHED"
            case .synSent: "SYN_SENT"
            case .synReceived: "SYN_RECV"
            case .finWait1: "FIN_WAIT1"
            case .finWait2: "FIN_WAIT2"
            case .timeWait: "TIME_WAIT"
            case .close: "CLOSE"
            case .closeWait: "CLOSE_WAIT"
            case .lastAck: "LAST_ACK"
            case .listen: "LISTEN"
            case .closing: "CLOSING"
            case .other: "?"
            }
        }
    }

    struct Entry: CustomStringConvertible {
        let localPort: UInt16
        let remotePort: UInt16
        let state: State
        let sendQueue: Int
        let receiveQueue: Int
        let inode: String

        var description: String {
            "\(localPort) → \(remotePort) \(state) unsent \(sendQueue) unread \(receiveQueue) inode \(inode)"
        }
    }

    /// Every socket of the test's network. Read to the end of the file: `String(contentsOfFile:)`
    /// gives only the first page of a file in /proc (which says it is empty), about 27 sockets of
    /// the hundreds a suite holds, and the watch had been blind to the rest.
    static func read() -> [Entry] {
        ["/proc/net/tcp", "/proc/net/tcp6"].flatMap { path -> [Entry] in
            guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
            defer { try? handle.close() }
            guard let data = try? handle.readToEnd() else { return [] }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().compactMap(entry)
        }
    }

    private static func entry(_ line: Substring) -> Entry? {
        let fields = line.split(separator: " ")
        guard fields.count >= 10 else { return nil }
        func port(_ address: Substring) -> UInt16? { address.split(separator: ":").last.flatMap { UInt16($0, radix: 16) } }
        let queues = fields[4].split(separator: ":")
        guard let local = port(fields[1]), let remote = port(fields[2]), queues.count == 2,
              let sent = Int(queues[0], radix: 16), let unread = Int(queues[1], radix: 16) else { return nil }
        return Entry(localPort: local, remotePort: remote, state: State(rawValue: String(fields[3])) ?? .other,
                     sendQueue: sent, receiveQueue: unread, inode: String(fields[9]))
    }
}

/// Where a process and its descendants are: each thread's name, state and kernel wait channel, and
/// gdb's backtraces of every thread where gdb is installed.
enum ProcessDump {
    /// The processes holding a socket with this inode open.
    static func owners(ofSocket inode: String) -> [pid_t] {
        let target = "socket:[\(inode)]"
        return processes().filter { pid in
            let folder = "/proc/\(pid)/fd"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
            return names.contains { name in (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)")) == target }
        }
    }

    /// `pid` and its descendants: their command lines and threads, with gdb's backtraces if asked
    /// (which stops them meanwhile: only for a program past its test's limit).
    static func describe(_ pid: pid_t, backtraces: Bool = false, descendants withDescendants: Bool = true) -> String {
        var lines: [String] = []
        for process in [pid] + (withDescendants ? descendants(of: pid) : []) {
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process)/cmdline")))
                .map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\0", with: " ") } ?? "?"
            lines.append("-- process \(process)\(process == getpid() ? " (the test process)" : ""): \(command.prefix(300))")
            lines += threads(of: process)
            if backtraces, InstalledTools.gdb { lines.append(gdb(process)) }
        }
        return lines.joined(separator: "\n")
    }

    private static func processes() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
    }

    private static func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    private static func descendants(of pid: pid_t) -> [pid_t] {
        let all = processes().map { ($0, parent(of: $0)) }
        var found: [pid_t] = [], frontier = [pid]
        while let next = frontier.popLast() {
            let children = all.filter { $0.1 == next }.map(\.0)
            found += children
            frontier += children
        }
        return found
    }

    /// A line per kind of thread: how many are in that state and wait channel, with their names.
    private static func threads(of pid: pid_t) -> [String] {
        let folder = "/proc/\(pid)/task"
        let tids = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var groups: [String: [String]] = [:]
        for tid in tids {
            func read(_ name: String) -> String {
                ((try? String(contentsOfFile: "\(folder)/\(tid)/\(name)", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let stat = read("stat")
            let state = stat.lastIndex(of: ")").map { stat[stat.index($0, offsetBy: 2)...].prefix(1) } ?? "?"
            let syscall = read("syscall").split(separator: " ").first.map(String.init) ?? "?"
            groups["state \(state), wchan \(read("wchan")), syscall \(syscall)", default: []].append("\(read("comm"))#\(tid)")
        }
        return groups.sorted { $0.key < $1.key }.map { "   \($0.value.count) thread(s): \($0.key): \($0.value.prefix(12).joined(separator: " "))" }
    }

    /// gdb's backtraces of every thread of `pid`, at most a minute's work. gdb writes to a file, never
    /// to a pipe: attached to this very process it stops the thread that would read the pipe.
    private static func gdb(_ pid: pid_t) -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-gdb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: file.path) else { return "   (no file for gdb)" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["60", "/usr/bin/gdb", "-batch", "-nx", "-p", "\(pid)",
                             "-ex", "set pagination off", "-ex", "thread apply all bt 16"]
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        guard (try? Executable.launch(process)) != nil else { return "   (gdb did not start)" }
        process.waitUntilExit()
        try? handle.close()
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let kept = text.split(separator: "\n").filter { $0.hasPrefix("#") || $0.hasPrefix("Thread ") }
        return "   gdb:\n" + kept.map { "   " + $0.prefix(240) }.joined(separator: "\n")
    }
}
