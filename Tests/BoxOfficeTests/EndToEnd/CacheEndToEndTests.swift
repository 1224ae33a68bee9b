@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
import Foundation
import Testing

/// The cache as users meet it: the built binary (and the command line in-process, where the clock
/// must move) against a loopback server that counts requests.
@Suite struct CacheEndToEndTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-cache-e2e-\(UUID().uuidString)")
    }

    /// Answers any day with a recorded day's figures, relabelled as the day asked for.
    private func relabellingServer() throws -> LoopbackServer {
        let recording = try Fixtures.text("daily_20230423.json")
        return try LoopbackServer { request in
            let day = request.query["targetDt"] ?? ""
            return .json(recording.replacingOccurrences(of: "20230423~20230423", with: "\(day)~\(day)"))
        }
    }

    private func environment(_ server: LoopbackServer, cache: URL) -> [String: String] {
        ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_CACHE_DIR": cache.path]
    }

    @Test func secondRequestIsAnsweredWithoutTheNetworkAndRefreshFetchesAgain() async throws {
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let first = try await Executable.run(["daily", "--date", "20230327"], environment: environment(server, cache: cache))
        #expect(first.status == 0)
        #expect(server.requestCount == 1)
        let second = try await Executable.run(["daily", "--date", "20230327", "--verbose"], environment: environment(server, cache: cache))
        #expect(second.status == 0)
        #expect(second.standardOutput == first.standardOutput)
        #expect(server.requestCount == 1)
        #expect(second.standardError.hasPrefix("boxoffice: cache: answered \(server.cacheKey("boxoffice/searchDailyBoxOfficeList?targetDt=20230327")) from the cache (stored "))
        let refreshed = try await Executable.run(["daily", "--date", "20230327", "--refresh"], environment: environment(server, cache: cache))
        #expect(refreshed.status == 0)
        #expect(server.requestCount == 2)
        let info = try await Executable.run(["cache", "info", "--json", "--pretty"], environment: environment(server, cache: cache))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        #expect(object["entries"] as? Int == 1)
        #expect(object["callsToday"] as? Int == 2)
        #expect(object["dailyQuota"] as? Int == 3000)
        #expect(object["folder"] as? String == cache.path)
    }

    @Test func offlineAnswersFromTheCacheAndFails69ForTheRest() async throws {
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let environment = environment(server, cache: cache)
        let online = try await Executable.run(["movie", "20194376"], environment: environment)
        server.stop()
        let offline = try await Executable.run(["movie", "20194376", "--offline"], environment: environment)
        #expect(offline.status == 0)
        #expect(offline.standardOutput == online.standardOutput)
        let missing = try await Executable.run(["movie", "20212077", "--offline"], environment: environment)
        #expect(missing.status == 69)
        #expect(missing.standardError == """
            boxoffice: --offline: the cache holds no answer for the movie (movieCd=20212077).
            Run it once without --offline to fetch and keep the answer.

            """)
        var keyless = environment
        keyless["KOBIS_API_KEY"] = nil
        let withoutKey = try await Executable.run(["movie", "20194376", "--offline"], environment: keyless)
        #expect(withoutKey.status == 0, "offline needs no key")
        #expect(withoutKey.standardOutput == online.standardOutput)
        let stopped = try await Executable.run(["movie", "20212077", "--retries", "0"], environment: environment)
        #expect(stopped.status == 69, "without --offline the stopped server is tried")
    }

    /// Offline over a period the cache holds in part: what it holds is ranked, the days it lacks are
    /// named in the answer and on stderr, the run exits 69, and nothing speaks of fetching.
    @Test func offlineRanksWhatThePartlyCachedPeriodHolds() async throws {
        let server = try relabellingServer()
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = environment(server, cache: cache)
        _ = try await Executable.run(["daily", "--from", "2023-04-03", "--to", "2023-04-05"], environment: environment)
        let requests = server.requestCount
        let offline = try await Executable.run(["top", "--from", "2023-04-01", "--to", "2023-04-20", "--offline", "--json", "--compact"], environment: environment)
        #expect(offline.status == 69)
        #expect(server.requestCount == requests, "nothing sent")
        let ranking = try #require(JSONValue.parse(Data(offline.standardOutput.utf8)))
        #expect(ranking["daysInPeriod"] == .int(20) && ranking["daysRead"] == .int(3))
        guard case let .array(notRead)? = ranking["daysNotRead"], case let .array(films)? = ranking["films"] else { Issue.record("\(ranking)"); return }
        #expect(notRead.count == 17 && notRead.first == .object([("date", .string("2023-04-01")), ("reason", .string("notCached"))]))
        #expect(!films.isEmpty, "the cached days are ranked")
        #expect(offline.standardError.contains("boxoffice: --offline: the cache holds no answer for 17 days of the period (2023-04-01, 2023-04-02, 2023-04-06,"),
                "\(offline.standardError)")
        #expect(offline.standardError.contains("Run it once without --offline to fetch those days and keep them."))
        #expect(!offline.standardError.contains("to fetch from KOBIS"))
        let table = try await Executable.run(["top", "--from", "2023-04-01", "--to", "2023-04-20", "--offline", "--color", "never"], environment: environment)
        #expect(table.standardOutput.contains("not counted, as the cache does not hold them (--offline): 2023-04-01, 2023-04-02"), "\(table.standardOutput)")
    }

    @Test func failedAnswersAreNotCachedAndNoFileHoldsTheKey() async throws {
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let bodies: [String: LoopbackReply] = [
            "20230101": KOBISEmulator.fixture("error_320102.json"),
            "20230102": .json(#"{"boxOfficeResult":{"dailyBoxOfficeList":[{"rank":"x","movieCd":"1","movieNm":"a"}]}}"#),
            "20230103": .json("{\"boxOfficeResult\":"),
            "20230104": .html("<html>down</html>", status: 503),
            "20230105": .html("<html>ok</html>", status: 200),
        ]
        let server = try LoopbackServer { request in bodies[request.query["targetDt"] ?? ""] ?? KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key) }
        for day in bodies.keys.sorted() {
            let result = try await Executable.run(["daily", "--date", day, "--retries", "0"], environment: environment(server, cache: cache))
            #expect(result.status != 0)
        }
        #expect(try AnswerCache(folder: cache).usage().entries == 0)
        _ = try await Executable.run(["daily", "--date", "20230423", "--key", KOBISEmulator.key], environment: environment(server, cache: cache))
        #expect(try AnswerCache(folder: cache).usage().entries == 1)
        for file in try FileManager.default.subpathsOfDirectory(atPath: cache.path) {
            let data = FileManager.default.contents(atPath: cache.appendingPathComponent(file).path) ?? Data()
            #expect(data.range(of: Data(KOBISEmulator.key.utf8)) == nil, "\(file) holds the key")
        }
    }

    @Test func expiredEntryIsFetchedAgain() async throws {
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try relabellingServer()
        let environment = environment(server, cache: cache)
        // Yesterday's figures are still being revised, so they keep for an hour.
        let now = fixedNow
        let later = fixedNow.addingTimeInterval(3601)
        for (instant, requests) in [(now, 1), (now.addingTimeInterval(1800), 1), (later, 2)] {
            let capture = OutputCapture()
            let status = await BoxOfficeCommandLine(environment: environment, console: capture.console(), now: { instant })
                .run(["daily", "--date", "yesterday"])
            #expect(status == .success)
            #expect(server.requestCount == requests)
        }
    }

    @Test func offlineServesAnOutOfDateAnswerWithANote() async throws {
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try relabellingServer()
        let environment = environment(server, cache: cache)
        let first = await BoxOfficeCommandLine(environment: environment, console: OutputCapture().console(), now: { fixedNow })
            .run(["daily", "--date", "yesterday"])
        #expect(first == .success)
        server.stop()
        let capture = OutputCapture()
        let twoHoursLater = fixedNow.addingTimeInterval(7200)
        let status = await BoxOfficeCommandLine(environment: environment, console: capture.console(), now: { twoHoursLater })
            .run(["daily", "--date", "2026-11-21", "--offline"])
        #expect(status == .success)
        #expect(capture.standardOutput.hasPrefix("Daily box office · 2026-11-21 (Sat)\n"))
        #expect(capture.standardError == "boxoffice: offline: showing an answer stored 2026-11-22 03:00 KST; it may be out of date.\n")
        #expect(server.requestCount == 1)
    }

    @Test func eightProcessesWritingAtOnceLeaveOnlyWholeEntries() async throws {
        let started = Day.korean(at: Date())
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let environment = environment(server, cache: cache)
        let days = ["20220105", "20220121", "20220315", "20221030"]
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<8 {
                group.addTask {
                    var status: Int32 = 0
                    for day in days {
                        let result = try await Executable.run(["daily", "--date", day, "--refresh", "--json", "--pretty"], environment: environment)
                        status = max(status, result.status)
                    }
                    _ = index
                    return status
                }
            }
            for try await status in group { #expect(status == 0) }
        }
        let answers = AnswerCache(folder: cache).answers
        let files = try FileManager.default.contentsOfDirectory(atPath: answers.path)
        #expect(files.sorted() == days.map { server.cacheFile("boxoffice/searchDailyBoxOfficeList?targetDt=\($0)", in: cache).lastPathComponent }.sorted())
        for (file, day) in zip(files.sorted(), days) {
            let entry = try #require(CacheEntry(try Data(contentsOf: answers.appendingPathComponent(file))))
            #expect(entry.body == (try Fixtures.data(Fixtures.named("daily_\(day)")[0])))
        }
        // Every call counted, on the Korean day it was made (two, if midnight passed meanwhile).
        let ended = Day.korean(at: Date())
        let counter = CallCounter(folder: cache)
        #expect(counter.count(on: started) + (ended == started ? 0 : counter.count(on: ended)) == 32)
    }

    @Test func entryTruncatedByHandIsIgnoredAndRewritten() async throws {
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let environment = environment(server, cache: cache)
        let first = try await Executable.run(["movie", "20124079"], environment: environment)
        let file = server.cacheFile(Endpoint.movieInfo(code: "20124079").requestKey, in: cache)
        let whole = try Data(contentsOf: file)
        for damage in [whole.prefix(whole.count / 2), Data(), Data("garbage".utf8)] {
            try damage.write(to: file)
            let again = try await Executable.run(["movie", "20124079"], environment: environment)
            #expect(again.status == 0)
            #expect(again.standardOutput == first.standardOutput)
            #expect(try Data(contentsOf: file) != damage)
            #expect(CacheEntry(try Data(contentsOf: file)) != nil)
        }
        #expect(server.requestCount == 4)
    }

    @Test func quotaWarningPastNinetyPerCent() async throws {
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let (result, day) = try await KoreanDay.steady { day in
            try? FileManager.default.removeItem(at: AnswerCache(folder: cache).answers)
            try "2700\n".write(to: cache.appendingPathComponent("calls-\(day.compact)"), atomically: true, encoding: .utf8)
            return try await Executable.run(["movie", "20194376"], environment: environment(server, cache: cache))
        }
        #expect(result.status == 0)
        #expect(result.standardError == "boxoffice: warning: 2,701 of the key's 3,000 calls for today (\(day.iso), Korean time) are used.\n")
        let quiet = try await Executable.run(["movie", "20212077", "--quiet"], environment: environment(server, cache: cache))
        #expect(quiet.standardError == "")
    }

    @Test func cacheInfoAndClearAsTables() async throws {
        let cache = folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let (info, today) = try await KoreanDay.steady { _ in
            try? FileManager.default.removeItem(at: cache)
            _ = try await Executable.run(["movie", "20212077"], environment: environment(server, cache: cache))
            return try await Executable.run(["cache", "info"], environment: environment(server, cache: cache))
        }
        let day = today.iso
        let size = try #require(try FileManager.default.attributesOfItem(atPath: server.cacheFile(Endpoint.movieInfo(code: "20212077").requestKey, in: cache).path)[.size] as? Int)
        #expect(info.standardOutput == """
            Folder       \(cache.path)
            Answers      1 (\(NumberFormat.grouped(size)) bytes)
            Calls today  1 of 3,000 (\(day), Korean time)

            """)
        let clear = try await Executable.run(["cache", "clear"], environment: environment(server, cache: cache))
        #expect(clear.status == 0)
        #expect(clear.standardOutput.hasPrefix("Removed 1 answer ("))
        let file = folder()
        try Data("not a folder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let notFolder = try await Executable.run(["cache", "info", "--cache-dir", file.path], environment: [:])
        #expect(notFolder.status == 1)
        #expect(notFolder.standardError == """
            boxoffice: boxoffice does not use the cache at \(file.path): it is not a folder.
            Use a folder of your own that only you can write (chmod 700), or pass --cache-dir DIR.

            """)
        let bad = try await Executable.run(["cache", "purge"], environment: environment(server, cache: cache))
        #expect(bad.status == 64)
        #expect(bad.standardError.hasPrefix("boxoffice: unknown cache action 'purge'; use 'cache info' or 'cache clear'.\n"))
    }
}
