import Dispatch
import Foundation
import Glibc
import Synchronization

/// An error from setting up a pseudo-terminal or its child process.
struct PseudoTerminalError: Error, CustomStringConvertible {
    /// The system call that failed.
    let operation: String
    /// The `errno` (or `posix_spawn` result) it reported.
    let code: Int32

    /// A readable description, e.g. "posix_spawn failed: No such file or directory".
    var description: String {
        "\(operation) failed: \(String(cString: strerror(code)))"
    }
}

/// Serialises "create file descriptor, then mark it close-on-exec" against
/// `posix_spawn`, so that a child spawned concurrently by another
/// `PseudoTerminal` never inherits a descriptor that is not yet
/// close-on-exec (`openpty` and `pipe` cannot set `O_CLOEXEC` atomically).
let spawnLock = Mutex<Void>(())

/// A child process running on its own pseudo-terminal, for tests that drive
/// interactive or full-screen programs.
///
/// The child is a session leader whose controlling terminal is the pty slave
/// (fds 0, 1 and 2). Everything it writes is collected by a background
/// thread into `output` and interpreted by `screen`. Call `close()` (or drop
/// the last reference) to kill and reap the child and close all descriptors.
final class PseudoTerminal: Sendable {
    /// Mutable state shared with the reader thread.
    struct State {
        var output: [UInt8] = []
        var screen: ScreenModel
        var exitStatus: Int32?
        var closed = false
    }

    /// Reference-typed home of the state, so the reader thread does not keep
    /// the `PseudoTerminal` itself alive.
    final class Shared: Sendable {
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
    }

    /// The terminal's settings before the child started, to compare with those it leaves.
    let initialSettings: termios
    /// The child's process id (also its process group and session id).
    let processID: pid_t
    /// The path of the pty slave device, e.g. "/dev/pts/3".
    let slavePath: String

    let masterFD: Int32
    /// The slave opened again by the parent with `O_NOCTTY`, kept for `tcgetattr`.
    let slaveFD: Int32
    let wakeReadFD: Int32
    let wakeWriteFD: Int32
    let shared: Shared
    let readerFinished = DispatchSemaphore(value: 0)

    /// Opens a pseudo-terminal of the given size and spawns `executable` on it.
    ///
    /// - Parameters:
    ///   - executable: a path, or a name looked up in the parent's `PATH`.
    ///   - arguments: arguments after `argv[0]` (which is `executable`).
    ///   - environment: the child's complete environment.
    ///   - columns: initial width in cells.
    ///   - rows: initial height in cells.
    init(
        executable: String,
        arguments: [String],
        environment: [String: String],
        columns: Int,
        rows: Int,
        width: @escaping @Sendable (Character) -> Int = ScreenModel.defaultWidth
    ) throws {
        let master: Int32
        let openedSlave: Int32
        let wakeRead: Int32
        let wakeWrite: Int32
        let path: String
        let pid: pid_t
        var initial = termios()

        (master, openedSlave, wakeRead, wakeWrite) = try spawnLock.withLock { _ in
            var master: Int32 = -1
            var slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, nil) == 0 else {
                throw PseudoTerminalError(operation: "openpty", code: errno)
            }
            var wake: [Int32] = [-1, -1]
            guard pipe(&wake) == 0 else {
                let code = errno
                Glibc.close(master)
                Glibc.close(slave)
                throw PseudoTerminalError(operation: "pipe", code: code)
            }
            for fd in [master, slave, wake[0], wake[1]] {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            return (master, slave, wake[0], wake[1])
        }
        func closeAll(_ descriptors: [Int32]) {
            for fd in descriptors where fd >= 0 { Glibc.close(fd) }
        }

        do {
            path = try Self.terminalName(of: openedSlave)
            try Self.setWindowSize(master, columns: columns, rows: rows)
            guard tcgetattr(openedSlave, &initial) == 0 else { throw PseudoTerminalError(operation: "tcgetattr", code: errno) }
            pid = try Self.spawn(
                executable: executable, arguments: arguments,
                environment: environment, terminalPath: path)
        } catch {
            closeAll([master, openedSlave, wakeRead, wakeWrite])
            throw error
        }

        // Replace openpty's slave with our own O_NOCTTY descriptor. Holding a
        // slave open means reads on the master never fail with EIO when the
        // child exits, so output written just before exit is never lost.
        let keptSlave = Glibc.open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        Glibc.close(openedSlave)
        guard keptSlave >= 0 else {
            let code = errno
            Self.killAndReap(pid)
            closeAll([master, wakeRead, wakeWrite])
            throw PseudoTerminalError(operation: "open \(path)", code: code)
        }

        processID = pid
        slavePath = path
        initialSettings = initial
        masterFD = master
        slaveFD = keptSlave
        wakeReadFD = wakeRead
        wakeWriteFD = wakeWrite
        shared = Shared(State(screen: ScreenModel(columns: columns, rows: rows, width: width)))

        let reader = Thread { [shared, readerFinished] in
            Self.readLoop(master: master, wake: wakeRead, into: shared)
            readerFinished.signal()
        }
        reader.name = "PseudoTerminal reader \(pid)"
        reader.start()
    }

