import Foundation
import BoxOfficeCore
import Testing

extension MCPEndToEndTests {
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
        // Word for word but the days not read, which the server gives as ranges (checked apart).
        let canonical = { (object: [String: Any]) in
            String(decoding: (try? JSONSerialization.data(withJSONObject: object.filter { $0.key != "daysNotRead" }, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
        }
        let commandLine = { (arguments: [String]) async throws -> [String: Any] in
            let line = await run(["--demo", "--quiet"] + arguments + ["--json"])
            return try #require(try JSONSerialization.jsonObject(with: Data(line.standardOutput.utf8)) as? [String: Any])
        }
        let top = try #require(result(try await client.response(2))["structuredContent"] as? [String: Any])
        let topLine = try await commandLine(["top", "--month", "2025-10", "--limit", "5"])
        #expect(canonical(top).contains("\"movieCode\"") && canonical(top) == canonical(topLine))
        #expect(top["daysRead"] as? Int == 27 && top["daysInPeriod"] as? Int == 31)
        // October's days the samples do not hold, 2025-10-20 and 2025-10-29 to 31, as two ranges.
        #expect(top["daysNotRead"] as? [[String: String]] == [["from": "2025-10-20", "to": "2025-10-20", "reason": "notInSamples"],
                                                             ["from": "2025-10-29", "to": "2025-10-31", "reason": "notInSamples"]], "\(top["daysNotRead"] ?? "")")
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
