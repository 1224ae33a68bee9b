@testable import BoxOfficeRendering
import Foundation
import Glibc
@testable import BoxOfficeCore
import Testing

/// `boxoffice browse` on a real pseudo-terminal, read by a screen model, against the loopback
/// KOBIS: the walks a user makes, a failing server, a resize, and every way out, each leaving the
/// terminal's settings exactly as they were.
@Suite(.serialized) struct BrowseTerminalTests {
    static let width: @Sendable (Character) -> Int = { TerminalText.width(of: $0) }
    /// Far beyond what a step takes (milliseconds): only a hang waits this long.
    static let wait = Duration.seconds(20 * TestTime.scale)
    /// When a step still missing is looked at: far beyond a step, well within a request's timeout.
    static let look = Duration.seconds(10)

    /// The loopback KOBIS, with a director of 자백 to find by name and a record of him, and a
    /// switch that makes every request fail with a 500.
    final class Server: Sendable {
        let loopback: LoopbackServer
        let failing = Locked(false)
        /// KOBIS failing on its own side (fault 320099) for every ranking.
        let stumbling = Locked(false)

        /// A PNG's signature and a few bytes: enough to be taken for one.
        static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

        init() throws {
            let failing = self.failing
            let stumbling = self.stumbling
            let port = Locked<UInt16>(0)
            loopback = try LoopbackServer { request in
                if failing.withLock({ $0 }) { return .html("<html><body>Internal Server Error</body></html>", status: 500) }
                if stumbling.withLock({ $0 }), request.query["targetDt"] != nil { return .json(KOBISFailureEndToEndTests.fault) }
                if request.path.hasSuffix("people/searchPeopleList.json"), request.query["peopleNm"] == "윤종석" {
                    return .json("""
                        {"peopleListResult":{"totCnt":1,"peopleList":[{"peopleCd":"10099999","peopleNm":"윤종석","peopleNmEn":"YOON Jong-seok","repRoleNm":"감독","filmoNames":"자백|마린보이"}]}}
                        """)
                }
                if request.path.hasSuffix("people/searchPeopleInfo.json"), request.query["peopleCd"] == "10099999" {
                    return .json("""
                        {"peopleInfoResult":{"peopleInfo":{"peopleCd":"10099999","peopleNm":"윤종석","peopleNmEn":"YOON Jong-seok","sex":"남자","repRoleNm":"감독","homepages":[],
                         "filmos":[{"movieCd":"20198429","movieNm":"자백","moviePartNm":"감독"},{"movieCd":"20124079","movieNm":"광해, 왕이 된 남자","moviePartNm":"각본"}]}}}
                        """)
                }
                // A stand-in for Kakao's image search, and the poster it finds.
                if request.path == "/v2/search/image" {
                    return .json(#"{"meta":{"total_count":1},"documents":[{"image_url":"http://127.0.0.1:\#(port.withLock { $0 })/poster.png"}]}"#)
                }
                if request.path == "/poster.png" { return .respond(status: 200, headers: ["Content-Type": "image/png"], body: Server.png) }
                return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
            }
            port.withLock { $0 = loopback.port }
        }
    }

    static func start(_ server: Server, cache: URL, arguments: [String] = ["browse", "--date", "2022-10-30"],
                      columns: Int = 80, rows: Int = 24, extra: [String: String] = [:]) throws -> PseudoTerminal {
        // PATH, HOME and the sanitizers' options as every program the tests run has them.
        var environment = ChildEnvironment.base(home: cache)
        environment.merge(["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.loopback.baseURL.absoluteString,
                           "BOXOFFICE_CACHE_DIR": cache.path, "TERM": "xterm-256color", "NO_COLOR": "1"]) { $1 }
        environment.merge(extra) { $1 }
        // What the view does, a line each, shown when a step does not come.
        let trace = cache.appendingPathComponent("browse-trace-\(UUID().uuidString).log")
        environment["BOXOFFICE_BROWSE_TRACE"] = trace.path
        let terminal = try PseudoTerminal(executable: Executable.url.path, arguments: arguments, environment: environment,
                                          columns: columns, rows: rows, width: width)
        traces.withLock { $0[terminal.processID] = trace }
        return terminal
    }

