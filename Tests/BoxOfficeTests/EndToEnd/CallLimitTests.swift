@testable import BoxOfficeBrowse
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
import Foundation
import Testing

/// A slip must not spend a large part of the day's quota unasked: past the limit of calls
/// (`--max-calls`, `BOXOFFICE_MAX_CALLS`, the config's `max-calls`, else 100) a command asks on a
/// terminal and is refused elsewhere, before any call; the cache is never a cost; the MCP tools
/// and browse keep the same limit, each in its own words.
@Suite struct CallLimitTests {
    /// Answers any day with a recorded day's figures, relabelled as the day asked for.
    static func server() throws -> LoopbackServer {
        let recording = try Fixtures.text("daily_20230423.json")
        let emulator = KOBISEmulator.handler()
        return try LoopbackServer { request in
            guard request.path.hasSuffix("searchDailyBoxOfficeList.json"), let day = request.query["targetDt"] else { return emulator(request) }
            return .json(recording.replacingOccurrences(of: "20230423~20230423", with: "\(day)~\(day)"))
        }
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-limit-\(UUID().uuidString)")
    }

    static func environment(_ server: LoopbackServer, folder: URL) -> [String: String] {
        ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString,
         "BOXOFFICE_CACHE_DIR": folder.appendingPathComponent("cache").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
    }

    /// `--from` without `--to`, piped: refused with exit 64 before any call, naming the count, the
    /// open end and how to go ahead; `--yes` goes ahead; once cached, the same period costs nothing.
    @Test func aForgottenToIsRefusedBeforeAnyCall() async throws {
        let server = try Self.server()
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = Self.environment(server, folder: folder)
        let today = Day.korean(at: Date())
        let from = today.adding(days: -150)
        let refused = try await Executable.run(["daily", "--from", from.iso, "--format", "csv"], environment: environment)
        #expect(refused.status == 64)
        #expect(refused.standardOutput.isEmpty)
        #expect(server.requestCount == 0, "nothing was sent")
        // The count depends on the Korean day the program ran on; the test's own is read on either side of it.
        let yesterdays = [today, Day.korean(at: Date())].map { $0.adding(days: -1) }
        let messages = yesterdays.map { yesterday in
            let days = from.days(to: yesterday) + 1
            return "boxoffice: \(days) calls to KOBIS (up to \(days * 3) with retries) would be needed for \(days) days, \(days * 100 / 3000)% of a key's 3,000 a day and more than the 100 allowed without asking; --from without --to reads every day up to yesterday (\(yesterday.iso)).\nGive a shorter period, or add --yes to go ahead; --max-calls N (or 'max-calls = N' in the config file) sets the limit.\n"
        }
        #expect(messages.contains(refused.standardError), "\(refused.standardError)")
        // The same period, narrower: under the limit, it runs.
        let narrow = try await Executable.run(["daily", "--from", from.iso, "--to", from.adding(days: 99).iso, "--format", "csv", "--rate", "0"], environment: environment)
        #expect(narrow.status == 0, "\(narrow.standardError)")
        #expect(server.requestCount == 100)
        // Those 100 days are in the cache now: a period of 130 days costs 30 calls, and runs.
        let cached = try await Executable.run(["daily", "--from", from.iso, "--to", from.adding(days: 129).iso, "--format", "csv", "--rate", "0"], environment: environment)
        #expect(cached.status == 0, "\(cached.standardError)")
        #expect(cached.standardError.contains("130 days: 30 to fetch from KOBIS, 100 from the cache"), "\(cached.standardError)")
        #expect(server.requestCount == 130)
        // All of it cached: no word of cost at all.
        let again = try await Executable.run(["daily", "--from", from.iso, "--to", from.adding(days: 129).iso, "--format", "csv", "--max-calls", "1"], environment: environment)
        #expect(again.status == 0 && !again.standardError.contains("fetch"), "\(again.standardError)")
        #expect(server.requestCount == 130)
        // --yes goes ahead.
        let yes = try await Executable.run(["daily", "--from", from.adding(days: 130).iso, "--to", from.adding(days: 149).iso, "--max-calls", "5", "--yes",
                                            "--format", "csv", "--rate", "0"], environment: environment)
        #expect(yes.status == 0, "\(yes.standardError)")
        #expect(server.requestCount == 150)
    }

