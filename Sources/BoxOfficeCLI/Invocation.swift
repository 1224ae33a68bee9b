import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What to do, fully typed and validated.
enum Command: Equatable {
    /// A bare `boxoffice`: the short overview.
    case overview
    case help(command: String?)
    /// `boxoffice help key`: one of the manual's topics.
    case topic(String)
    case version
    /// One of the commands in `Commands/`, its arguments checked.
    case run(any BoxOfficeCommand)

    static func == (lhs: Command, rhs: Command) -> Bool {
        switch (lhs, rhs) {
        case (.overview, .overview): true
        case let (.help(a), .help(b)): a == b
        case let (.topic(a), .topic(b)): a == b
        case (.version, .version): true
        case let (.run(a), .run(b)): a.isSame(as: b)
        default: false
        }
    }
}

/// A command and the settings it runs with.
struct Invocation: Equatable {
    var command: Command
    var format: OutputFormat = .table
    /// `--pretty` (true) or `--compact` (false); nil: pretty on a terminal, compact when piped.
    var prettyJSON: Bool? = nil
    /// `--fields`: only these keys or columns, in this order.
    var fields: [String]? = nil
    /// `--wide`: every column, the whole cast.
    var wide = false
    /// `BOXOFFICE_AMBIGUOUS_WIDE`: the terminal draws East Asian Ambiguous characters two columns wide.
    var ambiguousWide = false
    /// `--jobs`: most requests in flight at once for ranges.
    var jobs = 8
    /// `--rate`: most requests a second that reach the network; 0 for no limit.
    var rate: Double = 10
    var color: ColorChoice = .auto
    var keyOption: String? = nil
    var baseURL: URL? = nil
    var demo = false
    /// The global options that start boxoffice on the same source of answers again (`--demo`):
    /// what a registration of the MCP server passes.
    var sourceOptions: [String] { demo ? ["--demo"] : [] }
    var timeout: Double = 15
    var cacheDirectory: String? = nil
    /// `--history FILE` (else BOXOFFICE_HISTORY): the history database.
    var historyFile: String? = nil
    /// `--timeout` when it was given (`sql` has its own default).
    var timeoutGiven: Double? = nil
    /// `--data-dir`: where reviews are kept.
    var dataDirectory: String? = nil
    var cacheMode: CacheMiddleware.Mode = .normal
    var retries = 2
    var verbosity: Verbosity = .normal
    /// KOBIS's own answer body instead of a rendering (`--raw`).
    var raw = false
    /// The most calls to KOBIS a command makes without asking (`--max-calls`,
    /// `BOXOFFICE_MAX_CALLS`, the config file's `max-calls`); nil: not given, so the config file's
    /// or the default, looked up when a command would make calls.
    var maxCalls: Int? = nil
    /// `--yes`: go ahead whatever a command costs.
    var yes = false

    enum ColorChoice: String, CaseIterable { case auto, always, never }

    /// The command's name, for pointing at its help.
    var commandName: String? {
        guard case let .run(command) = command else { return nil }
        return type(of: command).spec.name
    }
    enum Verbosity { case quiet, normal, verbose }

    /// Builds an invocation from parsed arguments; `today` is today in Korea.
    init(_ parsed: ParsedArguments, environment: [String: String], today: Day) throws(UsageError) {
        if parsed.has("help") || parsed.command == "help" {
            let topic = parsed.command == "help" ? parsed.positionals.first : parsed.command
            if parsed.command == "help", parsed.positionals.count > 1 {
                throw UsageError(message: "help takes one command or topic name")
            }
            if let topic, CommandLineSpec.command(named: topic) == nil {
                guard ManualTopics.named(topic) != nil else {
                    let names = CommandLineSpec.commands.map(\.name) + ManualTopics.all.map(\.name)
                    let hint = Suggestion.hint(topic, among: names)
                    throw UsageError(message: "there is no command or help topic \(UsageError.quote(topic))"
                                     + (hint.isEmpty ? "; 'boxoffice help' lists the commands and topics" : hint))
                }
                command = .topic(topic)
                return
            }
            command = .help(command: topic)
            return
        }
        if parsed.has("version") {
            command = .version
            return
        }
        if parsed == ParsedArguments() {
            command = .overview
            return
        }
        guard let name = parsed.command else {
            let names = CommandLineSpec.commands.map(\.name).joined(separator: ", ")
            throw UsageError(message: "no command given; the commands are \(names)")
        }
        do {
            command = try Self.command(name, parsed, today: today)
        } catch {
            throw UsageError(message: error.message, command: error.command ?? name)
        }
        try readGlobalOptions(parsed, environment: environment)
    }

