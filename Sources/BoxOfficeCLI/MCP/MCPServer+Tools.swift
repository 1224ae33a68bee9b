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
    /// The command a tool's arguments ask for, or what is wrong with them in the tool's terms.
    func makeCommand(_ tool: MCPTool, _ arguments: JSONValue, today: Day) throws(MCPArgumentError) -> any BoxOfficeCommand {
        let allowed = tool.argumentNames
        if let unknown = arguments.keys.first(where: { !allowed.contains($0) }) {
            let known = allowed.isEmpty ? "it takes none" : "its arguments are " + allowed.joined(separator: ", ")
            throw MCPArgumentError(message: "\(tool.name) has no argument '\(unknown)'; \(known)")
        }
        for name in tool.dates {
            guard let text = try MCPTools.string(arguments, name) else { continue }
            do {
                _ = try DateArgument.day(text, today: today, option: name)
            } catch {
                let detail = error.message.hasSuffix("is not a real date") ? "is not a real date" : "is not a date"
                throw MCPArgumentError(message: "\(name) must be YYYY-MM-DD, YYYYMMDD, yesterday or -Nd (N days ago); \(UsageError.quote(text)) \(detail)")
            }
        }
        let (commandName, positionals, options) = try tool.command(arguments)
        guard let type = Commands.named(commandName) else { throw MCPArgumentError(message: "\(tool.name) is not available") }
        do {
            // Built from the typed arguments, named as the tool names them (no `--`).
            return try type.init(CommandArguments(name: commandName, positionals: positionals, values: options, today: today, prefix: ""))
        } catch {
            throw MCPArgumentError(message: tool.inOwnTerms(error.message))
        }
    }

    /// A tool's answer that is a failure: its message as text, with `isError`.
    static func failure(_ message: String) -> JSONValue {
        .object([("content", .array([.object([("type", .string("text")), ("text", .string(message))])])), ("isError", .bool(true))])
    }

    /// Runs a tool's command: its result with `structuredContent` and a text rendering, or a
    /// result with `isError` for a failure (the command line's message, in the tool's terms).
    nonisolated(nonsending) func run(_ command: any BoxOfficeCommand, tool: MCPTool, in context: CommandContext, progressToken: JSONValue?) async -> JSONValue {
        var context = context
        context.style = OutputStyle(format: .json, prettyJSON: false, options: RenderOptions(width: 100))
        // No writer: a range's days come back as values with the rest.
        context.write = nil
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
            let output = try await command.run(context)
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
            var content: [(String, JSONValue)] = [("content", .array([.object([("type", .string("text")), ("text", .string(text))])])),
                                                  ("structuredContent", structured)]
            if let failure = output.failureAfterOutput {
                content[0] = ("content", .array([.object([("type", .string("text")), ("text", .string(text + "\n" + Self.message(failure)))])]))
            }
            return .object(content + [("isError", .bool(false))])
        } catch let error as UsageError {
            return Self.failure(tool.inOwnTerms(error.message))
        } catch {
            return Self.failure(tool.inOwnTerms(Self.message(error, keyOrigin: context.secrets.keyOrigin)))
        }
    }

    /// Each tool's output schema, from its answer to its sample call on the demo's recordings
    /// (made once, on the first `tools/list`): the shape of `--json` itself, so the two cannot differ.
    func outputSchemas() async -> [String: JSONValue] {
        let task = schemas.withLock { stored in
            if let stored { return stored }
            let made = Task { [self] in await Self.sampleSchemas(demoContext()) }
            stored = made
            return made
        }
        return await task.value
    }

    static func sampleSchemas(_ context: CommandContext) async -> [String: JSONValue] {
        var schemas: [String: JSONValue] = [:]
        for tool in MCPTools.all {
            guard let value = await sample(tool, context) else { continue }
            schemas[tool.name] = MCPOutputSchema.of(value)
        }
        return schemas
    }

    /// A tool's `structuredContent` for its sample call, answered from the demo's recordings.
    static func sample(_ tool: MCPTool, _ context: CommandContext) async -> JSONValue? {
        if !tool.reachesKOBIS {
            // The quota's report reads this machine's files; its shape is that of any report.
            return CacheReport(folder: "", entries: 0, bytes: 0, day: context.today, callsToday: 0).json
        }
        let server = MCPServer(context: context) { _ in }
        guard let command = try? server.makeCommand(tool, tool.sample, today: context.today) else { return nil }
        let result = await server.run(command, tool: tool, in: context, progressToken: nil)
        guard result["isError"] == .bool(false) else { return nil }
        return result["structuredContent"]
    }

    /// This server's settings, answering from the demo's recordings, quietly.
    func demoContext() -> CommandContext {
        var invocation = context.invocation
        invocation.demo = true
        invocation.verbosity = .quiet
        return CommandContext(invocation: invocation, environment: context.environment, today: context.today, style: context.style,
                              secrets: context.secrets, now: context.now, makeTransport: nil, rateLimiter: nil,
                              progress: ProgressLine(enabled: false, width: nil, write: { _ in }), write: { _ in }, say: { _ in })
    }

    /// The command line's message for a failure, without its `boxoffice: ` prefix.
    static func message(_ error: any Error, keyOrigin: KeySource.Origin? = nil) -> String {
        if let usage = error as? UsageError { return usage.message }
        return FailureReport(error, keyOrigin: keyOrigin).lines.joined(separator: "\n")
    }
}
