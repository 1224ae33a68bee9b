import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// `boxoffice mcp`: a Model Context Protocol server on stdin and stdout (JSON-RPC 2.0, one
/// message a line). Only protocol messages go to stdout; notes go to stderr. Each tool runs a
/// command of the command line with the server's global options (`--demo`, `--offline`, `--key`,
/// `--cache-dir` …), so its answers are those of `--json`, from the same cache and quota count.
final class MCPServer: Sendable {
    /// The revisions whose `initialize` handshake this server speaks, oldest first.
    static let revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    /// The longest message read; a longer line is refused with an error, and the server goes on.
    static let longestMessage = 4 << 20

    private let context: CommandContext
    private let send: @Sendable (String) -> Void
    private let running = Mutex<[String: Task<Void, Never>]>([:])

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
                reply(id: .null, error: MCPError(code: -32600, message: "Invalid Request: the message is longer than \(NumberFormat.grouped(Self.longestMessage)) bytes"))
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

    private func handle(_ data: Data) {
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
        request(method, params, id: requestID)
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
            let task = running.withLock { $0.removeValue(forKey: Self.key(id)) }
            task?.cancel()
        case "initialize", "ping", "tools/list", "tools/call":
            // JSON-RPC never answers a notification, not even with an error: a request sent without
            // an id is dropped, with a note for whoever reads stderr.
            context.notice?("mcp: ignored a '\(method)' sent without an id (a notification gets no answer)")
        default:
            // Other notifications (progress, roots…) need nothing from this server.
            break
        }
    }

    private func request(_ method: String, _ params: JSONValue, id: JSONValue) {
        switch method {
        case "initialize":
            guard let asked = params["protocolVersion"]?.stringValue else {
                reply(id: id, error: MCPError(code: -32602, message: "Invalid params: initialize needs protocolVersion"))
                return
            }
            let version = Self.revisions.contains(asked) ? asked : Self.revisions[Self.revisions.count - 1]
            reply(id: id, result: .object([
                ("protocolVersion", .string(version)),
                ("capabilities", .object([("tools", .object([("listChanged", .bool(false))]))])),
                ("serverInfo", .object([("name", .string("boxoffice")), ("title", .string("boxoffice: Korean box office (KOBIS)")),
                                        ("version", .string(BoxOfficeCommandLine.version))])),
                ("instructions", .string(Self.instructions)),
            ]))
        case "ping":
            reply(id: id, result: .object([]))
        case "tools/list":
            reply(id: id, result: .object([("tools", .array(MCPTools.all.map(\.listing)))]))
        case "tools/call":
            call(params, id: id)
        default:
            // Including `server/discover`, which a client of the stateless 2026-07-28 revision
            // sends first: "method not found" tells it to fall back to `initialize`.
            reply(id: id, error: MCPError(code: -32601, message: "Method not found: \(method)"))
        }
    }

    static let instructions = """
        Korean box office figures from KOBIS (영화진흥위원회, the Korean Film Council): daily and weekly top 10s, \
        movies, people and companies, and films' runs. Days are Korean days, published after they end. \
        Titles and names are matched in Korean. Find a code with search_movies, then ask movie_details or movie_trend.
        """

    // MARK: Tools

    private func call(_ params: JSONValue, id: JSONValue) {
        guard let name = params["name"]?.stringValue else {
            reply(id: id, error: MCPError(code: -32602, message: "Invalid params: tools/call needs a tool name"))
            return
        }
        guard let tool = MCPTools.named(name) else {
            reply(id: id, error: MCPError(code: -32602, message: "Unknown tool: \(name)"))
            return
        }
        let arguments = params["arguments"] ?? .object([])
        guard case let .object(members) = arguments else {
            reply(id: id, error: MCPError(code: -32602, message: "Invalid params: arguments must be an object"))
            return
        }
        let allowed = Set(tool.input["properties"]?.keys ?? [])
        if let unknown = members.map(\.0).first(where: { !allowed.contains($0) }) {
            reply(id: id, error: MCPError(code: -32602, message: "Invalid params: \(name) has no argument '\(unknown)'"))
            return
        }
        let command: any BoxOfficeCommand
        do {
            let (commandName, positionals, options) = try tool.command(arguments)
            guard let type = Commands.named(commandName) else { throw MCPArgumentError(message: "no such command") }
            command = try type.init(CommandArguments(name: commandName, positionals: positionals, options: options, today: context.today))
        } catch let error as MCPArgumentError {
            reply(id: id, error: MCPError(code: -32602, message: "Invalid params: \(error.message)"))
            return
        } catch {
            reply(id: id, error: MCPError(code: -32602, message: "Invalid params: \(Self.message(error))"))
            return
        }
        let progressToken = params["_meta"]?["progressToken"]
        let key = Self.key(id)
        // Made under the lock, so the task cannot finish (and take itself out) before it is in.
        running.withLock { running in
            running[key] = Task { [self] in
                let result = await run(command, tool: tool, progressToken: progressToken)
                let current = self.running.withLock { $0.removeValue(forKey: key) }
                // A cancelled request gets no answer.
                guard current != nil, !Task.isCancelled else { return }
                switch result {
                case let .success(value): reply(id: id, result: value)
                case let .failure(error): reply(id: id, error: error)
                }
            }
        }
    }

    /// Runs a tool's command: its result with `structuredContent` and a text rendering, a result
    /// with `isError` for a failure (the command line's message), or a JSON-RPC error for
    /// arguments the command refused.
    private func run(_ command: any BoxOfficeCommand, tool: MCPTool, progressToken: JSONValue?) async -> Result<JSONValue, MCPError> {
        let rendered = RenderedValue()
        var context = self.context
        context.rendered = rendered
        context.style = OutputStyle(format: .json, prettyJSON: false, options: RenderOptions(width: 100))
        // A range's days arrive through `rendered` as values; the text written meanwhile is not needed.
        context.write = { _ in }
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
            let structured: JSONValue
            let text: String
            if let value = rendered.last {
                structured = tool.wrap(value.json)
                text = value.table(RenderOptions(width: 100))
            } else if !rendered.streamed.isEmpty {
                let parsed = JSONValue.array(rendered.streamed.map(\.json))
                structured = tool.wrap(parsed)
                text = Self.summary(of: parsed)
            } else {
                structured = .object([("text", .string(output.text))])
                text = output.text
            }
            var content: [(String, JSONValue)] = [("content", .array([.object([("type", .string("text")), ("text", .string(text))])])),
                                                  ("structuredContent", structured)]
            if let failure = output.failureAfterOutput {
                content[0] = ("content", .array([.object([("type", .string("text")), ("text", .string(text + "\n" + Self.message(failure)))])]))
            }
            return .success(.object(content + [("isError", .bool(false))]))
        } catch let error as UsageError {
            return .failure(MCPError(code: -32602, message: "Invalid params: \(error.message)"))
        } catch {
            return .success(.object([
                ("content", .array([.object([("type", .string("text")), ("text", .string(Self.message(error, keyOrigin: context.secrets.keyOrigin)))])])),
                ("isError", .bool(true)),
            ]))
        }
    }

    /// The command line's message for a failure, without its `boxoffice: ` prefix.
    static func message(_ error: any Error, keyOrigin: KeySource.Origin? = nil) -> String {
        if let usage = error as? UsageError { return usage.message }
        return FailureReport(error, keyOrigin: keyOrigin).lines.joined(separator: "\n")
    }

    /// A range's days in a line each: the day and its number one.
    static func summary(of days: JSONValue) -> String {
        guard case let .array(items) = days else { return "" }
        return items.map { day -> String in
            let date = day["date"]?.stringValue ?? day["start"]?.stringValue ?? ""
            guard case let .array(entries)? = day["entries"], let top = entries.first else { return "\(date): no figures" }
            let audience = top["audience"].flatMap { value -> Int? in if case let .int(number) = value { Int(number) } else { nil } }
            return "\(date): 1. \(top["title"]?.stringValue ?? "") (\(NumberFormat.grouped(audience)))"
        }.joined(separator: "\n")
    }

    // MARK: Output

    /// A JSON-RPC error: its code and message.
    struct MCPError: Error {
        let code: Int
        let message: String
    }

    private func reply(id: JSONValue, result: JSONValue) {
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).serialized(pretty: false))
    }

    private func reply(id: JSONValue, error: MCPError) {
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id),
                               ("error", .object([("code", .int(Int64(error.code))), ("message", .string(error.message))]))]).serialized(pretty: false))
    }

    private var sendNotification: @Sendable (String, JSONValue) -> Void {
        { [send] method, params in
            send(JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).serialized(pretty: false))
        }
    }

    private static func key(_ id: JSONValue) -> String {
        id.serialized(pretty: false)
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
