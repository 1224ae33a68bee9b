import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeReviews

/// One command of boxoffice, in one file: its description (read by the parser and help), the
/// check of its arguments into typed values, and its run.
protocol BoxOfficeCommand: Sendable {
    static var spec: CommandSpec { get }
    /// Checks the command's own arguments and options; global options are read by `Invocation`.
    init(_ arguments: CommandArguments) throws(UsageError)
    /// Fetches, converts and renders; errors go to the one place that maps them to exit codes.
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput
    /// Whether two commands would do the same (for tests of parsing).
    func isSame(as other: any BoxOfficeCommand) -> Bool
}

extension BoxOfficeCommand where Self: Equatable {
    func isSame(as other: any BoxOfficeCommand) -> Bool {
        (other as? Self) == self
    }
}

/// Every command, in the order help lists them. Adding a command adds its file and a line here.
enum Commands {
    static let all: [any BoxOfficeCommand.Type] = [
        DailyCommand.self, WeeklyCommand.self, MovieCommand.self, SearchCommand.self, PeopleCommand.self,
        CompanyCommand.self, TrendCommand.self, TopCommand.self, CalendarCommand.self, BrowseCommand.self, CodesCommand.self, ReviewCommand.self, MCPCommand.self, CacheCommand.self,
        CompletionsCommand.self, ManualCommand.self,
    ]

    static func named(_ name: String) -> (any BoxOfficeCommand.Type)? {
        all.first { $0.spec.name == name }
    }
}

/// What a command gives back: values, not text. Each face presents them in its own way: the
/// command line renders a value once, in the chosen format (`CommandContext.text(of:)`); the MCP
/// server serves its JSON. A failure that comes after the output (a poster that could not be found
/// while the movie itself was shown) is reported after it.
struct CommandOutput {
    enum Content {
        /// A result; a chart's rendering takes the terminal's (or `COLUMNS`') width even in a pipe.
        case value(any Presentable, chart: Bool = false)
        /// KOBIS's own answer (`--raw`).
        case raw(Data)
        /// Values written out as they arrived (a range), kept here only for a face that asked
        /// for them whole (with no writer in its context).
        case streamed([any Presentable])
        /// Text only a terminal wants (help, completions, the manual, an SVG on stdout).
        case text(String)
        /// Nothing to show (what was done is said on stderr).
        case none
    }

    var content: Content
    /// Text under the value on a terminal (a movie's reviews).
    var note = ""
    var failureAfterOutput: (any Error)? = nil

    init(_ content: Content, note: String = "", failureAfterOutput: (any Error)? = nil) {
        self.content = content
        self.note = note
        self.failureAfterOutput = failureAfterOutput
    }

    /// A result value.
    static func value(_ value: any Presentable) -> CommandOutput { CommandOutput(.value(value)) }
    /// Text for the terminal.
    static func text(_ text: String) -> CommandOutput { CommandOutput(.text(text)) }
    /// Nothing on stdout.
    static let none = CommandOutput(.none)
}

/// What a command is built from: its share of the parsed command line, or an MCP tool's JSON
/// arguments taken as they are typed (numbers as numbers, never turned into text and read back).
/// Either way the command checks them in one place, and its messages name them as the face does:
/// `--date` on the command line, `date` for a tool.
struct CommandArguments {
    /// An option's value.
    enum Value: Equatable {
        /// The text after `--name`, or a tool's string.
        case text(String)
        /// A tool's whole number.
        case number(Int)
        /// A flag given (`--all`), or a tool's `true`.
        case flag
    }

    let name: String
    let positionals: [String]
    let options: [String: Value]
    /// Today in Korea.
    let today: Day
    /// What comes before an option's name in messages: `--` on the command line, nothing for a tool.
    var prefix = "--"

    /// The command line's arguments: every option as text (a flag as an empty one).
    init(name: String, positionals: [String], options: [String: String], today: Day) {
        self.init(name: name, positionals: positionals, values: options.mapValues { .text($0) }, today: today)
    }

    /// Typed values, named in messages with `prefix`.
    init(name: String, positionals: [String], values: [String: Value], today: Day, prefix: String = "--") {
        self.name = name
        self.positionals = positionals
        self.options = values
        self.today = today
        self.prefix = prefix
    }

    func has(_ option: String) -> Bool { options[option] != nil }

    /// An option as it is named in messages: `--date`, or `date`.
    func named(_ option: String) -> String { prefix + option }