    private static func command(_ name: String, _ parsed: ParsedArguments, today: Day) throws(UsageError) -> Command {
        guard let type = Commands.named(name) else { throw UsageError.unknownCommand(name, suggestion: nil) }
        return .run(try type.init(CommandArguments(name: name, positionals: parsed.positionals, options: parsed.options, lists: parsed.lists, today: today)))
    }

    private mutating func readGlobalOptions(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) {
        if let value = parsed.options["format"] {
            format = try Self.choice(value, option: "--format", among: OutputFormat.self)
            if parsed.has("json"), format != .json {
                throw UsageError(message: "--json and --format \(format.rawValue) cannot be used together (--json is --format json)")
            }
        } else if parsed.has("json") {
            format = .json
        }
        if parsed.has("pretty"), parsed.has("compact") {
            throw UsageError(message: "--pretty and --compact cannot be used together")
        }
        prettyJSON = parsed.has("pretty") ? true : parsed.has("compact") ? false : nil
        if let text = parsed.options["fields"] {
            let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingBlanks() }
            guard !names.contains(where: \.isEmpty) else {
                throw UsageError(message: "--fields \(UsageError.quote(text)) needs field names separated by commas, e.g. --fields rank,title,audience")
            }
            if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw UsageError(message: "--fields names \(UsageError.quote(repeated)) twice")
            }
            fields = names
        }
        wide = parsed.has("wide")
        // The options with bounds, read through their one declaration (a mistake names no command).
        let global = CommandArguments(name: "", positionals: [], options: parsed.options, today: .kobisFirst)
        func read<Value>(_ value: () throws(UsageError) -> Value) throws(UsageError) -> Value {
            do { return try value() } catch { throw UsageError(message: error.message) }
        }
        jobs = try read { () throws(UsageError) in try global.number(GlobalOptions.jobs) } ?? jobs
        rate = try read { () throws(UsageError) in try global.decimal(GlobalOptions.rate) } ?? rate
        // An explicit --color always or never wins; otherwise (auto) NO_COLOR, then
        // CLICOLOR_FORCE, then whether stdout is a terminal (see BoxOfficeCommandLine.style).
        if let value = parsed.options["color"] {
            color = try Self.choice(value, option: "--color", among: ColorChoice.self)
        }
        if parsed.has("no-color") {
            if color != .auto, color != .never {
                throw UsageError(message: "--no-color and --color \(color.rawValue) cannot be used together")
            }
            color = .never
        }
        if color == .auto, !(environment["NO_COLOR"] ?? "").isEmpty {
            color = .never
        } else if color == .auto, let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" {
            color = .always
        }
        keyOption = parsed.options["key"]
        let demoVariable = try Self.isOn("BOXOFFICE_DEMO", in: environment)
        ambiguousWide = try Self.isOn("BOXOFFICE_AMBIGUOUS_WIDE", in: environment)
        demo = parsed.has("demo") || demoVariable
        if let text = parsed.options["base-url"] {
            baseURL = try Self.baseURL(text, source: "--base-url")
        } else if let text = environment["BOXOFFICE_BASE_URL"], !text.isEmpty {
            baseURL = try Self.baseURL(text, source: "BOXOFFICE_BASE_URL")
        }
        timeoutGiven = try read { () throws(UsageError) in try global.decimal(GlobalOptions.timeout) }
        timeout = timeoutGiven ?? timeout
        historyFile = parsed.options["history"] ?? environment["BOXOFFICE_HISTORY"].flatMap { $0.isEmpty ? nil : $0 }
        if historyFile?.isEmpty == true {
            throw UsageError(message: "--history needs a file")
        }
        dataDirectory = parsed.options["data-dir"]
        if dataDirectory?.isEmpty == true {
            throw UsageError(message: "--data-dir needs a folder")
        }
        cacheDirectory = parsed.options["cache-dir"]
        if cacheDirectory?.isEmpty == true {
            throw UsageError(message: "--cache-dir needs a folder")
        }
        if parsed.has("refresh"), parsed.has("offline") {
            throw UsageError(message: "--refresh and --offline cannot be used together")
        }
        cacheMode = parsed.has("refresh") ? .refresh : parsed.has("offline") ? .offline : .normal
        retries = try read { () throws(UsageError) in try global.number(GlobalOptions.retries) } ?? retries
        if parsed.has("verbose"), parsed.has("quiet") {
            throw UsageError(message: "--verbose and --quiet cannot be used together")
        }
        verbosity = parsed.has("verbose") ? .verbose : parsed.has("quiet") ? .quiet : .normal
        if let text = parsed.options["max-calls"] {
            maxCalls = try Self.callLimit(text, source: "--max-calls")
        }
        yes = parsed.has("yes")
        raw = parsed.has(Parameter.raw.name)
        if raw, let other = ["json", "format", "fields", "pretty", "compact"].first(where: parsed.has) {
            throw UsageError(message: "--raw prints KOBIS's own answer; it cannot be combined with --\(other)")
        }
    }

    /// Seconds to wait for the network helper's hello before naming it as stuck:
    /// `BOXOFFICE_HELPER_WAIT`, else 10. Read when the network is first needed.
    static func helperWait(environment: [String: String]) throws(UsageError) -> Double {
        guard let text = environment["BOXOFFICE_HELPER_WAIT"], !text.isEmpty else { return 10 }
        guard let seconds = Double(text.trimmingBlanks()), seconds.isFinite, (1...600).contains(seconds) else {
            throw UsageError(message: "BOXOFFICE_HELPER_WAIT \(UsageError.quote(text)) is not a number of seconds from 1 to 600")
        }
        return seconds
    }

    /// Calls a command may make without asking, by default (cached answers cost none).
    static let defaultCallLimit = CallLimitError.standardLimit

    /// A limit of calls: a whole number from 1 to a million.
    static func callLimit(_ text: String, source: String) throws(UsageError) -> Int {
        guard let count = Int(text.trimmingBlanks()), (1...1_000_000).contains(count) else {
            throw UsageError(message: "\(source) \(UsageError.quote(text)) is not a whole number of calls from 1 to 1,000,000")
        }
        return count
    }

    /// The limit in force: the option or variable, else the config file's `max-calls`, else 100.
    /// The variable and the file are read here, when a period is about to be read, so that a bad
    /// value stops only what needs it (never help, --version or a single call).
    func callLimit(environment: [String: String]) throws(UsageError) -> Int {
        if let maxCalls { return maxCalls }
        if let text = environment["BOXOFFICE_MAX_CALLS"], !text.isEmpty { return try Self.callLimit(text, source: "BOXOFFICE_MAX_CALLS") }
        guard let (text, path) = KeySource.setting("max-calls", environment: environment) else { return Self.defaultCallLimit }
        guard let count = Int(text.trimmingBlanks()), (1...1_000_000).contains(count) else {
            throw UsageError(message: "\(MessageText.quote("max-calls = " + text)) in the config file \(path) is not a whole number of calls from 1 to 1,000,000")
        }
        return count
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ text: String, option: String, among: T.Type) throws(UsageError) -> T
    where T.RawValue == String {
        guard let value = T(rawValue: text.lowercased()) else {
            let valid = T.allCases.map(\.rawValue)
            let hint = Suggestion.hint(text.lowercased(), among: valid)
            throw UsageError(message: "\(option) \(UsageError.quote(text)) is not one of: \(valid.joined(separator: ", "))\(hint)")
        }
        return value
    }

    private static func baseURL(_ text: String, source: String) throws(UsageError) -> URL {
        do {
            return try ServerAddress.normalised(text)
        } catch {
            throw UsageError(message: "\(source) \(UsageError.quote(ServerAddress.withoutUserinfo(text))) \(error.reason)")
        }
    }

    /// The values, in any case, of an environment variable that switch something on, and off.
    static let switchOn = ["1", "true", "yes", "on"], switchOff = ["0", "false", "no", "off"]

    /// A switch from the environment: on, off (unset, empty or a `switchOff` value), or a usage
    /// error naming the variable and what it accepts, rather than off for a value it does not know.
    static func isOn(_ variable: String, in environment: [String: String]) throws(UsageError) -> Bool {
        guard let value = environment[variable], !value.isEmpty else { return false }
        if switchOn.contains(value.lowercased()) { return true }
        if switchOff.contains(value.lowercased()) { return false }
        throw UsageError(message: "\(variable) \(UsageError.quote(value)) is neither on (\(Suggestion.either(switchOn))) nor off (\(Suggestion.either(switchOff + ["empty"])))")
    }
}

