import Foundation
import Testing

/// No network helper outlives boxoffice, whatever the helper does with its input; a helper that
/// never speaks is named as the helper, not as the server.
@Suite struct HelperLifetimeTests {
    typealias Installation = NetworkHelperTests.Installation

    /// Whether the process is still there (a zombie is not: it has ended, waiting to be reaped).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = status.lastIndex(of: ")") else { return false }
        let state = status[status.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
        return state != "Z" && state != "X"
    }

    private func pid(of installed: Installation) throws -> Int32 {
        let text = try String(contentsOfFile: installed.helper + ".pid", encoding: .utf8)
        return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Stand-ins that greet, then ignore their input (one even SIGTERM), or flood their stderr:
    /// each is gone by the time boxoffice has exited.
    @Test(arguments: [
        #"trap '' TERM; printf '{"type":"hello","version":1}\n'; while :; do sleep 0.05; done"#,
        #"printf '{"type":"hello","version":1}\n'; while :; do echo flooding >&2; done"#,
    ])
    func aHelperThatIgnoresItsInputEndsWithBoxoffice(script: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let installed = try Installation(.script(#"echo $$ > "$0.pid"; "# + script))
        defer { installed.remove() }
        let result = try await installed.run(["daily", "--date", "2023-04-23", "--timeout", "0.5", "--retries", "0"], server: server)
        #expect(result.status == 69, "the stand-in never answers, so the try times out: \(result.standardError)")
        let helper = try pid(of: installed)
        #expect(!Self.isRunning(helper), "the helper is gone when boxoffice has exited")
        if Self.isRunning(helper) { kill(helper, SIGKILL) }
    }

    /// A stand-in that never says hello: after a try is given up, the next one names the helper
    /// (exit 1, not retried) instead of blaming the server, and the helper is ended.
    @Test func aHelperThatNeverAnswersIsNamedAsTheHelper() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let installed = try Installation(.script(#"echo $$ > "$0.pid"; trap '' TERM; while :; do sleep 0.05; done"#))
        defer { installed.remove() }
        let result = try await installed.run(["daily", "--date", "2023-04-23", "--timeout", "1.2", "--retries", "2"], server: server)
        #expect(result.status == 1)
        #expect(result.standardError == "boxoffice: the network helper \(installed.helper) did not answer: it sent no greeting after it started (a broken install, or a helper stuck in a system call).\n" + NetworkHelperTests.advice)
        #expect(!result.standardError.contains("127.0.0.1"))
        #expect(server.requestCount == 0)
        let helper = try pid(of: installed)
        #expect(!Self.isRunning(helper))
        if Self.isRunning(helper) { kill(helper, SIGKILL) }
    }

    /// With one long try: the helper's silence is noticed within its greeting limit (10 s; the
    /// tests give it their time scale through BOXOFFICE_HELPER_WAIT), long before the try's own
    /// timeout, which would be exit 69 blaming the server.
    @Test func aSilentHelperIsNoticedBeforeTheRequestTimesOut() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let installed = try Installation(.script(#"echo $$ > "$0.pid"; exec sleep 300"#))
        defer { installed.remove() }
        let result = try await installed.run(["daily", "--date", "2023-04-23", "--timeout", "200", "--retries", "0"], server: server)
        #expect(result.finished)
        #expect(result.status == 1, "named as the helper, not a try timed out after 200 s")
        #expect(result.standardError.hasPrefix("boxoffice: the network helper \(installed.helper) did not answer: it sent no greeting"))
        let helper = try pid(of: installed)
        #expect(!Self.isRunning(helper))
        if Self.isRunning(helper) { kill(helper, SIGKILL) }
    }

    /// BOXOFFICE_HELPER_WAIT takes a number of seconds from 1 to 600; anything else is refused
    /// before any request.
    @Test(arguments: ["0", "601", "soon", "nan", "1e9"])
    func aWrongHelperWaitIsAUsageError(value: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--date", "2023-04-23"],
                                              environment: Hostile.environment(server, cache: cache).merging(["BOXOFFICE_HELPER_WAIT": value]) { $1 })
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: BOXOFFICE_HELPER_WAIT '\(value)' is not a number of seconds from 1 to 600"), "\(result.standardError)")
        #expect(server.requestCount == 0)
    }

    /// As the packages install them (`bin/boxoffice`, `libexec/boxoffice/boxoffice-http`), through
    /// a link on PATH: the helper is found from the program's real place.
    @Test func thePackagedLayoutFindsItsHelper() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let prefix = Hostile.folder("prefix")
        let cache = Hostile.folder("prefix-cache")
        defer {
            try? FileManager.default.removeItem(at: prefix)
            try? FileManager.default.removeItem(at: cache)
        }
        let bin = prefix.appendingPathComponent("bin"), libexec = prefix.appendingPathComponent("libexec/boxoffice")
        let elsewhere = prefix.appendingPathComponent("elsewhere")
        for folder in [bin, libexec, elsewhere] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Executable.copyProgram(Executable.url, to: bin.appendingPathComponent("boxoffice"))
        try Executable.copyProgram(Executable.helperURL, to: libexec.appendingPathComponent("boxoffice-http"))
        try FileManager.default.createSymbolicLink(at: elsewhere.appendingPathComponent("boxoffice"), withDestinationURL: bin.appendingPathComponent("boxoffice"))
        let result = try await Executable.run(["daily", "--date", "2023-04-23", "--json"], environment: Hostile.environment(server, cache: cache),
                                              program: elsewhere.appendingPathComponent("boxoffice"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("존 윅 4"))
        #expect(server.requestCount == 1)
    }
}
