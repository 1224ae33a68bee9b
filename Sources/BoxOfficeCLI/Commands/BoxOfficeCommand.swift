import BoxOfficeArguments
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeReviews

/// A request of the shared words (`BoxOfficeArguments`) as the command line runs it: decoded from
/// its words, checked in one place, asked of the engine, and run to values the command line
/// renders. The MCP server decodes the same requests from a tool's JSON and answers them itself.
protocol BoxOfficeRequest: Sendable {
    /// Checks the request's own arguments, in the terms of the face that gave them.
    init(_ arguments: some ArgumentReader) throws(UsageError)
    /// Fetches and converts; errors go to the one place that maps them to exit codes.
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput
}

/// One command of boxoffice: a request with its description (read by the parser and help).
/// Global options are read by `Invocation`.
protocol BoxOfficeCommand: BoxOfficeRequest {
    static var spec: CommandSpec { get }
    /// How much of the client's events its user hears while it runs (all, unless it says otherwise).
    static var clientVoice: ClientVoice { get }
    /// Whether two commands would do the same (for tests of parsing).
    func isSame(as other: any BoxOfficeCommand) -> Bool
}

extension BoxOfficeCommand {
    static var clientVoice: ClientVoice { .all }
}

extension BoxOfficeCommand where Self: Equatable {
    func isSame(as other: any BoxOfficeCommand) -> Bool {
        (other as? Self) == self
    }
}

/// Every command, in the order help lists them. Adding a command adds its file and a line here.
enum Commands {
    static let all: [any BoxOfficeCommand.Type] = [
        DailyRequest.self, WeeklyRequest.self, MovieRequest.self, SearchRequest.self, PeopleRequest.self,
        CompanyRequest.self, TrendQuery.self, TopRequest.self, RecordsQuery.self, NewsRequest.self, WatchRequest.self, CalendarRequest.self, HistoryRequest.self, SQLRequest.self, BrowseCommand.self, CodesRequest.self, ReviewCommand.self, MCPCommand.self, CacheRequest.self,
        CompletionsCommand.self, ManualCommand.self,
    ]

    static func named(_ name: String) -> (any BoxOfficeCommand.Type)? {
        all.first { $0.spec.name == name }
    }
}

/// What a command gives back: values, not text, which the command line renders once, in the chosen
/// format (`CommandContext.text(of:)`). A failure that comes after the output (a poster that could
/// not be found while the movie itself was shown) is reported after it.
struct CommandOutput {
    enum Content {
        /// A result; a chart's rendering takes the terminal's (or `COLUMNS`') width even in a pipe.
        case value(any Presentable, chart: Bool = false)
        /// KOBIS's own answer (`--raw`).
        case raw(Data)
        /// Values written out as they arrived (a range): nothing more to show.
        case streamed
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

extension CommandOutput {
    /// A period's value, and the error after it when KOBIS could not answer some of its days.
    static func period(_ value: any Presentable, coverage: PeriodCoverage?, chart: Bool = false) -> CommandOutput {
        CommandOutput(.value(value, chart: chart), failureAfterOutput: PeriodNotWhole.after(coverage))
    }
}
