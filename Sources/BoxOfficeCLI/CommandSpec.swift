import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// A positional argument.
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
    var completion: ValueCompletion = .none
    /// What the word after this one completes with, by this one's value (`review import` → a file);
    /// any other value is followed by nothing to complete.
    var then: [String: ValueCompletion] = [:]
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
    /// The names `--fields` accepts for the command's results, for completion.
    var fields: [String] = []

    /// `boxoffice daily [--date D] [--nation korean|foreign] … [options]`.
    var usage: String { usageParts.joined(separator: " ") }

    /// The usage line's parts, which help never breaks inside.
    var usageParts: [String] {
        ["boxoffice \(name)"] + arguments.map { "<\($0.name)>" } + options.map { "[\($0.synopsis)]" } + ["[options]"]
    }
}

extension CommandSpec {
    /// The field names of every kind of result a command prints, each once, in order.
    static func fields(of kinds: any Presentable.Type...) -> [String] {
        var names: [String] = []
        for name in kinds.flatMap({ $0.fieldNames }) where !names.contains(name) { names.append(name) }
        return names
    }
}

/// Everything boxoffice accepts.
enum CommandLineSpec {
    static let globalOptions: [OptionSpec] = [
        OptionSpec(name: "format", value: "FORMAT", help: "table; json, jsonl (one object a line), csv or tsv (raw data); markdown or html (the table as a person reads it, for an article)",
                   defaultValue: "table", completion: .choices(OutputFormat.allCases.map(\.rawValue))),
        OptionSpec(name: "json", help: "same as --format json"),
        OptionSpec(name: "pretty", help: "indented JSON (the default on a terminal)"),
        OptionSpec(name: "compact", help: "JSON on one line (the default when piped)"),
        OptionSpec(name: "fields", value: "a,b,c", help: "only these keys or columns, in this order (names as in the JSON)",
                   completion: .fields),
        OptionSpec(name: "wide", help: "every column (audience change, sales, screens, shows) and the whole cast"),
        OptionSpec(name: "color", value: "WHEN", help: "colour: auto (only on a terminal), always or never",
                   defaultValue: "auto", completion: .choices(Invocation.ColorChoice.allCases.map(\.rawValue))),
        OptionSpec(name: "no-color", environment: "NO_COLOR", help: "same as --color never"),
        OptionSpec(name: "key", value: "KEY", environment: "KOBIS_API_KEY", help: "your KOBIS API key (else 'key = …' in the config file)"),
        OptionSpec(name: "base-url", value: "URL", environment: "BOXOFFICE_BASE_URL", help: "KOBIS server root", defaultValue: defaultBaseURL),
        OptionSpec(name: "demo", environment: "BOXOFFICE_DEMO", help: "answer from sample data shipped with boxoffice: no key, no network"),
        OptionSpec(name: "cache-dir", value: "DIR", environment: "BOXOFFICE_CACHE_DIR", help: "where answers are kept",
                   defaultValue: "${XDG_CACHE_HOME:-~/.cache}/boxoffice", completion: .directory),
        OptionSpec(name: "data-dir", value: "DIR", environment: "BOXOFFICE_DATA_DIR", help: "where your reviews are kept",
                   defaultValue: "${XDG_DATA_HOME:-~/.local/share}/boxoffice", completion: .directory),
        OptionSpec(name: "history", value: "FILE", environment: "BOXOFFICE_HISTORY", help: "the history database ('boxoffice history sync' fills it)",
                   defaultValue: "${XDG_DATA_HOME:-~/.local/share}/boxoffice/history.sqlite3", completion: .file),
        OptionSpec(name: "refresh", help: "ignore cached answers and fetch them again"),
        OptionSpec(name: "offline", help: "never touch the network: answer from the cache, or fail"),
        GlobalOptions.option(GlobalOptions.timeout),
        GlobalOptions.option(GlobalOptions.retries),
        GlobalOptions.option(GlobalOptions.jobs),
        GlobalOptions.option(GlobalOptions.rate, bounds: false),
        OptionSpec(name: "max-calls", value: "N", environment: "BOXOFFICE_MAX_CALLS",
                   help: "a command that needs more calls to KOBIS than this asks first on a terminal, and is refused elsewhere (cached answers cost none); config 'max-calls = N'",
                   defaultValue: String(Invocation.defaultCallLimit)),
        OptionSpec(name: "yes", help: "go ahead without asking, whatever the calls a command needs"),
        OptionSpec(name: "verbose", help: "show requests and cache decisions on stderr (the key is shown as ***)"),
        OptionSpec(name: "quiet", help: "print nothing but data and errors"),
        OptionSpec(name: "help", short: "h", help: "show help"),
        OptionSpec(name: "version", help: "show the version"),
    ]

    /// Every command's description, from its own file, then `help`.
    static let commands: [CommandSpec] = Commands.all.map { $0.spec } + [
        CommandSpec(
            name: "help", summary: "show help for boxoffice, one command, or one topic",
            arguments: [ArgumentSpec(name: "command|topic", help: "the command to explain, or a topic: \(ManualTopics.all.map(\.name).joined(separator: ", "))",
                                     completion: .command)],
            discussion: "The topics are the man page's sections on how boxoffice behaves in depth, for a terminal without man.",
            examples: ["boxoffice help", "boxoffice help daily", "boxoffice help caching"]),
    ]

