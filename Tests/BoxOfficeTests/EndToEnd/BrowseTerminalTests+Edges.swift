@testable import BoxOfficeRendering
import Foundation
import Glibc
@testable import BoxOfficeCore
import Testing

extension BrowseTerminalTests {
    @Test func aFailingServerIsAStatusLineAndTheScreenStays() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache, arguments: ["browse", "--date", "2022-10-30", "--retries", "0"])
        defer { terminal.close() }
        guard await see(terminal, ">  1 –    자백") else { return }
        // One try, within the usual timeout: the 500 is what the status line must say.
        let before = Array(terminal.screen.lines.prefix(12))
        server.failing.withLock { $0 = true }
        terminal.send("r")
        guard await see(terminal, "500") else { return }
        #expect(Array(terminal.screen.lines.prefix(12)) == before, "the ranking stays as it was")
        #expect(terminal.isRunning, "nothing ends the view but the user")
        // A resize redraws at the new size, every line within it.
        terminal.resize(columns: 50, rows: 16)
        #expect(await terminal.waitForScreen(timeout: Self.wait) { $0.line(15).hasPrefix("↑↓ move") && $0.line(1).hasSuffix("Audience      Total") },
                "redrawn for 50 columns:\n\(terminal.screen.text)")
        for line in terminal.screen.lines { #expect(TerminalText.width(line) <= 50, "\(line)") }
        terminal.signal(SIGTERM)
        await expectExit(terminal, 143)  // SIGTERM ends it as a termination (128 + 15)
        #expect(PseudoTerminal.same(terminal.initialSettings, try #require(terminal.terminalSettings())))
        #expect(await terminal.waitForScreen(timeout: Self.wait) { !$0.inAlternateScreen && $0.cursorVisible })
    }

    /// KOBIS failing on its own side is a status line that says so, and the ranking stays.
    @Test func kobisFailingIsAStatusLineAndTheScreenStays() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache, arguments: ["browse", "--date", "2022-10-30", "--retries", "1"])
        defer { terminal.close() }
        guard await see(terminal, ">  1 –    자백") else { return }
        let before = Array(terminal.screen.lines.prefix(12))
        server.stumbling.withLock { $0 = true }
        terminal.send("r")
        guard await see(terminal, "KOBIS could not answer for 2022-10-30") else { return }
        #expect(Array(terminal.screen.lines.prefix(12)) == before, "the ranking stays as it was")
        #expect(server.loopback.requests.filter { $0.query["targetDt"] == "20221030" }.count == 3, "asked once, then again after the fault, twice")
        terminal.send("q")
        await expectExit(terminal, 0)
    }

    @Test func aHangUpGivesTheTerminalBack() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache)
        defer { terminal.close() }
        guard await see(terminal, "자백") else { return }
        // Ctrl-Z gives the terminal back and stops; here, with no shell to stop it for (an orphaned
        // process group ignores the stop), it comes straight back and draws the whole view again.
        let drawn = terminal.output.count
        terminal.send("\u{1A}")
        #expect(await terminal.waitForScreen(timeout: Self.wait) { _ in
            String(decoding: terminal.output.dropFirst(drawn), as: UTF8.self).contains("\u{1B}[?1049l")
        }, "left the alternate screen")
        guard await see(terminal, ">  1 –    자백") else { return }
        #expect(terminal.screen.inAlternateScreen)
        #expect(terminal.isRunning)
        terminal.signal(SIGHUP)
        await expectExit(terminal, 130)
        #expect(PseudoTerminal.same(terminal.initialSettings, try #require(terminal.terminalSettings())))
    }

    @Test func theDemoBrowsesItsSampleDaysWithNoKey() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache, arguments: ["--demo", "browse"], columns: 40, rows: 12, extra: ["KOBIS_API_KEY": ""])
        defer { terminal.close() }
        guard await see(terminal, "Daily · 2025-10-28 (Tue)") else { return }
        #expect(terminal.screen.contains("sample data (--demo)"))
        terminal.send("[")
        guard await see(terminal, "Daily · 2025-10-27 (Mon)") else { return }
        #expect(terminal.screen.contains("sample day 2025-10-27"))
        #expect(server.loopback.requestCount == 0, "no network")
        terminal.send("q")
        await expectExit(terminal, 0)
    }

    /// The demo's first screen, as a newcomer meets it: Enter on each of its ten films opens the
    /// film, titled, with what the season's rankings know of it and no error; a film whose
    /// details the samples do not hold shows those figures alone, saying so; stepping back a day
    /// at a time passes over 2025-10-20, saying it was not recorded.
    /// In the demo, a film's director or company that the samples do not hold opens a screen that
    /// says so, not an error on the status line.
    @Test func inTheDemoPeopleAndCompaniesTheSamplesLackSaySo() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache, arguments: ["--demo", "browse", "--date", "2025-10-06"], columns: 100, rows: 40,
                                      extra: ["KOBIS_API_KEY": ""])
        defer { terminal.close() }
        let rows = try SeasonDemoTests.rows("20251006")
        guard let first = rows.first, await see(terminal, first.title) else { return }
        terminal.send("\r")
        guard await see(terminal, "Film · \(first.title)"), await see(terminal, "Directors") else { return }
        // The first item of a film's screen is its director.
        terminal.send("\r")
        guard await see(terminal, "People · ") else { return }
        #expect(await see(terminal, "KOBIS's details of people of this name are not in the samples"), "\(terminal.screen.text)")
        #expect(!terminal.screen.text.contains("sample data has no"))
        terminal.send("\u{1B}")
        guard await see(terminal, "Film · \(first.title)") else { return }
        // The last item is the reviews; the one before it a company.
        terminal.send("G")
        terminal.send("k")
        terminal.send("\r")
        guard await see(terminal, "Company ") else { return }
        #expect(await see(terminal, "KOBIS's details of this company are not in the samples"), "\(terminal.screen.text)")
        // A director's name after / finds the director's films (no title has it).
        terminal.send("/박찬욱\r")
        guard await see(terminal, "films directed by ‘박찬욱’") else { return }
        #expect(await see(terminal, "어쩔수가없다 (2025)"), "\(terminal.screen.text)")
        // w stays on the day: the week the samples lack says so under its own heading.
        terminal.send("\u{1B}\u{1B}\u{1B}")
        guard await see(terminal, "Daily box office · 2025-10-06") else { return }
        terminal.send("w")
        #expect(await see(terminal, "Weekly box office holding 2025-10-06"), "\(terminal.screen.text)")
        #expect(await see(terminal, "KOBIS's weekly box office of this week is not in the samples"), "\(terminal.screen.text)")
        terminal.send("q")
        #expect(await terminal.waitForExit(timeout: .seconds(20 * TestTime.scale)) == 0)
    }

    /// `R` on the demo's last day: October's records from the recorded days (the 20th not
    /// recorded, so read as 27 of 31), each film's row opening it; Esc comes back, q ends.
    @Test func inTheDemoRecordsOfTheMonthAreAKeyAway() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache, arguments: ["--demo", "browse"], columns: 100, rows: 40, extra: ["KOBIS_API_KEY": ""])
        defer { terminal.close() }
        guard await see(terminal, "Daily box office · 2025-10-28 (Tue)"), await see(terminal, "보스") else { return }
        terminal.send("R")
        guard await see(terminal, "boxoffice · Records · 2025-10"), await see(terminal, "Read 27 of 31 days") else { return }
        #expect(terminal.screen.contains("238,891  2025-10-03"), "보스's opening day: \(terminal.screen.text)")
        #expect(terminal.screen.contains("Fastest to 1,000,000"))
        // The film left out of the opening records first, then the records' films.
        #expect(terminal.screen.contains("퍼스트 라이드") && terminal.screen.contains("its opening day not read"), "\(terminal.screen.text)")
        terminal.send("j")
        terminal.send("\r")
        guard await see(terminal, "Film · 보스") else { return }
        terminal.send("\u{1B}")
        guard await see(terminal, "Records · 2025-10") else { return }
        #expect(server.loopback.requestCount == 0, "no network")
        // As tig's, q closes the records (back to the day); Q quits from anywhere.
        terminal.send("q")
        guard await see(terminal, "Daily box office · 2025-10-28 (Tue)") else { return }
        terminal.send("R")
        guard await see(terminal, "boxoffice · Records · 2025-10") else { return }
        terminal.send("Q")
        await expectExit(terminal, 0)
        // The last bytes it wrote may still be on their way to the screen model when it is reaped.
        #expect(await terminal.waitForScreen(timeout: Self.wait) { !$0.inAlternateScreen && $0.cursorVisible }, "the terminal is given back")
    }

    @Test func inTheDemoEveryFilmOfTheFirstDayOpensWithItsSeason() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let terminal = try Self.start(server, cache: cache, arguments: ["--demo", "browse"], columns: 100, rows: 40, extra: ["KOBIS_API_KEY": ""])
        defer { terminal.close() }
        let heading = "Daily box office · 2025-10-28 (Tue)"
        let rows = try SeasonDemoTests.rows("20251028")
        #expect(rows.count == 10)
        // The heading is drawn while the ranking loads: Enter waits for the first film's row.
        guard await see(terminal, heading), let first = rows.first, await see(terminal, first.title) else { return }
        for (index, row) in rows.enumerated() {
            if index > 0 {
                terminal.send("j")
                guard await see(terminal, ">\(String(repeating: " ", count: row.rank < 10 ? 2 : 1))\(row.rank) ") else { return }
            }
            terminal.send("\r")
            guard await see(terminal, "Film · \(row.title)"), await see(terminal, "Audience so far") else { return }
            let screen = terminal.screen.text
            let figures = { (label: String) in
                screen.split(separator: "\n").first { $0.hasPrefix("    " + label + " ") }?.split(separator: " ").map(String.init) ?? []
            }
            let audience = figures("Audience so far")
            let total = audience.firstIndex(of: NumberFormat.grouped(row.total))
            #expect(total.map { audience.dropFirst($0 + 1).first } == "2025-10-28", "\(row.title)'s audience so far: \(screen)")
            #expect(!screen.contains("sample data has no"), "no error: \(screen)")
            let detailed = SeasonDemoTests.films.contains(row.code)
            #expect(screen.contains("KOBIS's details for it are not in the samples.") == !detailed, "\(row.title)")
            if !detailed {
                // Its figures over the season, counted here from the recordings.
                let ranked = try SeasonDemoTests.days.filter { day in try SeasonDemoTests.rows(day).contains { $0.code == row.code } }
                #expect(figures("Days in the top 10").last == "\(ranked.count)", "\(row.title): \(screen)")
            }
            terminal.send("\u{1B}")
            guard await see(terminal, heading) else { return }
        }
        for day in (21...27).reversed() {
            terminal.send("[")
            guard await see(terminal, "Daily box office · 2025-10-\(day)") else { return }
        }
        terminal.send("[")
        guard await see(terminal, "Daily box office · 2025-10-19 (Sun)") else { return }
        #expect(terminal.screen.contains("2025-10-20 was not recorded"))
        #expect(server.loopback.requestCount == 0, "no network")
        terminal.send("q")
        await expectExit(terminal, 0)
    }

    @Test func withoutATerminalItSaysWhatToUseInstead() async throws {
        let result = try await Executable.run(["--demo", "browse"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == """
            boxoffice: browse is a full-screen view and needs a terminal (stdin and stdout); for scripts, use 'boxoffice daily --json', 'boxoffice movie CODE --json' and the other commands.
            Run 'boxoffice help browse' for usage.

            """)
    }

    @Test func aPosterIsShownWhereTheTerminalCanAndItsAddressElsewhere() async throws {
        let server = try Server()
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let posters = ["KAKAO_REST_API_KEY": "kakaoCANARY0123456789abcdef", "BOXOFFICE_KAKAO_URL": server.loopback.baseURL.absoluteString]
        let terminal = try Self.start(server, cache: cache, extra: posters.merging(["TERM_PROGRAM": "iTerm.app"]) { $1 })
        defer { terminal.close() }
        guard await see(terminal, ">  1 –    자백") else { return }
        terminal.send("\r")
        let address = "http://127.0.0.1:\(server.loopback.port)/poster.png"
        guard await see(terminal, "Poster    p shows it · \(address)") else { return }
        let before = terminal.output.count
        terminal.send("p")
        guard await see(terminal, "any key goes back") else { return }
        let drawn = String(decoding: terminal.output.dropFirst(before), as: UTF8.self)
        #expect(drawn.contains("\u{1B}]1337;File=inline=1;size=\(Server.png.count);width=80;height=23;preserveAspectRatio=1:\(Server.png.base64EncodedString())\u{7}"))
        terminal.send("x")
        guard await see(terminal, "boxoffice · Film · 자백") else { return }
        terminal.send("Q")
        await expectExit(terminal, 0)
        // The trace tells the poster's way, and holds no key.
        let traced = Self.trace(of: terminal)
        #expect(traced.contains("terminal key(BoxOfficeBrowse.BrowseKey.character(\"p\"))") && traced.contains("effect showPoster(")
                && traced.contains("image: \(Server.png.count) bytes"), "\(traced)")
        #expect(!traced.contains("kakaoCANARY") && !traced.contains(KOBISEmulator.key))

        // Elsewhere, the address on the status line.
        let plain = try Self.start(server, cache: cache, extra: posters)
        defer { plain.close() }
        guard await see(plain, ">  1 –    자백") else { return }
        plain.send("\r")
        guard await see(plain, "Poster    p shows it") else { return }
        plain.send("p")
        #expect(await see(plain, "this terminal cannot show images; the poster is at"))
        #expect(plain.screen.line(22) == address, "the address whole, on the line the message takes")
        #expect(!plain.output.contains(0x07), "no image escape")
        plain.send("Q")
        await expectExit(plain, 0)
        for output in [terminal.output, plain.output] {
            let text = String(decoding: output, as: UTF8.self)
            #expect(!text.contains("kakaoCANARY") && !text.contains(KOBISEmulator.key), "no key on the screen")
        }
    }
}
