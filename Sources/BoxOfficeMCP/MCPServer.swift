import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// A Model Context Protocol server on stdin and stdout (JSON-RPC 2.0, one message a line). Only
/// protocol messages go to stdout; notes go to stderr. Each tool decodes its arguments into a
/// request of the shared words and has the engine answer it with the session's one client, so its
/// answers are those of the command line's `--json`, from the same cache and quota count.
///
/// The session: JSON-RPC's rules, the protocol's revisions, dispatch and cancellation. The
/// framing is `MCPFraming`'s; running a tool is `MCPServer+Tools.swift`'s.
package final class MCPServer: Sendable {
    /// The revisions whose `initialize` handshake this server speaks, oldest first.
    static let revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    /// The stateless revisions, where each request names its revision in `_meta`.
    static let statelessRevisions = ["2026-07-28"]
    /// How long a client may keep the tool list and the discovery answer: they change only with
    /// a new boxoffice (a day, in milliseconds).
    static let listLifetime: Int64 = 86_400_000
    let session: MCPSession
    private let send: @Sendable (String) -> Void
    /// The requests in flight, by `nextKey`: a task once it has suspended, `starting` while it
    /// runs on the reader's thread before that.
    private let running = Locked<[String: Running]>([:])
    private let serial = Locked(0)

    /// A server over `session`, sending each message (a line of JSON) with `send`.
    package init(session: MCPSession, send: @escaping @Sendable (String) -> Void) {
        self.session = session
        self.send = send
    }

    private enum Running {
        case starting
        case task(Task<Void, Never>)
    }

    /// Serves until stdin ends; then lets the calls still running answer, and returns success.
    ///
    /// Messages are handled on the thread that reads them, and a tool call starts there
    /// (`Task.immediate`): one answered from the cache is done before the next line is read,
    /// with no hand-over to another thread (each woken thread costs as much as the work itself).
    package func serve() async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            DispatchQueue(label: "boxoffice.mcp.stdin").async { [self] in
                MCPFraming.readLines(from: STDIN_FILENO) { event in
                    switch event {
                    case let .message(data): handle(data)
                    case .tooLong:
                        reply(id: .null, error: MCPError(code: -32600, message: "Invalid Request: the message is longer than \(NumberFormat.bytes(MCPFraming.longestMessage))"))
                    }
                }
                finished.resume()
            }
        }
        // The client has said all it will; what it asked is still answered.
        while let (key, entry) = running.withLock({ $0.first }) {
            if case let .task(task) = entry { await task.value }
            running.withLock { _ = $0.removeValue(forKey: key) }
        }
    }

    /// Runs `operation` for the request under `key`: at once on this thread until it first waits,
    /// then on the pool; it is kept in `running` while it goes on, to be waited for or cancelled.
    /// `operation` says whether it was still wanted (not cancelled) when it finished.
    private func start(_ key: String, _ operation: nonisolated(nonsending) @escaping @Sendable (_ stillWanted: @Sendable () -> Bool) async -> Void) {
        running.withLock { $0[key] = .starting }
        let task = Task.immediate { [self] in
            await operation {
                let current = self.running.withLock { $0.removeValue(forKey: key) }
                return current != nil && !Task.isCancelled
            }
        }
        running.withLock { running in
            // Still going (it waits for the network, say): kept; done already: it took itself out.
            if running[key] != nil { running[key] = .task(task) }
        }
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
            reply(id: .null, error: MCPError(code: -32600, message: "Invalid Request: an id is a string or a whole number, not \(Self.kind(of: id))"))
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
        guard case .object = params else {
            throw MCPError(code: -32602, message: "Invalid params: params is an object, not \(kind(of: params))")
        }
        let meta = params["_meta"]
        if let meta, case .object = meta {} else if let meta {
            throw MCPError(code: -32602, message: "Invalid params: _meta is an object, not \(kind(of: meta))")
        }
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

    /// What a JSON value is, for a message about one of the wrong kind.
    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case let .bool(flag): flag ? "true" : "false"
        case .int: "a number"
        case .double: "a fraction"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
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
            let entries = running.withLock { running in
                let keys = running.keys.filter { $0.hasPrefix(prefix) }
                return keys.compactMap { running.removeValue(forKey: $0) }
            }
            for case let .task(task) in entries { task.cancel() }
        case "initialize", "ping", "tools/list", "tools/call":
            // JSON-RPC never answers a notification, not even with an error: a request sent without
            // an id is dropped, with a note for whoever reads stderr.
            session.notice?("mcp: ignored a '\(method)' sent without an id (a notification gets no answer)")
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
                ("serverInfo", serverInfo),
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
            // A client that asks no one (the demo's recordings) has tools closed to the world.
            let openWorld = (try? session.client())?.asksNoOne != true
            var result: [(String, JSONValue)] = [("tools", .array(MCPTools.all.map { $0.listing(output: Self.outputSchemas[$0.name], openWorld: openWorld) }))]
            if era == .stateless { result += [("ttlMs", .int(Self.listLifetime)), ("cacheScope", .string("public"))] }
            reply(id: id, result: .object(result), era: era)
        case "tools/call":
            call(params, id: id, era: era)
        default:
            reply(id: id, error: MCPError(code: -32601, message: "Method not found: \(method)"))
        }
    }

    static let capabilities = JSONValue.object([("tools", .object([("listChanged", .bool(false))]))])

    var serverInfo: JSONValue {
        .object([("name", .string("boxoffice")), ("title", .string("boxoffice: Korean box office (KOBIS)")),
                 ("version", .string(session.version))])
    }

    static let instructions = """
        Korean box office figures from KOBIS (영화진흥위원회, the Korean Film Council): daily and weekly top 10s, \
        movies, people and companies; a film's run as the press counts it (movie_details), a day's news \
        (box_office_news: a new number one, films entering and leaving, milestones), a period's ranking \
        (top_films) and records (period_records). Days are Korean days, published after they end. \
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
        var call = ToolCall(session: session, today: Day.korean(at: session.now()))
        let request: any ToolRequest
        do {
            request = try tool.request(arguments, today: call.today)
            // The caller's own limit of calls for this call (the tool's argument that allows a long period).
            if let limit = try MCPTools.integer(arguments, ToolInput.maxCallsParameter.name) {
                guard limit >= 1 else { throw MCPArgumentError(message: "'maxCalls' must be 1 or more") }
                call.maxCalls = limit
            }
        } catch {
            // SEP-1303: arguments the tool cannot use are the tool's answer, for the model to read and correct.
            reply(id: id, result: Self.failure((error as? MCPArgumentError)?.message ?? "\(error)"), era: era)
            return
        }
        if let token = params["_meta"]?["progressToken"] {
            let notify = sendNotification
            call.progress = { done, total in
                notify("notifications/progress", .object([("progressToken", token), ("progress", .int(Int64(done))), ("total", .int(Int64(total))),
                                                          ("message", .string("\(done) of \(total) days"))]))
            }
        }
        start(nextKey(id)) { [self, call] stillWanted in
            // The call's own budget of calls to KOBIS, retries included: a hard cap, not an estimate.
            let budget = CallBudget(limit: (try? call.maxCalls ?? session.callLimit()) ?? CallLimitError.standardLimit)
            let result = await withCallBudget(budget) { await run(request, tool: tool, call: call) }
            // A cancelled request gets no answer.
            guard stillWanted() else { return }
            reply(id: id, result: result, era: era)
        }
    }

    // MARK: Output

    /// A JSON-RPC error: its code and message.
    struct MCPError: Error {
        let code: Int
        let message: String
        var data: JSONValue? = nil
    }

    /// A result; a stateless request's says its `resultType` and which server answered.
    func reply(id: JSONValue, result: JSONValue, era: Era = .handshake) {
        var result = result
        if era == .stateless, case let .object(members) = result {
            result = .object([("resultType", .string("complete"))] + members
                + [("_meta", .object([("io.modelcontextprotocol/serverInfo", serverInfo)]))])
        }
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).serialized(pretty: false))
    }

    func reply(id: JSONValue, error: MCPError) {
        var body: [(String, JSONValue)] = [("code", .int(Int64(error.code))), ("message", .string(error.message))]
        if let data = error.data { body.append(("data", data)) }
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object(body))]).serialized(pretty: false))
    }

    var sendNotification: @Sendable (String, JSONValue) -> Void {
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


}
