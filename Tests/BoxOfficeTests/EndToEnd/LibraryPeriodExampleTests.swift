import Foundation
import Testing

/// README's second library example is this package's `library-period-example` target, word for
/// word: April 2023's top 5 and their milestones through the public API alone, cached in a folder.
@Suite struct LibraryPeriodExampleTests {
    static let source = LibraryExampleTests.source.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LibraryPeriodExample/main.swift")
    static var program: URL { Executable.url.deletingLastPathComponent().appendingPathComponent("library-period-example") }

    @Test func theReadmeShowsTheExampleWordForWord() throws {
        #expect(try LibraryExampleTests.shownInTheReadme(Self.source) != nil)
    }

    /// The top 5 and the milestones as the test works them out from what the server answers; the
    /// second run answers from the folder and sends nothing.
    @Test func theMonthsTopAndMilestonesComeOnceFromTheServerThenFromTheFolder() async throws {
        let server = try LoopbackServer(handler: SyntheticApril.handler())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString,
                           "BOXOFFICE_CACHE_DIR": folder.path]
        let top = SyntheticApril.top(5)
        let expected = top.enumerated().map { "\($0.offset + 1)\t\($0.element.code)\t\($0.element.title)\t\($0.element.audience)\n" }.joined()
            + top.flatMap { film in
                SyntheticApril.milestones(of: film.code).map { "\(film.title) passed \($0.audience) on \(String(format: "2023-04-%02d", $0.day))\n" }
            }.joined()
        #expect(expected.contains("passed 1000000"))

        let first = try await Executable.run([], environment: environment, program: Self.program)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == expected)
        #expect(server.requestCount == 30)

        let second = try await Executable.run([], environment: environment, program: Self.program)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput == expected)
        #expect(server.requestCount == 30)
    }

    @Test func withoutAFolderItSaysHowToRunIt() async throws {
        let result = try await Executable.run([], environment: ["KOBIS_API_KEY": KOBISEmulator.key], program: Self.program)
        #expect(result.status == 64)
        #expect(result.standardError == "usage: KOBIS_API_KEY=KEY BOXOFFICE_CACHE_DIR=DIR april\n")
        #expect(result.standardOutput == "")
    }
}
