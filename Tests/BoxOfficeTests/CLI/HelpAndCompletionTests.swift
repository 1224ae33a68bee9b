@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
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
            + ManualTopics.all.map { topic in ("topic-" + topic.name, { $0.topic(topic.name) ?? "" }) }
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

    /// Help lines fit the width, examples too (broken between their words, a shell's `\` at
    /// each break); only a single word wider than the line (a path) cannot be broken.
    @Test(arguments: [100, 80, 60, 40])
    func helpFitsTheWidth(width: Int) {
        for (name, page) in Self.pages {
            for line in page(HelpText(width: width)).split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).contains(" ") {
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
        // Each topic: listed by help, completed after 'help', a section of the man page, never a command's name.
        for topic in ManualTopics.all {
            #expect(help.main(version: "0").contains("  \(topic.name) "), "\(topic.name)")
            #expect(manual.contains(".SH " + ManualPage.text(topic.title) + "\n"), "\(topic.title)")
            for script in scripts { #expect(script.contains(" " + topic.name), "\(topic.name) in a completion script") }
            #expect(CommandLineSpec.command(named: topic.name) == nil, "\(topic.name) is a command's name")
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

    @Test(.enabled(if: InstalledTools.bash && InstalledTools.zsh && InstalledTools.fish, "bash, zsh or fish is not installed"),
          arguments: Completions.Shell.allCases)
    func eachShellReadsItsScript(shell: Completions.Shell) async throws {
        let program = shell == .bash ? "/bin/bash" : "/usr/bin/\(shell.rawValue)"
        let path = try written(Completions.script(for: shell), "completion")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, _, error) = try await run(program, ["-n", path])
        #expect(status == 0, "\(error)")
    }

    /// A folder holding two files, for completions of file names.
    private func folderWithFiles() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-\(UUID().uuidString)-files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["notes.txt", "reviews.json"] { try "".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder.path
    }

    private static let commandNames = CommandLineSpec.commands.map(\.name).joined(separator: " ")
    /// What `help` completes: the commands, then the topics.
    private static let helpNames = (CommandLineSpec.commands.map(\.name) + ManualTopics.all.map(\.name)).joined(separator: " ")
    private static func fields(_ command: String) -> [String] { CommandLineSpec.command(named: command)?.fields ?? [] }

    @Test(.enabled(if: InstalledTools.bash, "bash is not installed"))
    func bashCompletesCommandsOptionsAndValues() async throws {
        let path = try written(Completions.script(for: .bash), "completion.bash")
        let folder = try folderWithFiles()
        defer { try? FileManager.default.removeItem(atPath: path); try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            source "$1"; cd "$2"
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
            complete_line boxoffice review ''
            complete_line boxoffice review add ''
            complete_line boxoffice review add 20124079 --rating 4 ''
            complete_line boxoffice codes regions ''
            complete_line boxoffice help ''
            complete_line boxoffice help daily ''
            complete_line boxoffice --format json help daily ''
            complete_line boxoffice review import ''
            complete_line boxoffice review import r
            complete_line boxoffice --format=json review import ''
            complete_line boxoffice review list ''
            complete_line boxoffice daily --fields ''
            complete_line boxoffice daily --fields rank,ti
            complete_line boxoffice daily --fields = rank,audienceT
            complete_line boxoffice people --fields nameE
            complete_line boxoffice completions --fields ''
            """
        let (status, output, error) = try await run("/bin/bash", ["-c", script, "bash", path, folder])
        #expect(status == 0, "\(error)")
        #expect(output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "daily", "--format", "json jsonl", "weekend", "auto always never", "regions nations types parts", "zsh", "csv", "--poster",
            "add list edit delete export import", "", "", "", Self.helpNames, "", "", "notes.txt reviews.json", "reviews.json",
            "notes.txt reviews.json", "", Self.fields("daily").joined(separator: " "), "rank,title", "rank,audienceTotal", "nameEnglish", "", "",
        ])
    }

    /// zsh completes only in its line editor, so this types each line and a Tab into an
    /// interactive zsh on a pseudo-terminal (zsh's own zpty) and records what `compadd` is given.
    static let zshTyping = #"""
        zmodload zsh/zpty
        zpty z zsh -f -i
        zpty -w z "PS1='RE''ADY> ' RPROMPT=''; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D; cd $2"
        zpty -w z 'compadd() { local -a m; builtin compadd -O m "$@"; (( $#m )) && print -r -- "<""<${(j: :)m}>"">"; builtin compadd "$@"; }'
        zpty -w z 'print -r -- $((40+2))DONE'
        zpty -r z out '*42DONE*'
        zpty -r z out '*READY> *'
        shift 2
        for line in "$@"; do
          zpty -n -w z "$line"$'\t'
          zpty -n -w z $'\C-u'
          zpty -w z 'print -r -- $((40+2))DONE'
          zpty -r z out '*42DONE*'
          matches=(${(f)"$(print -r -- "$out" | tr -d '\r' | grep -o '<<[^>]*>>' | sed 's/^<<//; s/>>$//')"})
          print -r -- "${(j: :)${(u)=matches}}"
          zpty -r z out '*READY> *'
        done
        zpty -d z
        """#

    @Test(.enabled(if: InstalledTools.zsh, "zsh is not installed"))
    func zshCompletesCommandsOptionsAndValues() async throws {
        let folder = try folderWithFiles()
        let functions = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-\(UUID().uuidString)-functions").path
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try Completions.script(for: .zsh).write(toFile: functions + "/_boxoffice", atomically: true, encoding: .utf8)
        let typing = try written(Self.zshTyping, "typing.zsh")
        defer {
            for path in [typing, folder, functions] { try? FileManager.default.removeItem(atPath: path) }
        }
        let lines = [
            "boxoffice da", "boxoffice ", "boxoffice daily --format j", "boxoffice review ", "boxoffice help ", "boxoffice review import ",
            "boxoffice --format json review import r", "boxoffice daily --fields ", "boxoffice daily --fields rank,ti",
            "boxoffice review add ", "boxoffice codes regions ", "boxoffice help daily ", "boxoffice daily --nation ",
        ]
        let (status, output, error) = try await run("/usr/bin/zsh", ["-f", typing, functions, folder] + lines)
        #expect(status == 0, "\(error)")
        let offered = output.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: " ").map(String.init) }
        try #require(offered.count == lines.count + 1, "\(output)")
        #expect(offered[0] == ["daily"])
        #expect(offered[1].joined(separator: " ") == Self.commandNames)
        #expect(offered[2] == ["json", "jsonl"])
        #expect(offered[3] == ["add", "list", "edit", "delete", "export", "import"])
        #expect(offered[4].joined(separator: " ") == Self.helpNames)
        #expect(offered[5] == ["notes.txt", "reviews.json"])
        #expect(offered[6] == ["reviews.json"])
        #expect(offered[7] == Self.fields("daily"))
        #expect(offered[8] == ["title"])
        // After the argument: the command's options at most, never the commands or the first word's choices again.
        for index in 9...11 {
            #expect(offered[index].allSatisfy { $0.hasPrefix("-") }, "\(lines[index]): \(offered[index])")
        }
        #expect(offered[12] == ["korean", "foreign"])
    }

    @Test(.enabled(if: InstalledTools.fish, "fish is not installed"))
    func fishCompletesCommandsOptionsAndValues() async throws {
        let path = try written(Completions.script(for: .fish), "completion.fish")
        let folder = try folderWithFiles()
        defer { try? FileManager.default.removeItem(atPath: path); try? FileManager.default.removeItem(atPath: folder) }
        let lines = [
            "boxoffice da", "boxoffice daily --format j", "boxoffice review ", "boxoffice review add ", "boxoffice review add 20124079 ",
            "boxoffice codes regions ", "boxoffice help ", "boxoffice help daily ", "boxoffice review import ", "boxoffice --format json review import r",
            "boxoffice daily --fields ", "boxoffice daily --fields rank,ti", "boxoffice daily --fields=rank,ti", "boxoffice codes ",
        ]
        let script = "source $argv[1]; cd $argv[2]; for line in $argv[3..-1]; echo (complete -C $line | string replace -r '\\t.*' '' | string join ' '); end"
        let (status, output, error) = try await run("/usr/bin/fish", ["-c", script, path, folder] + lines)
        #expect(status == 0, "\(error)")
        let sortedNames = (CommandLineSpec.commands.map(\.name) + ManualTopics.all.map(\.name)).sorted().joined(separator: " ")
        #expect(output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "daily", "json jsonl", "add delete edit export import list", "", "", "", sortedNames, "", "notes.txt reviews.json", "reviews.json",
            Self.fields("daily").sorted().joined(separator: " "), "rank,title", "--fields=rank,title", "nations parts regions types", "",
        ])
    }

    /// The field names completion offers are those `--fields` accepts: each command's error for
    /// an unknown field lists them, for every kind of result the command prints.
    @Test func completedFieldsAreTheFieldsEachCommandAccepts() async throws {
        let folder = try folderWithFiles()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runs: [String: [[String]]] = [
            "daily": [["daily"]], "weekly": [["weekly"]], "movie": [["movie", "20124079"], ["movie", "20124079", "--poster"]],
            "search": [["search", "기생충"]], "people": [["people", "봉준호"], ["people", "10031641"]],
            "company": [["company", "쇼박스"], ["company", "20100109"]], "trend": [["trend", "20124079"]], "top": [["top"]], "records": [["records"]], "news": [["news"]], "watch": [["watch"]], "calendar": [["calendar"]], "history": [["history", "info"]],
            "codes": [["codes"], ["codes", "regions"]], "review": [["review", "list"]], "cache": [["cache", "info"], ["cache", "clear"]],
        ]
        for command in CommandLineSpec.commands {
            guard let arguments = runs[command.name] else {
                #expect(command.fields.isEmpty, "\(command.name) completes fields but this test does not check them")
                continue
            }
            var accepted: [String] = []
            for run in arguments {
                let result = try await Executable.run(["--demo", "--cache-dir", folder + "/cache", "--data-dir", folder + "/data"] + run + ["--fields", "zzzzzzzz"])
                #expect(result.status == 64, "\(run)")
                let line = result.standardError.split(separator: "\n").first { $0.contains("the fields are ") }.map(String.init) ?? ""
                guard let range = line.range(of: "the fields are ") else {
                    Issue.record("\(run): \(result.standardError)")
                    continue
                }
                let names = line[range.upperBound...].split(separator: ". Did").first.map { String($0.hasSuffix(".") ? $0.dropLast() : $0) } ?? ""
                accepted += names.split(separator: ", ").map(String.init).filter { !accepted.contains($0) }
            }
            #expect(Set(command.fields) == Set(accepted), "\(command.name)")
            #expect(!command.fields.isEmpty, "\(command.name)")
        }
    }

    /// Every environment variable the sources read is in the main help and the man page, so the
    /// list cannot drift from the code again.
    @Test func everyEnvironmentVariableReadIsDocumented() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        var read: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            read.formUnion(Self.variablesRead(by: try String(contentsOf: file, encoding: .utf8)))
        }
        // The scan itself must work: these are read in three different ways.
        #expect(read.isSuperset(of: ["KOBIS_API_KEY", "BOXOFFICE_REVIEW_PASSWORD", "XDG_DATA_HOME", "LANG", "OMDB_API_KEY", "COLUMNS"]))
        // The names as the ENVIRONMENT sections show them: help's first column, the man page's .B lines.
        let help = HelpText(width: 200).main(version: "0")
        let manual = ManualPage.roff(version: "0")
        let inHelp = Self.section(help, from: "ENVIRONMENT\n", to: "\n\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.dropFirst(2).components(separatedBy: "  ").first
        }
        let inManual = Self.section(manual, from: ".SH ENVIRONMENT\n", to: "\n.SH ").filter { $0.hasPrefix(".B ") }.map { String($0.dropFirst(3)) }
        let listed = CommandLineSpec.environment.map(\.0)
        for name in read.sorted() {
            #expect(listed.contains { $0.components(separatedBy: ", ").contains(name) }, "\(name) is read but not in CommandLineSpec.environment")
            #expect(inHelp.contains { $0.components(separatedBy: ", ").contains(name) }, "\(name) in help")
            #expect(inManual.contains { $0.components(separatedBy: ", ").contains(ManualPage.text(name)) }, "\(name) in the man page")
        }
    }

    /// The lines of `text` between the first `start` and the `end` after it.
    static func section(_ text: String, from start: String, to end: String) -> [String] {
        guard let head = text.range(of: start) else { return [] }
        let rest = text[head.upperBound...]
        let body = rest.range(of: end).map { rest[..<$0.lowerBound] } ?? rest
        return body.split(separator: "\n").map(String.init)
    }

    /// Names read as `environment["NAME"]` or `getenv("NAME")`, names shaped like variables
    /// (`XDG_DATA_HOME`), and names on a line that reads `environment[$0]` (`LANG`).
    static func variablesRead(by source: String) -> Set<String> {
        var names: Set<String> = []
        for line in source.split(separator: "\n") {
            let quoted = line.matches(of: /"([A-Z][A-Z0-9_]*)"/).map { String($0.output.1) }
            if line.contains("environment[$0]") { names.formUnion(quoted) }
            names.formUnion(line.matches(of: /(?:environment\[|getenv\()"([A-Z][A-Z0-9_]*)"/).map { String($0.output.1) })
            names.formUnion(quoted.filter { $0.wholeMatch(of: /[A-Z][A-Z0-9]*(_[A-Z0-9]+)+/) != nil })
        }
        return names
    }

    @Test func theManualHasItsSections() {
        let manual = ManualPage.roff(version: BoxOfficeCommandLine.version)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXAMPLES", "EXIT STATUS"] {
            #expect(manual.contains(".SH \(section)\n"), "\(section)")
        }
    }

    @Test(.enabled(if: InstalledTools.man, "man is not installed"))
    func theManualReadsCleanly() async throws {
        let path = try written(ManualPage.roff(version: BoxOfficeCommandLine.version), "boxoffice.1")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A UTF-8 locale, as the Korean in the page needs.
        let (status, output, error) = try await run("/usr/bin/man", ["--warnings", "-l", path], environment: ["LANG": "C.UTF-8", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(status == 0)
        #expect(error == "", "\(error)")
        #expect(output.contains("boxoffice - Korean box office figures from KOBIS"))
    }
}
