import Foundation
import Testing

/// README's library example is this package's `library-example` target, word for word, and it
/// prints KOBIS's ranking through the URLSession transport.
@Suite struct LibraryExampleTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("LibraryExample/main.swift")
    static let readme = source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")
    static var program: URL { Executable.url.deletingLastPathComponent().appendingPathComponent("library-example") }

    /// Whether README's library section shows the program at `source` word for word (its text, or nil).
    static func shownInTheReadme(_ source: URL) throws -> String? {
        let example = try String(contentsOf: source, encoding: .utf8)
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        guard let section = readme.range(of: "## Using BoxOfficeCore as a library\n"),
              readme[section.upperBound...].contains("```swift\n" + example + "```\n") else { return nil }
        return example
    }

    @Test func theReadmeShowsTheExampleWordForWord() throws {
        let example = try #require(try Self.shownInTheReadme(Self.source))
        #expect(example.contains("KOBIS_API_KEY") && example.contains("BOXOFFICE_BASE_URL"))
    }

    /// Every line as the recording has it: rank, code, title and audience, tab-separated.
    @Test func theExamplePrintsTheDaysRankingFromTheServer() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["20230423"], environment: ["KOBIS_API_KEY": KOBISEmulator.key,
                                                                         "BOXOFFICE_BASE_URL": server.baseURL.absoluteString],
                                              program: Self.program)
        #expect(result.status == 0, "\(result.standardError)")
        let recording = try JSONSerialization.jsonObject(with: Fixtures.data("daily_20230423.json")) as? [String: Any]
        let rows = try #require((recording?["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: Any]])
        let expected = rows.map { row in
            ["rank", "movieCd", "movieNm", "audiCnt"].map { "\(row[$0] ?? "")" }.joined(separator: "\t") + "\n"
        }.joined()
        #expect(rows.count == 10)
        #expect(result.standardOutput == expected)
        #expect(server.requests.first?.query["targetDt"] == "20230423")
    }

    /// A rejected key is the library's typed error, and the key is not in its description.
    @Test func aRejectedKeyIsATypedErrorWithoutTheKey() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let key = "Zq7WRONGkey0123456789abcdefXYZ1"
        let result = try await Executable.run(["20230423"], environment: ["KOBIS_API_KEY": key,
                                                                         "BOXOFFICE_BASE_URL": server.baseURL.absoluteString],
                                              program: Self.program)
        #expect(result.status == 1)
        #expect(result.standardError == "error: KOBIS answered with error 320010: 유효하지않은 키값입니다.\n")
        #expect(!result.standardError.contains(key))
    }
}