    /// The limit from the option, the variable and the config file, in that order; bad values are usage errors.
    @Test func theLimitComesFromTheOptionTheVariableOrTheConfigFile() async throws {
        let server = try Self.server()
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = Self.environment(server, folder: folder)
        let config = folder.appendingPathComponent("config/boxoffice")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "max-calls = 3\n".write(to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.appendingPathComponent("config").path)
        let arguments = ["top", "--from", "2023-04-01", "--to", "2023-04-05", "--json"]
        let byConfig = try await Executable.run(arguments, environment: environment)
        #expect(byConfig.status == 64 && byConfig.standardError.contains("more than the 3 allowed without asking"), "\(byConfig.standardError)")
        environment["BOXOFFICE_MAX_CALLS"] = "4"
        let byVariable = try await Executable.run(arguments, environment: environment)
        #expect(byVariable.status == 64 && byVariable.standardError.contains("more than the 4 allowed without asking"), "\(byVariable.standardError)")
        let byOption = try await Executable.run(arguments + ["--max-calls", "5", "--rate", "0"], environment: environment)
        #expect(byOption.status == 0, "\(byOption.standardError)")
        #expect(server.requestCount == 5)
        let bad = try await Executable.run(arguments + ["--max-calls", "many"], environment: environment)
        #expect(bad.status == 64 && bad.standardError.hasPrefix("boxoffice: --max-calls 'many' is not a whole number of calls from 1 to 1,000,000.\n"))
        environment["BOXOFFICE_MAX_CALLS"] = nil
        try "max-calls = lots\n".write(to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let badConfig = try await Executable.run(["top", "--from", "2023-04-01", "--to", "2023-04-09"], environment: environment)
        #expect(badConfig.status == 64 && badConfig.standardError.hasPrefix("boxoffice: 'max-calls = lots' in the config file \(config.path)/config is not a whole number of calls from 1 to 1,000,000."),
                "\(badConfig.standardError)")
        // A long value is quoted short, as every message quotes what a person typed.
        try ("max-calls = " + String(repeating: "9x", count: 50) + "\n").write(to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let longConfig = try await Executable.run(["top", "--from", "2023-04-01", "--to", "2023-04-09"], environment: environment)
        #expect(longConfig.status == 64 && longConfig.standardError.hasPrefix(
            "boxoffice: 'max-calls = 9x9x9x9x9x9x9x9x9x9x9x9x9x9x…' (112 characters) in the config file \(config.path)/config is not a whole number of calls from 1 to 1,000,000."),
                "\(longConfig.standardError)")
        // A bad limit stops only what reads a period: help, the version and a single day still work.
        environment["BOXOFFICE_MAX_CALLS"] = "many"
        for arguments in [["--help"], ["--version"], ["daily", "--date", "2023-04-23", "--json"]] {
            let result = try await Executable.run(arguments, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        let badVariable = try await Executable.run(arguments, environment: environment)
        #expect(badVariable.status == 64 && badVariable.standardError.hasPrefix("boxoffice: BOXOFFICE_MAX_CALLS 'many' is not a whole number of calls from 1 to 1,000,000."))
    }

    /// Weekly lists are counted in weeks, and `--from` alone runs to the week holding yesterday.
    @Test func weeksAreCountedInWeeks() async throws {
        let server = try Self.server()
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Executable.run(["weekly", "--from", "2020-01-06", "--to", "2020-12-28", "--max-calls", "2"],
                                              environment: Self.environment(server, folder: folder))
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: 52 calls to KOBIS (up to 156 with retries) would be needed for 52 weeks, 1% of a key's 3,000 a day and more than the 2 allowed without asking.\n"),
                "\(result.standardError)")
        let open = try await Executable.run(["weekly", "--from", "2020-01-06", "--max-calls", "2"], environment: Self.environment(server, folder: folder))
        #expect(open.status == 64 && open.standardError.contains(" weeks, ") && open.standardError.contains("--from without --to reads every week up to the one holding yesterday ("),
                "\(open.standardError)")
        #expect(server.requestCount == 0)
    }

    /// On a terminal the command asks, and only yes goes ahead.
    @Test func onATerminalItAsksAndOnlyYesGoesAhead() async throws {
        let server = try Self.server()
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = Self.environment(server, folder: folder).merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
        let arguments = ["top", "--from", "2023-04-01", "--to", "2023-04-05", "--max-calls", "2", "--rate", "0"]
        let no = try await Self.answering("n", arguments, environment: environment)
        #expect(no.status == 64, "\(no.standardOutput)")
        #expect(no.standardOutput.contains("5 calls to KOBIS (up to 15 with retries) would be needed for 5 days"), "\(no.standardOutput)")
        #expect(no.standardOutput.contains("Go ahead? [y/N]"))
        #expect(no.standardOutput.contains("boxoffice: nothing was fetched: 5 calls to KOBIS"))
        #expect(server.requestCount == 0)
        let yes = try await Self.answering("y", arguments, environment: environment)
        #expect(yes.status == 0, "\(yes.standardOutput)")
        #expect(yes.standardOutput.contains("Top films · 2023-04-01 – 2023-04-05"))
        #expect(server.requestCount == 5)
    }

    /// Runs the program on a pseudo-terminal and types `answer` once it asks.
    static func answering(_ answer: String, _ arguments: [String], environment: [String: String]) async throws -> Executable.Result {
        let script = """
            import os, pty, select, subprocess, sys, time
            master, slave = pty.openpty()
            child = subprocess.Popen(sys.argv[2:], stdin=slave, stdout=slave, stderr=slave, close_fds=True)
            os.close(slave)
            seen = bytearray()
            answered = False
            while True:
                ready, _, _ = select.select([master], [], [], 30)
                if not ready:
                    break
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
                if not answered and b"[y/N]" in seen:
                    os.write(master, (sys.argv[1] + "\\n").encode())
                    answered = True
            sys.stdout.buffer.write(bytes(seen))
            sys.exit(child.wait())
            """
        return try await Executable.run(["-c", script, answer, Executable.url.path] + arguments, environment: environment, timeLimit: 60,
                                        program: URL(fileURLWithPath: "/usr/bin/python3"))
    }

    /// An MCP tool call past the limit is a tool error that says the cost and the argument that
    /// allows it; with that argument it is answered.
    @Test func aToolCallPastTheLimitSaysItsCostAndTheArgumentThatAllowsIt() async throws {
        let server = try Self.server()
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try MCPTestClient(["--rate", "0"], environment: Self.environment(server, folder: folder).merging(["HOME": folder.path]) { $1 })
        _ = try await client.initialize()
        try client.send(["jsonrpc": "2.0", "id": 2, "method": "tools/call",
                         "params": ["name": "top_films", "arguments": ["from": "2023-01-01", "to": "2023-06-30"]]])
        let refused = try #require(try await client.response(2)["result"] as? [String: Any])
        #expect(refused["isError"] as? Bool == true)
        let text = ((refused["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text == "181 calls to KOBIS (up to 543 with retries) would be needed for 181 days, 6% of a key's 3,000 a day and more than the 100 allowed without asking. Give 'maxCalls': 181 to allow it, or ask for a shorter period.",
                "\(text)")
        #expect(!text.contains("--"), "no flag in a tool's words")
        #expect(server.requestCount == 0)
        try client.send(["jsonrpc": "2.0", "id": 3, "method": "tools/call",
                         "params": ["name": "top_films", "arguments": ["from": "2023-01-01", "to": "2023-06-30", "maxCalls": 181]]])
        let answered = try #require(try await client.response(3, timeout: 120)["result"] as? [String: Any])
        #expect(answered["isError"] as? Bool == false)
        #expect((answered["structuredContent"] as? [String: Any])?["daysRead"] as? Int == 181)
        #expect(try await client.finish() == 0)
    }

    /// browse: a screen that needs more calls than allowed asks on the status line; y fetches it,
    /// and any other key leaves it.
    @Test func browseAsksOnItsStatusLine() throws {
        let day = Day(year: 2023, month: 4, day: 23)!
        let deep = RankingPlace(day: day, period: .day, deep: true)
        var state = BrowseState(home: RankingPlace(day: day, period: .day), today: Day(year: 2023, month: 4, day: 24)!)
        _ = state.start()
        #expect(state.handle(.key(.character("d"))) == [.fetch(.ranking(deep), refresh: false)])
        #expect(state.handle(.costly(.ranking(deep), "4 calls to KOBIS would be needed for 1 day")) == [])
        #expect(state.status == "4 calls to KOBIS would be needed for 1 day. y fetches it; any other key does not")
        #expect(state.handle(.key(.character("y"))) == [.fetchApproved(.ranking(deep))])
        #expect(state.status == nil && state.loading.contains(.ranking(deep)))
        // Asked again, any other key is a no, and does nothing else: d does not ask for the deep list again.
        _ = state.handle(.costly(.ranking(deep), "4 calls"))
        #expect(state.handle(.key(.character("d"))) == [])
        #expect(state.asking == nil && state.status == "not fetched")
        // Asked while a search is typed: the keys go to the search, and the question waits for it
        // to end; Y is a yes too.
        #expect(state.handle(.key(.character("d"))) == [.fetch(.ranking(deep), refresh: false)])
        _ = state.handle(.key(.character("/")))
        _ = state.handle(.costly(.ranking(deep), "4 calls"))
        _ = state.handle(.key(.character("y")))
        #expect(state.input == "y" && state.asking == .ranking(deep))
        _ = state.handle(.key(.escape))
        #expect(state.input == nil)
        #expect(state.handle(.key(.character("Y"))) == [.fetchApproved(.ranking(deep))])
    }
}
