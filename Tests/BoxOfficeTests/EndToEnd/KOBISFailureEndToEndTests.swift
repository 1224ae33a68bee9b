import BoxOfficeCore
import Foundation
import Testing

/// When KOBIS itself stumbles (fault 320099, "an unknown error occurred", api.md §10): the fault is
/// retried like a 5xx, a day that keeps failing is KOBIS being unavailable (69), and a period goes
/// on past it, shows the rest, names the day and why, and fetches only it when run again. Through
/// the built binary against a loopback KOBIS that answers one day with the fault always and
/// another with it on the first try only.
@Suite struct KOBISFailureEndToEndTests {
    static let fault = #"{"faultInfo":{"message":"알수없는 오류가 발생했습니다.","errorCode":"320099"}}"#

    /// The emulator, except 2022-01-04 (always the fault) and 2022-01-06 (the fault on its first request).
    final class Stumbling: Sendable {
        let server: LoopbackServer
        private let once = Locked<Set<String>>([])

        init() throws {
            let once = self.once
            let emulator = KOBISEmulator.handler()
            server = try LoopbackServer { request in
                switch request.query["targetDt"] {
                case "20220104"?: return .json(Self.faultBody)
                case "20220106"? where once.withLock { $0.insert("20220106").inserted }: return .json(Self.faultBody)
                default: return emulator(request)
                }
            }
        }

        static let faultBody = KOBISFailureEndToEndTests.fault

        /// The days asked for, in the order asked.
        var days: [String] { server.requests.compactMap { $0.query["targetDt"] } }

        func environment(cache: URL) -> [String: String] {
            ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
        }
    }

    private func temporaryCache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-stumble-\(UUID().uuidString)")
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static let notRead: [String: String] = ["date": "2022-01-04", "reason": "kobisFailed", "errorCode": "320099", "errorMessage": "알수없는 오류가 발생했습니다."]

