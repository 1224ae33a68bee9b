@testable import BoxOfficeCLI
@testable import BoxOfficeCore
import Foundation
import Testing

/// `boxoffice watch`, run as cron runs it, on the recorded season served by the loopback server
/// through the real transport, its clock set to the days of the season: the first run, catching up
/// over missed days, a revision reported once, a target, two runs at once over one state, a
/// damaged state, a program that fails and one given a title full of shell metacharacters and
/// escape sequences (the built binary under signals: `WatchProgramTests`).
@Suite struct WatchEndToEndTests {
    /// `hour` o'clock in Korea on the day.
    static func korean(_ month: Int, _ day: Int, hour: Int = 10) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
        return calendar.date(from: DateComponents(year: 2025, month: month, day: day, hour: hour))!
    }

    /// A folder for a test's cache and state, removed after it.
    final class Folders: Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-watch-\(UUID().uuidString)")
        var cache: URL { root.appendingPathComponent("cache") }
        var state: URL { root.appendingPathComponent("state") }
        var file: URL { state.appendingPathComponent("watch-default.json") }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static func environment(_ server: LoopbackServer, _ folders: Folders) -> [String: String] {
        ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_CACHE_DIR": folders.cache.path,
         "BOXOFFICE_STATE_DIR": folders.state.path, "HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
    }

    /// One run of the command line at `now`.
    static func run(_ arguments: [String], at now: Date, _ environment: [String: String]) async -> RunResult {
        let capture = OutputCapture()
        let status = await BoxOfficeCommandLine(environment: environment, console: capture.console(), now: { now }).run(arguments)
        return RunResult(status: status, standardOutput: capture.standardOutput, standardError: capture.standardError)
    }

    /// The news of each day, as `news --format jsonl` tells it at `now`.
    static func news(_ days: [String], at now: Date, _ environment: [String: String]) async -> String {
        var lines = ""
        for day in days { lines += await run(["news", "--date", day, "--format", "jsonl", "--rate", "0"], at: now, environment).standardOutput }
        return lines
    }

    /// The first run records where things stand in one line and prints nothing; the next, with
    /// nothing new, says nothing at all. Three days later, it tells the news of the three days it
    /// missed, exactly as `news` tells each, then nothing again.
    @Test func theFirstRunThenCatchingUpOverThreeMissedDays() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let first = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        #expect(first.status == .success, "\(first.standardError)")
        #expect(first.standardOutput.isEmpty)
        #expect(first.standardError == "boxoffice: watch 'default' started: it follows KOBIS from 2025-10-01 on; the next run tells what happens after.\n")
        let again = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2, hour: 11), environment)
        #expect(again.status == .success && again.standardOutput.isEmpty && again.standardError.isEmpty, "\(again.standardError)")

        let caughtUp = await Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 5), environment)
        #expect(caughtUp.status == .success, "\(caughtUp.standardError)")
        // More than ten calls are said (the days' answers kept on the first run have gone stale since).
        #expect(caughtUp.standardError.hasPrefix("boxoffice: 11 days: 11 to fetch from KOBIS, 0 from the cache; 3,000 of today's calls are left (Korean time).\n"),
                "\(caughtUp.standardError)")
        let expected = await Self.news(["2025-10-02", "2025-10-03", "2025-10-04"], at: Self.korean(10, 5), environment)
        #expect(!expected.isEmpty)
        #expect(caughtUp.standardOutput == expected)
        #expect(caughtUp.standardOutput.contains(#"{"date":"2025-10-03","kind":"newNumberOne","movieCode":"20228988","title":"보스","#))
        let after = await Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 5, hour: 11), environment)
        #expect(after.status == .success && after.standardOutput.isEmpty, "\(after.standardOutput)")
        // The state: the last day told, and the two days KOBIS may still revise, with their figures.
        let state = try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file))
        #expect(state.lastDay == Day(year: 2025, month: 10, day: 4) && state.seen.map(\.day.iso) == ["2025-10-03", "2025-10-04"] && state.pending.isEmpty)
    }

    /// KOBIS answers 2025-10-03 again with 보스's audience corrected (as it does through the next
    /// morning): the watch that saw the day says which figures changed, from what to what, once.
    @Test func aRevisionIsReportedOnce() async throws {
        let recorded = try Fixtures.text("daily_20251003.json")
        #expect(recorded.contains(#""audiCnt":"238891""#) && recorded.contains(#""audiAcc":"244160""#))
        let revised = Locked(false)
        let server = try LoopbackServer { request in
            guard request.query["targetDt"] == "20251003", revised.withLock({ $0 }) else { return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key) }
            return .json(recorded.replacingOccurrences(of: #""audiCnt":"238891""#, with: #""audiCnt":"239012""#)
                .replacingOccurrences(of: #""audiAcc":"244160""#, with: #""audiAcc":"244281""#))
        }
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let first = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 4, hour: 1), environment)
        #expect(first.status == .success, "\(first.standardError)")
        revised.withLock { $0 = true }
        // Two hours on, the day's answer is no longer fresh and is asked for again.
        let second = await Self.run(["watch", "--rate", "0", "--color", "never"], at: Self.korean(10, 4, hour: 3), environment)
        #expect(second.status == .success, "\(second.standardError)")
        // One correction, one event: every figure KOBIS changed for the film, in one sentence.
        #expect(second.standardOutput == """
            • 2025-10-03  KOBIS revised 보스's figures for 2025-10-03: audience 238,891 → 239,012, total audience 244,160 → 244,281.

            """, "\(second.standardOutput)")
        let json = await Self.run(["watch", "--json", "--rate", "0"], at: Self.korean(10, 4, hour: 5), environment)
        #expect(json.status == .success && json.standardOutput.isEmpty, "told once: \(json.standardOutput)")
    }

    /// A revision that changes which films are listed: the film that left the list and the one
    /// that joined it are each a revision of their rank.
    @Test func aRevisionOfTheListItself() async throws {
        let recorded = try Fixtures.text("daily_20251003.json")
        #expect(recorded.contains(#""movieCd":"20257729""#))
        let revised = Locked(false)
        let server = try LoopbackServer { request in
            guard request.query["targetDt"] == "20251003", revised.withLock({ $0 }) else { return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key) }
            return .json(recorded.replacingOccurrences(of: #""movieCd":"20257729","movieNm":"배달의 영웅 : 캐리와 슈퍼콜라2""#,
                                                       with: #""movieCd":"2025999A","movieNm":"고친 영화""#))
        }
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 4, hour: 1), environment)
        revised.withLock { $0 = true }
        let second = await Self.run(["watch", "--rate", "0", "--color", "never"], at: Self.korean(10, 4, hour: 3), environment)
        #expect(second.standardOutput == """
            • 2025-10-03  KOBIS revised 배달의 영웅 : 캐리와 슈퍼콜라2's rank for 2025-10-03: 10 → not listed.
            • 2025-10-03  KOBIS revised 고친 영화's rank for 2025-10-03: not listed → 10.

            """, "\(second.standardOutput)")
    }

    /// A milestone is told once: KOBIS's revision may move a total back under a mark that the
    /// next day passes again.
    @Test func aMilestoneIsToldOnce() throws {
        let day = Day(year: 2025, month: 10, day: 7)!
        let event = NewsEvent(kind: .milestone, date: day, movieCode: "20228988", title: "보스", rank: 1, previousRank: 1, audience: 322_760,
                              audienceTotal: 1_308_140, milestone: 1_000_000, day: 5)
        var told: [WatchTarget] = []
        #expect(BoxOfficeClient.firstTold(event, &told))
        #expect(!BoxOfficeClient.firstTold(event, &told))
        let entered = NewsEvent(kind: .entered, date: day, movieCode: "20228988", title: "보스", rank: 1, previousRank: nil, audience: nil,
                                audienceTotal: nil, day: 5)
        #expect(BoxOfficeClient.firstTold(entered, &told) && BoxOfficeClient.firstTold(entered, &told), "only milestones are remembered")
    }

    /// `--target 보스=1,000,000`, set on the first run, is kept until 보스 reaches it on 2025-10-07
    /// (day 5), told among that day's news, and then forgotten.
    @Test func aTargetIsKeptUntilReached() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let first = await Self.run(["watch", "--target", "20228988=1,000,000", "--rate", "0"], at: Self.korean(10, 5), environment)
        #expect(first.status == .success, "\(first.standardError)")
        #expect(first.standardError.contains("and when a target is reached"))
        let second = await Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 8), environment)
        #expect(second.standardOutput.contains(#"{"date":"2025-10-07","kind":"target","movieCode":"20228988","title":"보스","rank":1,"previousRank":null,"audience":322760,"#), "\(second.standardOutput)")
        #expect(second.standardOutput.contains(#""milestone":1000000,"day":5,"endedRun":null,"changes":null,"text":"보스 reaches the watch's target of 1,000,000 admissions on day 5 "#))
        let state = try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file))
        #expect(state.targets.isEmpty && state.reached.map(\.movieCode) == ["20228988"])
        // The crontab line names the target every day: reached, it is not told again.
        let third = await Self.run(["watch", "--target", "20228988=1,000,000", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 10), environment)
        #expect(third.status == .success && !third.standardOutput.isEmpty, "\(third.standardError)")
        #expect(!third.standardOutput.contains(#""kind":"target""#), "\(third.standardOutput)")
    }

    /// Two runs at once over one state: one tells the three days' events, the other waits for it
    /// and finds nothing new; no event is told twice, none is lost.
    @Test func twoRunsAtOnceTellEachEventOnce() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        async let one = Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 5), environment)
        async let two = Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 5), environment)
        let (first, second) = await (one, two)
        #expect(first.status == .success && second.status == .success, "\(first.standardError) \(second.standardError)")
        let expected = await Self.news(["2025-10-02", "2025-10-03", "2025-10-04"], at: Self.korean(10, 5), environment)
        #expect([first.standardOutput, second.standardOutput].sorted() == ["", expected])
    }

    /// KOBIS failing (HTTP 500, after the retries) stops the run as any command stops (exit 69),
    /// with nothing told and the state as it was; once KOBIS answers, the next run catches up.
    @Test func aFailedFetchLeavesTheStateAsItWas() async throws {
        let failing = Locked(true)
        let server = try LoopbackServer { request in
            if request.query["targetDt"] == "20251003", failing.withLock({ $0 }) { return .html("<html>busy</html>", status: 500) }
            return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        let before = try Data(contentsOf: folders.file)
        let failed = await Self.run(["watch", "--rate", "0", "--retries", "0"], at: Self.korean(10, 5), environment)
        #expect(failed.status == .unavailable, "\(failed.standardError)")
        #expect(failed.standardOutput.isEmpty)
        #expect(try Data(contentsOf: folders.file) == before)
        failing.withLock { $0 = false }
        let after = await Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 5), environment)
        #expect(after.status == .success, "\(after.standardError)")
        #expect(after.standardOutput == (await Self.news(["2025-10-02", "2025-10-03", "2025-10-04"], at: Self.korean(10, 5), environment)))
    }

    /// Retries a run's share of days did not count on (KOBIS failing once on each day after
    /// 2025-10-02) reach --max-calls part way: the days read are told and kept, the rest left for
    /// the next run with a note, and that run tells them; nothing told twice, nothing lost.
    @Test func theLimitOfCallsReachedPartWayLeavesTheRestForTheNextRun() async throws {
        let tried = Locked<Set<String>>([])
        let server = try LoopbackServer { request in
            let day = request.query["targetDt"] ?? ""
            if day >= "20251003", tried.withLock({ $0.insert(day).inserted }) { return .html("<html>busy</html>", status: 500) }
            return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        // 14 calls: 2025-10-02's nine days, then two for each later day, until the 14th call (the
        // first try of 10-05) leaves no room for its retry.
        let first = await Self.run(["watch", "--format", "jsonl", "--rate", "0", "--retries", "1", "--max-calls", "14"], at: Self.korean(10, 8), environment)
        #expect(first.status == .success, "\(first.standardError)")
        #expect(first.standardError.hasSuffix("boxoffice: read up to 2025-10-04; 3 more days published since are left for the next run (--max-calls sets how many a run reads).\n"),
                "\(first.standardError)")
        #expect(try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file)).lastDay.iso == "2025-10-04")
        let rest = await Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 8), environment)
        #expect(rest.status == .success, "\(rest.standardError)")
        let expected = await Self.news((2...7).map { "2025-10-0\($0)" }, at: Self.korean(10, 8), environment)
        #expect(!first.standardOutput.isEmpty && !rest.standardOutput.isEmpty)
        #expect(first.standardOutput + rest.standardOutput == expected)
    }

    /// A state written before a watch kept the targets it reached and the milestones it told is
    /// read, those lists empty; and a program is started with no signal blocked: a TERM ends it.
    @Test func anOlderStateIsReadAndAProgramCanBeStopped() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        try FileManager.default.createDirectory(at: folders.state, withIntermediateDirectories: true)
        try Data(#"{"version":1,"deep":false,"lastDay":"2025-10-02","seen":[],"targets":[],"pending":[]}"#.utf8).write(to: folders.file)
        let result = await Self.run(["watch", "--rate", "0", "--exec", "/bin/sh", "-c", "kill -TERM $$; echo survived", ";"], at: Self.korean(10, 4), environment)
        #expect(result.status == .failure, "\(result.standardError)")
        #expect(!result.standardOutput.contains("survived"))
        #expect(result.standardError.contains("was stopped by signal 15"), "\(result.standardError)")
        let state = try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file))
        #expect(state.lastDay.iso == "2025-10-03" && !state.pending.isEmpty && state.reached.isEmpty)
    }

    /// A day looked back on that KOBIS cannot answer (its fault 320099, each time) does not stop
    /// the watch: each day's news is told as `news` tells it without that day, the day is named
    /// with what it was read for, and the run ends well. A day seen earlier that KOBIS cannot
    /// answer again is kept, to look at next run.
    @Test func aDayKOBISCannotAnswerIsNotAStop() async throws {
        let failing = Locked<Set<String>>(["20250928"])
        let server = try LoopbackServer { request in
            if failing.withLock({ $0.contains(request.query["targetDt"] ?? "") }) { return .json(KOBISFailureEndToEndTests.fault) }
            return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        let caughtUp = await Self.run(["watch", "--format", "jsonl", "--rate", "0", "--retries", "0"], at: Self.korean(10, 5), environment)
        #expect(caughtUp.status == .success, "\(caughtUp.standardError)")
        let expected = await Self.news(["2025-10-02", "2025-10-03", "2025-10-04"], at: Self.korean(10, 5), environment)
        #expect(!expected.isEmpty && caughtUp.standardOutput == expected)
        #expect(caughtUp.standardError.hasSuffix("""
            boxoffice: KOBIS could not answer for 2025-09-28, looked back on for the news of 2025-10-02, 2025-10-03 and 2025-10-04: told without it, so a film back in the top 10 after days out may be said to enter.

            """), "\(caughtUp.standardError)")
        #expect(try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file)).lastDay.iso == "2025-10-04")
        // Three hours on, KOBIS cannot answer for a day the watch saw while it could be revised.
        failing.withLock { $0 = ["20251004"] }
        let later = await Self.run(["watch", "--rate", "0", "--retries", "0"], at: Self.korean(10, 5, hour: 13), environment)
        #expect(later.status == .success && later.standardOutput.isEmpty, "\(later.standardError)")
        #expect(later.standardError == "boxoffice: KOBIS could not answer for 2025-10-04, seen earlier while it could still revise it: its revisions are looked for again next run.\n")
        let state = try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file))
        #expect(state.seen.map(\.day.iso) == ["2025-10-03", "2025-10-04"])
    }

    /// A program that cannot be started is tried once, not once an event: one line says why,
    /// and every event is kept for the next run.
    @Test func aProgramThatCannotBeStartedIsTriedOnce() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        let result = await Self.run(["watch", "--rate", "0", "--exec", "/nonexistent/prog", "--flag", ";"], at: Self.korean(10, 4), environment)
        #expect(result.status == .failure)
        let state = try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file))
        let expected = await Self.news(["2025-10-02", "2025-10-03"], at: Self.korean(10, 4), environment)
        #expect(state.pending.count == expected.split(separator: "\n").count && state.lastDay.iso == "2025-10-03")
        #expect(result.standardError.hasSuffix("""
            boxoffice: '/nonexistent/prog' cannot be started (No such file or directory).
            Those \(state.pending.count) events are kept, and given to the program again on the next run.

            """), "\(result.standardError)")
    }

    /// A symbolic link where the state would be is not followed, not moved, not replaced.
    @Test func aLinkForAStateIsLeftAlone() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        try FileManager.default.createDirectory(at: folders.state, withIntermediateDirectories: true)
        let target = folders.root.appendingPathComponent("elsewhere.json")
        try Data("precious".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: folders.file, withDestinationURL: target)
        let result = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 5), environment)
        #expect(result.status == .failure, "\(result.standardError)")
        #expect(result.standardError.contains("the watch's state cannot be kept: \(folders.file.path)"), "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folders.file.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious")
    }

    /// A program that fails is reported (exit 1) and its events are kept: the next run gives them
    /// to the program again, in order, each as JSON on its standard input.
    @Test func aFailingProgramLosesNoEvent() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        let failing = await Self.run(["watch", "--rate", "0", "--exec", "/bin/sh", "-c", "exit 3", ";"], at: Self.korean(10, 4), environment)
        #expect(failing.status == .failure)
        #expect(failing.standardOutput.isEmpty)
        #expect(failing.standardError.contains("'/bin/sh -c exit 3' exited with 3 for 2025-10-02 "), "\(failing.standardError)")
        #expect(failing.standardError.contains("events are kept, and given to the program again on the next run."), "\(failing.standardError)")
        let received = folders.root.appendingPathComponent("received.jsonl")
        let seen = folders.root.appendingPathComponent("environment.txt")
        var secret = environment
        secret["BOXOFFICE_REVIEW_PASSWORD"] = "hunter2-secret"
        let working = await Self.run(["watch", "--rate", "0", "--exec", "/bin/sh", "-c", "cat >> \"$0\"; env >> \"$1\"", received.path, seen.path, ";"],
                                     at: Self.korean(10, 4, hour: 11), secret)
        let variables = try String(contentsOf: seen, encoding: .utf8)
        #expect(variables.contains("BOXOFFICE_EVENT_KIND=") && variables.contains("BOXOFFICE_EVENT_MOVIE_CODE="))
        #expect(!variables.contains(KOBISEmulator.key) && !variables.contains("hunter2-secret"), "no key, no password reaches the program")
        #expect(working.status == .success, "\(working.standardError)")
        let expected = await Self.news(["2025-10-02", "2025-10-03"], at: Self.korean(10, 4), environment)
        #expect(try String(contentsOf: received, encoding: .utf8) == expected)
    }

    /// A title full of shell metacharacters and escape sequences reaches the program as it is, in
    /// its variables and its input, without a shell ever reading it as a command; what the program
    /// prints reaches the terminal with the escapes neutralised, and so does the table.
    @Test func aHostileTitleIsOnlyData() async throws {
        let hostile = #"보스 $(touch PWNED); `touch PWNED2` | rm -rf ~ \u001b[2J\u001b]0;owned\u0007 'x' \"y\""#
        let recorded = try Fixtures.text("daily_20251003.json").replacingOccurrences(of: #""movieNm":"보스""#, with: #""movieNm":"\#(hostile)""#)
        let server = try LoopbackServer { request in
            request.query["targetDt"] == "20251003" ? .json(recorded) : KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let folders = Folders()
        try FileManager.default.createDirectory(at: folders.root, withIntermediateDirectories: true)
        var environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 3), environment)
        let title = folders.root.appendingPathComponent("title.txt")
        environment["OUT"] = title.path
        let result = await Self.run(["watch", "--rate", "0", "--exec", "/bin/sh", "-c",
                                     #"if [ "$BOXOFFICE_EVENT_KIND" = newNumberOne ]; then printf %s "$BOXOFFICE_EVENT_TITLE" > "$OUT"; printf '%s\n' "$BOXOFFICE_EVENT_TITLE"; fi"#, ";"],
                                    at: Self.korean(10, 4), environment)
        #expect(result.status == .success, "\(result.standardError)")
        let expectedTitle = "보스 $(touch PWNED); `touch PWNED2` | rm -rf ~ \u{1b}[2J\u{1b}]0;owned\u{07} 'x' \"y\""
        #expect(try String(contentsOf: title, encoding: .utf8) == expectedTitle)
        #expect(!FileManager.default.fileExists(atPath: "PWNED") && !FileManager.default.fileExists(atPath: "PWNED2"))
        #expect(!result.standardOutput.contains("\u{1b}") && !result.standardOutput.contains("\u{07}"))
        #expect(result.standardOutput.contains("보스 $(touch PWNED); `touch PWNED2` | rm -rf ~ "), "\(result.standardOutput)")
        // Printed as a table, the same.
        let printed = await Self.run(["news", "--date", "2025-10-03", "--rate", "0"], at: Self.korean(10, 4), environment)
        #expect(!printed.standardOutput.contains("\u{1b}") && printed.standardOutput.contains("rm -rf ~"))
    }
}
