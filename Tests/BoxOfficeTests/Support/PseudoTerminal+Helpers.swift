import Dispatch
import Foundation
import Glibc
import Synchronization

extension PseudoTerminal {
    // MARK: - Helpers

    /// Reaps the child without blocking; returns its decoded status once it has exited.
    func reapIfExited() -> Int32? {
        shared.state.withLock { state -> Int32? in
            if let status = state.exitStatus { return status }
            var raw: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(processID, &raw, WNOHANG)
            } while result < 0 && errno == EINTR
            guard result == processID else { return nil }
            let status = Self.decodeWaitStatus(raw)
            state.exitStatus = status
            return status
        }
    }

    /// Kills the process group led by `pid`, then blocks until `pid` is reaped.
    @discardableResult
    static func killAndReap(_ pid: pid_t) -> Int32 {
        if kill(-pid, SIGKILL) != 0 {
            _ = kill(pid, SIGKILL)
        }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else { return 128 + SIGKILL }
        }
        return decodeWaitStatus(raw)
    }

    /// Decodes a `waitpid` status (the WIFEXITED/WEXITSTATUS/WTERMSIG macros
    /// are not imported into Swift): exit code, or 128 + terminating signal.
    static func decodeWaitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        if signal == 0 { return (raw >> 8) & 0xFF }
        return 128 + signal
    }

    static func terminalName(of fd: Int32) throws -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let result = ttyname_r(fd, &buffer, buffer.count)
        guard result == 0 else { throw PseudoTerminalError(operation: "ttyname_r", code: result) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func setWindowSize(_ fd: Int32, columns: Int, rows: Int) throws {
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns),
            ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(fd, UInt(TIOCSWINSZ), &size) == 0 else {
            throw PseudoTerminalError(operation: "ioctl(TIOCSWINSZ)", code: errno)
        }
    }

    /// `POSIX_SPAWN_SETSID` (glibc ≥ 2.26) is defined only under `_GNU_SOURCE`,
    /// so Swift's Glibc module does not import it.
    static let spawnSetSID: Int32 = 0x80

    /// Spawns the child as a new session leader whose fds 0, 1 and 2 are
    /// opened from `terminalPath`, which makes it the controlling terminal.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], terminalPath: String
    ) throws -> pid_t {
        let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
        let attributes = UnsafeMutablePointer<posix_spawnattr_t>.allocate(capacity: 1)
        defer {
            actions.deallocate()
            attributes.deallocate()
        }
        guard posix_spawn_file_actions_init(actions) == 0 else {
            throw PseudoTerminalError(operation: "posix_spawn_file_actions_init", code: errno)
        }
        defer { posix_spawn_file_actions_destroy(actions) }
        guard posix_spawnattr_init(attributes) == 0 else {
            throw PseudoTerminalError(operation: "posix_spawnattr_init", code: errno)
        }
        defer { posix_spawnattr_destroy(attributes) }

        // glibc performs setsid() before the file actions, so the first open
        // of the slave (without O_NOCTTY) acquires it as controlling terminal.
        for fd: Int32 in 0...2 {
            let result = posix_spawn_file_actions_addopen(actions, fd, terminalPath, O_RDWR, 0)
            guard result == 0 else {
                throw PseudoTerminalError(operation: "posix_spawn_file_actions_addopen", code: result)
            }
        }

        // Nothing else of the test process's: Foundation leaves its pipes open across exec, and a
        // child holding hundreds of them keeps each one's other end from seeing its end.
        // (glibc 2.34 and later; the Glibc module does not declare it, so it is looked up.)
        if let closeFrom = addCloseFrom {
            let closing = closeFrom(actions, 3)
            guard closing == 0 else {
                throw PseudoTerminalError(operation: "posix_spawn_file_actions_addclosefrom_np", code: closing)
            }
        }

        // Start with an empty signal mask and default dispositions, whatever
        // the test process has blocked or ignored (e.g. SIGPIPE).
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        sigdelset(&defaultSignals, SIGKILL)
        sigdelset(&defaultSignals, SIGSTOP)
        posix_spawnattr_setsigmask(attributes, &emptyMask)
        posix_spawnattr_setsigdefault(attributes, &defaultSignals)
        let flags = spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        let flagResult = posix_spawnattr_setflags(attributes, Int16(flags))
        guard flagResult == 0 else {
            throw PseudoTerminalError(operation: "posix_spawnattr_setflags", code: flagResult)
        }

        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStringArray(argv) { argvPointer in
            withCStringArray(envp) { envpPointer in
                spawnLock.withLock { _ in
                    posix_spawnp(&pid, executable, actions, attributes, argvPointer, envpPointer)
                }
            }
        }
        guard result == 0 else {
            throw PseudoTerminalError(operation: "posix_spawn \(executable)", code: result)
        }
        return pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, when the C library has it.
    static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let address = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(address, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }()

    /// Calls `body` with a NULL-terminated C array of copies of `strings`.
    static func withCStringArray<R>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
    ) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer {
            for pointer in pointers { free(pointer) }
        }
        return pointers.withUnsafeBufferPointer { buffer in
            // A non-empty array always has a base address; fall back defensively.
            guard let base = buffer.baseAddress else {
                var terminator: UnsafeMutablePointer<CChar>? = nil
                return body(&terminator)
            }
            return body(base)
        }
    }

    /// Runs on the reader thread: copies master output into `shared` until
    /// the wake pipe becomes readable or the master fails.
    static func readLoop(master: Int32, wake: Int32, into shared: Shared) {
        var descriptors = [
            pollfd(fd: master, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            let events = descriptors[0].revents
            if events & Int16(POLLIN) != 0 {
                let count = buffer.withUnsafeMutableBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return -1 }
                    return read(master, base, raw.count)
                }
                if count > 0 {
                    let chunk = Array(buffer[0..<count])
                    shared.state.withLock { state in
                        state.output.append(contentsOf: chunk)
                        state.screen.feed(chunk)
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    return
                }
            } else if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return
            }
        }
    }
}