    @Test func aDayKOBISCannotAnswerIsTriedAgainAndThenUnavailable() async throws {
        let kobis = try Stumbling()
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let failing = try await Executable.run(["daily", "--date", "2022-01-04", "--retries", "2", "--rate", "0"], environment: kobis.environment(cache: cache))
        #expect(failing.status == 69)
        #expect(failing.standardOutput.isEmpty)
        #expect(failing.standardError == """
            boxoffice: KOBIS could not answer for 2022-01-04: 알수없는 오류가 발생했습니다. (error 320099, tried 3 times); try again later.
            This is a failure on KOBIS's side, not a refusal of the request.

            """)
        #expect(kobis.days == ["20220104", "20220104", "20220104"], "tried --retries + 1 times")
        // The other day fails once, then answers: a retry, and success.
        let recovering = try await Executable.run(["daily", "--date", "2022-01-06", "--retries", "2", "--json", "--rate", "0"], environment: kobis.environment(cache: cache))
        #expect(recovering.status == 0, "\(recovering.standardError)")
        #expect(try json(recovering.standardOutput)["date"] as? String == "2022-01-06")
        #expect(kobis.days.suffix(2) == ["20220106", "20220106"])
        // A refusal is still not retried: a malformed request's fault is sent once.
        let refused = try await Executable.run(["daily", "--date", "2022-01-05", "--retries", "2", "--key", "Zq7WRONGkey0123456789abcdefXYZ1"],
                                               environment: kobis.environment(cache: cache))
        #expect(refused.status == 77)
        #expect(kobis.days.count == 6)
    }

    @Test func aPeriodGoesOnPastADayKOBISCannotAnswer() async throws {
        let kobis = try Stumbling()
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = kobis.environment(cache: cache)
        let top = try await Executable.run(["top", "--from", "2022-01-03", "--to", "2022-01-07", "--retries", "1", "--json", "--compact", "--rate", "0"],
                                           environment: environment)
        #expect(top.status == 69)
        let ranking = try json(top.standardOutput)
        #expect(ranking["daysInPeriod"] as? Int == 5 && ranking["daysRead"] as? Int == 4)
        #expect(ranking["daysNotRead"] as? [[String: String]] == [Self.notRead])
        // The films are those of the days read: the one recorded day among them, 2022-01-05.
        let alone = try await Executable.run(["top", "--from", "2022-01-05", "--to", "2022-01-05", "--json", "--compact"], environment: environment)
        let films = try #require(try json(alone.standardOutput)["films"] as? [[String: Any]])
        #expect((ranking["films"] as? [[String: Any]])?.map { $0["movieCode"] as? String } == films.map { $0["movieCode"] as? String })
        #expect((ranking["films"] as? [[String: Any]])?.map { $0["audience"] as? Int } == films.map { $0["audience"] as? Int })
        #expect(top.standardError.contains("boxoffice: KOBIS could not answer for 2022-01-04 (알수없는 오류가 발생했습니다., error 320099); the other days are shown."),
                "\(top.standardError)")
        #expect(kobis.days.filter { $0 == "20220104" }.count == 2 && kobis.days.filter { $0 == "20220106" }.count == 2)
        // Again: only the day not read is asked for; the table says which day is missing.
        let before = kobis.days.count
        let table = try await Executable.run(["top", "--from", "2022-01-03", "--to", "2022-01-07", "--retries", "0", "--limit", "1", "--color", "never"],
                                             environment: environment.merging(["COLUMNS": "100"]) { $1 })
        #expect(table.status == 69)
        #expect(Array(kobis.days.dropFirst(before)) == ["20220104"])
        #expect(table.standardOutput == """
            Top films · 2022-01-03 – 2022-01-07
            From the daily top 10: each film's cumulative audience from its first day in it to its last.
            not counted, as KOBIS could not answer for it: 2022-01-04 (알수없는 오류가 발생했습니다., error
            320099); run it again later to fetch only that day

            Rank  Code      Title      Opened      Audience  Days  Best  First       Last
               1  20199882  경관의 피  2022-01-05    64,050     1     1  2022-01-05  2022-01-05

            """)
        // The same for the other periods: the days of a range, a month's calendar, a trend.
        let range = try await Executable.run(["daily", "--from", "2022-01-03", "--to", "2022-01-07", "--retries", "0", "--format", "csv"], environment: environment)
        #expect(range.status == 69)
        // The day read has its rows; the day not read a row of its own saying why, in the column the range has for it.
        #expect(Set(range.standardOutput.split(separator: "\n").dropFirst().map { String($0.prefix(10)) }) == ["2022-01-04", "2022-01-05"], "\(range.standardOutput)")
        #expect(range.standardOutput.contains("\n2022-01-04," + String(repeating: ",", count: 14) + "kobisFailed\n"), "\(range.standardOutput)")
        #expect(range.standardError.contains("KOBIS could not answer for 2022-01-04"))
        // In JSON (and JSON Lines) the day keeps its place, saying why it is not there.
        let days = try await Executable.run(["daily", "--from", "2022-01-03", "--to", "2022-01-05", "--retries", "0", "--json", "--compact", "--fields", "rank"],
                                            environment: environment)
        #expect(days.status == 69)
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(days.standardOutput.utf8)) as? [[String: Any]])
        #expect(elements.map { $0["date"] as? String } == ["2022-01-03", "2022-01-04", "2022-01-05"])
        #expect(elements[1] as? [String: String] == ["date": "2022-01-04", "notRead": "kobisFailed", "errorCode": "320099", "errorMessage": "알수없는 오류가 발생했습니다."])
        #expect((elements[2]["entries"] as? [[String: Int]])?.first == ["rank": 1], "--fields chooses the entries' keys; the day's envelope stays")
        #expect(elements[2]["provisional"] as? Bool == false)
        let lines = try await Executable.run(["daily", "--from", "2022-01-04", "--to", "2022-01-05", "--retries", "0", "--format", "jsonl", "--fields", "date,rank"],
                                             environment: environment)
        #expect(lines.standardOutput.hasPrefix(#"{"date":"2022-01-04","notRead":"kobisFailed","errorCode":"320099","errorMessage":"알수없는 오류가 발생했습니다."}"# + "\n" + #"{"date":"2022-01-05","rank":1}"#),
                "\(lines.standardOutput)")
        let calendar = try await Executable.run(["calendar", "2022-01", "--retries", "0", "--json", "--compact", "--rate", "0"], environment: environment)
        #expect(calendar.status == 69)
        let month = try json(calendar.standardOutput)
        #expect(month["daysNotRead"] as? [[String: String]] == [Self.notRead] && month["daysRead"] as? Int == 30)
        let trend = try await Executable.run(["trend", "20210028", "--from", "2022-01-03", "--to", "2022-01-07", "--retries", "0", "--json", "--compact"],
                                             environment: environment)
        #expect(trend.status == 69)
        #expect(try json(trend.standardOutput)["daysNotRead"] as? [[String: String]] == [Self.notRead])
    }

    /// The MCP tool gives the partial value (not an error), with the day not read in it and said in its text.
    @Test func theToolGivesThePeriodWithTheDayItCouldNotRead() async throws {
        let kobis = try Stumbling()
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let client = try MCPTestClient([], environment: kobis.environment(cache: cache).merging(["HOME": cache.path]) { $1 })
        _ = try await client.initialize()
        try client.send(["jsonrpc": "2.0", "id": 2, "method": "tools/call",
                         "params": ["name": "top_films", "arguments": ["from": "2022-01-03", "to": "2022-01-07"]]])
        let result = try #require(try await client.response(2)["result"] as? [String: Any])
        #expect(result["isError"] as? Bool == false)
        let structured = try #require(result["structuredContent"] as? [String: Any])
        // The server gives days not read for one reason as ranges.
        var range = Self.notRead
        range["date"] = nil
        range["from"] = "2022-01-04"
        range["to"] = "2022-01-04"
        #expect(structured["daysNotRead"] as? [[String: String]] == [range] && structured["daysRead"] as? Int == 4)
        let text = ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text.contains("KOBIS could not answer for 2022-01-04"), "\(text)")
        // The day alone is a tool error in the server's words: what happened, no command-line advice.
        try client.send(["jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": ["name": "daily_box_office", "arguments": ["date": "2022-01-04"]]])
        let failed = try #require(try await client.response(3)["result"] as? [String: Any])
        #expect(failed["isError"] as? Bool == true)
        #expect((failed["content"] as? [[String: Any]])?.first?["text"] as? String
                == "KOBIS could not answer for 2022-01-04: 알수없는 오류가 발생했습니다. (error 320099, tried 3 times); try again later.")
        #expect(try await client.finish() == 0)
    }
}
