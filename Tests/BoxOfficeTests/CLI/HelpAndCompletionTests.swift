@testable import BoxOfficeCLI
import BoxOfficeCore
import Foundation
import Testing

/// Help, completions and the man page, all made from the one description: golden help at 80
/// and 40 columns, scripts checked by the shells themselves, the man page by man.
/// Set BOXOFFICE_WRITE_EXPECTED=1 to write the golden help anew.
@Suite struct HelpAndCompletionTests {
    static let folder = ExecutableEndToEndTests.expected.appendingPathComponent("help")

    static var pages: [(String, (HelpText) -> String)] {
        [("overview", { $0.overview(version: "0.1.0") }), ("main", { $0.main(version: "0.1.0") })]
            + CommandLineSpec.commands.map { spec in (spec.name, { $0.command(spec) }) }
    }

    @Test(arguments: [80, 40])
    func helpIsExactlyAsExpected(width: Int) throws {
        for (name, page) in Self.pages {
            let text = page(HelpText(width: width))
            let file = Self.folder.appendingPathComponent("\(name)-\(width).txt")
            if ProcessInfo.processInfo.environment["BOXOFFICE_WRITE_EXPECTED"] == "1" {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
            #expect(text == (try String(contentsOf: file, encoding: .utf8)), "\(name) at \(width)")
        }
    }

    /// Help lines fit the width, examples aside (a command line cannot be broken).
    @Test(arguments: [100, 80, 60, 40])
    func helpFitsTheWidth(width: Int) {
        for (name, page) in Self.pages {
            for line in page(HelpText(width: width)).split(separator: "\n") where !line.hasPrefix("  boxoffice ") && !line.hasPrefix("  source ") {
                #expect(TerminalText.width(line) <= width, "\(name) at \(width): \(line)")
            }
        }
    }

    /// Every option and command is in the help, each completion script and the man page.
    @Test func helpCompletionsAndManualNeverDisagree() {
        let help = HelpText(width: 80)
        let scripts = Completions.Shell.allCases.map(Completions.script)
        let manual = ManualPage.roff(version: "0.1.0")
        for command in CommandLineSpec.commands {
            #expect(help.main(version: "0").contains("  \(command.name) "), "\(command.name)")
            #expect(manual.contains(".B boxoffice \(command.name)"), "\(command.name)")
            for script in scripts { #expect(script.contains(command.name)) }
            for option in command.options + CommandLineSpec.globalOptions {
                let page = command.options.contains { $0.name == option.name } ? help.command(command) : help.main(version: "0")
                #expect(page.contains("--" + option.name), "--\(option.name) in help")
                #expect(manual.contains("\\-\\-" + option.name.replacing("-", with: "\\-")), "--\(option.name) in the man page")
                for script in scripts { #expect(script.contains(option.name), "--\(option.name) in a completion script") }
            }
        }
    }

    /// Runs a program without holding a thread of the test pool while it runs.
    private func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> (Int32, String, String) {
        let result = try await Executable.run(arguments, environment: environment, program: URL(fileURLWithPath: program))
        return (result.status, result.standardOutput, result.standardError)
    }

    private func written(_ text: String, _ name: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-\(UUID().uuidString)-\(name)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test(arguments: Completions.Shell.allCases)
    func eachShellReadsItsScript(shell: Completions.Shell) async throws {
        let program = "/usr/bin/\(shell.rawValue)"
        guard FileManager.default.isExecutableFile(atPath: program) else { return }
        let path = try written(Completions.script(for: shell), "completion")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, _, error) = try await run(program, ["-n", path])
        #expect(status == 0, "\(error)")
    }

    @Test func bashCompletesCommandsOptionsAndValues() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let path = try written(Completions.script(for: .bash), "completion.bash")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            source "$1"
            complete_line() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _boxoffice; echo "${COMPREPLY[*]}"; }
            complete_line boxoffice da
            complete_line boxoffice daily --for
            complete_line boxoffice daily --format j
            complete_line boxoffice weekly --period weeke
            complete_line boxoffice --color ''
            complete_line boxoffice codes ''
            complete_line boxoffice completions z
            complete_line boxoffice daily --format = c
            complete_line boxoffice movie --po
            """
        let (status, output, error) = try await run("/bin/bash", ["-c", script, "bash", path])
        #expect(status == 0, "\(error)")
        #expect(output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "daily", "--format", "json jsonl", "weekend", "auto always never", "regions nations types parts", "zsh", "csv", "--poster", "",
        ])
    }

    @Test func fishCompletesCommandsOptionsAndValues() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else { return }
        let path = try written(Completions.script(for: .fish), "completion.fish")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output, error) = try await run("/usr/bin/fish", ["-c", "source $argv[1]; complete -C 'boxoffice da'; complete -C 'boxoffice daily --format j'", path])
        #expect(status == 0, "\(error)")
        let words: [String] = output.split(separator: "\n").map { line in String(line.prefix { $0 != "\t" }) }
        #expect(words == ["daily", "json", "jsonl"])
    }

    @Test func theManualReadsCleanly() async throws {
        let manual = ManualPage.roff(version: BoxOfficeCommandLine.version)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(manual.contains(".SH \(section)\n"), "\(section)")
        }
        let path = try written(manual, "boxoffice.1")
        defer { try? FileManager.default.removeItem(atPath: path) }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            // A UTF-8 locale, as the Korean in the page needs.
            let (status, output, error) = try await run("/usr/bin/man", ["--warnings", "-l", path], environment: ["LANG": "C.UTF-8", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
            #expect(status == 0)
            #expect(error == "", "\(error)")
            #expect(output.contains("boxoffice - Korean box office figures from KOBIS"))
        } else if FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") {
            let (status, _, error) = try await run("/usr/bin/groff", ["-man", "-z", "-ww", path])
            #expect(status == 0 && error == "", "\(error)")
        }
    }
}
