import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeTransports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `boxoffice mcp --config CLIENT`: how each MCP client registers a stdio server, written for this
/// binary. The snippet (or command) goes to stdout, exactly as the client takes it; where the
/// client keeps it goes to stderr, so that `> file` keeps only what the client reads.
enum MCPRegistration {
    /// The clients whose registration is known, by the name `--config` takes.
    enum Client: String, CaseIterable {
        case claudeDesktop = "claude-desktop"
        case claudeCode = "claude-code"
        case vscode
        case cursor
        case codex

        var name: String {
            switch self {
            case .claudeDesktop: "Claude Desktop"
            case .claudeCode: "Claude Code"
            case .vscode: "VS Code"
            case .cursor: "Cursor"
            case .codex: "Codex"
            }
        }
    }

    /// What `client` reads to start `program` with `arguments` (`["mcp"]`, or `["--demo", "mcp"]`).
    static func snippet(for client: Client, program: String, arguments: [String]) -> String {
        let server: [(String, JSONValue)] = [("command", .string(program)), ("args", .array(arguments.map(JSONValue.string)))]
        switch client {
        case .claudeDesktop, .cursor:
            return JSONValue.object([("mcpServers", .object([("boxoffice", .object(server))]))]).serialized()
        case .vscode:
            return JSONValue.object([("servers", .object([("boxoffice", .object([("type", .string("stdio"))] + server))]))]).serialized()
        case .claudeCode:
            return (["claude", "mcp", "add", "--transport", "stdio", "--scope", "user", "boxoffice", "--", program] + arguments)
                .map(shellQuoted).joined(separator: " ") + "\n"
        case .codex:
            // A TOML basic string takes JSON's escapes.
            let quoted = { (text: String) in JSONValue.string(text).serialized(pretty: false).dropLast() }
            return "[mcp_servers.boxoffice]\ncommand = \(quoted(program))\nargs = [\(arguments.map { String(quoted($0)) }.joined(separator: ", "))]\n"
        }
    }

    /// Where `client` keeps the snippet, and what to do with it; for stderr.
    static func note(for client: Client, program: String, arguments: [String]) -> String {
        let env = switch client {
        case .claudeCode: "-e KOBIS_API_KEY=… before 'boxoffice'"
        case .codex: "an env table (env = { KOBIS_API_KEY = \"…\" })"
        default: "an \"env\" object beside \"args\""
        }
        let key = "The server reads its key as boxoffice does (KOBIS_API_KEY, else 'key = …' in ${XDG_CONFIG_HOME:-~/.config}/boxoffice/config); "
            + "a client that starts it without your shell's environment needs the config file, or \(env)."
        switch client {
        case .claudeDesktop:
            return "Claude Desktop: merge this into claude_desktop_config.json (Settings > Developer > Edit Config): "
                + "~/Library/Application Support/Claude/claude_desktop_config.json on macOS, %APPDATA%\\Claude\\claude_desktop_config.json on Windows; "
                + "keep the servers already under \"mcpServers\", then restart Claude Desktop. " + key
        case .claudeCode:
            return "Claude Code: run this once; --scope user registers the server for all your projects in ~/.claude.json "
                + "(--scope project writes .mcp.json in the project instead). 'claude mcp list' shows it. " + key
        case .vscode:
            let command = JSONValue.object([("name", .string("boxoffice")), ("command", .string(program)), ("args", .array(arguments.map(JSONValue.string)))])
                .serialized(pretty: false).dropLast()
            return "VS Code: merge this into .vscode/mcp.json in a workspace, or into your user mcp.json ('MCP: Open User Configuration'; "
                + "~/.config/Code/User/mcp.json on Linux, ~/Library/Application Support/Code/User/mcp.json on macOS, %APPDATA%\\Code\\User\\mcp.json on Windows), "
                + "keeping the servers already under \"servers\"; or run: code --add-mcp \(shellQuoted(String(command))). " + key
        case .cursor:
            return "Cursor: merge this into ~/.cursor/mcp.json (all projects) or .cursor/mcp.json in a project, "
                + "keeping the servers already under \"mcpServers\". " + key
        case .codex:
            return "Codex: add this to ~/.codex/config.toml once (a second [mcp_servers.boxoffice] table makes the file invalid), or run: "
                + (["codex", "mcp", "add", "boxoffice", "--", program] + arguments).map(shellQuoted).joined(separator: " ") + ". " + key
        }
    }

    /// `text` as one word of a POSIX shell: as is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@%,=")
        if !text.isEmpty, text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// The absolute path of the running program, links resolved (as the kernel sees it on Linux);
    /// elsewhere its first argument, made absolute against the working folder (a bare name, found
    /// on PATH, stays a name: the client looks on its own PATH).
    static func programPath() -> String {
        if let program = HelperTransport.runningProgram { return program }
        let first = CommandLine.arguments.first ?? "boxoffice"
        if first.hasPrefix("/") { return first }
        if first.contains("/") {
            var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&folder, folder.count) != nil else { return first }
            let cwd = String(decoding: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return cwd + "/" + (first.hasPrefix("./") ? String(first.dropFirst(2)) : first)
        }
        return first
    }
}