    /// Each view's trace file, by its process.
    static let traces = Locked<[pid_t: URL]>([:])

    /// The last lines of a view's trace.
    static func trace(of terminal: PseudoTerminal) -> String {
        guard let file = traces.withLock({ $0[terminal.processID] }), let text = try? String(contentsOf: file, encoding: .utf8) else {
            return "(no trace)"
        }
        return text.split(separator: "\n").suffix(40).map { "   " + $0 }.joined(separator: "\n")
    }

    static func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("browse-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func see(_ terminal: PseudoTerminal, _ text: String, _ comment: Comment? = nil) async -> Bool {
        // A step takes milliseconds, and a request times out in seconds: one still missing after
        // `look` is looked at while it waits (the view, its helper and any stall the watch saw),
        // before the view's own timeout ends the wait, and the test then waits on to its limit.
        var seen = await terminal.waitForScreen(timeout: Self.look) { $0.contains(text) }
        var diagnosis = ""
        if !seen {
            let pid = terminal.processID
            diagnosis = "\nwhere it waited after \(Self.look):\n" + ((try? await Blocking.run { ProcessDump.describe(pid) }) ?? "")
                + "\n-- what the view did (its trace):\n" + Self.trace(of: terminal)
            FileHandle.standardError.write(Data("== browse has not shown \(text) yet\(diagnosis)\n".utf8))
            seen = await terminal.waitForScreen(timeout: Self.wait - Self.look) { $0.contains(text) }
            if !seen {
                diagnosis += "\n-- where it waits at the end of the wait:\n" + ((try? await Blocking.run { ProcessDump.describe(pid, backtraces: true) }) ?? "")
                    + "\n-- its trace by the end of the wait:\n" + Self.trace(of: terminal) + StallWatch.summary
            }
        }
        #expect(seen, "\(comment ?? "") wanted \(text) on:\n\(terminal.screen.text)\(diagnosis)")
        return seen
    }

    func row(_ terminal: PseudoTerminal, _ index: Int) -> String { terminal.screen.line(index) }

    /// The view ends with `status`; if not, the end of what it wrote says why (a sanitizer's report).
    func expectExit(_ terminal: PseudoTerminal, _ status: Int32, sourceLocation: SourceLocation = #_sourceLocation) async {
        let ended = await terminal.waitForExit(timeout: Self.wait)
        #expect(ended == status, "ended with \(ended.map(String.init) ?? "no exit"): \(String(decoding: terminal.output.suffix(3000), as: UTF8.self))",
                sourceLocation: sourceLocation)
    }

    /// The harness gives a child its terminal and nothing else of the test process's descriptors.
    @Test func aChildInheritsOnlyItsTerminal() async throws {
        // ls lists its own descriptors: the terminal's three and the folder it reads.
        let terminal = try PseudoTerminal(executable: "/bin/ls", arguments: ["-x", "-w", "200", "/proc/self/fd"],
                                          environment: ["PATH": "/usr/bin:/bin"], columns: 200, rows: 5)
        defer { terminal.close() }
        #expect(await terminal.waitForScreen(timeout: Self.wait) { $0.text.contains("0") }, "its listing on the screen")
        #expect(await terminal.waitForExit(timeout: Self.wait) == 0)
        let listed = terminal.screen.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        #expect(listed == ["0", "1", "2", "3"], "\(terminal.screen.text)")
    }

    /// The helper processes (`boxoffice-http`) a program has started, sampled every 20 ms until stopped.
    final class HelperWatch: Sendable {
        private let found = Locked<Set<pid_t>>([])
        private let running = Locked(true)

        init(parent: pid_t) {
            Thread.detachNewThread { [found, running] in
                while running.withLock({ $0 }) {
                    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                        guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
                        let name = stat[stat.index(after: open)..<close]
                        let fields = stat[stat.index(after: close)...].split(separator: " ")
                        if name == "boxoffice-http", fields.count > 1, pid_t(fields[1]) == parent { _ = found.withLock { $0.insert(pid) } }
                    }
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
        }

        var seen: Set<pid_t> { found.withLock { $0 } }
        func stop() { running.withLock { $0 = false } }
    }

