import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// `boxoffice mcp`: a Model Context Protocol server on stdin and stdout (JSON-RPC 2.0, one
/// message a line). Only protocol messages go to stdout; notes go to stderr. Each tool runs a
/// command of the command line with the server's global options (`--demo`, `--offline`, `--key`,
/// `--cache-dir` …), so its answers are those of `--json`, from the same cache and quota count.
final class MCPServer: Sendable {
    /// The revisions whose `initialize` handshake this server speaks, oldest first.
    static let revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    /// The stateless revisions, where each request names its revision in `_meta`.
    static let statelessRevisions = ["2026-07-28"]
    /// How long a client may keep the tool list and the discovery answer: they change only with
    /// a new boxoffice (a day, in milliseconds).
    static let listLifetime: Int64 = 86_400_000
    /// The longest message read; a longer line is refused with an error, and the server goes on.
    static let longestMessage = 4 << 20

    private let context: CommandContext
    private let send: @Sendable (String) -> Void
    private let running = Locked<[String: Task<Void, Never>]>([:])
    private let serial = Locked(0)
    /// The tools' output schemas, made once from their answers to sample calls on the demo's recordings.
    private let schemas = Locked<Task<[String: JSONValue], Never>?>(nil)

    init(context: CommandContext, send: @escaping @Sendable (String) -> Void) {
        self.context = context
        self.send = send
    }

    /// Serves until stdin ends; then lets the calls still running answer, and returns success.
    func serve() async -> ExitStatus {
        for await event in Self.messages() {
            switch event {
            case let .message(data): handle(data)
            case .tooLong:
                reply(id: .null, error: MCPError(code: -32600, message: "Invalid Request: the message is longer than \(NumberFormat.bytes(Self.longestMessage))"))
            }
        }
        // The client has said all it will; what it asked is still answered.
        while let (key, task) = running.withLock({ $0.first }) {
            await task.value
            running.withLock { _ = $0.removeValue(forKey: key) }
        }
        return .success
    }

    // MARK: Messages

    func handle(_ data: Data) {
        guard let message = JSONValue.parse(data) else {
            reply(id: .null, error: MCPError(code: -32700, message: "Parse error: the line is not JSON"))
            return
        }
        if case .array = message {
            reply(id: .null, error: MCPError(code: -32600, message: "Invalid Request: batches are not supported; send one message a line"))
            return
        }
        guard case .object = message else {
            reply(id: .null, error: MCPError(code: -32600, message: "Invalid Request: a message is a JSON object"))
            return
        }
        let id = message["id"]
        guard message["jsonrpc"] == .string("2.0") else {
            reply(id: Self.usable(id) ?? .null, error: MCPError(code: -32600, message: "Invalid Request: \"jsonrpc\" must be \"2.0\""))
            return
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours: the server sends none, so there is nothing to match.
            if message["result"] != nil || message["error"] != nil { return }
            reply(id: Self.usable(id) ?? .null, error: MCPError(code: -32600, message: "Invalid Request: no method"))
            return
        }
        let params = message["params"] ?? .object([])
        guard let id else {
            notification(method, params)
            return
        }
        guard let requestID = Self.usable(id) else {
            reply(id: .null, error: MCPError(code: -32600, message: "Invalid Request: an id is a string or a number, never null"))
            return
        }
        let era: Era
        do {
            era = try Self.era(of: params, method: method)
        } catch {
            reply(id: requestID, error: error)
            return
        }
        request(method, params, id: requestID, era: era)
    }

    /// How a request is answered: as the handshake revisions answer, or as 2026-07-28 does (each
    /// result says its `resultType` and the server, lists say how long they keep).
    enum Era: Sendable {
        case handshake
        case stateless
    }

    /// The era of a request, from its own `_meta` alone (nothing is inferred from earlier
    /// requests): a request that names a stateless revision is answered as one, and that revision
    /// must be one this server speaks, with the client's capabilities beside it.
    private static func era(of params: JSONValue, method: String) throws(MCPError) -> Era {
        let meta = params["_meta"]
        guard method != "initialize", let named = meta?["io.modelcontextprotocol/protocolVersion"] else {
            // `server/discover` is answered to anyone: an old client probes with it.
            return method == "server/discover" ? .stateless : .handshake
        }
        guard let version = named.stringValue else {
            throw MCPError(code: -32602, message: "Invalid params: _meta's io.modelcontextprotocol/protocolVersion is a string such as \"2026-07-28\"")
        }
        // A handshake revision named per request is served as that revision is.
        if revisions.contains(version) { return .handshake }
        guard statelessRevisions.contains(version) else {
            throw MCPError(code: -32022, message: "Unsupported protocol version: \(version); this server speaks \((statelessRevisions + revisions.reversed()).joined(separator: ", "))",
                           data: .object([("supported", .array((statelessRevisions + revisions.reversed()).map(JSONValue.string))), ("requested", .string(version))]))
        }
        guard case .object? = meta?["io.modelcontextprotocol/clientCapabilities"] else {
            throw MCPError(code: -32602, message: "Invalid params: a \(version) request carries io.modelcontextprotocol/clientCapabilities in _meta (an object; {} for none)")
        }
        return .stateless
    }