    deinit {
        close()
    }

    // MARK: - Observing the child

    /// Every byte the child has written so far.
    var output: [UInt8] {
        shared.state.withLock { $0.output }
    }

    /// A snapshot of the interpreted screen.
    var screen: ScreenModel {
        shared.state.withLock { $0.screen }
    }

    /// Polls the screen every ~10 ms until `predicate` holds or `timeout`
    /// passes. Returns whether the predicate held.
    func waitForScreen(timeout: Duration, _ predicate: (ScreenModel) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if predicate(screen) { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Polls (`waitpid` with `WNOHANG`) every ~10 ms until the child exits.
    ///
    /// Returns its exit status, or 128 + the signal number if a signal killed
    /// it, or `nil` if it is still running after `timeout`. Once reaped, the
    /// status is remembered and returned by later calls.
    func waitForExit(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let status = reapIfExited() { return status }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Whether the child has not been seen to exit yet (reaps it if it has).
    var isRunning: Bool {
        reapIfExited() == nil
    }

    /// The terminal's current settings as seen through the parent's slave
    /// descriptor, or `nil` after `close()` or on failure.
    func terminalSettings() -> termios? {
        shared.state.withLock { state -> termios? in
            guard !state.closed else { return nil }
            var settings = termios()
            guard tcgetattr(slaveFD, &settings) == 0 else { return nil }
            return settings
        }
    }

    /// Whether two settings agree in their input, output, control and local
    /// flags and in all control characters (`c_cc`). Speeds and `c_line` are
    /// not compared.
    static func same(_ a: termios, _ b: termios) -> Bool {
        guard a.c_iflag == b.c_iflag, a.c_oflag == b.c_oflag,
              a.c_cflag == b.c_cflag, a.c_lflag == b.c_lflag else { return false }
        return withUnsafeBytes(of: a.c_cc) { left in
            withUnsafeBytes(of: b.c_cc) { right in left.elementsEqual(right) }
        }
    }

    // MARK: - Driving the child

    /// Writes bytes to the terminal, as if typed. Blocks if the pty's input
    /// buffer is full and the child is not reading.
    func send(_ bytes: [UInt8]) {
        let isClosed = shared.state.withLock { $0.closed }
        guard !isClosed else { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(masterFD, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Writes the UTF-8 encoding of `text` to the terminal.
    func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Changes the terminal size and resizes `screen` to match.
    ///
    /// No explicit `kill(SIGWINCH)` is sent: `TIOCSWINSZ` on the master makes
    /// the kernel signal the terminal's foreground process group itself
    /// whenever the size actually changes (verified by the tests). That is
    /// also more correct than signalling only the child when a job inside it
    /// owns the foreground. Setting the same size again sends no signal.
    func resize(columns: Int, rows: Int) {
        shared.state.withLock { state in
            guard !state.closed else { return }
            // Resize the model first, under the lock, so bytes the child
            // draws for the new size are never interpreted at the old one.
            state.screen.resize(columns: columns, rows: rows)
            try? Self.setWindowSize(masterFD, columns: columns, rows: rows)
        }
    }

    /// Sends `signal` to the child process (not its whole process group).
    func signal(_ signal: Int32) {
        shared.state.withLock { state in
            // Never signal a reaped pid: it may already belong to another process.
            guard state.exitStatus == nil else { return }
            _ = kill(processID, signal)
        }
    }

    /// Kills the child's process group with SIGKILL if the child is still
    /// running, reaps it, stops the reader thread and closes every descriptor.
    /// Safe to call more than once; also called by `deinit`.
    func close() {
        let firstClose = shared.state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.closed = true
            return true
        }
        guard firstClose else { return }

        if reapIfExited() == nil {
            shared.state.withLock { state in
                state.exitStatus = Self.killAndReap(processID)
            }
        }

        var byte: UInt8 = 1
        while write(wakeWriteFD, &byte, 1) < 0 && errno == EINTR {}
        readerFinished.wait()

        for fd in [masterFD, slaveFD, wakeReadFD, wakeWriteFD] {
            Glibc.close(fd)
        }
    }
}
