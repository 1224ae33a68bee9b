import Foundation
import BoxOfficeCore
import Testing

@Suite struct MCPEndToEndTests {
    func environment(_ server: LoopbackServer, key: String = KOBISEmulator.key) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": key]
    }

    func result(_ response: [String: Any]) -> [String: Any] {
        response["result"] as? [String: Any] ?? [:]
    }

    /// The text of a tool's answer.
    func text(_ result: [String: Any]) -> String? {
        (result["content"] as? [[String: Any]])?.first?["text"] as? String
    }

    /// The `_meta` of a 2026-07-28 request.
    func modern(_ version: String = "2026-07-28", capabilities: [String: Any]? = [:]) -> [String: Any] {
        var meta: [String: Any] = ["io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientInfo": ["name": "test", "version": "1"]]
        meta["io.modelcontextprotocol/clientCapabilities"] = capabilities
        return meta
    }

    func call(_ client: MCPTestClient, id: Int, _ tool: String, _ arguments: [String: Any], meta: [String: Any]? = nil) throws {
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
        #expect((modernList["tools"] as? [Any])?.count == 18)
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
        #expect((named["tools"] as? [Any])?.count == 18 && named["resultType"] == nil)
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
            ("top_films", ["year": 2023, "month": "2023-04"], "year and month cannot be used together; give one period: year, month, allTime, or from and to"),
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
            "person_details", "search_companies", "company_details", "code_table", "movie_trend", "top_films", "period_records", "box_office_news", "month_calendar", "quota_status",
            "history_query", "history_info",
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
            #expect(Self.undescribed(output, at: name) == [], "fields with no type or meaning (give each key its Meaning in its type's JSONShape)")
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
        // The recorded season: 보스's whole run read, and the records of the fortnight it opened in.
        ("movie_details", ["movie": "20228988", "run": true]), ("period_records", ["from": "2025-09-22", "to": "2025-10-07", "limit": 2]),
        // The day 보스 opened at number one and ended 어쩔수가없다's run there.
        ("box_office_news", ["date": "2025-10-03"]),
    ] }

    /// Makes every call of `calls` and `more` on a fresh server: each tool's answer (the text,
    /// which is its `structuredContent` serialized) by the call's name, `NN-tool`.
    func answers(_ client: MCPTestClient) async throws -> [(name: String, tool: String, text: String, structured: Any)] {
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
            #expect((tool["annotations"] as? [String: Any])?["openWorldHint"] as? Bool == (!["quota_status", "history_query", "history_info"].contains(name)), "\(name)")
        }
        let failures = try await JSONSchemaCheck.failures(answers.map { (name: $0.name, schema: schemas[$0.tool] ?? [:], instance: $0.structured) })
        #expect(failures == [], "answers that do not fit their schema")
        #expect(try await client.finish() == 0)
    }
}
