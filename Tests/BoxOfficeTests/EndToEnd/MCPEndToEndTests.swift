import Foundation
import BoxOfficeCore
import Testing

/// A small MCP client over pipes, driving the built binary as an assistant's client would.
final class MCPTestClient: Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let state = Locked<(buffer: Data, lines: [Data], errorText: String)>((Data(), [], ""))
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
        try Executable.launch(process)
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

    /// The server's process id, for reading its memory.
    var processIdentifier: Int32 { process.processIdentifier }

    /// How many lines the server has written so far.
    var lineCount: Int { state.withLock { $0.lines.count } }

    /// The lines received so far, unparsed, taken out (so that many calls keep the client small).
    func takeLines() -> [Data] {
        state.withLock { state in
            defer { state.lines.removeAll() }
            return state.lines
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

    /// The text of a tool's answer.
    private func text(_ result: [String: Any]) -> String? {
        (result["content"] as? [[String: Any]])?.first?["text"] as? String
    }

    /// The `_meta` of a 2026-07-28 request.
    private func modern(_ version: String = "2026-07-28", capabilities: [String: Any]? = [:]) -> [String: Any] {
        var meta: [String: Any] = ["io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientInfo": ["name": "test", "version": "1"]]
        meta["io.modelcontextprotocol/clientCapabilities"] = capabilities
        return meta
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

    /// A 2026-07-28 client discovers the server, then sends requests that each carry their
    /// revision and capabilities; a handshake client on the same stream is served as before,
    /// and neither's requests change how the other's are answered.
    @Test func theStatelessRevisionIsSpokenBesideTheHandshake() async throws {
        let client = try MCPTestClient(["--demo"])
        try client.send(["jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": ["_meta": modern()]])
        let discovered = result(try await client.response(1))
        #expect(discovered["resultType"] as? String == "complete")
        #expect(discovered["supportedVersions"] as? [String] == ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])
        #expect((discovered["capabilities"] as? [String: Any])?["tools"] != nil)
        #expect(discovered["ttlMs"] as? Int == 86_400_000)
        #expect(discovered["cacheScope"] as? String == "public")
        let serverInfo = ((discovered["_meta"] as? [String: Any])?["io.modelcontextprotocol/serverInfo"] as? [String: Any])
        #expect(serverInfo?["name"] as? String == "boxoffice")
        // Interleaved: a modern list, a legacy handshake, a modern call, a legacy call.
        try client.send(["jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": ["_meta": modern()]])
        try client.send(["jsonrpc": "2.0", "id": 3, "method": "initialize",
                         "params": ["protocolVersion": "2025-06-18", "capabilities": [:] as [String: Any], "clientInfo": ["name": "old", "version": "1"]]])
        try call(client, id: 4, "daily_box_office", ["date": "2023-04-23"], meta: modern())
        try call(client, id: 5, "daily_box_office", ["date": "2023-04-23"])
        try client.send(["jsonrpc": "2.0", "id": 6, "method": "tools/list"])
        let modernList = result(try await client.response(2))
        #expect(modernList["resultType"] as? String == "complete")
        #expect(modernList["ttlMs"] as? Int == 86_400_000 && modernList["cacheScope"] as? String == "public")
        #expect((modernList["tools"] as? [Any])?.count == 14)
        #expect(result(try await client.response(3))["protocolVersion"] as? String == "2025-06-18")
        let modernCall = result(try await client.response(4))
        #expect(modernCall["resultType"] as? String == "complete")
        #expect((modernCall["_meta"] as? [String: Any])?["io.modelcontextprotocol/serverInfo"] != nil)
        let legacyCall = result(try await client.response(5))
        #expect(legacyCall["resultType"] == nil && legacyCall["_meta"] == nil, "a handshake client gets the results it knows")
        #expect((legacyCall["structuredContent"] as? [String: Any])?["date"] as? String == "2023-04-23")
        #expect((modernCall["structuredContent"] as? [String: Any])?["date"] as? String == "2023-04-23")
        let legacyList = result(try await client.response(6))
        #expect(legacyList["ttlMs"] == nil && legacyList["resultType"] == nil)
        // A revision the server does not speak, and a request without the client's capabilities.
        try client.send(["jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": ["_meta": modern("2099-01-01")]])
        let unsupported = try #require((try await client.response(7))["error"] as? [String: Any])
        #expect(unsupported["code"] as? Int == -32022)
        let data = unsupported["data"] as? [String: Any]
        #expect(data?["requested"] as? String == "2099-01-01")
        #expect(data?["supported"] as? [String] == ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])
        try client.send(["jsonrpc": "2.0", "id": 8, "method": "tools/list", "params": ["_meta": modern(capabilities: nil)]])
        #expect(((try await client.response(8))["error"] as? [String: Any])?["code"] as? Int == -32602)
        // A handshake revision named per request is answered as that revision answers.
        try client.send(["jsonrpc": "2.0", "id": 10, "method": "tools/list", "params": ["_meta": modern("2025-11-25")]])
        let named = result(try await client.response(10))
        #expect((named["tools"] as? [Any])?.count == 14 && named["resultType"] == nil)
        // Two clients that happen to use one id, both in flight: both are answered.
        try call(client, id: 20, "daily_box_office", ["date": "2022-01-05"], meta: modern())
        try call(client, id: 20, "daily_box_office", ["date": "2023-04-23"])
        _ = try await client.message { ($0["id"] as? Int) == 20 && (($0["result"] as? [String: Any])?["resultType"] == nil) }
        _ = try await client.message { ($0["id"] as? Int) == 20 && (($0["result"] as? [String: Any])?["resultType"] as? String) == "complete" }
        let days = client.messages.filter { ($0["id"] as? Int) == 20 }
            .compactMap { (($0["result"] as? [String: Any])?["structuredContent"] as? [String: Any])?["date"] as? String }
        #expect(days.sorted() == ["2022-01-05", "2023-04-23"])
        // A probe without _meta (an older client's) is answered too.
        try client.send(["jsonrpc": "2.0", "id": 9, "method": "server/discover"])
        #expect(result(try await client.response(9))["supportedVersions"] != nil)
        #expect(try await client.finish() == 0)
    }

    /// Each tool's arguments, wrong in a way its schema or its command refuses, come back as
    /// the tool's answer with isError and a message naming the tool's argument (never a flag).
    @Test func badArgumentsAreToolErrorsInTheToolsTerms() async throws {
        let client = try MCPTestClient(["--demo"])
        let cases: [(String, [String: Any], String)] = [
            ("daily_box_office", ["date": "2024-13-41"], "date must be a day such as 2023-03-27 (or 20230327, 2023.03.27, 2023/03/27, 2023년 3월 27일), yesterday (어제) or -Nd (N days ago); '2024-13-41' is not a real date"),
            ("daily_box_office", ["nation": "martian"], "nation 'martian' is not one of: korean, foreign"),
            ("daily_box_office", ["market": "indie"], "'market' is 'diversity' or 'commercial', not 'indie'"),
            ("daily_box_office_range", ["from": "2023-04-23", "to": "2023-04-01"], "from 2023-04-23 is after to 2023-04-01"),
            ("daily_box_office_range", [:], "daily_box_office_range needs 'from'"),
            ("weekly_box_office", ["period": "fortnight"], "period 'fortnight' is not one of: week, weekend, weekdays"),
            ("search_movies", ["year": 2019], "search_movies needs a title or a director"),
            ("search_movies", ["title": "괴물", "page": "two"], "'page' must be a whole number"),
            ("search_movies", ["title": "괴물", "page": Int64.min], "'page' must be a whole number"),  // no trap on the one Int64 without a positive twin
            ("top_films", ["year": Int64.min], "'year' must be a whole number"),
            ("movie_details", ["movie": 20124079], "'movie' must be a non-empty string"),
            ("search_people", ["name": "10031641"], "'name' is a code; use person_details for a people code"),
            ("person_details", ["peopleCode": "bong"], "person_details needs 'peopleCode', such as 10031641"),
            ("search_companies", ["name": ""], "'name' must be a non-empty string"),
            ("company_details", [:], "company_details needs 'companyCode', such as 20100109"),
            ("code_table", ["table": "colours"], "unknown code table 'colours'"),
            ("movie_trend", ["movies": [] as [String]], "movie_trend needs 'movies': a list of movie codes or titles"),
            ("movie_trend", ["movies": ["20199882"], "alignOpening": "yes"], "'alignOpening' must be true or false"),
            ("top_films", ["year": 2023, "month": "2023-04"], "year and month cannot be used together; give one period: year, month, or from and to"),
            ("top_films", ["month": "2023-13"], "month '2023-13' is not a month; write it as 2023-04"),
            ("month_calendar", ["month": "2023-13"], "'2023-13' is not a month; write it as 2023-04"),
            ("month_calendar", ["year": 2023], "month_calendar has no argument 'year'; its arguments are month"),
            ("quota_status", ["verbose": true], "quota_status has no argument 'verbose'; it takes none"),
        ]
        for (index, (tool, arguments, _)) in cases.enumerated() {
            try call(client, id: 10 + index, tool, arguments, meta: index.isMultiple(of: 2) ? modern() : nil)
        }
        for (index, (tool, _, message)) in cases.enumerated() {
            let response = try await client.response(10 + index)
            let answer = result(response)
            #expect(answer["isError"] as? Bool == true, "\(tool): \(response)")
            let said = text(answer) ?? ""
            #expect(said.hasPrefix(message), "\(tool): \(said)")
            #expect(!said.contains("--"), "\(tool) names no command-line flag: \(said)")
        }
        #expect(try await client.finish() == 0)
    }

    @Test func everyToolIsListedWithAValidSchema() async throws {
        let client = try MCPTestClient(["--demo"])
        _ = try await client.initialize()
        try client.send(["jsonrpc": "2.0", "id": 2, "method": "tools/list"])
        let tools = try #require(result(try await client.response(2))["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == [
            "daily_box_office", "daily_box_office_range", "weekly_box_office", "search_movies", "movie_details", "search_people",
            "person_details", "search_companies", "company_details", "code_table", "movie_trend", "top_films", "month_calendar", "quota_status",
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
            // Every output field is typed and says what it holds.
            let output = tool["outputSchema"] as? [String: Any] ?? [:]
            #expect(Self.undescribed(output, at: name) == [], "fields with no type or meaning (add them to OutputMeanings)")
            let annotations = tool["annotations"] as? [String: Any] ?? [:]
            #expect(annotations["readOnlyHint"] as? Bool == true && annotations["idempotentHint"] as? Bool == true
                    && annotations["destructiveHint"] as? Bool == false, "\(name)")
            #expect(annotations["openWorldHint"] as? Bool == false, "\(name): the demo reaches nothing outside")
        }
        #expect(try await client.finish() == 0)
    }

    /// The paths of an output schema's fields that have no type or no description.
    static func undescribed(_ schema: [String: Any], at path: String) -> [String] {
        var found: [String] = []
        if schema["type"] == nil { found.append(path) }
        if let properties = schema["properties"] as? [String: Any] {
            for (key, value) in properties {
                let field = value as? [String: Any] ?? [:]
                if field["description"] == nil { found.append(path + "." + key) }
                found += undescribed(field, at: path + "." + key)
            }
        }
        if let items = schema["items"] as? [String: Any] { found += undescribed(items, at: path + "[]") }
        return found
    }

    /// A call of each tool against the loopback server, and what its answer must hold.
    static var calls: [(String, [String: Any], @Sendable ([String: Any]) -> Bool)] { [
        ("daily_box_office", ["date": "2023-04-23"], { (($0["entries"] as? [[String: Any]])?.first?["title"] as? String) == "존 윅 4" }),
        ("daily_box_office_range", ["from": "2022-01-04", "to": "2022-01-06"], { ($0["days"] as? [Any])?.count == 3 }),
        ("weekly_box_office", ["date": "2012-01-01", "period": "weekend"], { $0["yearWeek"] as? String == "201152" }),
        ("search_movies", ["title": "범죄와의 전쟁"], { ($0["movies"] as? [Any])?.count == 5 }),
        ("movie_details", ["movie": "20124079"], { $0["title"] as? String == "광해, 왕이 된 남자" }),
        ("search_people", ["name": "봉준호"], { (($0["people"] as? [[String: Any]])?.first?["code"] as? String) == "10031641" }),
        ("person_details", ["peopleCode": "10000066"], { $0["name"] as? String == "리나" }),
        ("search_companies", ["name": "CJ"], { ($0["companies"] as? [Any])?.count == 2 }),
        ("company_details", ["companyCode": "20100109"], { $0["name"] as? String == "CJ ENM" }),
        ("code_table", ["table": "regions"], { ($0["codes"] as? [Any])?.count == 17 }),
        ("movie_trend", ["movies": ["20199882"], "from": "2022-01-04", "to": "2022-01-06"], { ($0["movies"] as? [Any])?.count == 1 }),
        ("movie_trend", ["movies": ["20198461"], "from": "2020-02-27", "to": "2020-03-01", "alignOpening": true], { movies in
            let movie = (movies["movies"] as? [[String: Any]])?.first
            let days = (movie?["points"] as? [[String: Any]])?.map { $0["day"] as? Int }
            let marks = (movie?["milestones"] as? [[String: Any]])?.map { "\($0["audience"] ?? "") \($0["date"] ?? "") \($0["day"] ?? "")" }
            return days == [-2, -1, 0, 1] && marks == ["100000 2020-02-29 0", "500000 2020-03-01 1"]
        }),
        ("top_films", ["month": "2020-02", "limit": 2], { top in
            let films = (top["films"] as? [[String: Any]])?.map { "\($0["movieCode"] ?? "") \($0["audience"] ?? "")" }
            return top["from"] as? String == "2020-02-01" && top["to"] as? String == "2020-02-29" && top["basis"] as? String == PeriodRanking.basis
                && films == ["20198429 185000", "20198461 110000"]
        }),
        ("quota_status", [:], { $0["dailyQuota"] as? Int == 3000 }),
    ] }
    /// More answers from other recordings, for the goldens and the schema check.
    static var more: [(String, [String: Any])] { [
        ("daily_box_office", ["date": "2012-01-01"]), ("daily_box_office", ["date": "2025-08-26"]),
        ("movie_details", ["movie": "20218541"]), ("movie_details", ["movie": "20236180"]), ("movie_details", ["movie": "20194376"]),
        ("search_movies", ["director": "봉준호"]), ("daily_box_office_range", ["from": "2022-03-14", "to": "2022-03-16"]),
        ("movie_trend", ["movies": ["20199882", "20210028"], "from": "2022-01-04", "to": "2022-01-06"]),
        ("month_calendar", ["month": "2020-02"]),
    ] }

    /// Makes every call of `calls` and `more` on a fresh server: each tool's answer (the text,
    /// which is its `structuredContent` serialized) by the call's name, `NN-tool`.
    private func answers(_ client: MCPTestClient) async throws -> [(name: String, tool: String, text: String, structured: Any)] {
        var answers: [(name: String, tool: String, text: String, structured: Any)] = []
        let all = Self.calls.map { ($0.0, $0.1, Optional($0.2)) } + Self.more.map { ($0.0, $0.1, nil as (@Sendable ([String: Any]) -> Bool)?) }
        for (index, (tool, arguments, check)) in all.enumerated() {
            try call(client, id: 10 + index, tool, arguments)
            let response = try await client.response(10 + index)
            let result = result(response)
            #expect(result["isError"] as? Bool == false, "\(tool): \(response)")
            let structured = result["structuredContent"] as? [String: Any] ?? [:]
            if let check { #expect(check(structured), "\(tool): \(structured)") }
            let text = self.text(result) ?? ""
            #expect(!text.isEmpty, "\(tool) has a text too")
            answers.append((name: "\(String(format: "%02d", index))-\(tool)", tool: tool, text: text, structured: structured))
        }
        return answers
    }

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Expected/mcp")

    @Test func eachToolAnswersFromTheLoopbackServer() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = try MCPTestClient(environment: environment(server))
        _ = try await client.initialize()
        let answers = try await answers(client)
        // Each answer is as it was before the commands returned values (issue 30), to the byte:
        // the quota's report aside, which names this run's folder.
        for answer in answers where answer.tool != "quota_status" {
            let file = Self.goldens.appendingPathComponent(answer.name + ".json")
            if ProcessInfo.processInfo.environment["BOXOFFICE_WRITE_GOLDENS"] == "1" {
                try (answer.text + "\n").write(to: file, atomically: true, encoding: .utf8)
            }
            let golden = try String(contentsOf: file, encoding: .utf8)
            #expect(answer.text + "\n" == golden, "\(answer.name)")
            // The structured content is the same value as the text.
            let parsed = try JSONSerialization.jsonObject(with: Data(answer.text.utf8))
            let sorted = { (value: Any) in try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }
            #expect(try sorted(parsed) == sorted(answer.structured), "\(answer.name)")
        }
        #expect(try await client.finish() == 0)
        #expect(!client.messages.contains { "\($0)".contains(KOBISEmulator.key) })
    }

    /// Every answer fits its tool's output schema, checked by a real JSON Schema validator.
    @Test(.enabled(if: InstalledTools.jsonSchema, "python3's jsonschema (python3-jsonschema) is not installed"))
    func everyAnswerFitsItsOutputSchema() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = try MCPTestClient(environment: environment(server))
        _ = try await client.initialize()
        let answers = try await answers(client)
        try client.send(["jsonrpc": "2.0", "id": 90, "method": "tools/list"])
        let tools = try #require(self.result(try await client.response(90))["tools"] as? [[String: Any]])
        var schemas: [String: Any] = [:]
        for tool in tools {
            let name = tool["name"] as? String ?? ""
            schemas[name] = tool["outputSchema"]
            // Against a server, every tool but the local quota reaches the outside world.
            #expect((tool["annotations"] as? [String: Any])?["openWorldHint"] as? Bool == (name != "quota_status"), "\(name)")
        }
        let failures = try await JSONSchemaCheck.failures(answers.map { (name: $0.name, schema: schemas[$0.tool] ?? [:], instance: $0.structured) })
        #expect(failures == [], "answers that do not fit their schema")
        #expect(try await client.finish() == 0)
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
        // An unknown tool is a protocol error; arguments the tool cannot use are its answer (SEP-1303).
        let unknown = try #require((try await client.response(2))["error"] as? [String: Any])
        #expect(unknown["code"] as? Int == -32602)
        #expect(unknown["message"] as? String == "Unknown tool: no_such_tool")
        for (id, message) in [(3, "date must be a day such as 2023-03-27 (or 20230327, 2023.03.27, 2023/03/27, 2023년 3월 27일), yesterday (어제) or -Nd (N days ago); 'tomorrow' is not a date"),
                              (4, "daily_box_office has no argument 'dat'; its arguments are date, nation, market, region, deep, maxCalls"),
                              (6, "movie_details needs 'movie': a movie code or a title")] {
            let answer = result(try await client.response(id))
            #expect(answer["isError"] as? Bool == true, "\(id)")
            #expect(text(answer) == message)
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
        let missingText = try #require((missing["content"] as? [[String: Any]])?.first?["text"] as? String)
        #expect(missingText.hasPrefix("no KOBIS API key is configured."), "\(missingText)")
        let unreachable = try MCPTestClient(environment: ["BOXOFFICE_BASE_URL": "http://127.0.0.1:9", "KOBIS_API_KEY": KOBISEmulator.key])
        try call(unreachable, id: 3, "daily_box_office", ["date": "2023-04-23"])
        let down = result(try await unreachable.response(3))
        #expect(down["isError"] as? Bool == true)
        #expect(try await keyless.finish() == 0)
        #expect(try await unreachable.finish() == 0)
    }

    @Test func progressIsReportedAndACancelledCallStops() async throws {
        let slow = Locked(false)
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
        try call(client, id: 3, "daily_box_office_range", ["from": "2021-01-01", "to": "2021-12-31", "maxCalls": 365])
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

    /// The demo's season through the tools: October's top is the command line's, word for word;
    /// a trend gives the milestones the recordings show (어쩔수가없다 passes 1,000,000 on
    /// 2025-09-28 and 2,000,000 on 2025-10-06, 보스 2,000,000 on 2025-10-12); a range reads its
    /// days; and a search says, beside its answer, that it searched the samples, not KOBIS.
    @Test func theDemosSeasonAnswersTheAnalysesAndSaysWhatItSearched() async throws {
        let client = try MCPTestClient(["--demo"])
        _ = try await client.initialize("2025-11-25")
        try call(client, id: 2, "top_films", ["month": "2025-10", "limit": 5])
        try call(client, id: 3, "movie_trend", ["movies": ["어쩔수가없다", "보스"], "alignOpening": true])
        try call(client, id: 4, "search_movies", ["title": "보스"])
        try call(client, id: 5, "daily_box_office_range", ["from": "2025-10-01", "to": "2025-10-07"])
        try call(client, id: 6, "month_calendar", ["month": "2025-09"])
        let canonical = { (object: [String: Any]) in
            String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
        }
        let commandLine = { (arguments: [String]) async throws -> [String: Any] in
            let line = await run(["--demo", "--quiet"] + arguments + ["--json"])
            return try #require(try JSONSerialization.jsonObject(with: Data(line.standardOutput.utf8)) as? [String: Any])
        }
        let top = try #require(result(try await client.response(2))["structuredContent"] as? [String: Any])
        let topLine = try await commandLine(["top", "--month", "2025-10", "--limit", "5"])
        #expect(canonical(top).contains("\"movieCode\"") && canonical(top) == canonical(topLine))
        #expect(top["daysRead"] as? Int == 27 && top["daysInPeriod"] as? Int == 31)
        // September's calendar, as `calendar 2025-09 --json` gives it: from the 8th, the season.
        let calendar = try #require(result(try await client.response(6))["structuredContent"] as? [String: Any])
        let calendarLine = try await commandLine(["calendar", "2025-09"])
        #expect(canonical(calendar).contains("\"movieCode\"") && canonical(calendar) == canonical(calendarLine))
        let days = calendar["days"] as? [[String: Any]] ?? []
        #expect(days.count == 30 && days.filter { $0["read"] as? Bool == true }.count == 22)
        let chuseokWeekend = days.first { $0["date"] as? String == "2025-09-28" }  // the recording's first row
        #expect(chuseokWeekend?["title"] as? String == "어쩔수가없다" && chuseokWeekend?["audience"] as? Int == 240_252)
        let trend = try #require(result(try await client.response(3))["structuredContent"] as? [String: Any])
        let milestones = (trend["movies"] as? [[String: Any]] ?? []).map { movie in
            (movie["milestones"] as? [[String: Any]] ?? []).map { "\($0["audience"] as? Int ?? 0) \($0["date"] as? String ?? "")" }
        }
        #expect(milestones.count == 2)
        #expect(milestones.first?.contains("1000000 2025-09-28") == true && milestones.first?.contains("2000000 2025-10-06") == true)
        #expect(milestones.last?.contains("2000000 2025-10-12") == true)
        let search = result(try await client.response(4))
        let blocks = (search["content"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(blocks.count == 3 && blocks[1] == "searched the samples (titles, directors, recorded searches), not KOBIS.", "\(blocks)")
        // Every result of the demo says in itself that it is sample data (an assistant never sees stderr).
        #expect(blocks.last?.hasPrefix("Sample data: this server was started with --demo") == true, "\(blocks)")
        let october = result(try await client.response(2))
        #expect((october["content"] as? [[String: Any]])?.compactMap { $0["text"] as? String }.last?.hasPrefix("Sample data: ") == true)
        let codes = ((search["structuredContent"] as? [String: Any])?["movies"] as? [[String: Any]] ?? []).compactMap { $0["movieCode"] as? String }
        #expect(codes == ["20228988"])
        let range = try #require(result(try await client.response(5))["structuredContent"] as? [String: Any])
        #expect((range["days"] as? [[String: Any]])?.compactMap { $0["date"] as? String } == (1...7).map { "2025-10-0\($0)" })
        #expect(try await client.finish() == 0)
    }

    /// Ids and params of the wrong kind are named as what they are; a `_meta` that is not an
    /// object is refused, never read as if there were none.
    @Test func idsParamsAndMetaOfTheWrongKindAreRefusedByName() async throws {
        let client = try MCPTestClient(["--demo"])
        try client.sendLine(#"{"jsonrpc":"2.0","id":[1],"method":"ping"}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":5}}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":null}}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":4,"method":"ping","params":[1]}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":5,"method":"ping","params":{"_meta":{"progressToken":1}}}"#)
        _ = try await client.response(5)
        let errors = client.messages.compactMap { message -> String? in
            (message["error"] as? [String: Any]).map { "\($0["code"] as? Int ?? 0) \($0["message"] as? String ?? "")" }
        }
        #expect(errors == [
            "-32600 Invalid Request: an id is a string or a whole number, not an array",
            "-32600 Invalid Request: an id is a string or a whole number, not a fraction",
            "-32602 Invalid params: _meta is an object, not a number",
            "-32602 Invalid params: _meta is an object, not null",
            "-32602 Invalid params: params is an object, not an array",
        ])
        #expect(client.messages.compactMap { $0["id"] as? Int } == [2, 3, 4, 5])
        #expect(try await client.finish() == 0)
    }

    @Test func malformedInputGetsErrorsAndNeverKillsTheServer() async throws {
        let client = try MCPTestClient(["--demo"])
        try client.sendLine("this is not json")
        try client.sendLine(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
        // A request sent as a notification (no id) gets no answer at all, as JSON-RPC says.
        try client.sendLine(#"{"jsonrpc":"2.0","method":"tools/list"}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"daily_box_office","arguments":{}}}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#)
        try client.sendData(Data(repeating: UInt8(ascii: "x"), count: 10 << 20) + Data("\n".utf8))
        try client.sendLine(#"{"jsonrpc":"2.0","id":7,"method":"resources/list"}"#)
        try client.sendLine(#"{"jsonrpc":"1.0","id":8,"method":"ping"}"#)
        try client.sendLine(#"{"jsonrpc":"2.0","id":9,"method":"ping"}"#)
        _ = try await client.response(9)
        let errors = client.messages.compactMap { message -> Int? in (message["error"] as? [String: Any])?["code"] as? Int }
        #expect(errors == [-32700, -32600, -32600, -32600, -32601, -32600])
        #expect(client.messages.filter { $0["id"] is NSNull }.count == 4)
        #expect(client.messages.count == 7, "\(client.messages)")
        #expect(try await client.finish() == 0)
        #expect(client.errorText.contains("boxoffice: mcp: ignored a 'tools/call' sent without an id (a notification gets no answer)\n"))
        #expect(client.errorText.contains("ignored a 'tools/list' sent without an id"))
        #expect(!client.errorText.contains("waiting for JSON-RPC"), "no note for a client on a pipe")
    }

    /// Each call to the demo leaves nothing behind: the server's resident memory after 10,000
    /// calls is that after the first 5,000 (a timer kept for 15 s per call grew it by 6 MB). The
    /// first thousands warm up what the runtime and a sanitizer keep per thread.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "the resident memory is read from /proc"))
    func tenThousandDemoCallsKeepTheMemoryFlat() async throws {
        // AddressSanitizer's quarantine holds what was freed: without it, the memory measured is the program's.
        let client = try MCPTestClient(["--demo"], environment: ["ASAN_OPTIONS": "quarantine_size_mb=0:detect_leaks=0"])
        _ = try await client.initialize()
        _ = client.takeLines()
        let request = #"{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"date":"2023-04-23"}}}"#
        var next = 100
        func calls(_ count: Int) async throws {
            for _ in 0..<(count / 250) {
                for id in next..<(next + 250) { try client.sendLine(String(format: request, id)) }
                next += 250
                let deadline = ContinuousClock.now + .seconds(300)
                while client.lineCount < 250, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
                let lines = client.takeLines()
                try #require(lines.count == 250, "every call is answered; stderr: \(client.errorText)")
                let answered = lines.filter { String(decoding: $0, as: UTF8.self).contains(#""isError":false"#) }.count
                try #require(answered == 250, "\(String(decoding: lines[0], as: UTF8.self))")
            }
        }
        func residentKiB() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(client.processIdentifier)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            return try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
        }
        // A server built with ThreadSanitizer answers every call, race-free, but its resident memory
        // is the sanitizer's: it grew by 2.6 MB, then 5.4 MB after the warm-up on a loaded machine
        // (its state for each thread the pool starts), as much as the leak this guards against. Its
        // memory is measured by the plain and AddressSanitizer runs.
        try await calls(5_000)
        let warm = try residentKiB()
        try await calls(10_000)
        let after = try residentKiB()
        if !Build.threadSanitized {
            // Doubled under AddressSanitizer, whose own state moves by more; the timer this guards
            // against grew it by 6 MB either way.
            #expect(after - warm < TestTime.memoryLimit(2_048), "resident memory grew from \(warm) KiB to \(after) KiB over 10,000 calls")
        }
        #expect(try await client.finish() == 0)
    }

    /// Started at a terminal, the server says on stderr what it is and how it ends, and Ctrl-D ends it.
    @Test func atATerminalTheServerSaysWhatItIs() async throws {
        // A pseudo-terminal: its controlling side, unlocked, and the terminal side by its number.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        var number: Int32 = -1
        // TIOCSPTLCK and TIOCGPTN (Linux's <asm-generic/ioctls.h>; C macros Swift does not import).
        let setLock: UInt = 0x4004_5431
        let getNumber: UInt = 0x8004_5430
        #expect(ioctl(master, setLock, &unlock) == 0 && ioctl(master, getNumber, &number) == 0)
        let terminal = try #require(FileHandle(forUpdatingAtPath: "/dev/pts/\(number)"))
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        process.executableURL = Executable.url
        process.arguments = ["--demo", "mcp"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
        process.standardInput = terminal
        process.standardOutput = output
        process.standardError = errors
        try Executable.launch(process)
        try terminal.close()
        // Ctrl-D at the start of a line: the end of input.
        _ = write(master, [UInt8(4)], 1)
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty, "nothing but protocol messages on stdout")
        let note = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(note == "boxoffice: mcp: a Model Context Protocol server, waiting for JSON-RPC on stdin; an AI assistant starts it itself "
                + "once the command `boxoffice mcp` is registered in its MCP settings (see the README). Ctrl-D or Ctrl-C ends it.\n")
    }
}

/// Validates JSON values against JSON Schemas (2020-12, with formats) with Debian's python3 and
/// its `jsonschema` (python3-jsonschema); the test that asks is skipped where they are missing.
enum JSONSchemaCheck {
    /// A line per value that does not fit its schema: the name and the validator's message.
    static func failures(_ checks: [(name: String, schema: Any, instance: Any)]) async throws -> [String] {
        let input = try JSONSerialization.data(withJSONObject: checks.map { ["name": $0.name, "schema": $0.schema, "instance": $0.instance] })
        let (status, lines) = try await Blocking.run { try validate(input) }
        #expect(status == 0, "the schemas are valid JSON Schemas")
        return lines
    }

    /// The validator's exit status and lines for the checks in `input` (JSON).
    private static func validate(_ checks: Data) throws -> (status: Int32, lines: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("checks.json")
        try checks.write(to: input)
        let script = """
            import json, sys
            import jsonschema
            checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
            for check in json.load(open(sys.argv[1])):
                jsonschema.Draft202012Validator.check_schema(check["schema"])
                validator = jsonschema.Draft202012Validator(check["schema"], format_checker=checker)
                for error in validator.iter_errors(check["instance"]):
                    print(check["name"] + ": " + "/".join(map(str, error.absolute_path)) + ": " + error.message[:200])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, input.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try Executable.launch(process)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text.split(separator: "\n").map(String.init))
    }
}