    /// A string or a whole number: what MCP allows as an id.
    private static func usable(_ id: JSONValue?) -> JSONValue? {
        switch id {
        case .string?, .int?: id
        default: nil
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        switch method {
        case "notifications/initialized":
            break
        case "notifications/cancelled":
            guard let id = Self.usable(params["requestId"]) else { return }
            // Every request under that id (two clients sharing a stream may both use it).
            let prefix = Self.key(id) + " "
            let tasks = running.withLock { running in
                let keys = running.keys.filter { $0.hasPrefix(prefix) }
                return keys.compactMap { running.removeValue(forKey: $0) }
            }
            for task in tasks { task.cancel() }
        case "initialize", "ping", "tools/list", "tools/call":
            // JSON-RPC never answers a notification, not even with an error: a request sent without
            // an id is dropped, with a note for whoever reads stderr.
            context.notice?("mcp: ignored a '\(method)' sent without an id (a notification gets no answer)")
        default:
            // Other notifications (progress, roots…) need nothing from this server.
            break
        }
    }

    private func request(_ method: String, _ params: JSONValue, id: JSONValue, era: Era) {
        switch method {
        case "initialize":
            guard let asked = params["protocolVersion"]?.stringValue else {
                reply(id: id, error: MCPError(code: -32602, message: "Invalid params: initialize needs protocolVersion"))
                return
            }
            let version = Self.revisions.contains(asked) ? asked : Self.revisions[Self.revisions.count - 1]
            reply(id: id, result: .object([
                ("protocolVersion", .string(version)),
                ("capabilities", Self.capabilities),
                ("serverInfo", Self.serverInfo),
                ("instructions", .string(Self.instructions)),
            ]))
        case "server/discover":
            reply(id: id, result: .object([
                ("supportedVersions", .array((Self.statelessRevisions + Self.revisions.reversed()).map(JSONValue.string))),
                ("capabilities", Self.capabilities),
                ("instructions", .string(Self.instructions)),
                ("ttlMs", .int(Self.listLifetime)), ("cacheScope", .string("public")),
            ]), era: era)
        case "ping":
            reply(id: id, result: .object([]), era: era)
        case "tools/list":
            // The first list waits for the schemas; like a call, it is answered before the server ends.
            let key = nextKey(id)
            running.withLock { running in
                running[key] = Task { [self] in
                    let schemas = await outputSchemas()
                    let demo = context.invocation.demo
                    var result: [(String, JSONValue)] = [("tools", .array(MCPTools.all.map { $0.listing(output: schemas[$0.name], demo: demo) }))]
                    if era == .stateless { result += [("ttlMs", .int(Self.listLifetime)), ("cacheScope", .string("public"))] }
                    guard self.running.withLock({ $0.removeValue(forKey: key) }) != nil else { return }
                    reply(id: id, result: .object(result), era: era)
                }
            }
        case "tools/call":
            call(params, id: id, era: era)
        default:
            reply(id: id, error: MCPError(code: -32601, message: "Method not found: \(method)"))
        }
    }

    static let capabilities = JSONValue.object([("tools", .object([("listChanged", .bool(false))]))])

    static var serverInfo: JSONValue {
        .object([("name", .string("boxoffice")), ("title", .string("boxoffice: Korean box office (KOBIS)")),
                 ("version", .string(BoxOfficeCommandLine.version))])
    }

    static let instructions = """
        Korean box office figures from KOBIS (영화진흥위원회, the Korean Film Council): daily and weekly top 10s, \
        movies, people and companies, and films' runs. Days are Korean days, published after they end. \
        Titles and names are matched in Korean. Find a code with search_movies, then ask movie_details or movie_trend.
        """

    // MARK: Tools

    private func call(_ params: JSONValue, id: JSONValue, era: Era) {
        guard let name = params["name"]?.stringValue else {
            reply(id: id, error: MCPError(code: -32602, message: "Invalid params: tools/call needs a tool name"))
            return
        }
        guard let tool = MCPTools.named(name) else {
            reply(id: id, error: MCPError(code: -32602, message: "Unknown tool: \(name)"))
            return
        }
        let arguments = params["arguments"] ?? .object([])
        guard case .object = arguments else {
            reply(id: id, error: MCPError(code: -32602, message: "Invalid params: arguments must be an object"))
            return
        }
        // The Korean day of this call, not of the server's start: a server that runs past midnight
        // in Korea defaults to the new yesterday, and counts calls against the new day's quota.
        var context = self.context
        context.today = Day.korean(at: context.now())
        let command: any BoxOfficeCommand
        do {
            command = try makeCommand(tool, arguments, today: context.today)
        } catch {
            // SEP-1303: arguments the tool cannot use are the tool's answer, for the model to read and correct.
            reply(id: id, result: Self.failure(error.message), era: era)
            return
        }
        let progressToken = params["_meta"]?["progressToken"]
        let key = nextKey(id)
        // Made under the lock, so the task cannot finish (and take itself out) before it is in.
        running.withLock { running in
            running[key] = Task { [self, context] in
                let result = await run(command, tool: tool, in: context, progressToken: progressToken)
                let current = self.running.withLock { $0.removeValue(forKey: key) }
                // A cancelled request gets no answer.
                guard current != nil, !Task.isCancelled else { return }
                reply(id: id, result: result, era: era)
            }
        }
    }

    /// The command a tool's arguments ask for, or what is wrong with them in the tool's terms.
    private func makeCommand(_ tool: MCPTool, _ arguments: JSONValue, today: Day) throws(MCPArgumentError) -> any BoxOfficeCommand {
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
            return try type.init(CommandArguments(name: commandName, positionals: positionals, options: options, today: today))
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
    private func run(_ command: any BoxOfficeCommand, tool: MCPTool, in context: CommandContext, progressToken: JSONValue?) async -> JSONValue {
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
    private func outputSchemas() async -> [String: JSONValue] {
        let task = schemas.withLock { stored in
            if let stored { return stored }
            let made = Task { [self] in await Self.sampleSchemas(demoContext()) }
            stored = made
            return made
        }
        return await task.value
    }

    private static func sampleSchemas(_ context: CommandContext) async -> [String: JSONValue] {
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
    private func demoContext() -> CommandContext {
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

    // MARK: Output

    /// A JSON-RPC error: its code and message.
    struct MCPError: Error {
        let code: Int
        let message: String
        var data: JSONValue? = nil
    }

    /// A result; a stateless request's says its `resultType` and which server answered.
    private func reply(id: JSONValue, result: JSONValue, era: Era = .handshake) {
        var result = result
        if era == .stateless, case let .object(members) = result {
            result = .object([("resultType", .string("complete"))] + members
                + [("_meta", .object([("io.modelcontextprotocol/serverInfo", Self.serverInfo)]))])
        }
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).serialized(pretty: false))
    }

    private func reply(id: JSONValue, error: MCPError) {
        var body: [(String, JSONValue)] = [("code", .int(Int64(error.code))), ("message", .string(error.message))]
        if let data = error.data { body.append(("data", data)) }
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object(body))]).serialized(pretty: false))
    }

    private var sendNotification: @Sendable (String, JSONValue) -> Void {
        { [send] method, params in
            send(JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).serialized(pretty: false))
        }
    }

    private static func key(_ id: JSONValue) -> String {
        id.serialized(pretty: false)
    }

    /// A key of `running` for a request: its id and a number of its own, so two requests in
    /// flight under one id (from two clients on one stream) are both answered.
    private func nextKey(_ id: JSONValue) -> String {
        let number = serial.withLock { serial in
            serial += 1
            return serial
        }
        return Self.key(id) + " " + String(number)
    }

    // MARK: Input

    enum Event: Sendable {
        case message(Data)
        case tooLong
    }

    /// stdin's lines, read on a thread of their own; a line over the limit is skipped to its end
    /// and reported once, never held in memory.
    static func messages() -> AsyncStream<Event> {
        AsyncStream { continuation in
            DispatchQueue(label: "boxoffice.mcp.stdin").async {
                var line = Data()
                var skipping = false
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    var start = 0
                    for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                        if !skipping { line.append(contentsOf: buffer[start..<index]) }
                        if skipping {
                            skipping = false
                        } else if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
                            continuation.yield(.message(line))
                        }
                        line = Data()
                        start = index + 1
                    }
                    if !skipping { line.append(contentsOf: buffer[start..<count]) }
                    if !skipping, line.count > longestMessage {
                        continuation.yield(.tooLong)
                        skipping = true
                        line = Data()
                    }
                }
                if !skipping, !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continuation.yield(.message(line)) }
                continuation.finish()
            }
        }
    }
}
