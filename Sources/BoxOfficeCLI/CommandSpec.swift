import BoxOfficeCore

/// One option, described once: parsing, help and (later) completions all read this.
struct OptionSpec: Sendable {
    let name: String
    var short: Character? = nil
    /// The value's placeholder (`D`, `SECONDS`), or nil for a flag.
    var value: String? = nil
    var environment: String? = nil
    let help: String

    var takesValue: Bool { value != nil }

    /// `--date D`, `-h, --help`.
    var synopsis: String {
        let long = "--" + name + (value.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
}

/// One command, described once.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// Extra paragraphs for `help <command>`.
    var discussion: String = ""
    var examples: [String] = []
}

/// Everything boxoffice accepts.
enum CommandLineSpec {
    static let globalOptions: [OptionSpec] = [
        OptionSpec(name: "format", value: "FORMAT", help: "table (default), json, jsonl (one object a line), csv, tsv or markdown"),
        OptionSpec(name: "json", help: "same as --format json"),
        OptionSpec(name: "pretty", help: "indented JSON (the default on a terminal)"),
        OptionSpec(name: "compact", help: "JSON on one line (the default when piped)"),
        OptionSpec(name: "fields", value: "a,b,c", help: "only these keys or columns, in this order (names as in the JSON)"),
        OptionSpec(name: "wide", help: "every column (audience change, sales, screens, shows) and the whole cast"),
        OptionSpec(name: "color", value: "WHEN",
                   help: "colour: auto (only on a terminal, the default), always or never"),
        OptionSpec(name: "no-color", environment: "NO_COLOR", help: "same as --color never"),
        OptionSpec(name: "key", value: "KEY", environment: "KOBIS_API_KEY", help: "your KOBIS API key"),
        OptionSpec(name: "base-url", value: "URL", environment: "BOXOFFICE_BASE_URL",
                   help: "KOBIS server root (default \(defaultBaseURL))"),
        OptionSpec(name: "demo", environment: "BOXOFFICE_DEMO", help: "answer from sample data shipped with boxoffice: no key, no network"),
        OptionSpec(name: "cache-dir", value: "DIR", environment: "BOXOFFICE_CACHE_DIR",
                   help: "where answers are kept (default ${XDG_CACHE_HOME:-~/.cache}/boxoffice)"),
        OptionSpec(name: "refresh", help: "ignore cached answers and fetch them again"),
        OptionSpec(name: "offline", help: "never touch the network: answer from the cache, or fail"),
        OptionSpec(name: "timeout", value: "SECONDS", help: "time allowed for each try of a request (default 15)"),
        OptionSpec(name: "retries", value: "N", help: "tries again after timeouts, lost connections, 5xx and 429 (default 2)"),
        OptionSpec(name: "verbose", help: "show requests on stderr (the key is shown as ***)"),
        OptionSpec(name: "quiet", help: "print nothing but data and errors"),
        OptionSpec(name: "help", short: "h", help: "show help"),
        OptionSpec(name: "version", help: "show the version"),
    ]

    /// Every command's description, from its own file, then `help`.
    static let commands: [CommandSpec] = Commands.all.map { $0.spec } + [
        CommandSpec(
            name: "help", summary: "show help for boxoffice or one command",
            arguments: [ArgumentSpec(name: "command", help: "the command to explain")]),
    ]

    static let defaultBaseURL = KOBISClient.defaultBaseURL

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}
