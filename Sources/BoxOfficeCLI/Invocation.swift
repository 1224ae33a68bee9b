import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What to do, fully typed and validated.
enum Command: Equatable {
    /// `day` nil means the default (yesterday, or the latest sample day in the demo).
    case daily(day: Day?)
    case movie(code: String)
    case cacheInfo
    case cacheClear
    case help(command: String?)
    case version
}

/// The output format.
enum OutputFormat: String, CaseIterable {
    case table, json
}

/// A command and the settings it runs with.
struct Invocation: Equatable {
    var command: Command
    var format: OutputFormat = .table
    var color: ColorChoice = .auto
    var keyOption: String? = nil
    var baseURL: URL? = nil
    var demo = false
    var timeout: Double = 15
    var cacheDirectory: String? = nil
    var cacheMode: CacheUse.Mode = .normal
    var retries = 2
    var verbosity: Verbosity = .normal

    enum ColorChoice: String, CaseIterable { case auto, always, never }
    enum Verbosity { case quiet, normal, verbose }

    /// Builds an invocation from parsed arguments; `today` is today in Korea.
    init(_ parsed: ParsedArguments, environment: [String: String], today: Day) throws(UsageError) {
        if parsed.has("help") || parsed.command == "help" {
            let topic = parsed.command == "help" ? parsed.positionals.first : parsed.command
            if parsed.command == "help", parsed.positionals.count > 1 {
                throw UsageError(message: "help takes one command name")
            }
            if let topic, CommandLineSpec.command(named: topic) == nil {
                throw UsageError.unknownCommand(topic, suggestion: Suggestion.closest(to: topic, among: CommandLineSpec.commands.map(\.name)))
            }
            command = .help(command: topic)
            return
        }
        if parsed.has("version") {
            command = .version
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
        switch name {
        case "daily":
            try expectPositionals(parsed, count: 0, command: name)
            guard let text = parsed.options["date"] else { return .daily(day: nil) }
            let day = try DateArgument.day(text, today: today, option: "--date")
            try DateArgument.requirePublished(day, today: today, option: "--date")
            return .daily(day: day)
        case "movie":
            guard let code = parsed.positionals.first else {
                throw UsageError(message: "movie needs a movie code, e.g. 'boxoffice movie 20124079'", command: name)
            }
            try expectPositionals(parsed, count: 1, command: name)
            return .movie(code: try MovieCodeArgument.validate(code))
        case "cache":
            try expectPositionals(parsed, count: 1, command: name)
            switch parsed.positionals.first {
            case "info": return .cacheInfo
            case "clear": return .cacheClear
            case let action?:
                throw UsageError(message: "unknown cache action \(UsageError.quote(action)); use 'cache info' or 'cache clear'", command: name)
            case nil:
                throw UsageError(message: "cache needs an action: 'cache info' or 'cache clear'", command: name)
            }
        default:
            throw UsageError.unknownCommand(name, suggestion: nil)
        }
    }

    private static func expectPositionals(_ parsed: ParsedArguments, count: Int, command: String) throws(UsageError) {
        if parsed.positionals.count > count {
            throw UsageError(message: "unexpected argument \(UsageError.quote(parsed.positionals[count])) for '\(command)'", command: command)
        }
    }

    private mutating func readGlobalOptions(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) {
        if parsed.has("json") {
            format = .json
        } else if let value = parsed.options["format"] {
            format = try Self.choice(value, option: "--format", among: OutputFormat.self)
        }
        if let value = parsed.options["color"] {
            color = try Self.choice(value, option: "--color", among: ColorChoice.self)
        } else if parsed.has("no-color") || !(environment["NO_COLOR"] ?? "").isEmpty {
            color = .never
        } else if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" {
            color = .always
        }
        keyOption = parsed.options["key"]
        demo = parsed.has("demo") || Self.isTrue(environment["BOXOFFICE_DEMO"])
        if let text = parsed.options["base-url"] {
            baseURL = try Self.baseURL(text, source: "--base-url")
        } else if let text = environment["BOXOFFICE_BASE_URL"], !text.isEmpty {
            baseURL = try Self.baseURL(text, source: "BOXOFFICE_BASE_URL")
        }
        if let text = parsed.options["timeout"] {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0.01, seconds <= 3600 else {
                throw UsageError(message: "--timeout \(UsageError.quote(text)) is not a number of seconds from 0.01 to 3600")
            }
            timeout = seconds
        }
        cacheDirectory = parsed.options["cache-dir"]
        if cacheDirectory?.isEmpty == true {
            throw UsageError(message: "--cache-dir needs a folder")
        }
        if parsed.has("refresh"), parsed.has("offline") {
            throw UsageError(message: "--refresh and --offline cannot be used together")
        }
        cacheMode = parsed.has("refresh") ? .refresh : parsed.has("offline") ? .offline : .normal
        if let text = parsed.options["retries"] {
            guard let count = Int(text), (0...10).contains(count) else {
                throw UsageError(message: "--retries \(UsageError.quote(text)) is not a whole number from 0 to 10")
            }
            retries = count
        }
        if parsed.has("verbose"), parsed.has("quiet") {
            throw UsageError(message: "--verbose and --quiet cannot be used together")
        }
        verbosity = parsed.has("verbose") ? .verbose : parsed.has("quiet") ? .quiet : .normal
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ text: String, option: String, among: T.Type) throws(UsageError) -> T
    where T.RawValue == String {
        guard let value = T(rawValue: text.lowercased()) else {
            let valid = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "\(option) \(UsageError.quote(text)) is not one of: \(valid)")
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

    private static func isTrue(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }
}

/// Checks movie codes: KOBIS codes are 8 letters and digits, like 20124079 or 2024A603.
enum MovieCodeArgument {
    static func validate(_ text: String) throws(UsageError) -> String {
        let code = text.trimmingBlanks()
        let valid = code.count == 8 && code.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        guard valid else {
            throw UsageError(message: "\(UsageError.quote(text)) is not a KOBIS movie code (8 letters and digits, e.g. 20124079); 'boxoffice daily' shows codes", command: "movie")
        }
        return code.uppercased()
    }
}
