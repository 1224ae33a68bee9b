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

/// Processes this program started and has not yet reaped, each with a descriptor of ours that
/// talks to it (or -1). Every started process is reaped here and only here, under the lock, and
/// signalled under it: so a process is signalled only while it is still our unreaped child, and
/// its number can never belong to another process by then.
package final class StartedProcesses: Sendable {
    private let unreaped = Locked<[pid_t: Int32]>([:])

    package init() {}

    /// The network helpers: process-wide, because ending the program must end every helper,
    /// whichever transport started it, and a helper that ignores the end of its input must not
    /// outlive us.
    static let helpers = StartedProcesses()

    package func add(_ process: pid_t, descriptor: Int32 = -1) {
        unreaped.withLock { $0[process] = descriptor }
    }

    /// Closes the descriptor under the lock, so that `shutDownAll` never shuts down a reused one.
    func close(_ descriptor: Int32) {
        unreaped.withLock { processes in
            for (process, open) in processes where open == descriptor { processes[process] = -1 }
            _ = Glibc.close(descriptor)
        }
    }

    /// Reaps `process` if it has ended: its wait status, or -1 when its end cannot be learned (it
    /// was reaped by someone else); nil while it runs.
    package func reap(_ process: pid_t) -> Int32? {
        unreaped.withLock { processes -> Int32? in
            var status: Int32 = 0
            var waited: pid_t
            repeat { waited = waitpid(process, &status, WNOHANG) } while waited < 0 && errno == EINTR
            guard waited == process || waited < 0 else { return nil }
            processes[process] = nil
            return waited == process ? status : -1
        }
    }

    /// Signals `process`'s group (what it started too) and `process` itself (should it have left
    /// the group), while it is unreaped.
    package func signal(_ process: pid_t, _ number: Int32) {
        unreaped.withLock { processes in
            guard processes[process] != nil else { return }
            _ = killpg(process, number)
            _ = kill(process, number)
        }
    }

    /// Signals every unreaped process and its group.
    package func signalAll(_ number: Int32) {
        unreaped.withLock { processes in
            for process in processes.keys {
                _ = killpg(process, number)
                _ = kill(process, number)
            }
        }
    }

    /// Shuts down every open descriptor, waits up to `limit` for the processes to be reaped by
    /// those who wait for them, and kills what is left.
    func endAll(within limit: Duration) {
        let any = unreaped.withLock { processes -> Bool in
            for descriptor in processes.values where descriptor >= 0 { shutdown(descriptor, Int32(SHUT_RDWR)) }
            return !processes.isEmpty
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

/// How a helper is started: a program of its own group with a socket for its input and output,
/// nothing else of ours open in it, and no key in its environment.
package enum HelperLaunch {
    /// Closes every descriptor from 3 up in the child: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34 and later), else a close for each descriptor open now.
    package static func closeInherited(_ actions: inout posix_spawn_file_actions_t) {
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
    static func start(_ path: String) throws(NetworkHelperError) -> (Int32, pid_t) {
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
        StartedProcesses.helpers.add(process, descriptor: pair[0])
        _ = OwnFiles.writeAll(HelperMessage.hello(version: HelperMessage.version).encoded(), to: pair[0], socket: true)
        return (pair[0], process)
    }

    /// The variables that hold keys, which the helper never gets.
    package static let keyVariables: Set<String> = ["KOBIS_API_KEY", "KAKAO_REST_API_KEY", "OMDB_API_KEY"]
}