    @Test func walksFromTheRankingToAFilmAPersonAnotherFilmAndBack() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache)
        defer { terminal.close() }
        // Every helper the view starts, watched while it walks: one serves the whole view.
        let helpers = HelperWatch(parent: terminal.processID)
        defer { helpers.stop() }
        guard await see(terminal, "Daily box office · 2022-10-30 (Sun)") else { return }
        guard await see(terminal, ">  1 –    자백") else { return }
        #expect(terminal.screen.inAlternateScreen)
        #expect(!terminal.screen.cursorVisible)
        terminal.send("\r")
        guard await see(terminal, "boxoffice · Film · 자백") else { return }
        #expect(terminal.screen.contains("> 윤종석") || terminal.screen.contains(">   윤종석"), "the director is chosen first:\n\(terminal.screen.text)")
        terminal.send("\r")
        guard await see(terminal, "boxoffice · Person · 윤종석") else { return }
        terminal.send("j")
        guard await see(terminal, ">   광해, 왕이 된 남자") else { return }
        terminal.send("l")
        guard await see(terminal, "boxoffice · Film · 광해, 왕이 된 남자") else { return }
        for (key, title) in [("\u{1B}", "Person · 윤종석"), ("h", "Film · 자백"), ("\u{7F}", "Daily box office · 2022-10-30")] {
            terminal.send(key)
            guard await see(terminal, title, "back") else { return }
        }
        // A stray Esc on the first screen does nothing.
        terminal.send("\u{1B}")
        try await Task.sleep(for: .milliseconds(300))
        #expect(terminal.isRunning)
        #expect(server.loopback.requestCount >= 6, "the ranking, its neighbours, the films and the person were fetched")
        #expect(helpers.seen.count == 1, "one helper for every fetch of the view, not one each: \(helpers.seen.sorted())")
        terminal.send("q")
        await expectExit(terminal, 0)
        #expect(PseudoTerminal.same(terminal.initialSettings, try #require(terminal.terminalSettings())))
        #expect(await terminal.waitForScreen(timeout: Self.wait) { !$0.inAlternateScreen && $0.cursorVisible })
    }

    @Test func stepsDaysPicksOneFromTheCalendarAndSearches() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache)
        defer { terminal.close() }
        guard await see(terminal, "자백") else { return }
        terminal.send("[")
        guard await see(terminal, "Daily box office · 2022-10-29 (Sat)") else { return }
        #expect(await see(terminal, "KOBIS lists no film for this period."))
        terminal.send("]")
        guard await see(terminal, "Daily box office · 2022-10-30 (Sun)") else { return }
        terminal.send("c")
        guard await see(terminal, "Calendar · 2022-10") else { return }
        #expect(terminal.screen.contains("[30]"))
        #expect(terminal.screen.contains("자백"), "the number one of a day already seen:\n\(terminal.screen.text)")
        // Up a week, up again, a month back (PgUp), then Enter.
        terminal.send("\u{1B}[A\u{1B}[A\u{1B}[5~")
        guard await see(terminal, "Calendar · 2022-09") else { return }
        #expect(terminal.screen.contains("[16]"))
        terminal.send("\u{1B}[5~\u{1B}[6~\u{1B}[B")
        guard await see(terminal, "[23]") else { return }
        terminal.send("\r")
        guard await see(terminal, "Daily box office · 2022-09-23 (Fri)") else { return }
        terminal.send("/")
        guard await see(terminal, "Search a title or a director: ") else { return }
        terminal.send("범죄와의 전쟁\r")
        guard await see(terminal, "boxoffice · Search · 범죄와의 전쟁") else { return }
        #expect(terminal.screen.contains("범죄와의 전쟁: 나쁜놈들 전성시대"))
        terminal.send("\u{3}")
        await expectExit(terminal, 0)
        #expect(PseudoTerminal.same(terminal.initialSettings, try #require(terminal.terminalSettings())))
    }
}
