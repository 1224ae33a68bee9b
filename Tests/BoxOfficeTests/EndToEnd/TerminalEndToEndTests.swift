import BoxOfficeRendering
import Foundation
import Testing

/// boxoffice on a real pseudo-terminal, stdout and stderr both on it, as a person sees it.
@Suite struct TerminalEndToEndTests {
    /// Runs the binary with stdin, stdout and stderr on a new pseudo-terminal of `columns` columns,
    /// and returns everything written to the terminal, escapes included.
    static func runOnTerminal(_ arguments: [String], environment: [String: String], columns: Int = 100) async throws -> Executable.Result {
        let script = """
            import fcntl, os, pty, struct, subprocess, sys, termios
            master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, int(sys.argv[1]), 0, 0))
            child = subprocess.Popen(sys.argv[2:], stdin=slave, stdout=slave, stderr=slave, close_fds=True)
            os.close(slave)
            seen = bytearray()
            while True:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
            sys.stdout.buffer.write(bytes(seen))
            sys.exit(child.wait())
            """
        return try await Executable.run(["-c", script, String(columns), Executable.url.path] + arguments,
                                        environment: environment.merging(["TERM": "xterm"]) { $1 }, timeLimit: 60,
                                        program: URL(fileURLWithPath: "/usr/bin/python3"))
    }

    /// A range whose answers take a while: its progress line is drawn between the tables, and once
    /// the command ends the visible screen holds the four tables and no trace of that line.
    @Test func aRangeLeavesNoProgressLineOnTheScreen() async throws {
        let emulator = KOBISEmulator.handler()
        let server = try LoopbackServer { request in .delayed(seconds: 0.4, then: emulator(request)) }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-tty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Self.runOnTerminal(
            ["daily", "--from", "2022-01-04", "--to", "2022-01-07", "--jobs", "1", "--color", "never"],
            environment: ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key,
                          "BOXOFFICE_CACHE_DIR": cache.path])
        #expect(result.status == 0, "\(result.standardOutput)")
        // The line was drawn while the range ran (so this test can fail)…
        #expect(result.standardOutput.contains("/4 days"))
        // …and is nowhere on the screen at the end.
        let screen = Screen(result.standardOutput).lines
        let spinner = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        for line in screen {
            #expect(!line.contains(where: spinner.contains) && !line.contains("/4 days"), "\(line)")
        }
        for day in ["2022-01-04", "2022-01-05", "2022-01-06", "2022-01-07"] {
            #expect(screen.contains { $0.hasPrefix("Daily box office · \(day)") }, "\(day): \(screen)")
        }
    }

    /// A deep ranking in colour on a 60-column terminal: the rule under its last exact rank is as
    /// wide as the table shows, and no line is wider than the terminal.
    @Test func theDeepRuleFitsTheTerminal() async throws {
        let server = try DeepRankingTests.server()
        let cache = DeepRankingTests.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Self.runOnTerminal(["daily", "--deep", "--date", DeepRankingTests.day, "--color", "always"],
                                                  environment: DeepRankingTests.environment(server, cache: cache), columns: 60)
        #expect(result.status == 0, "\(result.standardOutput)")
        let screen = Screen(result.standardOutput).lines
        let rule = try #require(screen.first { $0.hasPrefix("───") })
        let widest = screen.filter { $0.hasPrefix("  ") || $0.hasPrefix(" 1") || $0.hasPrefix("Rank") }.map { TerminalText.width($0) }.max() ?? 0
        #expect(TerminalText.width(rule) == widest, "\(screen.joined(separator: "\n"))")
        for line in screen { #expect(TerminalText.width(line) <= 60, "\(line)") }
    }

    /// The films a title matches, on a 60-column terminal: one line each, fitted to it.
    @Test func theCandidatesOfATitleFitTheTerminal() async throws {
        let result = try await Self.runOnTerminal(["--demo", "movie", "극장판"], environment: [:], columns: 60)
        #expect(result.status == 1, "\(result.standardOutput)")
        let screen = Screen(result.standardOutput).lines
        let rows = screen.filter { $0.hasPrefix("  2") }
        #expect(rows.count >= 3 && rows.allSatisfy { $0.contains("극장판") }, "\(screen.joined(separator: "\n"))")
        for line in screen { #expect(TerminalText.width(line) <= 60, "\(line)") }
    }
}

/// What a terminal shows after a stream of text: carriage returns, line feeds, erase to the end
/// of the line (`ESC [ K`); other escape sequences (colours) take no room.
struct Screen {
    private(set) var lines: [String] = []

    init(_ stream: String) {
        var rows: [[Character]] = [[]]
        var row = 0, column = 0
        var characters = stream.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\r": column = 0
            case "\n", "\r\n":
                row += 1
                if character == "\r\n" { column = 0 }
                if row == rows.count { rows.append([]) }
            case "\u{1B}":
                var sequence = ""
                guard characters.next() == "[" else { continue }
                while let next = characters.next() {
                    if next.isLetter { sequence.append(next); break }
                    sequence.append(next)
                }
                if sequence.hasSuffix("K"), column < rows[row].count { rows[row].removeSubrange(column...) }
            default:
                while rows[row].count < column { rows[row].append(" ") }
                if column < rows[row].count { rows[row][column] = character } else { rows[row].append(character) }
                column += 1
            }
        }
        lines = rows.map { String($0) }
        while lines.last?.isEmpty == true { lines.removeLast() }
    }
}