    /// An option's value as text: a number in digits, a flag as nothing.
    func string(_ option: String) -> String? {
        switch options[option] {
        case let .text(text)?: text
        case let .number(number)?: String(number)
        case .flag?: ""
        case nil: nil
        }
    }

    /// Refuses positionals beyond `count`, saying which option the word was probably meant for
    /// (`daily 20220105` → `--date 20220105`; `weekly weekend` → `--period weekend`).
    func expectPositionals(atMost count: Int) throws(UsageError) {
        guard positionals.count > count else { return }
        let word = positionals[count]
        var hint = ""
        let options = Commands.named(name)?.spec.options ?? []
        if let choice = options.first(where: { $0.choices?.contains(word.lowercased()) == true }) {
            hint = "; did you mean '--\(choice.name) \(word.lowercased())'?"
        } else if options.contains(where: { $0.name == "date" }), (try? DateArgument.day(word, today: today, option: "--date")) != nil {
            hint = "; did you mean '--date \(word)'?"
        } else if let flag = options.first(where: { !$0.takesValue && $0.name == word.lowercased() }) {
            hint = "; did you mean '--\(flag.name)'?"
        }
        throw UsageError(message: "unexpected argument \(UsageError.quote(word)) for '\(name)'\(hint)", command: name)
    }

    /// The positionals joined into one text (`boxoffice search 범죄와의 전쟁` without quotes),
    /// composed (NFC) and trimmed; a usage error when there is none.
    func text(_ what: String, example: String) throws(UsageError) -> String {
        let text = positionals.joined(separator: " ").composed.trimmingBlanksAndNewlines()
        guard !text.isEmpty else {
            throw UsageError(message: "\(name) needs \(what), e.g. 'boxoffice \(name) \(example)'", command: name)
        }
        return text
    }

    /// `--date D` (or `--from`, `--to`), checked to be a day KOBIS has published; nil when not given.
    func publishedDay(_ option: String = "date") throws(UsageError) -> Day? {
        guard let text = string(option) else { return nil }
        let day = try DateArgument.day(text, today: today, option: named(option))
        try DateArgument.requirePublished(day, today: today, option: named(option))
        return day
    }

    /// A code to show, or a name to search for (with `--page`), as `people` and `company` take them.
    func lookup(_ what: String, example: String) throws(UsageError) -> Lookup {
        let text = try self.text("a name or a \(what) code", example: example)
        let page = try number("page", in: 1...100_000)
        guard CodeArgument.isCode(text) else { return .name(text, page: page ?? 1) }
        if page != nil { throw UsageError(message: "\(named("page")) applies to a search by name, not to a \(what) code", command: name) }
        return .code(text)
    }

    /// A whole number option within `range`.
    func number(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = string(option) else { return nil }
        let value: Int? = if case let .number(number)? = options[option] { number } else { Int(text.trimmingBlanks()) }
        guard let value, range.contains(value) else {
            throw UsageError(message: "\(named(option)) \(UsageError.quote(text)) is not a whole number from \(NumberFormat.grouped(range.lowerBound)) to \(NumberFormat.grouped(range.upperBound))", command: name)
        }
        return value
    }

    /// One of an enumeration's values, named by its raw value.
    func choice<T: RawRepresentable & CaseIterable>(_ option: String, among: T.Type) throws(UsageError) -> T? where T.RawValue == String {
        guard let text = string(option) else { return nil }
        guard let value = T(rawValue: text.trimmingBlanks().lowercased()) else {
            let valid = T.allCases.map(\.rawValue)
            let hint = Suggestion.hint(text.lowercased(), among: valid)
            throw UsageError(message: "\(named(option)) \(UsageError.quote(text)) is not one of: \(valid.joined(separator: ", "))\(hint)", command: name)
        }
        return value
    }
}

/// What `people` and `company` look up: one record by its code, or a page of matches for a name.
enum Lookup: Equatable {
    case code(String)
    case name(String, page: Int)
}

/// People and company codes: 6 to 8 digits (KOBIS lists some 6- and 7-digit company codes), or
/// 8 characters in the shape of movie codes (a year, then letters or digits), since KOBIS puts
/// letters in codes (2023C165).
enum CodeArgument {
    static func isCode(_ text: String) -> Bool {
        (6...8).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) } || MovieCodeArgument.isCode(text)
    }
}
