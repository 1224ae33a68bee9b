@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import Foundation
import Testing

/// Every `boxoffice --demo` example of README, run and compared with what README shows: a
/// newcomer's first commands must print what the page says they print.
///
/// README's `console` blocks hold commands (`$ boxoffice --demo …`), each followed by its output
/// as an 80-column terminal shows it; a line `…` alone stands for lines left out. A command without
/// a pipe runs in-process on an 80-column terminal without colour; one with a pipe runs through
/// `/bin/sh` with the built program first on the PATH, as a user's shell would run it.
@Suite struct ReadmeExampleTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    /// One command of a `console` block and the output README shows for it.
    struct Example: CustomStringConvertible {
        let command: String
        let output: [String]
        var description: String { command }
        var piped: Bool { command.contains("|") }
    }

    static func examples() throws -> [Example] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var examples: [Example] = []
        var inConsole = false
        var command: String?
        var output: [String] = []
        func finish() {
            if let command { examples.append(Example(command: command, output: output)) }
            command = nil
            output = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "```console" {
                inConsole = true
            } else if inConsole, line == "```" {
                finish()
                inConsole = false
            } else if inConsole, line.hasPrefix("$ ") {
                finish()
                command = String(line.dropFirst(2))
            } else if inConsole {
                output.append(line)
            }
        }
        return examples
    }

    @Test func theReadmeHasDemoExamplesOnly() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 6, "the quick tour's examples")
        for example in examples {
            #expect(example.command.hasPrefix("boxoffice --demo "), "\(example): a console block runs with no key, in the demo")
        }
    }

    @Test func everyPlainExamplePrintsWhatTheReadmeShows() async throws {
        for example in try Self.examples() where !example.piped {
            let words = try #require(Self.words(example.command))
            let capture = OutputCapture()
            let commandLine = BoxOfficeCommandLine(
                environment: ["HOME": "/nonexistent", "NO_COLOR": "1"], console: capture.console(width: 80, terminal: true),
                now: { fixedNow }, makeTransport: { StubTransport.failing(.connectionRefused) })
            let status = await commandLine.run(Array(words.dropFirst()))
            #expect(status == .success, "\(example): \(capture.standardError)")
            Self.expect(capture.standardOutput, matches: example)
        }
    }

    @Test(.enabled(if: InstalledTools.has("/usr/bin/jq"), "jq is not installed"))
    func everyPipedExamplePrintsWhatTheReadmeShows() async throws {
        let folder = Executable.url.deletingLastPathComponent().path
        for example in try Self.examples() where example.piped {
            let result = try await Executable.run(["-c", "set -o pipefail 2>/dev/null; " + example.command],
                                                  environment: ["PATH": folder + ":/usr/bin:/bin", "NO_COLOR": "1"],
                                                  program: URL(fileURLWithPath: "/bin/bash"))
            #expect(result.status == 0, "\(example): \(result.standardError)")
            Self.expect(result.standardOutput, matches: example)
        }
    }

    /// The whole output, where README's `…` lines stand for any lines in between (or after).
    static func expect(_ output: String, matches example: Example, sourceLocation: SourceLocation = #_sourceLocation) {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let pieces = example.output.split(separator: "…", omittingEmptySubsequences: false).map(Array.init)
        guard pieces.count > 1 else {
            #expect(lines == example.output, "\(example)", sourceLocation: sourceLocation)
            return
        }
        // The first piece starts the output, the last ends it, and the others come in order between.
        var rest = lines[...]
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                #expect(Array(rest.prefix(piece.count)) == piece, "\(example): its start", sourceLocation: sourceLocation)
                rest = rest.dropFirst(piece.count)
            } else if index == pieces.count - 1 {
                #expect(piece.isEmpty || Array(rest.suffix(piece.count)) == piece, "\(example): its end", sourceLocation: sourceLocation)
            } else if let start = (rest.startIndex...max(rest.startIndex, rest.endIndex - piece.count)).first(where: { Array(rest[$0..<min(rest.endIndex, $0 + piece.count)]) == piece }) {
                rest = rest[(start + piece.count)...]
            } else {
                Issue.record("\(example): \(piece) is not in the output", sourceLocation: sourceLocation)
            }
        }
    }

    /// A command line split as a shell splits it, for the plain examples: words, and '…' or "…" quoting.
    static func words(_ command: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil else { return nil }
        if inWord { words.append(current) }
        return words
    }
}
