import Foundation
import Testing

/// README's history program is the `library-history-example` target, word for word: it keeps a
/// month in a history file through the library, asks it in SQL, and a second run sends nothing.
@Suite struct LibraryHistoryExampleTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("LibraryHistoryExample/main.swift")
    static var program: URL { Executable.url.deletingLastPathComponent().appendingPathComponent("library-history-example") }

    @Test func theReadmeShowsTheProgramWordForWord() throws {
        let example = try #require(try LibraryExampleTests.shownInTheReadme(Self.source))
        #expect(example.contains("BoxOfficeHistory(path:") && example.contains("history.source"))
    }

    @Test func theProgramKeepsTheMonthAndAsksItInSQL() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-library-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString,
                           "BOXOFFICE_HISTORY": folder.appendingPathComponent("history.sqlite3").path]
        let first = try await Executable.run([], environment: environment, program: Self.program)
        #expect(first.status == 0, "\(first.standardError)")
        // The month's one recorded day, 2023-04-23, by audience (the other days KOBIS answers empty).
        let recording = try JSONSerialization.jsonObject(with: Fixtures.data("daily_20230423.json")) as? [String: Any]
        let rows = try #require((recording?["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: Any]])
        let best = rows.sorted { Int("\($0["audiCnt"] ?? 0)") ?? 0 > Int("\($1["audiCnt"] ?? 0)") ?? 0 }.prefix(3)
        let expected = "kept 30 new days\n" + best.map { "2023-04-23\t\($0["movieNm"] ?? "")\t\($0["audiCnt"] ?? "")\n" }.joined()
        #expect(first.standardOutput == expected)
        let asked = server.requests.count
        #expect(asked == 30)
        let second = try await Executable.run([], environment: environment, program: Self.program)
        #expect(second.standardOutput == expected.replacingOccurrences(of: "kept 30 new days", with: "kept 0 new days"))
        #expect(server.requests.count == asked, "a day held is not asked again")
    }
}
