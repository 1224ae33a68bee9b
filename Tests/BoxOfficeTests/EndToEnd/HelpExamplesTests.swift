@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import Foundation
import Testing

/// Every example `help` gives works in the demo, or says what it needs (`# needs a key`): run
/// through the built binary with --demo (in a scratch folder, where an example's files are
/// written), each must succeed.
@Suite struct HelpExamplesTests {
    /// The examples that ask KOBIS for something: those of the commands that read from it, and the main help's.
    static var examples: [String] {
        let local: Set = ["review", "browse", "mcp", "completions", "manual", "help", "cache"]
        return (CommandLineSpec.commands.filter { !local.contains($0.name) }.flatMap(\.examples) + HelpText.examples)
            .filter { !$0.contains("# needs") && !$0.contains("browse") }
    }

    /// The words of the boxoffice command in an example, up to a pipe or a redirection; quotes removed.
    static func words(_ example: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in example {
            if character == "'" { quoted.toggle(); continue }
            if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        let command = words.drop { $0 != "boxoffice" }.dropFirst()
        return Array(command.prefix { !["|", ">", "<", ")"].contains($0) })
    }

    @Test func theExamplesAreMarkedOrWorkInTheDemo() {
        let marked = (CommandLineSpec.commands.flatMap(\.examples) + HelpText.examples).filter { $0.contains("# needs") }
        #expect(marked.allSatisfy { $0.contains("   # needs a ") }, "a mark says what is needed: \(marked)")
        #expect(Self.examples.count > 20)
    }

    @Test(arguments: examples)
    func anExampleWorksInTheDemo(_ example: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["--demo", "--quiet"] + Self.words(example).filter { $0 != "--demo" }
        let result = try await Executable.run(arguments, environment: ["BOXOFFICE_CACHE_DIR": folder.path, "BOXOFFICE_DATA_DIR": folder.path],
                                              directory: folder)
        #expect(result.status == 0, "\(example): \(result.standardError)")
        #expect(!result.standardOutput.isEmpty, "\(example)")
    }
}
