import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeHistory
import BoxOfficeRendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Running a tool: its request answered, the value made into the tool's result, failures in the
/// server's words, and the output schemas.
extension MCPServer {
    /// A tool's answer that is a failure: its message as text, with `isError`.
    static func failure(_ message: String) -> JSONValue {
        .object([("content", .array([.object([("type", .string("text")), ("text", .string(message))])])), ("isError", .bool(true))])
    }

    /// Runs a tool's request: its result with `structuredContent` and a text rendering, or a
    /// result with `isError` for a failure.
    nonisolated(nonsending) func run(_ request: any ToolRequest, tool: MCPTool, call: ToolCall) async -> JSONValue {
        do {
            let answer = try await request.answer(call)
            try Task.checkCancellation()
            // A period of which no day could be read is no answer: why is the tool's error.
            if case let .int(read)? = answer.json["daysRead"], read == 0, case let .int(days)? = answer.json["daysInPeriod"], days > 0 {
                return Self.failure("no day of the period could be read, so there is nothing to answer: " + Self.unreadWords(answer.json["daysNotRead"]))
            }
            // The value itself, as JSON: nothing is rendered to be read back; days not read for one
            // reason as ranges, as a model reads them best.
            let structured = tool.wrap(Self.rangingDaysNotRead(answer.json))
            // The specification asks for the structured answer serialized in a text block too,
            // for clients that pass only `content` to the model: every field, none cut to a width.
            let text = structured.serialized(pretty: false)
            var blocks: [JSONValue] = [.object([("type", .string("text")), ("text", .string(text))])]
            if let failure = answer.failureAfterOutput {
                blocks[0] = .object([("type", .string("text")), ("text", .string(text + "\n" + message(failure)))])
            }
            // Where the answer came from when that is not KOBIS (the samples' search), beside it.
            if let origin = answer.origin { blocks.append(.object([("type", .string("text")), ("text", .string(origin))])) }
            // An assistant never sees stderr: a result from the recordings says so itself.
            if tool.reachesKOBIS, (try? session.client())?.asksNoOne == true {
                blocks.append(.object([("type", .string("text")), ("text", .string(Self.sampleNote))]))
            }
            return .object([("content", .array(blocks)), ("structuredContent", structured), ("isError", .bool(false))])
        } catch {
            return Self.failure(message(error))
        }
    }

