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
}
