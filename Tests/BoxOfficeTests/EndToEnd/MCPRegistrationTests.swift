@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import Foundation
import Testing

/// `boxoffice mcp --config CLIENT` prints the registration each client takes, with this binary's
/// absolute path, on stdout alone; where the client keeps it goes to stderr.
@Suite struct MCPRegistrationTests {
    /// The binary as the kernel names it: links resolved.
    static var program: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(Executable.url.path, &buffer) != nil else { return Executable.url.path }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
    }

    @Test(arguments: [
        ("claude-desktop", "Claude Desktop: merge this into claude_desktop_config.json"),
        ("cursor", "Cursor: merge this into ~/.cursor/mcp.json (all projects) or .cursor/mcp.json in a project"),
    ])
    func mcpServersClientsGetTheirJSON(client: String, place: String) async throws {
        let result = try await Executable.run(["mcp", "--config", client])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            {
              "mcpServers": {
                "boxoffice": {
                  "command": \(Self.jsonString(Self.program)),
                  "args": [
                    "mcp"
                  ]
                }
              }
            }

            """)
        #expect(result.standardError.hasPrefix("boxoffice: " + place), "\(result.standardError)")
        #expect(result.standardError.contains("an \"env\" object beside \"args\""))
    }

    @Test func vsCodeGetsItsServersObjectAndItsCommand() async throws {
        let result = try await Executable.run(["mcp", "--config", "vscode"])
        #expect(result.status == 0)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let server = try #require((parsed["servers"] as? [String: Any])?["boxoffice"] as? [String: Any])
        #expect(server["type"] as? String == "stdio")
        #expect(server["command"] as? String == Self.program)
        #expect(server["args"] as? [String] == ["mcp"])
        #expect(parsed.count == 1 && server.count == 3)
        #expect(result.standardError.contains("merge this into .vscode/mcp.json in a workspace, or into your user mcp.json"))
        #expect(result.standardError.contains("~/.config/Code/User/mcp.json on Linux"))
        #expect(result.standardError.contains("or run: code --add-mcp '{\"name\":\"boxoffice\",\"command\":\(Self.jsonString(Self.program)),\"args\":[\"mcp\"]}'"))
    }

    @Test func claudeCodeGetsTheCommandToRun() async throws {
        let result = try await Executable.run(["mcp", "--config", "claude-code"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "claude mcp add --transport stdio --scope user boxoffice -- \(MCPRegistration.shellQuoted(Self.program)) mcp\n")
        #expect(result.standardError.contains("Claude Code: run this once; --scope user registers the server for all your projects in ~/.claude.json"))
        #expect(result.standardError.contains("-e KOBIS_API_KEY=…"))
    }

    @Test func codexGetsATOMLTable() async throws {
        let result = try await Executable.run(["--demo", "mcp", "--config", "codex"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "[mcp_servers.boxoffice]\ncommand = \(Self.jsonString(Self.program))\nargs = [\"--demo\", \"mcp\"]\n",
                "--demo is kept: the registration starts the server on the sample data")
        #expect(result.standardError.contains("Codex: add this to ~/.codex/config.toml once (a second [mcp_servers.boxoffice] table makes the file invalid), or run: codex mcp add boxoffice -- "))
    }

    @Test func anUnknownClientIsAUsageError() async throws {
        let result = try await Executable.run(["mcp", "--config", "claude"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == """
            boxoffice: --config 'claude' is not one of: claude-desktop, claude-code, vscode, cursor, codex. Did you mean 'claude-code'?
            Run 'boxoffice help mcp' for usage.

            """)
    }

    /// A path with blanks, quotes and backslashes stays one word in a shell and one string in
    /// JSON and TOML.
    @Test func oddPathsAreQuotedForEachClient() throws {
        let program = "/opt/my tools/it's \"box\\office\""
        #expect(MCPRegistration.snippet(for: .claudeCode, program: program, arguments: ["mcp"])
                == "claude mcp add --transport stdio --scope user boxoffice -- '/opt/my tools/it'\\''s \"box\\office\"' mcp\n")
        #expect(MCPRegistration.snippet(for: .codex, program: program, arguments: ["mcp"])
                == "[mcp_servers.boxoffice]\ncommand = \"/opt/my tools/it's \\\"box\\\\office\\\"\"\nargs = [\"mcp\"]\n")
        let json = MCPRegistration.snippet(for: .cursor, program: program, arguments: ["mcp"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: [String: Any]]])
        #expect(parsed["mcpServers"]?["boxoffice"]?["command"] as? String == program)
        #expect(MCPRegistration.shellQuoted("/usr/bin/boxoffice") == "/usr/bin/boxoffice")
        #expect(MCPRegistration.shellQuoted("") == "''")
    }
}