    /// `daysNotRead` made ranges: the days in a row not read for one reason (and KOBIS's same
    /// error) as one `{from, to, reason, errorCode?, errorMessage?}`, wherever the value has one.
    static func rangingDaysNotRead(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(members):
            return .object(members.map { key, member in
                guard key == "daysNotRead", case let .array(days) = member else { return (key, rangingDaysNotRead(member)) }
                return (key, .array(ranges(days)))
            })
        case let .array(items):
            return .array(items.map(rangingDaysNotRead))
        default:
            return value
        }
    }

    /// Days `{date, reason, …}` in order, as ranges of consecutive days alike but for their date.
    static func ranges(_ days: [JSONValue]) -> [JSONValue] {
        var ranges: [(from: Day, to: Day, rest: [(String, JSONValue)])] = []
        for day in days {
            guard case let .object(members) = day, let text = day["date"]?.stringValue, let date = Day(text) else { continue }
            let rest = members.filter { $0.0 != "date" }
            if let last = ranges.last, last.to.adding(days: 1) == date, last.rest.map(\.0) == rest.map(\.0), zip(last.rest, rest).allSatisfy({ $0.1 == $1.1 }) {
                ranges[ranges.count - 1].to = date
            } else {
                ranges.append((date, date, rest))
            }
        }
        return ranges.map { .object([("from", .string($0.from.iso)), ("to", .string($0.to.iso))] + $0.rest) }
    }

    /// Why the days of a period were not read, in words: each reason with its days.
    static func unreadWords(_ daysNotRead: JSONValue?) -> String {
        guard case let .array(days)? = daysNotRead else { return "no day was read." }
        let words = ranges(days).map { range -> String in
            let span = range["from"] == range["to"] ? range["from"]?.stringValue ?? "" : "\(range["from"]?.stringValue ?? "") to \(range["to"]?.stringValue ?? "")"
            let why = switch range["reason"]?.stringValue {
            case "notInSamples": "not in the sample data this server answers from (it was started with --demo)"
            case "notCached": "not in the cache, which this server answers from alone (it was started offline)"
            case "kobisFailed": "KOBIS could not answer (\(range["errorMessage"]?.stringValue ?? ""), error \(range["errorCode"]?.stringValue ?? ""))"
            case "callLimit": "the call's limit of calls to KOBIS was reached first; give a larger 'maxCalls'"
            default: "not read"
            }
            return "\(span): \(why)"
        }
        return words.joined(separator: "; ") + "."
    }

    /// What a result from the demo's recordings says beside its answer.
    static let sampleNote = "Sample data: this server was started with --demo and answers from KOBIS recordings shipped with boxoffice (the autumn of 2025, day by day, and a few older days and films), not from KOBIS itself; other days and films are not in it."

    /// Each tool's output schema, from the shape its value's type declares.
    static let outputSchemas: [String: JSONValue] = Dictionary(uniqueKeysWithValues: MCPTools.all.map { ($0.name, MCPOutputSchema.of($0.output)) })

    /// A failure in the server's words, which name no flag or command (a tool's caller has none):
    /// every failure of the engine worded here; a failure to compose the client (no key, a bad
    /// setting) as the program that started the server words it (``MCPSession/SetupFailure``).
    func message(_ error: any Error) -> String {
        switch error {
        case let usage as UsageError:
            return usage.message
        case let limit as CallLimitError:
            return limit.what + ". Give 'maxCalls': \(limit.cost.toFetch) to allow it, or ask for a shorter period."
        // The command line names its option; the caller of a tool was never given one.
        case let limit as CallLimitReached:
            return "the limit of \(limit.limit) calls to KOBIS for this call (retries included) was reached; nothing more was sent. What was fetched is kept: call again to go on, or give a larger 'maxCalls'."
        case let period as PeriodNotWhole where period.limit != nil:
            let count = period.beyondLimit.count
            return "the limit of \(period.limit ?? 0) calls to KOBIS for this call (retries included) was reached before \(count == 1 ? "1 day" : "\(NumberFormat.grouped(count)) days") of the period were read (\(PeriodCoverage.listed(period.beyondLimit.map(\.iso)))); the other days are shown. What was fetched is kept: call again to go on, or give a larger 'maxCalls'."
        case let miss as CacheMissError:
            return "this server answers from its cache alone (it was started offline), and \(miss.description)."
        case let period as PeriodNotWhole where period.kobisFailed.isEmpty:
            let count = period.notCached.count
            return "this server answers from its cache alone (it was started offline), and the cache holds no answer for \(count == 1 ? "1 day" : "\(NumberFormat.grouped(count)) days") of the period (\(PeriodCoverage.listed(period.notCached.map(\.iso)))); the other days are shown."
        case let period as PeriodNotWhole:
            let cached = period.notCached.isEmpty ? "" : " The cache holds no answer for \(PeriodCoverage.listed(period.notCached.map(\.iso))), and this server answers from its cache alone."
            return "KOBIS could not answer for \(period.days); the other days are shown.\(cached)"
        case let region as UnknownRegionError:
            return "region \(UsageError.quote(region.name)) is not a KOBIS region; use one of: \(region.known.joined(separator: ", ")) (or its code, from the code_table tool's 'regions')"
        case let TrendRangeError.noOpeningDay(title):
            return "KOBIS gives no opening day for \(UsageError.quote(title)); give the range with from and to"
        case let TrendRangeError.notOpenYet(title, opens):
            return "\(UsageError.quote(title)) opens on \(opens.iso), so there is no run to show yet"
        case let setup as MCPSession.SetupFailure:
            return setup.words
        case let KOBISError.fault(fault) where fault.isKeyRejected:
            let origin = session.keyOrigin().map { " from \($0)" } ?? ""
            return "KOBIS rejected the API key\(origin) (error \(fault.code): \(fault.summary))."
        case let quota as QuotaExhaustedError:
            return quota.description + ". What was fetched is kept: call again after midnight (Korean time) to go on."
        case let failed as KOBISError:
            if case .failed = failed { return failed.description + "; try again later." }
            return failed.description + "."
        case let pages as TooManyPagesError:
            return "'all' would fetch \(NumberFormat.grouped(pages.pages)) pages for \(NumberFormat.grouped(pages.total)) matches (at most \(pages.most) are fetched); narrow the search with year or director, or ask for one page"
        case let unread as NewsDayUnread where unread.reason == .notCached:
            let against = unread.day == unread.news ? "" : ", the day before \(unread.news.iso), against which its news is told"
            return "this server answers from its cache alone (it was started offline), and the cache holds no ranking of \(unread.day.iso)\(against)."
        case let history as HistoryError:
            return switch history {
            case .missing: "there is no local history yet: it is made with 'boxoffice history sync', run by the user; the other tools ask KOBIS instead."
            case let .notHistory(_, reason): "the local history cannot be read: \(reason)."
            case let .damaged(_, reason): "the local history is damaged (\(reason)); the other tools ask KOBIS instead."
            case let .newer(_, version): "the local history was written by a newer boxoffice (schema version \(version)); this server reads version \(HistorySchema.version)."
            case .readOnly: "the local history cannot be written."
            case .busy: "the local history is busy (a sync is writing it); try again shortly."
            case let .sqlite(message): "SQLite failed: \(message)."
            }
        case let query as QueryError:
            return switch query {
            case let .notARead(what): "only queries that read run here; \(what) is refused (nothing was run)."
            case let .invalid(message): "SQLite cannot run the query: \(message)."
            case let .timedOut(seconds): "the query was stopped after \(Parameter.decimal(seconds)) seconds; narrow it (a WHERE on date, a LIMIT)."
            }
        case let ambiguous as AmbiguousTitleError:
            return Self.words(ambiguous)
        default:
            // The engine's own failures as the library says them; what is left is not the engine's.
            let library = BoxOfficeError(error)
            if case .custom = library { return Self.sentence((error as? any CustomStringConvertible)?.description ?? "unexpected error: \(type(of: error))") }
            return Self.sentence(library.description)
        }
    }

    /// A title that named no film, or several: those it named, with their codes, to pick one from.
    static func words(_ error: AmbiguousTitleError) -> String {
        let page = error.page
        guard !page.items.isEmpty else {
            if let films = error.searchedHeld {
                return "the sample data holds no film whose title contains \(UsageError.quote(error.title)): this server searched the \(films) films it holds (the autumn of 2025 and a few older ones), not KOBIS."
            }
            let digits = error.title.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            if digits, error.title.count == 7 || error.title.count == 9 {
                return "no movie's title contains \(UsageError.quote(error.title)), and it is not a movie code: codes have 8 characters (\(error.title.count) here)."
            }
            return "no movie's title contains \(UsageError.quote(error.title))."
        }
        let more = page.total > page.items.count ? " (the first \(page.items.count) are listed; search_movies gives the rest)" : ""
        return (["\(NumberFormat.grouped(page.total)) movies match \(UsageError.quote(error.title))\(more):"] + page.candidateLines().map { "  " + $0 })
            .joined(separator: "\n")
    }

    /// Ends with a full stop.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }
}
