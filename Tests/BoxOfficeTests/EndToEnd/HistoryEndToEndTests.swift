@testable import BoxOfficeCLI
@testable import BoxOfficeHistory
import BoxOfficeCore
import Foundation
import Testing

/// The history database: a sync from the loopback server over the recorded season, resumed past
/// the limit of calls, a revision of a held day kept, `sql` refusing every kind of write and
/// stopping a runaway query, every format, and files the history must leave as they are (damaged,
/// newer, another program's, read-only).
@Suite struct HistoryEndToEndTests {
    /// A moment in Korea.
    static func korea(_ year: Int, _ month: Int, _ day: Int, hour: Int = 3) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))!
    }

    /// A folder for a test's cache and history, removed after it.
    final class Folders: Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-history-\(UUID().uuidString)")
        var cache: URL { root.appendingPathComponent("cache") }
        var history: URL { root.appendingPathComponent("data/history.sqlite3") }
        deinit {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root.appendingPathComponent("data").path)
            try? FileManager.default.removeItem(at: root)
        }
    }

    static func environment(_ server: LoopbackServer, _ folders: Folders) -> [String: String] {
        ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_CACHE_DIR": folders.cache.path,
         "BOXOFFICE_HISTORY": folders.history.path, "HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
    }

    static func run(_ arguments: [String], at now: Date = korea(2026, 12, 6), _ environment: [String: String]) async -> RunResult {
        let capture = OutputCapture()
        let status = await BoxOfficeCommandLine(environment: environment, console: capture.console(), now: { now }).run(arguments)
        return RunResult(status: status, standardOutput: capture.standardOutput, standardError: capture.standardError)
    }

    private func dailyRequests(_ server: LoopbackServer) -> [String] {
        server.requests.filter { $0.path.hasSuffix("searchDailyBoxOfficeList.json") }.compactMap { $0.query["targetDt"] }
    }

    /// The recorded autumn: 51 days read into the history, each once, oldest first; what `sql`
    /// answers is what `daily` answers; a second sync reads nothing; `info` says what is held.
    @Test func aSyncKeepsTheSeasonAndSQLAnswersFromIt() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let sync = await Self.run(["history", "sync", "--from", "2025-09-08", "--to", "2025-10-28", "--rate", "0", "--yes"], environment)
        #expect(sync.status == .success, "\(sync.standardError)")
        #expect(sync.standardOutput == "Read 51 days new.\n")
        let asked = dailyRequests(server)
        #expect(asked.count == 51 && Set(asked).count == 51 && asked.sorted().first == "20250908" && asked.sorted().last == "20251028", "\(asked)")
        let again = await Self.run(["history", "sync", "--from", "2025-09-08", "--to", "2025-10-28", "--rate", "0"], environment)
        #expect(again.standardOutput == "The history holds every day from 2025-09-08 to 2025-10-28; nothing new to read.\n")
        #expect(dailyRequests(server).count == 51, "a held day costs no call")

        let top = await Self.run(["sql", "SELECT date, rank, movie_code, title, audience, audience_total FROM ranking WHERE list = 'all' AND date = '2025-10-27' ORDER BY rank LIMIT 3",
                                  "--json", "--compact"], environment)
        let daily = await Self.run(["daily", "--date", "2025-10-27", "--fields", "rank,movieCode,title,audience,audienceTotal", "--json", "--compact"], environment)
        #expect(top.status == .success, "\(top.standardError)")
        let rows = try JSONSerialization.jsonObject(with: Data(top.standardOutput.utf8)) as? [[String: Any]] ?? []
        let entries = (try JSONSerialization.jsonObject(with: Data(daily.standardOutput.utf8)) as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        #expect(rows.count == 3 && entries.count >= 3)
        for (row, entry) in zip(rows, entries) {
            #expect(row["movie_code"] as? String == entry["movieCode"] as? String && row["title"] as? String == entry["title"] as? String)
            #expect(row["audience"] as? Int == entry["audience"] as? Int && row["audience_total"] as? Int == entry["audienceTotal"] as? Int)
            #expect(row["date"] as? String == "2025-10-27")
        }
        #expect(dailyRequests(server).count == 51, "daily answered from the cache")

        let info = await Self.run(["history", "info", "--json", "--compact"], environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        #expect(object["path"] as? String == folders.history.path && object["schemaVersion"] as? Int == 1 && object["days"] as? Int == 51)
        #expect(object["first"] as? String == "2025-09-08" && object["last"] as? String == "2025-10-28")
        #expect((object["gaps"] as? [Any])?.isEmpty == true && object["deepDays"] as? Int == 0 && object["revisions"] as? Int == 0)
        #expect(Array(object.keys).sorted() == ["bytes", "days", "deepDays", "films", "filmsWithDetails", "first", "gaps", "last", "path", "revisions", "schemaVersion"])
        let path = await Self.run(["history", "path"], environment)
        #expect(path.standardOutput == folders.history.path + "\n")
        let check = await Self.run(["history", "check"], environment)
        #expect(check.status == .success && check.standardOutput.hasPrefix("ok: 51 days held whole"), "\(check.standardError)")
        // The views: each film's days in the top 10 and its best rank, over the season.
        let film = await Self.run(["sql", "SELECT count(*) AS films, sum(days_in_top10) AS rows FROM film", "--format", "csv"], environment)
        let count = await Self.run(["sql", "SELECT count(DISTINCT movie_code), count(*) FROM ranking", "--format", "csv"], environment)
        #expect(film.standardOutput.split(separator: "\n").last == count.standardOutput.split(separator: "\n").last)
    }

    /// Once synced, every period command reads the days the history holds at no call (a new, empty
    /// cache: the server's log does not grow), and answers what it answers without the history.
    @Test func periodCommandsReadTheHistoryAtNoCall() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        var environment = Self.environment(server, folders)
        let sync = await Self.run(["history", "sync", "--from", "2025-09-01", "--to", "2025-10-31", "--rate", "0", "--yes"], environment)
        #expect(sync.status == .success, "\(sync.standardError)")
        let commands: [[String]] = [
            ["top", "--from", "2025-09-08", "--to", "2025-10-28", "--json"],
            ["records", "--from", "2025-09-08", "--to", "2025-10-28", "--json"],
            ["daily", "--from", "2025-10-01", "--to", "2025-10-10", "--json"], ["daily", "--date", "2025-10-05", "--json"],
            ["calendar", "2025-10", "--json"], ["calendar", "2025-09", "--json"],
            ["news", "--date", "2025-10-23", "--json"],
            ["trend", "20256757", "--from", "2025-09-20", "--to", "2025-10-20", "--json"],
        ]
        let (expected, historyAlone) = await expectTheSameFromTheHistoryAlone(commands, environment, server, folders)
        // A history that holds the period's first days only: its records take those from it at
        // once and the rest as any period's days (here from the cache), and are the same.
        var partial = environment
        partial["BOXOFFICE_HISTORY"] = folders.root.appendingPathComponent("partial.sqlite3").path
        _ = await Self.run(["history", "sync", "--from", "2025-09-01", "--to", "2025-10-20", "--rate", "0", "--yes"], partial)
        let mixed = await Self.run(commands[1] + ["--compact"], partial)
        #expect(mixed.status == .success && mixed.standardOutput == expected[1], "\(mixed.standardError)")
        let asked = dailyRequests(server).count
        environment = historyAlone
        // A period past what the history holds asks only for the days it lacks.
        let wider = await Self.run(["top", "--from", "2025-08-25", "--to", "2025-10-31", "--json", "--rate", "0"], environment)
        #expect(wider.status == .success, "\(wider.standardError)")
        #expect(dailyRequests(server).count == asked + 7)
        // --all-time: its cost question counts only the days the history lacks.
        let allTime = await Self.run(["top", "--all-time", "--max-calls", "10"], environment)
        let days = Day.kobisFirst.days(to: try #require(Day("2026-12-05"))) + 1
        #expect(allTime.status == .usage && allTime.standardError.contains(NumberFormat.grouped(days - 68) + " calls to KOBIS"), "\(allTime.standardError)")
    }

    /// A film's run at hand, from a history that holds every day of its window (the film's own
    /// days, read at once), is what the cache's days make of it; a year's ranking and records too.
    @Test func aFilmsRunAtHandIsTheSameFromTheHistory() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let sync = await Self.run(["history", "sync", "--from", "2025-01-01", "--to", "2025-12-31", "--rate", "0", "--yes"], environment)
        #expect(sync.status == .success, "\(sync.standardError)")
        let commands = [["movie", "20256757", "--json"], ["top", "--year", "2025", "--json"], ["records", "--year", "2025", "--json"]]
        let expected = await expectTheSameFromTheHistoryAlone(commands, environment, server, folders).expected
        #expect(expected[0].contains("\"openingWeekend\""), "the run is shown: \(expected[0].prefix(300))")
    }

    /// What `commands` answer from the cache the sync filled, without the history; then, from the
    /// history alone (a new, empty cache), each answers the same, and no day is asked of KOBIS.
    /// Gives back the answers, and the environment of the history alone.
    private func expectTheSameFromTheHistoryAlone(_ commands: [[String]], _ environment: [String: String], _ server: LoopbackServer,
                                                  _ folders: Folders) async -> (expected: [String], historyAlone: [String: String]) {
        var withoutHistory = environment
        withoutHistory["BOXOFFICE_HISTORY"] = folders.root.appendingPathComponent("none.sqlite3").path
        var expected: [String] = []
        for command in commands { expected.append(await Self.run(command + ["--compact"], withoutHistory).standardOutput) }
        let asked = dailyRequests(server).count
        var historyAlone = environment
        historyAlone["BOXOFFICE_CACHE_DIR"] = folders.root.appendingPathComponent("empty-cache").path
        for (command, answer) in zip(commands, expected) {
            let result = await Self.run(command + ["--compact"], historyAlone)
            #expect(result.status == .success, "\(command): \(result.standardError)")
            #expect(result.standardOutput == answer, "\(command)")
            #expect(!result.standardOutput.isEmpty)
        }
        #expect(dailyRequests(server).count == asked, "no day was asked of KOBIS")
        return (expected, historyAlone)
    }

    /// The whole past in the demo: the days the samples hold are read, and the note counts the
    /// period's thousands of days as every number is written (8,375, not 8375).
    @Test func theDemosWholePastIsCountedInWords() async {
        let result = await Self.run(["--demo", "top", "--all-time", "--limit", "1"], ["HOME": "/nonexistent"])
        #expect(result.status == .success)
        #expect(result.standardError.contains("read 57 of the period's 8,375 days, the ones the sample data holds."), "\(result.standardError)")
        #expect(result.standardOutput.contains("read 57 of the period's 8,375 days: the ones the sample data holds"), "\(result.standardOutput)")
    }

    /// Past the limit of calls a sync stops, says where, and the next run goes on from there; a
    /// day KOBIS cannot answer is named and left for the next run.
    @Test func aSyncStopsAtTheLimitAndTheNextGoesOn() async throws {
        let failing = Locked(true)
        let server = try LoopbackServer(handler: { request in
            if request.query["targetDt"] == "20250915", failing.withLock({ $0 }) {
                return .json(#"{"faultInfo":{"message":"알수 없는 오류가 발생하였습니다.","errorCode":"320099"}}"#)
            }
            return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        })
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let first = await Self.run(["history", "sync", "--from", "2025-09-08", "--to", "2025-09-30", "--rate", "0", "--retries", "0", "--max-calls", "10"], environment)
        #expect(first.status == .success, "\(first.standardError)")
        #expect(first.standardOutput == """
            Read 9 days new.
            KOBIS could not answer for 2025-09-15; the next sync asks again.
            Stopped at the limit of calls with 13 days left, from 2025-09-18; run it again to go on (--max-calls N or --yes for more a run).

            """)
        failing.withLock { $0 = false }
        let second = await Self.run(["history", "sync", "--from", "2025-09-08", "--to", "2025-09-30", "--rate", "0", "--max-calls", "20"], environment)
        #expect(second.standardOutput == "Read 14 days new.\n", "\(second.standardError)")
        let days = await Self.run(["sql", "SELECT count(*) AS n FROM ranking_day", "--format", "tsv"], environment)
        #expect(days.standardOutput == "n\n23\n")
        #expect(Set(dailyRequests(server)).count == 23)
    }

    /// `--deep` keeps the four filtered lists of each day too, and `--details` each ranked film's
    /// details once (a film KOBIS gives none for is named and asked again next time).
    @Test func aDeepSyncWithDetailsKeepsTheListsAndTheFilms() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let sync = await Self.run(["history", "sync", "--from", "2025-10-21", "--to", "2025-10-22", "--deep", "--details", "--rate", "0", "--yes"], environment)
        #expect(sync.status == .success, "\(sync.standardError)")
        let lists = await Self.run(["sql", "SELECT list, count(*) AS days FROM ranking_day GROUP BY list ORDER BY list", "--format", "csv"], environment)
        #expect(lists.standardOutput == "list,days\nall,2\nforeign_commercial,2\nforeign_diversity,2\nkorean_commercial,2\nkorean_diversity,2\n")
        let deep = server.requests.filter { $0.path.hasSuffix("searchDailyBoxOfficeList.json") && $0.query["repNationCd"] == "K" && $0.query["multiMovieYn"] == "Y" }
        #expect(deep.count == 2)
        let films = await Self.run(["sql", "SELECT count(DISTINCT movie_code) FROM ranking WHERE list = 'all'", "--format", "tsv"], environment)
        let ranked = Int(films.standardOutput.split(separator: "\n").last ?? "") ?? 0
        let asked = Set(server.requests.filter { $0.path.hasSuffix("searchMovieInfo.json") }.compactMap { $0.query["movieCd"] })
        #expect(ranked > 5 && asked.count == ranked, "each film's details asked once")
        let kept = await Self.run(["sql", "SELECT movie_code, genres FROM movie WHERE movie_code = '20228988'", "--format", "csv"], environment)
        #expect(kept.standardOutput.hasPrefix("movie_code,genres\n20228988,\"[\"\"") , "\(kept.standardOutput)")
        let info = await Self.run(["history", "info", "--json", "--compact"], environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        #expect(object["deepDays"] as? Int == 2 && (object["filmsWithDetails"] as? Int ?? 0) >= 1)
        let unknown = ranked - (object["filmsWithDetails"] as? Int ?? 0)
        if unknown > 0 { #expect(sync.standardOutput.contains("KOBIS gave no details for \(unknown) film"), "\(sync.standardOutput)") }
        // Again: nothing new, and only the films without details asked for again.
        let again = await Self.run(["history", "sync", "--from", "2025-10-21", "--to", "2025-10-22", "--deep", "--details", "--rate", "0", "--yes"], environment)
        #expect(again.standardOutput.hasPrefix("The history holds every day from 2025-10-21 to 2025-10-22; nothing new to read."), "\(again.standardOutput)")
    }

    /// KOBIS revises the last days: a sync reads them again, and each figure it changed is kept.
    @Test func aRevisionOfAHeldDayIsKept() async throws {
        let revised = Locked(false)
        let server = try LoopbackServer(handler: { request in
            if request.query["targetDt"] == "20251027", revised.withLock({ $0 }) {
                let body = String(decoding: (try? Fixtures.data("daily_20251027.json")) ?? Data(), as: UTF8.self)
                let first = body.firstMatch(of: #/"audiCnt":"(\d+)"/#)
                let changed = first.map { body.replacingCharacters(in: $0.range, with: #""audiCnt":"\#((Int($0.1) ?? 0) + 7)""#) } ?? body
                return .json(changed)
            }
            return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        })
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let first = await Self.run(["history", "sync", "--from", "2025-10-25", "--rate", "0"], at: Self.korea(2025, 10, 29), environment)
        #expect(first.standardOutput == "Read 4 days new.\n", "\(first.standardError)")
        revised.withLock { $0 = true }
        // Two hours later, when the cache no longer holds the provisional days.
        let second = await Self.run(["history", "sync", "--from", "2025-10-25", "--rate", "0"], at: Self.korea(2025, 10, 29, hour: 5), environment)
        #expect(second.standardOutput == "Read 4 days again (KOBIS may still revise them); KOBIS revised 1 figure, kept in revision.\n", "\(second.standardError)")
        let rows = await Self.run(["sql", "SELECT date, list, movie_code, field, new_value - old_value AS change FROM revision", "--format", "csv"], environment)
        let code = await Self.run(["sql", "SELECT movie_code FROM ranking WHERE date = '2025-10-27' AND rank = 1", "--format", "tsv"], environment)
        let movie = code.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        #expect(rows.standardOutput == "date,list,movie_code,field,change\n2025-10-27,all,\(movie),audience,7\n")
    }

    /// Anything but a read is refused before it runs (exit 64), the database unchanged; a runaway
    /// query is stopped by its time; a syntax error is the user's.
    @Test func sqlRefusesEveryKindOfWrite() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["history", "sync", "--from", "2025-10-20", "--to", "2025-10-22", "--rate", "0"], environment)
        let before = try Data(contentsOf: folders.history)
        for query in ["DELETE FROM ranking", "INSERT INTO movie (movie_code, title, fetched_at) VALUES ('x', 'y', 'z')", "UPDATE ranking SET rank = 0",
                      "DROP TABLE ranking", "CREATE TABLE x (a)", "ATTACH DATABASE '/tmp/x.db' AS x", "PRAGMA user_version = 9", "PRAGMA journal_mode = DELETE",
                      "SELECT load_extension('/tmp/x.so')", "VACUUM", "BEGIN", "REINDEX", "ANALYZE",
                      "WITH x AS (SELECT 1) DELETE FROM ranking", "SELECT 1; DELETE FROM ranking"] {
            let result = await Self.run(["sql", query], environment)
            #expect(result.status == .usage, "\(query): \(result.standardError)")
            #expect(result.standardOutput.isEmpty, "\(query)")
        }
        #expect(try Data(contentsOf: folders.history) == before)
        let reads = await Self.run(["sql", "PRAGMA user_version", "--format", "csv"], environment)
        #expect(reads.standardOutput == "user_version\n1\n")
        let syntax = await Self.run(["sql", "SELEC 1"], environment)
        #expect(syntax.status == .usage && syntax.standardError.contains("SQLite cannot run the query"), "\(syntax.standardError)")
        let runaway = await Self.run(["sql", "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n", "--timeout", "0.5"], environment)
        #expect(runaway.status == .failure && runaway.standardError.contains("the query was stopped after 0.5 seconds"), "\(runaway.standardError)")
    }

    /// Every format; the table shows 1,000 rows and counts the rest; JSON writes every row unless --max-rows.
    @Test func sqlWritesEveryFormat() async throws {
        let environment = ["HOME": "/nonexistent", "BOXOFFICE_HISTORY": "/nonexistent/history.sqlite3"]
        let query = "SELECT 'a,b' AS name, 1 AS n, 2.5 AS x, NULL AS z UNION ALL SELECT '한글', 20000, NULL, NULL"
        #expect(await Self.run(["--demo", "--quiet", "sql", query, "--format", "csv"], environment).standardOutput == "name,n,x,z\n\"a,b\",1,2.5,\n한글,20000,,\n")
        #expect(await Self.run(["--demo", "--quiet", "sql", query, "--format", "jsonl"], environment).standardOutput
            == #"{"name":"a,b","n":1,"x":2.5,"z":null}"# + "\n" + #"{"name":"한글","n":20000,"x":null,"z":null}"# + "\n")
        #expect(await Self.run(["--demo", "--quiet", "sql", query, "--json", "--compact", "--max-rows", "1"], environment).standardOutput
            == #"[{"name":"a,b","n":1,"x":2.5,"z":null}]"# + "\n")
        let markdown = await Self.run(["--demo", "--quiet", "sql", query, "--format", "markdown"], environment)
        #expect(markdown.standardOutput.hasPrefix("| name | n | x | z |"), "\(markdown.standardOutput)")
        let many = await Self.run(["--demo", "--quiet", "sql", "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500) SELECT i FROM n",
                                   "--color", "never"], environment)
        let lines = many.standardOutput.split(separator: "\n")
        #expect(lines.count == 1_002 && lines.last == "500 more rows (every row with --format csv, json or jsonl)", "\(lines.suffix(2))")
        let all = await Self.run(["--demo", "--quiet", "sql", "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500) SELECT i FROM n",
                                  "--format", "csv"], environment)
        #expect(all.standardOutput.split(separator: "\n").count == 1_501)
        // The demo's history holds the sample season, in memory: nothing is written.
        let demo = await Self.run(["--demo", "--quiet", "history", "info", "--json", "--compact"], environment)
        #expect(demo.standardOutput.contains(#""days":"#) && !demo.standardOutput.contains(#""days":0,"#), "\(demo.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/history.sqlite3"))
    }

    /// A damaged file, another program's database, a newer schema and a file that is no
    /// database are refused, their bytes unchanged; a read-only history answers queries, and a
    /// sync says it cannot write.
    @Test func filesTheHistoryMustNotChangeAreLeftAsTheyAre() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["history", "sync", "--from", "2025-10-20", "--to", "2025-10-22", "--rate", "0"], environment)
        let good = try Data(contentsOf: folders.history)
        #expect(good.count > 4096)

        // Bytes overwritten in the middle of the file.
        var damaged = good
        for index in 4096..<min(good.count, 8192) { damaged[index] = 0x5A }
        try damaged.write(to: folders.history)
        for arguments in [["history", "sync", "--from", "2025-10-20", "--to", "2025-10-23", "--rate", "0"], ["history", "check"]] {
            let result = await Self.run(arguments, environment)
            #expect(result.status == .dataError, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("damaged") && result.standardError.contains("left as it is"), "\(result.standardError)")
            #expect(try Data(contentsOf: folders.history) == damaged)
        }

        // A newer schema, another program's database, a text file.
        let newer = folders.root.appendingPathComponent("newer.sqlite3")
        let foreign = folders.root.appendingPathComponent("foreign.sqlite3")
        let text = folders.root.appendingPathComponent("notes.txt")
        try good.write(to: newer)
        try Self.sqlite(newer, "PRAGMA user_version = 7")
        try Self.sqlite(foreign, "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
        try Data("my notes\n".utf8).write(to: text)
        for (file, words) in [(newer, "schema version 7, newer"), (foreign, "another program's SQLite database"), (text, "not an SQLite database")] {
            let bytes = try Data(contentsOf: file)
            for arguments in [["history", "sync", "--to", "2025-10-20", "--rate", "0"], ["sql", "SELECT 1"], ["history", "info"]] {
                let result = await Self.run(["--history", file.path] + arguments, environment)
                #expect(result.status != .success && result.standardError.contains(words), "\(file.lastPathComponent) \(arguments): \(result.standardError)")
                #expect(try Data(contentsOf: file) == bytes, "\(file.lastPathComponent) \(arguments)")
            }
        }

    }

    /// A history that cannot be written (its file and folder read-only) answers queries, and a
    /// sync says it cannot write, the file unchanged. Root writes whatever the modes say.
    @Test(.enabled(if: getuid() != 0))
    func aReadOnlyHistoryAnswersQueries() async throws {
        try await readOnlyHistoryAnswers(asNobody: false)
    }

    /// A sync killed (SIGKILL) at any moment leaves a history that passes its check, and the
    /// next sync completes it with each day once; two syncs at once never write a day twice (the
    /// second says a sync is running). Through the built binary, against a server that takes its time.
    @Test func aKilledSyncLosesNothingAndTwoSyncsNeverCollide() async throws {
        let server = try LoopbackServer(handler: { request in
            .delayed(seconds: 0.01, then: KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key))
        })
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let sync = ["history", "sync", "--from", "2025-09-08", "--to", "2025-10-28", "--rate", "0", "--yes", "--jobs", "1"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3 {
            let wait = Double.random(in: 0.05...0.6, using: &generator)
            let killed = try await Executable.run(sync, environment: environment, whileRunning: { process in
                try? await Task.sleep(for: .seconds(wait))
                kill(process.processIdentifier, SIGKILL)
            })
            #expect(killed.status != 0 || killed.finished, "round \(round)")
            let check = try await Executable.run(["history", "check"], environment: environment)
            // Killed before the file was made, there is nothing to check yet.
            #expect(check.status == 0 || check.standardError.contains("no history"), "round \(round) after \(wait) s: \(check.standardError)")
        }
        // Two at once: one writes, the other says a sync is running (or finds nothing left).
        async let first = Executable.run(sync, environment: environment)
        async let second = Executable.run(sync, environment: environment)
        let results = try await [first, second]
        #expect(results.contains { $0.status == 0 }, "\(results.map(\.standardError))")
        for result in results where result.status != 0 {
            #expect(result.status == 75 && result.standardError.contains("held by another program"), "\(result.standardError)")
        }
        let last = try await Executable.run(sync, environment: environment)
        #expect(last.status == 0, "\(last.standardError)")
        let days = try await Executable.run(["sql", "SELECT count(*) AS n, count(DISTINCT date) AS d FROM ranking_day", "--format", "csv"], environment: environment)
        #expect(days.standardOutput == "n,d\n51,51\n", "\(days.standardError)")
        let check = try await Executable.run(["history", "check"], environment: environment)
        #expect(check.status == 0 && check.standardOutput.hasPrefix("ok: 51 days held whole"), "\(check.standardError)")
        // Every day of the season was asked for.
        let asked = dailyRequests(server)
        #expect(Set(asked).count == 51)
    }

    /// The MCP server's history tools: what the history holds, and read-only SQL over it with a
    /// row limit; a write refused as the tool's error; the answers fit their output schemas.
    @Test func theServerQueriesTheHistory() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["history", "sync", "--from", "2025-10-20", "--to", "2025-10-22", "--rate", "0"], environment)
        let client = try MCPTestClient(environment: environment)
        _ = try await client.initialize()
        func call(_ id: Int, _ name: String, _ arguments: [String: Any]) async throws -> [String: Any] {
            try client.send(["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": name, "arguments": arguments]])
            return try await client.response(id)["result"] as? [String: Any] ?? [:]
        }
        let info = try await call(2, "history_info", [:])
        let held = info["structuredContent"] as? [String: Any]
        #expect(info["isError"] as? Bool == false && held?["days"] as? Int == 3 && held?["first"] as? String == "2025-10-20", "\(info)")
        let query = try await call(3, "history_query", ["query": "SELECT date, list FROM ranking_day ORDER BY date", "maxRows": 2])
        let rows = query["structuredContent"] as? [String: Any]
        #expect(rows?["columns"] as? [String] == ["date", "list"], "\(query)")
        #expect((rows?["rows"] as? [[Any]])?.count == 2 && rows?["more"] as? Int == 1)
        let write = try await call(4, "history_query", ["query": "DELETE FROM ranking"])
        #expect(write["isError"] as? Bool == true)
        let words = ((write["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(words.hasPrefix("only queries that read run here"), "\(words)")
        // The whole past: what it costs is asked first (the history holds three days of it), and it is one period among the others.
        func text(_ result: [String: Any]) -> String { ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? "" }
        let allTime = try await call(6, "top_films", ["allTime": true, "maxCalls": 10])
        #expect(allTime["isError"] as? Bool == true && text(allTime).contains("calls to KOBIS"), "\(allTime)")
        let both = try await call(7, "period_records", ["allTime": true, "year": 2024])
        #expect(both["isError"] as? Bool == true && text(both).contains("year and allTime cannot be used together"), "\(both)")
        try client.send(["jsonrpc": "2.0", "id": 5, "method": "tools/list"])
        let tools = try await client.response(5)["result"] as? [String: Any]
        let schemas = Dictionary(uniqueKeysWithValues: ((tools?["tools"] as? [[String: Any]]) ?? []).map { ($0["name"] as? String ?? "", $0["outputSchema"] ?? [:]) })
        if InstalledTools.jsonSchema {
            let failures = try await JSONSchemaCheck.failures([(name: "history_info", schema: schemas["history_info"] ?? [:], instance: held ?? [:]),
                                                               (name: "history_query", schema: schemas["history_query"] ?? [:], instance: rows ?? [:])])
            #expect(failures == [])
        }
        #expect(try await client.finish() == 0)
    }

    /// The same as another user when the tests run as root (CI's containers do): the built
    /// program, run by `setpriv` as nobody, reads a history in a folder it cannot write, and a
    /// sync says it cannot write there; the file is unchanged.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aReadOnlyHistoryAnswersAnotherUsersQueries() async throws {
        try await readOnlyHistoryAnswers(asNobody: true)
    }

    /// A history synced, then made read-only (the file 0444 in a 0555 folder), asked through the
    /// built program by this user, or by nobody through `setpriv`: the query answers, a sync says
    /// it cannot write, and the file's bytes are unchanged.
    private func readOnlyHistoryAnswers(asNobody: Bool) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["history", "sync", "--from", "2025-10-20", "--to", "2025-10-22", "--rate", "0"], environment)
        let good = try Data(contentsOf: folders.history)
        let data = folders.history.deletingLastPathComponent()
        // Nobody must be able to reach the folder to read in it.
        if asNobody { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folders.root.path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folders.history.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: data.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: data.path) }
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=/nonexistent", "BOXOFFICE_HISTORY=" + folders.history.path,
                      "BOXOFFICE_CACHE_DIR=/nonexistent/cache", "KOBIS_API_KEY=" + KOBISEmulator.key, "BOXOFFICE_BASE_URL=" + server.baseURL.absoluteString,
                      Executable.url.path]
        let run = { (arguments: [String]) async throws -> Executable.Result in
            asNobody ? try await Executable.run(nobody + arguments, program: URL(fileURLWithPath: "/usr/bin/setpriv"))
                : try await Executable.run(arguments, environment: environment)
        }
        let query = try await run(["sql", "SELECT count(*) AS n FROM ranking_day", "--format", "tsv"])
        #expect(query.standardOutput == "n\n3\n", "\(query.standardError)")
        let sync = try await run(["history", "sync", "--from", "2025-10-20", "--to", "2025-10-23", "--rate", "0"])
        #expect(sync.status == 1 && sync.standardError.contains("cannot write the history"), "\(sync.standardError)")
        #expect(try Data(contentsOf: folders.history) == good)
    }

    /// Runs SQL on a file with the system's sqlite3 library, as another program would.
    static func sqlite(_ file: URL, _ sql: String) throws {
        let connection = try SQLiteConnection(path: file.path, mode: .readWrite)
        try connection.execute(sql)
    }
}
