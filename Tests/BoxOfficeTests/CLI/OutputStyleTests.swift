@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import BoxOfficeCore
import Foundation
import Testing

/// How the command line and the environment decide colours, JSON layout, width and language.
@Suite struct OutputStyleTests {
    private func style(_ arguments: [String], environment: [String: String] = [:], terminal: Bool, width: Int? = nil) throws -> OutputStyle {
        let console = Console(standardOutput: { _ in }, standardError: { _ in }, outputIsTerminal: terminal, width: width)
        let commandLine = BoxOfficeCommandLine(environment: environment, console: console)
        let today = Day(year: 2026, month: 11, day: 22)!
        return commandLine.style(try Invocation(try ArgumentParser().parse(["daily"] + arguments), environment: environment, today: today))
    }

    /// Every combination of the flag, NO_COLOR, CLICOLOR_FORCE, TERM=dumb and where stdout goes.
    @Test func colourDecisions() throws {
        let flags: [[String]] = [[], ["--color", "auto"], ["--color", "always"], ["--color", "never"], ["--no-color"]]
        for flag in flags {
            for noColor in [nil, "", "1"] {
                for force in [nil, "0", "1"] {
                    for term in ["xterm-256color", "dumb"] {
                        for terminal in [true, false] {
                            var environment = ["TERM": term]
                            environment["NO_COLOR"] = noColor
                            environment["CLICOLOR_FORCE"] = force
                            let expected: Bool = switch flag.last {
                            case "always": true
                            case "never", "--no-color": false
                            default:
                                if let noColor, !noColor.isEmpty { false }
                                else if let force, !force.isEmpty, force != "0" { true }
                                else { terminal && term != "dumb" }
                            }
                            let colors = try style(flag, environment: environment, terminal: terminal).options.colors
                            #expect(colors == expected, "\(flag) NO_COLOR=\(noColor ?? "unset") CLICOLOR_FORCE=\(force ?? "unset") TERM=\(term) terminal=\(terminal)")
                        }
                    }
                }
            }
        }
    }

    @Test func jsonIsPrettyOnATerminalAndCompactWhenPiped() throws {
        #expect(try style(["--json"], terminal: true).prettyJSON)
        #expect(try !style(["--json"], terminal: false).prettyJSON)
        #expect(try style(["--json", "--pretty"], terminal: false).prettyJSON)
        #expect(try !style(["--json", "--compact"], terminal: true).prettyJSON)
    }

    @Test func widthComesFromTheConsoleAndNothingIsCutInAPipe() throws {
        #expect(try style([], terminal: true, width: 80).options.width == 80)
        #expect(try style([], terminal: false).options.width == nil)
        #expect(Console.terminalWidth(environment: ["COLUMNS": "72"]) == 72)
        #expect(Console.terminalWidth(environment: ["COLUMNS": "0"]) != 0)
        #expect(Console.terminalWidth(environment: ["COLUMNS": "wide"]) > 0)
    }

    @Test(arguments: [
        (["LANG": "ko_KR.UTF-8"], true), (["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], true),
        (["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"], false), (["LC_MESSAGES": "ko_KR", "LANG": "C"], true),
        (["LC_ALL": "", "LANG": "ko"], true), ([:], false), (["LANG": "C.UTF-8"], false),
    ] as [([String: String], Bool)])
    func labelsFollowTheLocale(environment: [String: String], korean: Bool) throws {
        #expect(try style([], environment: environment, terminal: false).options.korean == korean)
    }

    @Test func ambiguousWidthIsTheUsersChoice() throws {
        #expect(try style([], environment: ["BOXOFFICE_AMBIGUOUS_WIDE": "1"], terminal: true).options.ambiguousWide)
        #expect(try !style([], terminal: true).options.ambiguousWide)
    }

    /// Notes and messages on a terminal's stderr wrap to its width, as help does; in a log they
    /// keep each message on one line.
    @Test func messagesOnATerminalWrapToItsWidth() async throws {
        let capture = OutputCapture()
        let commandLine = BoxOfficeCommandLine(environment: ["HOME": "/nonexistent"], console: capture.console(errorWidth: 40), now: { fixedNow })
        let status = await commandLine.run(["--demo", "--quiet", "daily", "--date", "2023-01-01"])
        #expect(status == .unavailable)
        let lines = capture.standardError.split(separator: "\n")
        #expect(lines.count > 2)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 40 }, "\(capture.standardError)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") || $0.hasPrefix("Drop") || !$0.hasPrefix("boxoffice") })
        let log = await run(["--demo", "--quiet", "daily", "--date", "2023-01-01"])
        #expect(log.standardError.split(separator: "\n").count == 2, "one line for the message, one for the advice")
        #expect(Console(standardOutput: { _ in }, standardError: { _ in }, errorWidth: 30).fittedForError(
            "boxoffice: --cache-dir /home/someone/.cache/boxoffice-with-a-long-name/answers is not usable")
            == "boxoffice: --cache-dir\n  /home/someone/.cache/\n  boxoffice-with-a-long-name/\n  answers is not usable")
        // Every line is filled as far as it goes: wrapped once, with the indent, never wrapped again.
        for width in [40, 60, 80] {
            let capture = OutputCapture()
            let commandLine = BoxOfficeCommandLine(environment: ["HOME": "/nonexistent"], console: capture.console(errorWidth: width), now: { fixedNow })
            _ = await commandLine.run(["--demo", "daily", "--from", "2021-01-01", "--to", "2021-01-03"])
            let lines = capture.standardError.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.contains("2012-01-01,") }, "\(capture.standardError)")
            for (line, next) in zip(lines, lines.dropFirst()) where next.hasPrefix("  ") {
                let word = next.dropFirst(2).split(separator: " ").first.map(String.init) ?? ""
                #expect(TerminalText.width(line) + 1 + TerminalText.width(word) > width, "\(width): '\(word)' fits after '\(line)'")
            }
        }
    }

    /// Under a Korean locale every heading and label reads in Korean: each `Label` the views
    /// declare has its Korean beside its English (a key or a symbol, such as comCode or ±, aside),
    /// and KOBIS's data is never a label.
    @Test func everyLabelHasItsKoreanText() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        var labels: [(english: String, korean: String)] = []
        var bare: [String] = []
        for folder in ["BoxOfficeRendering", "BoxOfficeCLI/Views"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent(folder).path) where file.hasSuffix(".swift") {
                let code = try String(contentsOf: sources.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                for match in code.matches(of: /Label\("((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"\)/) { labels.append((String(match.1), String(match.2))) }
                // A label is declared with its Korean: no view passes bare English text to be looked up.
                for match in code.matches(of: /(?:label\(|title: )"([^"\\]+)"/) { bare.append("\(file): \(match.1)") }
            }
        }
        #expect(labels.count > 100, "the scan itself works")
        #expect(bare.isEmpty, "\(bare)")
        let untranslated = labels.filter { $0.english == $0.korean && !["ID", "comCode", "±"].contains($0.english) }
        #expect(untranslated.isEmpty, "no Korean text for \(untranslated.map(\.english))")
    }
}
