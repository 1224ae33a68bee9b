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
        OptionSpec(name: "format", value: "FORMAT", help: "output format: table (default) or json"),
        OptionSpec(name: "json", help: "same as --format json"),
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

    static let commands: [CommandSpec] = [
        CommandSpec(
            name: "daily", summary: "the daily box office (top 10) of one day",
            options: [OptionSpec(name: "date", value: "D", help: "the day (default: yesterday in Korea)")],
            discussion: """
            D is 20230327, 2023-03-27, yesterday, or -Nd (N days ago). Days are Korean days (UTC+9),
            whatever your time zone. KOBIS publishes a day only after it ends, so today and later
            days are refused.
            """,
            examples: ["boxoffice daily", "boxoffice daily --date 2023-03-27", "boxoffice daily --date -7d --json | jq '.entries[0]'"]),
        CommandSpec(
            name: "movie", summary: "one movie's details",
            arguments: [ArgumentSpec(name: "movieCd", help: "the KOBIS movie code, e.g. 20124079 (shown by daily)")],
            examples: ["boxoffice movie 20124079", "boxoffice movie 20124079 --json | jq -r '.actors[].name'"]),
        CommandSpec(
            name: "cache", summary: "where the cache is, its size, and today's calls against the key's quota",
            arguments: [ArgumentSpec(name: "info|clear", help: "info: show the folder, answers, bytes and today's calls; clear: remove every stored answer (and nothing boxoffice did not create)")],
            discussion: """
            Answers are kept on disk so that asking again costs no call and works offline. Box office
            figures fetched three or more days after their day (Korean time) never expire; figures
            fetched earlier expire after an hour, because KOBIS still revises them then. Movie and
            people details expire after a week, searches after a day, code tables after a month.
            """,
            examples: ["boxoffice cache info", "boxoffice cache info --json", "boxoffice cache clear"]),
        CommandSpec(
            name: "help", summary: "show help for boxoffice or one command",
            arguments: [ArgumentSpec(name: "command", help: "the command to explain")]),
    ]

    static let defaultBaseURL = KOBISClient.defaultBaseURL

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}
