import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Running a tool: its JSON arguments made into a command, the command's value made into the
/// tool's result, and the output schemas.
extension MCPServer {
    /// A tool's answer that is a failure: its message as text, with `isError`.
    static func failure(_ message: String) -> JSONValue {
        .object([("content", .array([.object([("type", .string("text")), ("text", .string(message))])])), ("isError", .bool(true))])
    }

    /// Runs a tool's request: its result with `structuredContent` and a text rendering, or a
    /// result with `isError` for a failure.
    nonisolated(nonsending) func run(_ request: any BoxOfficeRequest, tool: MCPTool, in context: CommandContext, progressToken: JSONValue?) async -> JSONValue {
        var context = context
        context.style = OutputStyle(format: .json, prettyJSON: false, options: RenderOptions(width: 100))
        // No writer: a range's days come back as values with the rest; nobody to ask but the caller.
        context.write = nil
        context.ask = nil
        var report: (@Sendable (Int, Int) -> Void)?
        if let token = progressToken {
            let notify = sendNotification
            report = { done, total in
                let params: JSONValue = .object([("progressToken", token), ("progress", .int(Int64(done))), ("total", .int(Int64(total))),
                                                 ("message", .string("\(done) of \(total) days"))])
                notify("notifications/progress", params)
            }
        }
        context.progress = ProgressLine(enabled: false, width: nil, write: { _ in }, report: report)
        do {
            let output = try await request.run(context)
            try Task.checkCancellation()
            // The command's value itself, as JSON: nothing is rendered to be read back.
            let structured: JSONValue = switch output.content {
            case let .value(value, _): tool.wrap(value.json)
            case let .streamed(values): tool.wrap(.array(values.map { $0.json }))
            case let .text(text): .object([("text", .string(text))])
            case let .raw(body): .object([("text", .string(CommandContext.raw(body)))])
            case .none: .object([("text", .string(""))])
            }
            // The specification asks for the structured answer serialized in a text block too,
            // for clients that pass only `content` to the model: every field, none cut to a width.
            let text = structured.serialized(pretty: false)
            var blocks: [JSONValue] = [.object([("type", .string("text")), ("text", .string(text))])]
            if let failure = output.failureAfterOutput {
                blocks[0] = .object([("type", .string("text")), ("text", .string(text + "\n" + Self.message(failure)))])
            }
            // Where the answer came from when that is not KOBIS (the samples' search), beside it.
            if let origin = output.origin { blocks.append(.object([("type", .string("text")), ("text", .string(origin))])) }
            // An assistant never sees stderr: a result from the recordings says so itself.
            if tool.reachesKOBIS, !context.source.reachesNetwork {
                blocks.append(.object([("type", .string("text")), ("text", .string(Self.sampleNote))]))
            }
            return .object([("content", .array(blocks)), ("structuredContent", structured), ("isError", .bool(false))])
        } catch {
            return Self.failure(Self.message(error, keyOrigin: context.secrets.keyOrigin))
        }
    }

    /// What a result from the demo's recordings says beside its answer.
    static let sampleNote = "Sample data: this server was started with --demo and answers from KOBIS recordings shipped with boxoffice (the autumn of 2025, day by day, and a few older days and films), not from KOBIS itself; other days and films are not in it."

    /// Each tool's output schema, from the shape its value's type declares.
    static let outputSchemas: [String: JSONValue] = Dictionary(uniqueKeysWithValues: MCPTools.all.map { ($0.name, MCPOutputSchema.of($0.output)) })

    /// A failure in the server's words: what happened, as the one report of failures says it,
    /// without the command line's advice (its next lines name flags and commands, which a tool's
    /// caller does not have).
    static func message(_ error: any Error, keyOrigin: KeySource.Origin? = nil) -> String {
        switch error {
        case let usage as UsageError:
            return usage.message
        case let limit as CallLimitError:
            return limit.what + ". Give 'maxCalls': \(limit.cost.toFetch) to allow it, or ask for a shorter period."
        // The command line names its option; the caller of a tool was never given one.
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
        default:
            return FailureReport(error, keyOrigin: keyOrigin).what
        }
    }
}
