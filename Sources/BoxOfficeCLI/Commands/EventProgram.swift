import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeTransports
#if canImport(Glibc)
import Glibc
#endif

/// The program `watch --exec` runs for each event: started directly (never through a shell, so
/// nothing from a server is ever read as a command), the event's JSON on its standard input, each
/// field in a `BOXOFFICE_EVENT_*` variable, the keys not in its environment, nothing else of ours
/// open in it. What it prints is given back to be shown with its control characters neutralised.
struct EventProgram: Sendable {
    /// The program (found on PATH when it has no slash) and its arguments.
    let words: [String]
    /// The environment it runs in, before the event's variables.
    let environment: [String: String]

    /// The most of a program's output kept for showing.
    static let outputLimit = 1 << 20

    /// Runs the program for `event`: nil when it exited 0, else what went wrong; and what it
    /// printed (standard output and error together), safe for a terminal.
    func run(_ event: ToldEvent) -> (failure: String?, output: String) {
        let json = ToldEvent.dated.json(event)
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        guard Self.pipe(&input) else { return ("\(MessageText.quote(words[0])) cannot be started (\(OwnFiles.reason(errno)))", "") }
        guard Self.pipe(&output) else {
            close(input[0])
            close(input[1])
            return ("\(MessageText.quote(words[0])) cannot be started (\(OwnFiles.reason(errno)))", "")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, output[1], 2)
        HelperLaunch.closeInherited(&actions)
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup(Self.withoutNUL($0)) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables: [UnsafeMutablePointer<CChar>?] = Self.variables(environment, event: json).map { strdup($0) } + [nil]
        defer { variables.forEach { free($0) } }
        // The program gets the signals' usual handling (boxoffice itself ignores SIGPIPE).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // And no signal blocked (the thread that starts it may block some): it can be stopped.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var process: pid_t = 0
        let spawned = posix_spawnp(&process, words[0], &actions, &attributes, &argv, &variables)
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1])
            close(output[0])
            return ("\(MessageText.quote(words[0])) cannot be started (\(OwnFiles.reason(spawned)))", "")
        }
        // The event is small (well under a pipe's buffer); a program that does not read it gets it all the same.
        _ = OwnFiles.writeAll(Array((json.serialized(pretty: false)).utf8), to: input[1])
        close(input[1])
        let printed = Self.readAll(output[0])
        close(output[0])
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
        // Line by line: its lines stay lines, with any control character in them neutralised.
        let text = String(decoding: printed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { String($0).printable }.joined(separator: "\n")
        let exit = status & 0x7f == 0 ? Int((status >> 8) & 0xff) : nil
        if exit == 0 { return (nil, text) }
        let how = exit.map { "exited with \($0)" } ?? "was stopped by signal \(status & 0x7f)"
        return ("\(MessageText.quote(words.joined(separator: " "))) \(how)", text)
    }

    /// The variables a program is never given: the keys, and a review's password.
    static let secretVariables = HelperLaunch.keyVariables.union(["BOXOFFICE_REVIEW_PASSWORD"])

    /// The environment less the keys, the password and any event variables, then the event's: each field as
    /// `BOXOFFICE_EVENT_MOVIE_CODE=…`, an object as compact JSON, a null left out.
    static func variables(_ environment: [String: String], event: JSONValue) -> [String] {
        var variables = environment.filter { !secretVariables.contains($0.key) && !$0.key.hasPrefix("BOXOFFICE_EVENT_") }
        if case let .object(members) = event {
            for (key, value) in members {
                let text: String? = switch value {
                case .null: nil
                case let .string(string): string
                case .object, .array: value.serialized(pretty: false).trimmingBlanksAndNewlines()
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

    /// A pipe whose ends close in any other program started (the child gets its own copies).
    static func pipe(_ ends: inout [Int32]) -> Bool {
        guard Glibc.pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// A C string cannot hold NUL; one from a server is dropped.
    static func withoutNUL(_ text: String) -> String {
        text.contains("\0") ? text.replacing("\0", with: "") : text
    }

    /// Everything the program writes until it closes its output, the first `outputLimit` bytes kept.
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return kept }
            if kept.count < outputLimit { kept += buffer.prefix(min(count, outputLimit - kept.count)) }
        }
    }
}
