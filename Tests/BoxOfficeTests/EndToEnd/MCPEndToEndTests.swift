import Foundation
import Synchronization
import Testing

/// A small MCP client over pipes, driving the built binary as an assistant's client would.
final class MCPTestClient: Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let state = Mutex<(buffer: Data, lines: [Data], errorText: String)>((Data(), [], ""))
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-mcp-\(UUID().uuidString)")

    init(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        process.executableURL = Executable.url
        process.arguments = arguments + ["mcp"]
        process.environment = ChildEnvironment.base(home: home).merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.state.withLock { state in
                state.buffer.append(data)
                while let newline = state.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    state.lines.append(Data(state.buffer[state.buffer.startIndex..<newline]))
                    state.buffer = Data(state.buffer[(newline + 1)...])
                }
            }
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.state.withLock { $0.errorText += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    func send(_ message: [String: Any]) throws {
        try sendLine(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
    }

    func sendLine(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    func sendData(_ data: Data) throws {
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    /// The first message (from the start) that matches, waiting up to `seconds`.
    func message(timeout seconds: Double = 60, where matches: ([String: Any]) -> Bool) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(TestTime.limit(seconds))
        while ContinuousClock.now < deadline {
            if let found = messages.first(where: matches) { return found }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TimedOut(what: "no matching message; stderr: \(errorText)")
    }

    func response(_ id: Int, timeout: Double = 60) async throws -> [String: Any] {
        do {
            return try await message(timeout: timeout) { ($0["id"] as? Int) == id }
        } catch let error as TimedOut {
            throw TimedOut(what: "no answer to request \(id): \(error.what)")
        }
    }

    /// Every message so far, parsed.
    var messages: [[String: Any]] {
        state.withLock { $0.lines }.map { line in
            (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] ?? ["unparsable": String(decoding: line, as: UTF8.self)]
        }
    }
    var errorText: String { state.withLock { $0.errorText } }

    /// Closes stdin and waits for the server to end; its exit status.
    func finish() async throws -> Int32 {
        try input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + .seconds(TestTime.limit(60))
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        // A server that does not end when its stdin does fails the test (status 15, or 9).
        if process.isRunning { process.terminate() }
        let grace = ContinuousClock.now + .seconds(TestTime.limit(5))
        while process.isRunning, ContinuousClock.now < grace { try await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        try? FileManager.default.removeItem(at: home)
        return process.terminationStatus
    }

    func initialize(_ version: String = "2025-11-25") async throws -> [String: Any] {
        try send(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": ["protocolVersion": version, "capabilities": [:] as [String: Any], "clientInfo": ["name": "test", "version": "1"]]])
        let response = try await response(1)
        try send(["jsonrpc": "2.0", "method": "notifications/initialized"])
        return response
    }

    struct TimedOut: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }
}

@Suite struct MCPEndToEndTests {
    private func environment(_ server: LoopbackServer, key: String = KOBISEmulator.key) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": key]
    }

    private func result(_ response: [String: Any]) -> [String: Any] {
        response["result"] as? [String: Any] ?? [:]
    }

    private func call(_ client: MCPTestClient, id: Int, _ tool: String, _ arguments: [String: Any], meta: [String: Any]? = nil) throws {
        var params: [String: Any] = ["name": tool, "arguments": arguments]
        params["_meta"] = meta
        try client.send(["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params])
    }

    @Test(arguments: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28", "1999-01-01"])
    func theHandshakeAnswersEachRevision(version: String) async throws {
        let client = try MCPTestClient(["--demo"])
        let response = try await client.initialize(version)
        let result = result(response)
        let known = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"].contains(version)
        #expect(result["protocolVersion"] as? String == (known ? version : "2025-11-25"))
        #expect((result["capabilities"] as? [String: Any])?["tools"] != nil)
        #expect((result["serverInfo"] as? [String: Any])?["name"] as? String == "boxoffice")
        try client.send(["jsonrpc": "2.0", "id": 2, "method": "ping"])
        #expect((try await client.response(2))["result"] as? [String: Any] != nil)
        #expect(try await client.finish() == 0)
    }

    /// A client of the stateless revision probes `server/discover` first; "method not found"
    /// tells it to fall back to `initialize`, which then works.
    @Test func aProbeOfANewerRevisionGetsMethodNotFoundAndTheFallbackWorks() async throws {
        let client = try MCPTestClient(["--demo"])
        try client.send(["jsonrpc": "2.0", "id": 0, "method": "server/discover", "params": [:] as [String: Any]])
        let probe = try await client.response(0)
        #expect((probe["error"] as? [String: Any])?["code"] as? Int == -32601)
        let response = try await client.initialize()
        #expect(result(response)["protocolVersion"] as? String == "2025-11-25")
        #expect(try await client.finish() == 0)
    }

    @Test func everyToolIsListedWithAValidSchema() async throws {
        let client = try MCPTestClient(["--demo"])
        _ = try await client.initialize()
        try client.send(["jsonrpc": "2.0", "id": 2, "method": "tools/list"])
        let tools = try #require(result(try await client.response(2))["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == [
            "daily_box_office", "daily_box_office_range", "weekly_box_office", "search_movies", "movie_details", "search_people",
            "person_details", "search_companies", "company_details", "code_table", "movie_trend", "quota_status",
        ])
        for tool in tools {
            let name = tool["name"] as? String ?? ""
            #expect((tool["description"] as? String)?.count ?? 0 > 40, "\(name) is described for a model")
            for key in ["inputSchema", "outputSchema"] {
                let schema = try #require(tool[key] as? [String: Any], "\(name).\(key)")
                #expect(schema["type"] as? String == "object", "\(name).\(key)")
                let properties = schema["properties"] as? [String: Any] ?? [:]
                for (property, value) in properties {
                    let definition = value as? [String: Any]
                    #expect(definition != nil, "\(name).\(key).\(property) is a schema")
                    if let type = definition?["type"] {
                        let types = (type as? [String]) ?? [(type as? String) ?? "?"]
                        #expect(types.allSatisfy { ["string", "integer", "number", "boolean", "object", "array", "null"].contains($0) }, "\(name).\(property)")
                    }
                    if let values = definition?["enum"] { #expect((values as? [String])?.isEmpty == false) }
                }
                for required in schema["required"] as? [String] ?? [] {
                    #expect(properties[required] != nil, "\(name).\(key) requires \(required), which it defines")
                }
            }
        }
        #expect(try await client.finish() == 0)
    }

    @Test func eachToolAnswersFromTheLoopbackServer() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = try MCPTestClient(environment: environment(server))
        _ = try await client.initialize()
        let calls: [(String, [String: Any], @Sendable ([String: Any]) -> Bool)] = [
            ("daily_box_office", ["date": "2023-04-23"], { (($0["entries"] as? [[String: Any]])?.first?["title"] as? String) == "존 윅 4" }),
            ("daily_box_office_range", ["from": "2022-01-04", "to": "2022-01-06"], { ($0["days"] as? [Any])?.count == 3 }),
            ("weekly_box_office", ["date": "2012-01-01", "period": "weekend"], { $0["yearWeek"] as? String == "201152" }),
            ("search_movies", ["title": "범죄와의 전쟁"], { ($0["movies"] as? [Any])?.count == 5 }),
            ("movie_details", ["movie": "20124079"], { $0["title"] as? String == "광해, 왕이 된 남자" }),
            ("search_people", ["name": "봉준호"], { (($0["people"] as? [[String: Any]])?.first?["peopleCode"] as? String) == "10031641" }),
            ("person_details", ["peopleCode": "10000066"], { $0["name"] as? String == "리나" }),
            ("search_companies", ["name": "CJ"], { ($0["companies"] as? [Any])?.count == 2 }),
            ("company_details", ["companyCode": "20100109"], { $0["name"] as? String == "CJ ENM" }),
            ("code_table", ["table": "regions"], { ($0["codes"] as? [Any])?.count == 17 }),
            ("movie_trend", ["movies": ["20199882"], "from": "2022-01-04", "to": "2022-01-06"], { ($0["movies"] as? [Any])?.count == 1 }),
            ("quota_status", [:], { $0["dailyQuota"] as? Int == 3000 }),
        ]
        for (index, (tool, arguments, check)) in calls.enumerated() {
            try call(client, id: 10 + index, tool, arguments)
            let response = try await client.response(10 + index)
            let result = result(response)
            #expect(result["isError"] as? Bool == false, "\(tool): \(response)")
            let structured = result["structuredContent"] as? [String: Any] ?? [:]
            #expect(check(structured), "\(tool): \(structured)")
            let text = ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
            #expect(!text.isEmpty, "\(tool) has a text too")
        }
        #expect(try await client.finish() == 0)
        #expect(!client.messages.contains { "\($0)".contains(KOBISEmulator.key) })
    }

    @Test func errorsFollowTheProtocol() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = try MCPTestClient(environment: environment(server, key: "Zq7WRONGkey0123456789abcdefXYZ77"))
        _ = try await client.initialize()
        try call(client, id: 2, "no_such_tool", [:])
        try call(client, id: 3, "daily_box_office", ["date": "tomorrow"])
        try call(client, id: 4, "daily_box_office", ["dat": "2023-04-23"])
        try call(client, id: 5, "daily_box_office", ["date": "2023-04-23"])
        try call(client, id: 6, "movie_details", [:])
        for (id, fragment) in [(2, "Unknown tool: no_such_tool"), (3, "is not a date"), (4, "has no argument 'dat'"), (6, "needs 'movie'")] {
            let error = try #require((try await client.response(id))["error"] as? [String: Any])
            #expect(error["code"] as? Int == -32602)
            #expect((error["message"] as? String)?.contains(fragment) == true, "\(error)")
        }
        // KOBIS's own fault is a tool result with isError and the command line's message.
        let rejected = result(try await client.response(5))
        #expect(rejected["isError"] as? Bool == true)
        let text = ((rejected["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text.hasPrefix("KOBIS rejected the API key from KOBIS_API_KEY (error 320010"))
        #expect(try await client.finish() == 0)
        #expect(!client.messages.contains { "\($0)".contains("Zq7WRONGkey") })
        #expect(!client.errorText.contains("Zq7WRONGkey"))

        let keyless = try MCPTestClient(environment: ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        _ = try await keyless.initialize()
        try call(keyless, id: 2, "daily_box_office", ["date": "2023-04-23"])
        let missing = result(try await keyless.response(2))
        #expect(missing["isError"] as? Bool == true)
        #expect((((missing["content"] as? [[String: Any]])?.first?["text"] as? String) ?? "").hasPrefix("no KOBIS API key is configured."))
        let unreachable = try MCPTestClient(environment: ["BOXOFFICE_BASE_URL": "http://127.0.0.1:9", "KOBIS_API_KEY": KOBISEmulator.key])
        try call(unreachable, id: 3, "daily_box_office", ["date": "2023-04-23"])
        let down = result(try await unreachable.response(3))
        #expect(down["isError"] as? Bool == true)
        #expect(try await keyless.finish() == 0)
        #expect(try await unreachable.finish() == 0)
    }

    @Test func progressIsReportedAndACancelledCallStops() async throws {
        let slow = Mutex(false)
        let server = try LoopbackServer { request in
            let reply = KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
            return slow.withLock { $0 } ? .delayed(seconds: 0.5, then: reply) : reply
        }
        let client = try MCPTestClient(["--rate", "0"], environment: environment(server))
        _ = try await client.initialize()
        try call(client, id: 2, "daily_box_office_range", ["from": "2022-01-01", "to": "2022-01-10"], meta: ["progressToken": "p1"])
        _ = try await client.response(2)
        let progress = client.messages.filter { $0["method"] as? String == "notifications/progress" }
        #expect(progress.count == 10)
        let values = progress.compactMap { ($0["params"] as? [String: Any])?["progress"] as? Int }
        #expect(values == Array(1...10), "progress only ever increases")
        #expect(((progress.last?["params"] as? [String: Any])?["progressToken"] as? String) == "p1")
        slow.withLock { $0 = true }
        try call(client, id: 3, "daily_box_office_range", ["from": "2021-01-01", "to": "2021-12-31"])
        while server.requestCount < 12 { try await Task.sleep(for: .milliseconds(20)) }
        try client.send(["jsonrpc": "2.0", "method": "notifications/cancelled", "params": ["requestId": 3, "reason": "enough"]])
        // The ping's answer says the cancellation before it was read, however busy the machine.
        try client.send(["jsonrpc": "2.0", "id": 4, "method": "ping"])
        _ = try await client.response(4)
        let afterCancel = server.requestCount
        // Uncancelled, eight jobs of 0.5 s would fetch some 48 more days in these 3 s; a request
        // already on its way when the cancellation came may still arrive.
        try await Task.sleep(for: .seconds(3))
        #expect(server.requestCount <= afterCancel + 8, "nothing more is fetched for a cancelled call")
        #expect(!client.messages.contains { ($0["id"] as? Int) == 3 }, "a cancelled call gets no answer")
        #expect(try await client.finish() == 0)
    }

    @Test func fiftyConcurrentCallsAreAnsweredWithTheirIds() async throws {
        let server = try LoopbackServer { .delayed(seconds: 0.05, then: KOBISEmulator.answer($0, expectedKey: KOBISEmulator.key)) }
        let client = try MCPTestClient(["--rate", "0"], environment: environment(server))
        _ = try await client.initialize()
        for index in 0..<50 {
            let day = String(format: "2022-01-%02d", index % 28 + 1)
            try call(client, id: 100 + index, "daily_box_office", ["date": day])
        }
        for index in 0..<50 {
            let response = try await client.response(100 + index, timeout: 60)
            let structured = result(response)["structuredContent"] as? [String: Any]
            #expect(structured?["date"] as? String == String(format: "2022-01-%02d", index % 28 + 1), "\(index)")
        }
        #expect(try await client.finish() == 0)
    }

    @Test func malformedInputGetsErrorsAndNeverKillsTheServer() async throws {
        let client = try MCPTestClient(["--demo"])
        try client.sendLine("this is not json")
        try client.sendLine(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
        try client.sendLine(#"{"jsonrpc":"2.0","method":"tools/list"}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#)
        try client.sendData(Data(repeating: UInt8(ascii: "x"), count: 10 << 20) + Data("\n".utf8))
        try client.sendLine(#"{"jsonrpc":"2.0","id":7,"method":"resources/list"}"#)
        try client.sendLine(#"{"jsonrpc":"1.0","id":8,"method":"ping"}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":9,"method":"ping"}"#)
        _ = try await client.response(9)
        let errors = client.messages.compactMap { message -> Int? in (message["error"] as? [String: Any])?["code"] as? Int }
        #expect(errors == [-32700, -32600, -32600, -32600, -32600, -32601, -32600])
        #expect(client.messages.filter { $0["id"] is NSNull }.count == 5)
        #expect(try await client.finish() == 0)
    }
}