    static let defaultBaseURL = BoxOfficeClient.kobis.absoluteString

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The environment variables boxoffice reads, and what for (help, man page). A test checks
    /// that every variable the sources read is here.
    static let environment: [(String, String)] = [
        ("KOBIS_API_KEY", "your KOBIS key, used when there is no --key (else 'key = …' in the config file)"),
        ("BOXOFFICE_BASE_URL", "KOBIS server root"),
        ("BOXOFFICE_CACHE_DIR", "where answers are kept (else ${XDG_CACHE_HOME:-~/.cache}/boxoffice)"),
        ("BOXOFFICE_DATA_DIR", "where your reviews are kept (else ${XDG_DATA_HOME:-~/.local/share}/boxoffice)"),
        ("BOXOFFICE_HISTORY", "the history database, as --history (else ${XDG_DATA_HOME:-~/.local/share}/boxoffice/history.sqlite3)"),
        ("BOXOFFICE_STATE_DIR", "where watches keep their state (else ${XDG_STATE_HOME:-~/.local/state}/boxoffice)"),
        ("SSL_CERT_FILE, SSL_CERT_DIR", "the certificate authorities the network helper trusts instead of the system's (a bundle, a folder), as OpenSSL's programs take them"),
        ("BOXOFFICE_MAX_CALLS", "the most calls to KOBIS a command makes without asking, as --max-calls (else 'max-calls = N' in the config file, else \(Invocation.defaultCallLimit))"),
        ("BOXOFFICE_DEMO", "\(Invocation.switchOn.joined(separator: ", ")): the same as --demo; \(Invocation.switchOff.joined(separator: ", ")) or empty: not; any other value is refused (exit 64)"),
        ("BOXOFFICE_REVIEW_PASSWORD", "the password of a protected review (review add --password, edit, delete), instead of asking for it"),
        ("BOXOFFICE_HELPER_WAIT", "seconds to wait for the network helper (boxoffice-http) to start before naming it as stuck (else 10; 1 to 600)"),
        ("BOXOFFICE_BROWSE_TRACE", "a file to which browse appends what it does, a line each (keys, requests, answers): its --verbose, for a view that seems to wait; never a key or a password"),
        ("KAKAO_REST_API_KEY", "key for posters from Kakao's image search (movie --poster); never printed"),
        ("OMDB_API_KEY", "key for posters from OMDb (movie --poster); never printed"),
        ("BOXOFFICE_KAKAO_URL, BOXOFFICE_OMDB_URL", "the poster providers' server roots"),
        ("XDG_CONFIG_HOME", "where the config file is: ${XDG_CONFIG_HOME:-~/.config}/boxoffice/config"),
        ("XDG_CACHE_HOME", "where the cache is, unless --cache-dir or BOXOFFICE_CACHE_DIR says"),
        ("XDG_DATA_HOME", "where your reviews and the history are, unless --data-dir, BOXOFFICE_DATA_DIR, --history or BOXOFFICE_HISTORY says"),
        ("XDG_STATE_HOME", "where watches keep their state, unless BOXOFFICE_STATE_DIR says"),
        ("HOME", "your home folder, the ~ of the folders above"),
        ("NO_COLOR, CLICOLOR_FORCE", "no colour; or colour even when not on a terminal"),
        ("TERM", "dumb: no colour and no progress line; xterm-kitty: browse shows posters with kitty's graphics"),
        ("TERM_PROGRAM, LC_TERMINAL, KITTY_WINDOW_ID", "iTerm.app, WezTerm, iTerm2, or set in kitty: browse's p shows a film's poster as an image"),
        ("COLUMNS", "the width tables fit on a terminal (else the terminal's, else 100) and help wraps to (else 80)"),
        ("LC_ALL, LC_MESSAGES, LANG", "ko_KR… gives Korean labels, and audiences in 만/억 in tables"),
        ("BOXOFFICE_AMBIGUOUS_WIDE", "\(Invocation.switchOn.joined(separator: ", ")): your terminal draws ▲ ▼ … · two columns wide (CJK terminals), so tables line up; any value but those, \(Invocation.switchOff.joined(separator: ", ")) or empty is refused (exit 64)"),
    ]

    /// The files boxoffice reads and writes, and what they hold (help, man page).
    static let files: [(String, String)] = [
        ("${XDG_CONFIG_HOME:-~/.config}/boxoffice/config", "'key = YOUR_KEY', readable by you alone (chmod 600); and 'max-calls = N', the most calls a command makes without asking"),
        ("${XDG_CACHE_HOME:-~/.cache}/boxoffice/", "the cache: answers/ holds KOBIS's answers, calls-YYYYMMDD… the day's count of calls"),
        ("${XDG_DATA_HOME:-~/.local/share}/boxoffice/reviews.json", "your reviews (review), readable by you alone; reviews.lock beside it"),
        ("${XDG_STATE_HOME:-~/.local/state}/boxoffice/watch-NAME.json", "a watch's state (watch --name NAME), kept after each event told; watch-NAME.json.prev the one it replaced, watch-NAME.lock beside them"),
    ]

    /// The exit codes (help, man page).
    static let exitCodes: [(String, String)] = [
        ("0", "success (an empty result is a success)"),
        ("1", "any other failure, e.g. a movie KOBIS does not know, or a title that matches several movies"),
        ("64", "usage: an unknown command or option, a missing or malformed argument, an invalid date"),
        ("65", "KOBIS answered something that cannot be understood"),
        ("69", "KOBIS could not be reached or kept failing; or --offline and nothing cached"),
        ("74", "the output could not be written (a closed pipe is not an error)"),
        ("75", "the key's daily quota is used up; what was fetched is kept, so the same command goes on the next day"),
        ("77", "no key, or a key KOBIS (or a poster provider) rejected"),
        ("130", "interrupted (Ctrl-C, SIGINT)"),
        ("143", "terminated (SIGTERM)"),
    ]
}
