@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
@testable import BoxOfficeTransports
import Foundation
import Glibc
import Testing

// What a hostile probe found (issue 7), each as the built binary meets it; `Hostile` has the
// probe's tools.
// MARK: - Traps and runaway answers

@Suite struct RunawayAnswerTests {
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "253402300800", "-1", "99999999999999999999"])
    func extremeStoredValuesAreDamageNotATrap(stored: String) async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let answers = cache.appendingPathComponent("answers")
        try FileManager.default.createDirectory(at: answers, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let body = try Fixtures.text("daily_20230423.json")
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let request = "boxoffice/searchDailyBoxOfficeList?targetDt=20230423"
        let entry = "boxoffice-cache 1\nrequest \(server.cacheKey(request))\nstored \(stored)\nbytes \(body.utf8.count)\n\n\(body)"
        let file = server.cacheFile(request, in: cache)
        try Hostile.write(entry, to: file)
        let environment = Hostile.environment(server, cache: cache)
        let offline = try await Executable.run(["daily", "--date", "20230423", "--offline"], environment: environment)
        #expect(offline.status == 69, "damaged, so not an answer; never a trap (132)")
        #expect(offline.standardError.hasPrefix("boxoffice: --offline: the cache holds no answer for"))
        let online = try await Executable.run(["daily", "--date", "20230423"], environment: environment)
        #expect(online.status == 0)
        #expect(server.requestCount == 1)
        #expect(Hostile.read(file)?.contains("\nstored \(stored)\n") == false, "the damaged entry was replaced")
    }

    @Test func instantsFarOutsideTheCalendarNeverTrap() {
        for seconds in [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan, 9.3e18, -9.3e18] {
            let instant = Date(timeIntervalSince1970: seconds)
            _ = Day.korean(at: instant)
            _ = Day.koreanTimestamp(instant)
            _ = Freshness.boxOffice(lastDay: Day(year: 2023, month: 4, day: 23)!).isSettled(stored: instant)
        }
        #expect(Day.korean(at: Date(timeIntervalSince1970: 1e300)).year == 9999)
        #expect(CacheEntry(request: "r", stored: Date(timeIntervalSince1970: 1e300), body: Data("{}".utf8)).encoded() == nil)
    }

    /// Whatever receives the bytes keeps at most the limit and a bounded margin: an endless
    /// answer sent as fast as loopback goes ends with the size error every time, long before the
    /// timeout, in a process that never passes 64 MiB. The plain build measures the memory; a
    /// sanitized one only the outcome, as its resident size is the sanitizer's (AddressSanitizer
    /// keeps freed blocks in a quarantine of 256 MiB; ThreadSanitizer keeps its own state).
    static let endlessRuns = 20
    /// Runs whose memory is measured.
    static let memoryRuns = 20

    /// As fast as loopback goes for the plain build. A sanitized helper runs several times slower,
    /// and its cut-off waits for a turn of the queue the endless socket keeps busy: there the
    /// server slows down by the runs' time scale (64 MiB a second at a scale of 1).
    static var endlessInterval: Double { Build.sanitized ? 0.001 * TestTime.scale : 0 }

    @Test func anEndlessAnswerIsCutOffBeforeTheTimeout() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in 1...Self.endlessRuns {
            let result = try await Executable.run(["daily", "--date", "20230423", "--refresh", "--timeout", "15"],
                                                                             environment: Hostile.environment(server, cache: cache), timeLimit: 60)
            #expect(result.finished)
            #expect(result.status == 65, "run \(run)")
            #expect(result.standardError == """
                boxoffice: KOBIS's answer is longer than 16 MiB, far more than KOBIS ever sends; it was cut off.
                KOBIS may be under maintenance; try again later, or use --verbose to see the request.

                """, "run \(run): the size ended it, not the timeout")
        }
        #expect(server.requestCount == Self.endlessRuns, "none retried")
    }

    /// The memory of the runs above, measured where it means something (see `endlessRuns`).
    @Test(.enabled(if: !Build.sanitized, "a sanitized program's resident size is the sanitizer's, not the program's"))
    func anEndlessAnswerKeepsBoxofficeWithin64MiB() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in 1...Self.memoryRuns {
            let (result, peak) = try await Executable.runMeasuringPeakMemory(["daily", "--date", "20230423", "--refresh", "--timeout", "15"],
                                                                             environment: Hostile.environment(server, cache: cache), timeLimit: 60)
            #expect(result.status == 65, "run \(run)")
            #expect(peak > 0 && peak <= 64 * 1024, "run \(run): boxoffice and its helper each stayed within 64 MiB: \(peak) KiB")
        }
    }

    /// Eight endless answers at once, on one transport: each is cut off at its own limit, so the
    /// first size error ends the range at once (one shared session's queue kept the cut-offs
    /// waiting until the timeout, which then took the blame) and memory holds at most the eight
    /// limits.
    @Test func endlessAnswersTogetherAreEachCutOff() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in 1...5 {
            let result = try await Executable.run(
                ["daily", "--from", "20230401", "--to", "20230408", "--jobs", "8", "--rate", "100", "--refresh", "--retries", "0", "--timeout", "30"],
                environment: Hostile.environment(server, cache: cache), timeLimit: 60)
            #expect(result.finished)
            #expect(result.status == 65, "run \(run)")
            #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer is longer than 16 MiB, far more than KOBIS ever sends; it was cut off.\n"),
                    "run \(run): the size ended it, not the timeout: \(result.standardError)")
        }
    }

    /// The memory of the runs above, measured where it means something (see `endlessRuns`): at
    /// most the eight limits and a margin.
    @Test(.enabled(if: !Build.sanitized, "a sanitized program's resident size is the sanitizer's, not the program's"))
    func endlessAnswersTogetherKeepBoxofficeWithinTheirLimits() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in 1...2 {
            let (result, peak) = try await Executable.runMeasuringPeakMemory(
                ["daily", "--from", "20230401", "--to", "20230408", "--jobs", "8", "--rate", "100", "--refresh", "--retries", "0", "--timeout", "30"],
                environment: Hostile.environment(server, cache: cache), timeLimit: 60)
            #expect(result.status == 65, "run \(run)")
            #expect(peak > 0 && peak <= (8 * 16 + 64) * 1024, "run \(run): at most the eight limits and a margin: \(peak) KiB")
        }
    }

    /// The same through the library alone: README's example over URLSessionTransport.
    @Test func anEndlessAnswerIsCutOffThroughTheLibrary() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        for run in 1...Self.endlessRuns {
            let result = try await Executable.run(
                ["20230423"], environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString],
                timeLimit: 60, program: LibraryExampleTests.program)
            #expect(result.finished)
            #expect(result.status == 1, "run \(run)")
            #expect(result.standardError == "error: KOBIS's answer is longer than 16 MiB, far more than KOBIS ever sends; it was cut off\n", "run \(run)")
        }
    }

    /// The memory of the library's runs, measured where it means something (see `endlessRuns`).
    @Test(.enabled(if: !Build.sanitized, "a sanitized program's resident size is the sanitizer's, not the program's"))
    func anEndlessAnswerKeepsALibraryProgramWithin64MiB() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        for run in 1...Self.memoryRuns {
            let (result, peak) = try await Executable.runMeasuringPeakMemory(
                ["20230423"], environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString],
                timeLimit: 60, program: LibraryExampleTests.program)
            #expect(result.status == 1, "run \(run)")
            #expect(peak > 0 && peak <= 64 * 1024, "run \(run): the program stayed within 64 MiB: \(peak) KiB")
        }
    }

    @Test func theTimeoutBoundsATryEvenWhileDataFlows() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(" ".utf8), interval: 0.05) }
        let result = try await Executable.run(["daily", "--date", "20230423", "--timeout", "1", "--retries", "1"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString], timeLimit: 60)
        let elapsed = try #require(server.firstArrival).duration(to: .now)
        #expect(result.status == 69)
        #expect(result.standardError.hasPrefix("boxoffice: 127.0.0.1 did not answer within the time allowed (tried 2 times).\n"))
        // The answer is endless, so only the timeout ends a try (the message says so); the bound
        // only rules out a hang.
        #expect(elapsed < TestTime.limit(.seconds(60)), "not an endless wait: \(elapsed)")
    }

    @Test(arguments: [
        ("eleven", "boxOfficeResult.dailyBoxOfficeList[10]: more than 10 rows; KOBIS ranks at most 10"),
        ("duplicate", "dailyBoxOfficeList holds rank 1 twice"),
    ])
    func rankingsKOBISCannotSendAreUnreadable(kind: String, detail: String) async throws {
        let rows = (1...(kind == "eleven" ? 11 : 2)).map { index in
            #"{"rnum":"\#(index)","rank":"\#(kind == "eleven" ? index : 1)","rankInten":"0","rankOldAndNew":"OLD","movieCd":"2023000\#(index % 10)","movieNm":"m","openDt":"2023-01-01","salesAmt":"1","salesShare":"1.0","salesInten":"0","salesChange":"0","salesAcc":"1","audiCnt":"1","audiInten":"0","audiChange":"0","audiAcc":"1","scrnCnt":"1","showCnt":"1"}"#
        }
        let body = #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20230423~20230423","dailyBoxOfficeList":[\#(rows.joined(separator: ","))]}}"#
        let server = try LoopbackServer { _ in .json(body) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--date", "20230423"], environment: Hostile.environment(server, cache: cache))
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer does not have the expected shape: \(detail).\n"))
        #expect(try AnswerCache(folder: cache).usage().entries == 0, "nothing unreadable is cached")
    }

    @Test func aMillionRowAnswerIsRefusedQuickly() async throws {
        // 1,000,000 rows would be 292 MB; the first 16 MiB of it are enough to refuse it.
        let row = Data(#"{"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20230001","movieNm":"m","openDt":"2023-01-01","salesAmt":"1","salesShare":"1.0","salesInten":"0","salesChange":"0","salesAcc":"1","audiCnt":"1","audiInten":"0","audiChange":"0","audiAcc":"1","scrnCnt":"1","showCnt":"1"},"#.utf8)
        let server = try LoopbackServer { _ in .endless(chunk: Array(repeating: row, count: 200).reduce(Data(), +), interval: 0.001) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        // The size refuses it, never the clock: no request timeout a loaded machine could reach (a
        // helper built with ThreadSanitizer, among six busy loops, took over 15 s for 16 MiB), and
        // the time limit only rules out a hang.
        let result = try await Executable.run(["daily", "--date", "20230423", "--timeout", "600"],
                                              environment: Hostile.environment(server, cache: cache), timeLimit: 60)
        #expect(result.finished)
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer is longer than 16 MiB"))
        #expect(try AnswerCache(folder: cache).usage().entries == 0)
    }
}
