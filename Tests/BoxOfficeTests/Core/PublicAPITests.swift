import Foundation
import Testing

/// The library's public surface, read from the built module's symbol graph: the types an app
/// needs, each public symbol documented.
@Suite struct PublicAPITests {
    struct Symbol {
        let path: String
        let documented: Bool
    }

    /// The public symbols of `module`, as `swift-symbolgraph-extract` reads them from the build;
    /// nil when the module is not built or cannot be read (which fails the test that asked).
    static func publicSymbols(of module: String) async throws -> [Symbol]? {
        try await Blocking.run { try extractSymbols(of: module) }
    }

    /// The module map of the system's SQLite, which BoxOfficeHistory imports.
    static let systemLibraries = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/CSQLite")

    private static func extractSymbols(of module: String) throws -> [Symbol]? {
        let modules = Executable.url.deletingLastPathComponent().appendingPathComponent("Modules")
        guard let tool = InstalledTools.symbolGraphExtractor, FileManager.default.fileExists(atPath: modules.appendingPathComponent("\(module).swiftmodule").path) else { return nil }
        var machine = utsname()
        uname(&machine)
        let architecture = withUnsafeBytes(of: machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["-module-name", module, "-I", modules.path, "-I", Self.systemLibraries.path, "-target", "\(architecture)-unknown-linux-gnu",
                             "-minimum-access-level", "public", "-output-dir", output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try Executable.launch(process)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var symbols: [Symbol] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) where name.hasPrefix(module) {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent(name))) as? [String: Any]
            for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
                guard symbol["accessLevel"] as? String == "public", !identifier.contains("::SYNTHESIZED::") else { continue }
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                symbols.append(Symbol(path: path, documented: symbol["docComment"] != nil))
            }
        }
        return symbols
    }

    @Test(.enabled(if: InstalledTools.symbolGraphExtractor != nil, "swift-symbolgraph-extract is not on PATH"),
          arguments: ["BoxOfficeCore", "BoxOfficeURLSession", "BoxOfficeHistory"])
    func everyPublicSymbolIsDocumented(module: String) async throws {
        let symbols = try #require(try await Self.publicSymbols(of: module), "the symbol graph of \(module) cannot be read")
        #expect(!symbols.isEmpty)
        #expect(symbols.filter { !$0.documented }.map(\.path).sorted() == [])
    }

    /// What an app uses, and nothing the command line needs on top (that is `package` access). One
    /// error is thrown, `BoxOfficeError`; `TransportError` is what a transport throws to the client,
    /// `LocalQuotaReached` what a counting middleware throws to the key middleware. What a
    /// middleware sees (a request's freshness, its cache ticket and mode, the client's events) is
    /// public, so a program's own cache or key middleware is as capable as the library's.
    @Test(.enabled(if: InstalledTools.symbolGraphExtractor != nil, "swift-symbolgraph-extract is not on PATH"))
    func thePublicTypesAreTheLibrarysOwn() async throws {
        let symbols = try #require(try await Self.publicSymbols(of: "BoxOfficeCore"), "the symbol graph of BoxOfficeCore cannot be read")
        let types = Set(symbols.map { String($0.path.prefix { $0 != "." }) })
        #expect(types.sorted() == [
            "AnswerStore", "BoxOfficeClient", "BoxOfficeEntry", "BoxOfficeError", "BoxOfficeFilter", "BoxOfficeMiddleware", "BoxOfficeOperation", "BoxOfficeRanking", "CacheEvent",
            "CacheMiddleware", "CacheTicket", "CallCountStore", "ClientEvent", "ClientEvents", "CodeList", "CodeTable", "Company", "CompanySummary", "DailyBoxOffice",
            "Day", "DayNews", "EventDelivery", "FilmCredit", "FilmReference", "FilmRun", "FolderAnswerStore", "Freshness", "HTTPRequest", "HTTPResponse", "HTTPTransport", "InMemoryAnswerStore", "InMemoryCallCounts",
            "KOBISFault", "KeyRotationMiddleware", "LocalQuotaReached", "MonthCalendar", "Movie", "MovieQuery", "MovieSummary", "NewsEvent", "PeriodCoverage", "PeriodRanking", "PeriodRecords",
            "Person", "PersonSummary", "QuotaCountMiddleware", "RankingRequest", "RankingSeries", "RateLimitMiddleware", "RecordsRequest", "RedirectMiddleware", "RetryMiddleware", "SearchPage", "SecretMaskMiddleware",
            "StoredAnswer", "TimeoutMiddleware", "TitleMatch", "TopFilmsRequest", "TransportError", "Trend", "TrendRequest", "UnreadDay", "WantedTarget", "WatchGap", "WatchState", "WatchStore", "WatchTarget", "WatchUpdate", "WeekPeriod", "Weekday", "WeeklyBoxOffice",
        ])
    }
}
