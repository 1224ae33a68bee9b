@testable import BoxOfficeCore
import Foundation
import Testing

/// `boxoffice movie <film>` with its run, through the built binary: the days at hand (the demo's
/// season, the cache) at no call, and `--run` reading the whole run from the loopback server (the
/// recorded season; the emulator answers an unrecorded day with an empty list), stopped by the
/// quota and going on, and offline with half of it cached.
@Suite struct FilmRunEndToEndTests {
    private func environment(_ server: LoopbackServer, cache: URL) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
    }

    private func temporaryCache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-run-\(UUID().uuidString)")
    }

    private func dailyCalls(_ server: LoopbackServer) -> [String] {
        server.requests.compactMap { $0.query["targetDt"] }
    }

    /// The run of 보스 (20228988, opened Friday 2025-10-03), as the recordings say it, over `from`…`to`.
    static func bossRun(from: String, to: String, days: Int, notRead: String = "", inTop10: Bool = false) -> String {
        #"{"from":"\#(from)","to":"\#(to)","daysInPeriod":\#(days),"daysRead":\#(days - (notRead.isEmpty ? 0 : notRead.components(separatedBy: "},{").count)),"daysNotRead":[\#(notRead)],"#
            + #""previews":{"audience":5269,"days":["2025-09-25","2025-09-29"]},"openingDay":{"date":"2025-10-03","audience":238891,"rank":1},"#
            + #""openingWeekend":{"from":"2025-10-03","to":"2025-10-05","audience":666678},"openingWeek":{"to":"2025-10-05","audienceTotal":671941},"#
            + #""asOf":"2025-10-28","audienceTotal":2394911,"salesTotal":23024603620,"inTop10":\#(inTop10),"daysInTop10":27,"daysAtNumberOne":8,"#
            + #""longestAtNumberOne":{"days":8,"from":"2025-10-03","to":"2025-10-10"},"bestRank":1,"bestDay":{"date":"2025-10-07","audience":322760},"#
            + #""mostScreens":1296,"milestones":[{"audience":100000,"date":"2025-10-03","day":1},{"audience":500000,"date":"2025-10-05","day":3},"#
            + #"{"audience":1000000,"date":"2025-10-07","day":5},{"audience":2000000,"date":"2025-10-12","day":10}],"secondWeekendChange":-53.9}"#
    }

    /// The run's part of `movie --json --compact`.
    static func run(_ output: String) -> String {
        guard let start = output.range(of: #","run":"#), let end = output.range(of: "}\n", options: .backwards) else { return output }
        return String(output[start.upperBound..<end.lowerBound])
    }

    /// In the demo, 어쩔수가없다's run is what the recorded season says: its opening day, 2025-09-24,
    /// was never recorded, so the opening day and the previews' audience are not known, said so in
    /// the table; 개봉 5일 만에 100만, the second weekend −24.7%.
    @Test func theDemoSaysTheRunOfItsSeason() async throws {
        let json = try await Executable.run(["--demo", "movie", "20243561", "--json", "--compact"])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(Self.run(json.standardOutput) == #"{"from":"2025-09-10","to":"2025-10-28","daysInPeriod":49,"daysRead":47,"#
            + #""daysNotRead":[{"date":"2025-09-24","reason":"notInSamples"},{"date":"2025-10-20","reason":"notInSamples"}],"#
            + #""previews":{"audience":null,"days":["2025-09-22","2025-09-23"]},"openingDay":null,"#
            + #""openingWeekend":{"from":"2025-09-26","to":"2025-09-28","audience":609294},"openingWeek":{"to":"2025-09-28","audienceTotal":1073453},"#
            + #""asOf":"2025-10-28","audienceTotal":2885303,"salesTotal":28232377440,"inTop10":true,"daysInTop10":35,"daysAtNumberOne":8,"#
            + #""longestAtNumberOne":{"days":8,"from":"2025-09-25","to":"2025-10-02"},"bestRank":1,"bestDay":{"date":"2025-09-27","audience":242011},"#
            + #""mostScreens":1871,"milestones":[{"audience":500000,"date":"2025-09-26","day":3},{"audience":1000000,"date":"2025-09-28","day":5},"#
            + #"{"audience":2000000,"date":"2025-10-06","day":13}],"secondWeekendChange":-24.7}"#)
        let table = try await Executable.run(["--demo", "movie", "20243561", "--color", "never"], environment: ["COLUMNS": "100"])
        let section = table.standardOutput.components(separatedBy: "\nBox office\n").last ?? ""
        #expect(section == """
            Days read           2025-09-10 – 2025-10-28: 47 of 49 days
                                not read: 2025-09-24 and 2025-10-20
            Previews            not known (2025-09-24 not recorded)
                                ranked on 2025-09-22 and 2025-09-23
            Opening day         not known (2025-09-24 not recorded)
            Opening weekend     609,294 · 2025-09-26 – 2025-09-28
            Opening week        1,073,453 in all by 2025-09-28
            Total               2,885,303 · ₩28,232,377,440 as of 2025-10-28, in the top 10 that day
            Days in top 10      35 days (of the days read), best rank 1
            Days at number one  8 days (of the days read), longest 8 in a row (2025-09-25 – 2025-10-02)
            Best day            242,011 on 2025-09-27 (Sat) · #1
            Most screens        1,871
            Milestones          500,000 admissions on 2025-09-26 (day 3)
                                1,000,000 admissions on 2025-09-28 (day 5)
                                2,000,000 admissions on 2025-10-06 (day 13)
            Second weekend      -24.7% against the first

            """)
        // 보스 opened on a Friday: its opening weekend is its opening day's own.
        let boss = try await Executable.run(["--demo", "movie", "보스", "--json", "--compact"])
        #expect(Self.run(boss.standardOutput) == Self.bossRun(from: "2025-09-19", to: "2025-10-28", days: 40,
                                                              notRead: #"{"date":"2025-09-24","reason":"notInSamples"},{"date":"2025-10-20","reason":"notInSamples"}"#,
                                                              inTop10: true))
        // A film of the samples with no day of its run among them has none, and the table says how to read it.
        let older = try await Executable.run(["--demo", "movie", "20124079", "--color", "never"])
        #expect(older.standardOutput.hasSuffix("\nBox office\nNo day of its run is at hand (in the cache, or the samples); 'boxoffice movie 20124079 --run' reads it.\n"))
        let null = try await Executable.run(["--demo", "movie", "20124079", "--json", "--compact"])
        #expect(null.standardOutput.hasSuffix(#""run":null}"# + "\n"))
    }

    /// `--run` reads from two weeks before the opening until the film has been out of the top 10
    /// for seven days (2025-10-29 to 2025-11-04, days the emulator has no film on), its cost said
    /// first; the same run is then at hand from the cache at no call.
    @Test func theWholeRunIsReadThenAtHand() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        // One day at a time, so no day past the stop is asked for ahead (more jobs may ask a few).
        let whole = try await Executable.run(["movie", "20228988", "--run", "--json", "--compact", "--rate", "0", "--jobs", "1"],
                                             environment: environment(server, cache: cache))
        #expect(whole.status == 0, "\(whole.standardError)")
        #expect(whole.standardError.contains("up to 100 days: 100 to fetch from KOBIS, 0 from the cache"), "\(whole.standardError)")
        #expect(Self.run(whole.standardOutput) == Self.bossRun(from: "2025-09-19", to: "2025-11-04", days: 47))
        #expect(dailyCalls(server) == PeriodReading.days(Day(year: 2025, month: 9, day: 19)!...Day(year: 2025, month: 11, day: 4)!).map(\.compact))
        let atHand = try await Executable.run(["movie", "20228988", "--json", "--compact"], environment: environment(server, cache: cache))
        #expect(atHand.status == 0, "\(atHand.standardError)")
        #expect(Self.run(atHand.standardOutput) == Self.bossRun(from: "2025-09-19", to: "2025-11-04", days: 47))
        #expect(dailyCalls(server).count == 47, "at hand, nothing was fetched")
    }

    /// Four days at a time, the days asked for ahead of the stop are answered and kept, not
    /// dropped; and the days the cache holds are read first, so the same run again makes no call
    /// (not even for days past the stop that a reading ahead would ask for).
    @Test func theDaysAskedAheadOfTheStopAreKept() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["movie", "20228988", "--run", "--json", "--compact", "--rate", "0", "--jobs", "4"]
        let first = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(first.status == 0, "\(first.standardError)")
        let asked = server.requests.count
        #expect(asked >= 48, "the details and 47 days, and any asked for ahead of the stop")
        let second = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(second.standardOutput == first.standardOutput && server.requests.count == asked, "all from the cache: \(server.requests.dropFirst(asked).map { $0.query["targetDt"] ?? $0.path })")
    }

    /// A day's cache entry that is not ours to read (a link planted there) is a day not at hand,
    /// never the end of the command: the run at hand is the other days', and the link is left.
    @Test func aForeignEntryIsADayNotAtHand() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let whole = try await Executable.run(["movie", "20228988", "--run", "--json", "--compact", "--rate", "0", "--jobs", "1"], environment: environment(server, cache: cache))
        #expect(whole.status == 0, "\(whole.standardError)")
        let entry = server.cacheFile("boxoffice/searchDailyBoxOfficeList?targetDt=20251010", in: cache)
        try FileManager.default.removeItem(at: entry)
        try FileManager.default.createSymbolicLink(atPath: entry.path, withDestinationPath: "/etc/hostname")
        let atHand = try await Executable.run(["movie", "20228988", "--json", "--compact"], environment: environment(server, cache: cache))
        #expect(atHand.status == 0, "\(atHand.standardError)")
        #expect(Self.run(atHand.standardOutput).contains(#""daysNotRead":[{"date":"2025-10-10","reason":"notCached"}]"#), "\(Self.run(atHand.standardOutput))")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: entry.path)) == "/etc/hostname")
    }

    /// 얼굴 left the top 10 after 2025-10-07, came back on the 11th, left and came back on the
    /// 14th: gaps shorter than seven days do not end its run, which ends seven days after its last
    /// day in the top 10 (the 21st), its totals from that last day.
    @Test func aFilmThatLeavesTheTopTenAndComesBack() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["movie", "20242964", "--run", "--json", "--compact", "--rate", "0", "--jobs", "1"], environment: environment(server, cache: cache))
        #expect(result.status == 0, "\(result.standardError)")
        let run = Self.run(result.standardOutput)
        #expect(run.hasPrefix(#"{"from":"2025-08-28","to":"2025-10-21","daysInPeriod":55,"daysRead":55,"daysNotRead":[],"#), "\(run)")
        #expect(run.contains(#""asOf":"2025-10-14","audienceTotal":1067559,"#) && run.contains(#""inTop10":false,"daysInTop10":28,"#))
        #expect(run.contains(#"{"audience":1000000,"date":"2025-10-05","day":25}"#))
        #expect(dailyCalls(server).count == 55 && dailyCalls(server).last == "20251021")
    }

    /// A quota spent in the middle of `--run` stops it with exit 75, saying so; what was read is
    /// kept, and the next run fetches only the rest.
    @Test func aSpentQuotaStopsTheRunAndTheNextGoesOn() async throws {
        let allowed = Locked(21)
        let server = try LoopbackServer { request in
            let go = allowed.withLock { left -> Bool in
                left -= 1
                return left >= 0
            }
            return go ? KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
                : .json(#"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#)
        }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["movie", "20228988", "--run", "--json", "--compact", "--rate", "0", "--jobs", "1"]
        let first = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(first.status == 75)
        #expect(first.standardError.contains("the key's daily quota is used up (KOBIS error 320011"), "\(first.standardError)")
        #expect(first.standardOutput.isEmpty)
        let before = dailyCalls(server).count
        // The next Korean day: a new quota, and the local count of calls forgotten.
        allowed.withLock { $0 = 1_000 }
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where name.hasPrefix("calls-") {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
        let second = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(second.status == 0, "\(second.standardError)")
        #expect(Self.run(second.standardOutput) == Self.bossRun(from: "2025-09-19", to: "2025-11-04", days: 47))
        #expect(dailyCalls(server).count - before == 47 - 20, "the 20 days read before the stop came from the cache")
    }

    /// Offline, with the run's first days cached: the run says what they give (the opening weekend),
    /// lists the days not cached, and exits 69 as any period missing days does.
    @Test func offlineWithHalfTheRunCached() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let env = environment(server, cache: cache)
        #expect(try await Executable.run(["movie", "20228988"], environment: env).status == 0)
        #expect(try await Executable.run(["daily", "--from", "2025-09-19", "--to", "2025-10-10", "--rate", "0", "--json"], environment: env).status == 0)
        let calls = server.requests.count
        let offline = try await Executable.run(["movie", "20228988", "--run", "--offline", "--json", "--compact"], environment: env)
        #expect(offline.status == 69, "\(offline.standardError)")
        #expect(server.requests.count == calls, "offline, nothing was sent")
        let run = Self.run(offline.standardOutput)
        #expect(run.hasPrefix(#"{"from":"2025-09-19","to":"2025-12-27","daysInPeriod":100,"daysRead":22,"daysNotRead":[{"date":"2025-10-11","reason":"notCached"},"#), "\(run)")
        #expect(run.contains(#""openingWeekend":{"from":"2025-10-03","to":"2025-10-05","audience":666678}"#))
        #expect(run.contains(#""asOf":"2025-10-10","#) && run.contains(#""secondWeekendChange":null}"#))
        #expect(offline.standardError.contains("2025-10-11"), "the days not cached are said")
    }

    /// The window a run is read over, at hand or whole: two weeks before the opening, a hundred
    /// days in all, to yesterday at the latest; nothing before a film is two weeks from opening.
    @Test func theRunsWindow() {
        let opening = Day(year: 2025, month: 10, day: 3)!
        let today = Day(year: 2026, month: 1, day: 1)!
        #expect(FilmRun.window(opening: opening, reading: .whole, today: today) == Day(year: 2025, month: 9, day: 19)!...Day(year: 2025, month: 12, day: 27)!)
        #expect(FilmRun.window(opening: opening, reading: .atHand, today: today) == Day(year: 2025, month: 9, day: 19)!...Day(year: 2025, month: 12, day: 27)!)
        #expect(FilmRun.window(opening: opening, reading: .whole, today: Day(year: 2025, month: 10, day: 10)!)
                == Day(year: 2025, month: 9, day: 19)!...Day(year: 2025, month: 10, day: 9)!)
        #expect(FilmRun.window(opening: opening, reading: .whole, today: Day(year: 2025, month: 9, day: 19)!) == nil)
        #expect(FilmRun.window(opening: nil, reading: .whole, today: today) == nil)
    }
}
