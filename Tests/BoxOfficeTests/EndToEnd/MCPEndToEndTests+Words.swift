import Foundation
import BoxOfficeCore
import Testing

extension MCPEndToEndTests {
    /// A failure a tool meets is said in the tool's terms: the server's own state (offline), the
    /// tool's arguments ('from' and 'to'), never an option of the command line.
    @Test func failuresNameNoCommandLineOption() async throws {
        let blank = #"{"movieInfoResult":{"movieInfo":{"movieCd":"20239998","movieNm":"개봉일 없음","movieNmEn":"","movieNmOg":"","showTm":"90","prdtYear":"2023","openDt":"","prdtStatNm":"개봉예정","typeNm":"장편","nations":[],"genres":[],"directors":[],"actors":[],"showTypes":[],"companys":[],"audits":[],"staffs":[]},"source":"영화진흥위원회"}}"#
        let emulator = KOBISEmulator.handler()
        let server = try LoopbackServer { request in
            request.path.hasSuffix("searchMovieInfo.json") && request.query["movieCd"] == "20239998" ? .json(blank) : emulator(request)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-mcp-words-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = self.environment(server)
        environment["BOXOFFICE_CACHE_DIR"] = folder.path
        let online = try MCPTestClient([], environment: environment)
        try call(online, id: 1, "movie_trend", ["movies": ["20239998"]])
        let trend = result(try await online.response(1))
        #expect(trend["isError"] as? Bool == true)
        #expect(text(trend) == "KOBIS gives no opening day for '개봉일 없음'; give the range with from and to")
        #expect(try await online.finish() == 0)

        let offline = try MCPTestClient(["--offline"], environment: environment)
        try call(offline, id: 1, "daily_box_office", ["date": "2023-04-23"])
        try call(offline, id: 2, "daily_box_office_range", ["from": "2023-04-22", "to": "2023-04-23"])
        let day = result(try await offline.response(1))
        #expect(day["isError"] as? Bool == true)
        #expect(text(day) == "this server answers from its cache alone (it was started offline), and the cache holds no answer for the daily box office (targetDt=20230423).")
        let range = result(try await offline.response(2))
        let said = try #require((range["content"] as? [[String: Any]])?.first?["text"] as? String)
        #expect(said.hasSuffix("\nthis server answers from its cache alone (it was started offline), and the cache holds no answer for 2 days of the period (2023-04-22 and 2023-04-23); the other days are shown."))
        #expect(!said.contains("--") && !(text(day) ?? "").contains("--"))
        #expect(try await offline.finish() == 0)
    }

    /// The server checks a call's cost as the command line does where nobody can be asked: past
    /// the limit it refuses before any call (unless it was started with --yes), and a long
    /// reading's cost is noted on stderr.
    @Test func theServerChecksCostsAsTheCommandLineDoes() async throws {
        let emulator = KOBISEmulator.handler()
        let server = try LoopbackServer { request in emulator(request) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-mcp-costs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = self.environment(server)
        environment["BOXOFFICE_CACHE_DIR"] = folder.path
        let strict = try MCPTestClient(["--max-calls", "5", "--rate", "0"], environment: environment)
        try call(strict, id: 1, "daily_box_office_range", ["from": "2022-01-01", "to": "2022-01-12"])
        let refused = result(try await strict.response(1))
        #expect(refused["isError"] as? Bool == true)
        #expect(text(refused) == "12 calls to KOBIS (up to 36 with retries) would be needed for 12 days, 1% of a key's 3,000 a day and more than the 5 allowed without asking. Give 'maxCalls': 12 to allow it, or ask for a shorter period.")
        #expect(server.requestCount == 0)
        #expect(try await strict.finish() == 0)

        let allowed = try MCPTestClient(["--yes", "--max-calls", "5", "--rate", "0"], environment: environment)
        try call(allowed, id: 1, "daily_box_office_range", ["from": "2022-01-01", "to": "2022-01-12"])
        let answered = result(try await allowed.response(1))
        #expect(answered["isError"] as? Bool == false)
        #expect(((answered["structuredContent"] as? [String: Any])?["days"] as? [Any])?.count == 12)
        #expect(try await allowed.finish() == 0)
        #expect(allowed.errorText.contains("12 days: 12 to fetch from KOBIS, 0 from the cache; "), "\(allowed.errorText)")
    }

    /// A title that matches several films is a failure listing them with their codes: a movie's
    /// schema is never answered with a list.
    @Test func anAmbiguousTitleIsAFailureThatListsTheFilms() async throws {
        let client = try MCPTestClient(["--demo"])
        try call(client, id: 1, "movie_details", ["movie": "범죄와의 전쟁"])
        let answer = result(try await client.response(1))
        #expect(answer["isError"] as? Bool == true)
        #expect(answer["structuredContent"] == nil)
        #expect(text(answer)?.hasPrefix("5 movies match '범죄와의 전쟁':\n") == true)
        #expect(text(answer)?.contains("20113557  범죄와의 전쟁: 나쁜놈들 전성시대") == true)
        #expect(try await client.finish() == 0)
    }
}
