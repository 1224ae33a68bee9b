@testable import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// `--deep`: a day's ranking past the top 10 from KOBIS's four filtered lists, through the built
/// binary against a loopback KOBIS that holds a whole synthetic day (43 films: twenty Korean
/// commercial, sixteen foreign commercial, seven Korean diversity, no foreign diversity film, a
/// tie at the boundary) and answers each filtered list as KOBIS does: that group's top 10 by
/// audience, with national figures.
@Suite struct DeepRankingTests {
    struct Film {
        let code: String, nation: String, market: String, audience: Int, sales: Int
    }

    static let day = "20240110"
    /// Another key, for the run after the first one's quota is spent.
    static let secondKey = "Zq7KEYcanary0123456789abcdefXYZ8"
    static let dayBefore = "20240109"

    /// The films of `day`: audiences chosen so that the groups interleave, the Korean commercial
    /// group's tenth and eleventh tie (15,000) with a foreign film inside its own ten, and the
    /// Korean diversity group has fewer than ten films.
    static func films(_ day: String) -> [Film] {
        let koreanCommercial = [300_000, 250_000, 90_000, 80_000, 60_000, 50_000, 40_000, 30_000, 20_000, 15_000, 15_000, 14_000, 13_000,
                                12_000, 11_000, 10_000, 9_000, 8_000, 7_000, 6_000]
        let foreignCommercial = [280_000, 100_000, 85_000, 70_000, 45_000, 35_000, 25_000, 15_000, 12_500, 9_500, 9_400, 9_300, 9_200, 9_100,
                                 9_050, 9_010]
        let koreanDiversity = [16_000, 14_500, 500, 400, 300, 200, 100]
        var films: [Film] = []
        func add(_ audiences: [Int], _ nation: String, _ market: String, _ prefix: String) {
            for (index, audience) in audiences.enumerated() {
                // The day before, the first two of each group change places.
                let swapped = day == dayBefore && index < 2 ? audiences[1 - index] : audience
                films.append(Film(code: "\(prefix)\(String(format: "%03d", index))", nation: nation, market: market, audience: swapped, sales: swapped * 10))
            }
        }
        add(koreanCommercial, "K", "N", "20241")
        add(foreignCommercial, "F", "N", "20242")
        add(koreanDiversity, "K", "Y", "20243")
        return films
    }

    /// The true national ranking of every film, as KOBIS ranks it.
    static func truth(_ day: String) -> [Film] {
        films(day).sorted { ($0.audience, $0.sales, $1.code) > ($1.audience, $1.sales, $0.code) }
    }

    /// KOBIS's answer: the top 10 of the films the filters keep.
    static func answer(_ day: String, nation: String?, market: String?, figuresOf other: String? = nil) -> String {
        let kept = truth(other ?? day).filter { (nation == nil || $0.nation == nation) && (market == nil || $0.market == market) }.prefix(10)
        let rows = kept.enumerated().map { index, film in
            #"{"rnum":"\#(index + 1)","rank":"\#(index + 1)","rankInten":"0","rankOldAndNew":"OLD","movieCd":"\#(film.code)","movieNm":"영화 \#(film.code)","openDt":"2024-01-03","salesAmt":"\#(film.sales)","salesShare":"1.0","salesInten":"0","salesChange":"0","salesAcc":"\#(film.sales * 5)","audiCnt":"\#(film.audience)","audiInten":"0","audiChange":"0","audiAcc":"\#(film.audience * 5)","scrnCnt":"100","showCnt":"300"}"#
        }
        return #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"\#(day)~\#(day)","dailyBoxOfficeList":[\#(rows.joined(separator: ","))]}}"#
    }

    /// The loopback KOBIS; `fail` may answer a request otherwise (a fault, a 500).
    static func server(fail: (@Sendable (LoopbackRequest, Int) -> LoopbackReply?)? = nil) throws -> LoopbackServer {
        let emulator = KOBISEmulator.handler()
        let count = Locked(0)
        return try LoopbackServer { request in
            let number = count.withLock { $0 += 1; return $0 }
            if let reply = fail?(request, number) { return reply }
            if request.path.hasSuffix("searchDailyBoxOfficeList.json"), [KOBISEmulator.key, Self.secondKey].contains(request.query["key"]),
               let day = request.query["targetDt"], [Self.day, Self.dayBefore].contains(day) {
                return .json(answer(day, nation: request.query["repNationCd"], market: request.query["multiMovieYn"]))
            }
            return emulator(request)
        }
    }

    static func environment(_ server: LoopbackServer, cache: URL) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
    }

    static func cache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-deep-\(UUID().uuidString)")
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func entries(_ object: [String: Any]) -> [[String: Any]] { object["entries"] as? [[String: Any]] ?? [] }

    /// The merge alone, on the day's four lists: equal to the truth through `exactThrough`, which
    /// stops where a hidden film could come first (the tie at 15,000).
    @Test func theMergeIsTheTrueRankingAsFarAsTheListsProve() throws {
        let lists = [("K", "N"), ("F", "N"), ("K", "Y"), ("F", "Y")].map { nation, market in
            let response = try? JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(Self.answer(Self.day, nation: nation, market: market).utf8))
            let entries = (try? DailyBoxOffice(response!, requested: Day(Self.day)!).entries) ?? []
            return (group: BoxOfficeFilter(nation: nation == "K" ? .korean : .foreign, market: market == "Y" ? .diversity : .commercial), entries: entries)
        }
        #expect(lists.map(\.entries.count) == [10, 10, 7, 0])
        let (merged, exact) = DeepMerge.merge(lists)
        #expect(merged.count == 27)
        let truth = Self.truth(Self.day)
        // Above 15,000 (the Korean commercial tenth row, which has an unseen twin) every film is in place.
        #expect(exact == truth.prefix { $0.audience > 15_000 }.count)
        #expect(exact == 17)
        #expect(merged.prefix(exact).map(\.movieCode) == truth.prefix(exact).map(\.code))
        #expect(merged.map(\.rank) == Array(1...27))
        // Past it, the lists cannot prove the order: the truth has a film there the lists never showed.
        // Past it, the lists cannot prove the order: the Korean commercial eleventh (never shown)
        // ties at 15,000 with the row just under the rule, and the truth has it next.
        #expect(!merged.contains { $0.movieCode == "20241010" })
        #expect(truth.firstIndex { $0.code == "20241010" } == exact + 1)
        #expect(merged[exact + 1].movieCode != truth[exact + 1].code)
        #expect(merged.allSatisfy { $0.rankChange == nil && !$0.isNew }, "no change without the day before")
        let korean = merged.filter { $0.nation == .korean }
        #expect(korean.count == 17 && merged.filter { $0.market == .diversity }.count == 7)
        // Groups that are not full hide nothing: with only them, the whole list is exact.
        let (partial, whole) = DeepMerge.merge([lists[2], lists[3]])
        #expect(whole == partial.count && whole == 7)
    }

    @Test func aDeepDayIsExactAsFarAsItSaysAndItsFirstRowsAreTheTopTen() async throws {
        let server = try Self.server()
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = Self.environment(server, cache: cache)
        let top = try await Executable.run(["daily", "--date", "2024-01-10", "--json"], environment: environment)
        #expect(top.status == 0)
        let result = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "the first rows agree with the top 10: nothing to say")
        #expect(server.requestCount == 5, "the top 10, then one call per group")
        let deep = try Self.object(result.standardOutput)
        #expect(deep["exactThrough"] as? Int == 17)
        let entries = Self.entries(deep)
        let truth = Self.truth(Self.day)
        #expect(entries.count == 27)
        #expect(entries.prefix(17).compactMap { $0["movieCode"] as? String } == truth.prefix(17).map(\.code))
        #expect(entries.prefix(10).compactMap { $0["movieCode"] as? String }
                == Self.entries(try Self.object(top.standardOutput)).compactMap { $0["movieCode"] as? String })
        #expect(entries.first?["nation"] as? String == "korean" && entries.first?["diversity"] as? Bool == false)
        #expect(entries.allSatisfy { $0["rankChange"] is NSNull })
        #expect(entries.map { $0["exact"] as? Bool } == (1...27).map { $0 <= 17 }, "each entry says whether its rank is certain")
        // A flat row says it too.
        let csv = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--format", "csv", "--fields", "rank,movieCode,exact"], environment: environment)
        let rows = csv.standardOutput.split(separator: "\n").map(String.init)
        #expect(rows.first == "rank,movieCode,exact" && rows.count == 28)
        #expect(rows[17].hasPrefix("17,") && rows[17].hasSuffix(",true") && rows[18].hasPrefix("18,") && rows[18].hasSuffix(",false"), "\(rows)")
        let flat = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--format", "jsonl"], environment: environment)
        #expect(flat.standardOutput.split(separator: "\n").filter { $0.contains(#""exact":true"#) }.count == 17)
        // Asked again, every list comes from the cache.
        let again = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--json"], environment: environment)
        #expect(again.standardOutput == result.standardOutput && server.requestCount == 5)
        // The table: a rule under rank 17 and the note.
        let table = try await Executable.run(["daily", "--date", "2024-01-10", "--deep"], environment: environment.merging(["COLUMNS": "100"]) { $1 })
        let lines = table.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rule = try #require(lines.firstIndex { $0.hasPrefix("───") })
        #expect(lines[rule - 1].hasPrefix("  17 ") && lines[rule + 1].hasPrefix("  18 "), "\(table.standardOutput)")
        #expect(lines.contains("exact through rank 17; below it a film may be missing"))
        #expect(lines.first?.hasSuffix("· deep: past the top 10") == true)
    }

    @Test func theDayBeforeAtHandGivesTheRankChangesAndARangeReadsBoth() async throws {
        let server = try Self.server()
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = Self.environment(server, cache: cache)
        let range = try await Executable.run(["daily", "--from", "2024-01-09", "--to", "2024-01-10", "--deep", "--json"], environment: environment)
        #expect(range.status == 0, "\(range.standardError)")
        let days = try #require(try JSONSerialization.jsonObject(with: Data(range.standardOutput.utf8)) as? [[String: Any]])
        #expect(days.compactMap { $0["date"] as? String } == ["2024-01-09", "2024-01-10"])
        #expect(Self.entries(days[0]).allSatisfy { $0["rankChange"] is NSNull }, "the day before the first is not at hand")
        let before = Dictionary(uniqueKeysWithValues: Self.entries(days[0]).map { ($0["movieCode"] as? String ?? "", $0["rank"] as? Int ?? 0) })
        for entry in Self.entries(days[1]) {
            let code = entry["movieCode"] as? String ?? ""
            #expect(entry["rankChange"] as? Int == before[code].map { $0 - (entry["rank"] as? Int ?? 0) }, "\(code)")
        }
        #expect(server.requestCount == 8)
        // One day alone, later: the day before is in the cache, so its changes are given, at no call.
        let day = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--json"], environment: environment)
        #expect(Self.entries(try Self.object(day.standardOutput)).map { $0["rankChange"] as? Int } == Self.entries(days[1]).map { $0["rankChange"] as? Int })
        #expect(server.requestCount == 8)
        // Two groups for one nation: the Korean top 17, exact all the way but for the tie.
        let korean = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--nation", "korean", "--json", "--refresh"], environment: environment)
        let entries = Self.entries(try Self.object(korean.standardOutput))
        #expect(entries.count == 17 && entries.allSatisfy { $0["nation"] as? String == "korean" })
        #expect(server.requestCount == 10)
        // CSV has the two columns a deep list adds.
        let csv = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--format", "csv", "--fields", "rank,movieCode,nation,diversity"], environment: environment)
        #expect(csv.standardOutput.split(separator: "\n").prefix(2) == ["rank,movieCode,nation,diversity", "1,20241000,korean,false"])
        // top --deep says what it ranked from, and reads the days above from the cache.
        let top = try await Executable.run(["top", "--from", "2024-01-09", "--to", "2024-01-10", "--deep", "--limit", "30"],
                                           environment: environment.merging(["COLUMNS": "200"]) { $1 })
        #expect(top.status == 0, "\(top.standardError)")
        #expect(top.standardOutput.hasPrefix("Top films · 2024-01-09 – 2024-01-10 · deep: past the top 10\n"), "\(top.standardOutput)")
        #expect(top.standardOutput.contains("From each day's deep ranking (KOBIS's four filtered lists merged, up to 40 films)"))
        #expect(top.standardOutput.contains("영화 20243000"), "a diversity film outside the overall top 10")
        #expect(server.requestCount == 10)
    }

    /// Before a long deep period, what it costs is told in calls, not days: four a day, two for
    /// one nation (a year is 1,460).
    @Test func aLongDeepPeriodTellsItsCallsBeforeItStarts() async throws {
        let server = try Self.server()
        for (arguments, told) in [(["top", "--from", "2024-01-01", "--to", "2024-01-10", "--deep"], "40 calls (4 a day with --deep): 40 to fetch from KOBIS, 0 from the cache"),
                                  (["daily", "--from", "2024-01-01", "--to", "2024-01-10", "--deep", "--nation", "korean", "--json"],
                                   "20 calls (2 a day with --deep): 20 to fetch from KOBIS, 0 from the cache")] {
            let cache = Self.cache()
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await Executable.run(arguments + ["--rate", "0"], environment: Self.environment(server, cache: cache))
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("boxoffice: " + told + "; "), "\(arguments): \(result.standardError)")
        }
    }

    @Test func oneListFailingFailsTheWholeDeepAnswer() async throws {
        // The foreign diversity list fails with a 500 every time; the others answer.
        let server = try Self.server { request, _ in
            request.query["repNationCd"] == "F" && request.query["multiMovieYn"] == "Y" ? .html("<html>down</html>", status: 500) : nil
        }
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--json", "--retries", "0", "--rate", "0"],
                                              environment: Self.environment(server, cache: cache))
        #expect(result.status == 69)
        #expect(result.standardOutput.isEmpty, "never a merged list missing a group")
        #expect(result.standardError.contains("500"), "\(result.standardError)")
        // A group refused by KOBIS (the quota spent after two calls): the usual quota stop.
        let fresh = Self.cache()
        defer { try? FileManager.default.removeItem(at: fresh) }
        // The same server answers again after midnight: the cache keeps answers by the server they came from.
        let quotaSpent = Locked(true)
        let spent = try Self.server { request, number in
            quotaSpent.withLock { $0 } && number > 2 && request.query["targetDt"] != nil
                ? .json(#"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#) : nil
        }
        let quota = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--json", "--jobs", "1"], environment: Self.environment(spent, cache: fresh))
        #expect(quota.status == 75)
        #expect(quota.standardOutput.isEmpty)
        #expect(quota.standardError.hasPrefix("boxoffice: the key's daily quota is used up"), "\(quota.standardError)")
        // Run again with another key (as after midnight): the two lists fetched are kept, two more are asked for.
        quotaSpent.withLock { $0 = false }
        let before = spent.requestCount
        let keys = Self.environment(spent, cache: fresh).merging(["KOBIS_API_KEY": KOBISEmulator.key + "," + Self.secondKey]) { $1 }
        let resumed = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--json"], environment: keys)
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(spent.requestCount - before == 2)
        #expect(try Self.object(resumed.standardOutput)["exactThrough"] as? Int == 17)
    }

    /// The same through the MCP tools: `deep` on a day, and on a period's top, which then counts
    /// a film on days it was outside the overall top 10.
    @Test func theToolsTakeDeep() async throws {
        let server = try Self.server()
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let client = try MCPTestClient([], environment: Self.environment(server, cache: cache))
        _ = try await client.initialize("2025-11-25")
        func call(_ id: Int, _ tool: String, _ arguments: [String: Any]) throws {
            try client.send(["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": tool, "arguments": arguments]])
        }
        try call(2, "daily_box_office", ["date": "2024-01-10", "deep": true])
        let day = try #require(((try await client.response(2))["result"] as? [String: Any])?["structuredContent"] as? [String: Any])
        #expect(day["exactThrough"] as? Int == 17)
        #expect(Self.entries(day).count == 27)
        try call(3, "top_films", ["from": "2024-01-09", "to": "2024-01-10", "deep": true, "limit": 40])
        let top = try #require(((try await client.response(3))["result"] as? [String: Any])?["structuredContent"] as? [String: Any])
        let codes = (top["films"] as? [[String: Any]] ?? []).compactMap { $0["movieCode"] as? String }
        #expect(codes.count == 27)
        // A diversity film never in the overall top 10 is counted; the answer says it is deep.
        #expect(codes.contains("20243000"))
        #expect(top["deep"] as? Bool == true && top["basis"] as? String == PeriodRanking.deepBasis)
        try call(4, "top_films", ["from": "2024-01-09", "to": "2024-01-10", "limit": 40])
        let plain = try #require(((try await client.response(4))["result"] as? [String: Any])?["structuredContent"] as? [String: Any])
        #expect(!((plain["films"] as? [[String: Any]] ?? []).contains { $0["movieCode"] as? String == "20243000" }))
        #expect(plain["deep"] == nil && plain["basis"] as? String == PeriodRanking.basis)
        #expect(try await client.finish() == 0)
    }

    /// `d` in browse switches the ranking to its deep list, the rule drawn under the last exact
    /// rank, and back.
    @Test func browseSwitchesToTheDeepList() async throws {
        let server = try Self.server()
        let cache = Self.cache()
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = ChildEnvironment.base(home: cache)
        environment.merge(Self.environment(server, cache: cache).merging(["TERM": "xterm-256color", "NO_COLOR": "1"]) { $1 }) { $1 }
        let terminal = try PseudoTerminal(executable: Executable.url.path, arguments: ["browse", "--date", "2024-01-10"], environment: environment,
                                          columns: 80, rows: 40, width: BrowseTerminalTests.width)
        defer { terminal.close() }
        let wait = Duration.seconds(20 * TestTime.scale)
        #expect(await terminal.waitForScreen(timeout: wait) { $0.contains("Daily box office · 2024-01-10 (Wed)") && $0.contains("영화 20241000") })
        terminal.send("d")
        #expect(await terminal.waitForScreen(timeout: wait) { $0.contains("── exact through rank 17 ──") }, "\(terminal.screen.text)")
        #expect(terminal.screen.contains("Daily box office · 2024-01-10 (Wed) · deep"))
        // Rank 17, then the rule, then rank 18.
        let lines = terminal.screen.text.split(separator: "\n").map(String.init)
        let rule = try #require(lines.firstIndex { $0.contains("── exact through rank 17 ──") })
        #expect(lines[rule - 1].hasPrefix("  17 ") && lines[rule + 1].hasPrefix("  18 "), "\(terminal.screen.text)")
        terminal.send("d")
        #expect(await terminal.waitForScreen(timeout: wait) { !$0.contains("exact through") && !$0.contains("· deep") })
        terminal.send("q")
        #expect(await terminal.waitForExit(timeout: wait) == 0)
    }

    /// With a limit of calls below a deep day's four, `d` asks on the status line; `y` fetches it.
    @Test func browseAsksBeforeADeepListPastTheLimit() async throws {
        let server = try Self.server()
        let cache = Self.cache()
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = ChildEnvironment.base(home: cache)
        environment.merge(Self.environment(server, cache: cache).merging(["TERM": "xterm-256color", "NO_COLOR": "1"]) { $1 }) { $1 }
        let terminal = try PseudoTerminal(executable: Executable.url.path, arguments: ["browse", "--date", "2024-01-10", "--max-calls", "2"],
                                          environment: environment, columns: 100, rows: 30, width: BrowseTerminalTests.width)
        defer { terminal.close() }
        let wait = Duration.seconds(20 * TestTime.scale)
        #expect(await terminal.waitForScreen(timeout: wait) { $0.contains("영화 20241000") })
        // What the view fetches ahead (the days on either side, the chosen film, the day's news) is done first.
        #expect(await terminal.waitForScreen(timeout: wait) { !$0.contains("fetching ahead") }, "\(terminal.screen.text)")
        let before = server.requestCount
        terminal.send("d")
        #expect(await terminal.waitForScreen(timeout: wait) { $0.contains("y fetches it") }, "\(terminal.screen.text)")
        #expect(terminal.screen.contains("4 calls to KOBIS (up to 12 with retries) would be needed for 1 day"))
        #expect(server.requestCount == before, "nothing sent before the answer")
        terminal.send("y")
        #expect(await terminal.waitForScreen(timeout: wait) { $0.contains("── exact through rank 17 ──") }, "\(terminal.screen.text)")
        terminal.send("q")
        #expect(await terminal.waitForExit(timeout: wait) == 0)
    }

    /// A spent quota in the middle of a deep range stops it as ranges stop (the days done are a
    /// whole document on stdout, exit 75), and the next run goes on from the cache.
    @Test func aSpentQuotaMidRangeStopsAndTheNextRunGoesOn() async throws {
        let quotaSpent = Locked(true)
        let spent = try Self.server { request, number in
            quotaSpent.withLock { $0 } && number > 5 && request.query["targetDt"] != nil
                ? .json(#"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#) : nil
        }
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["daily", "--from", "2024-01-09", "--to", "2024-01-10", "--deep", "--json", "--jobs", "1"]
        let stopped = try await Executable.run(arguments, environment: Self.environment(spent, cache: cache))
        #expect(stopped.status == 75)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(stopped.standardOutput.utf8)) as? [[String: Any]])
        #expect(first.compactMap { $0["date"] as? String } == ["2024-01-09"], "the first day, whole")
        // The same server answers again after midnight: the cache keeps answers by the server they came from.
        quotaSpent.withLock { $0 = false }
        let before = spent.requestCount
        let keys = Self.environment(spent, cache: cache).merging(["KOBIS_API_KEY": KOBISEmulator.key + "," + Self.secondKey]) { $1 }
        let resumed = try await Executable.run(arguments, environment: keys)
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(spent.requestCount - before == 3, "only the three lists of the second day not yet fetched")
        let both = try #require(try JSONSerialization.jsonObject(with: Data(resumed.standardOutput.utf8)) as? [[String: Any]])
        #expect(both.compactMap { $0["date"] as? String } == ["2024-01-09", "2024-01-10"])
    }

    /// Where the plain top 10 at hand disagrees with the deep list's first rows (KOBIS revised its
    /// figures between the calls), the deep answer says so.
    @Test func aTopTenAtHandThatDisagreesIsSaid() async throws {
        // The plain top 10 of the day is answered with the figures of the day before (its first two swapped).
        let server = try Self.server { request, _ in
            request.query["targetDt"] == Self.day && request.query["repNationCd"] == nil
                ? .json(Self.answer(Self.day, nation: nil, market: nil, figuresOf: Self.dayBefore)) : nil
        }
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = Self.environment(server, cache: cache)
        #expect(try await Executable.run(["daily", "--date", "2024-01-10", "--json"], environment: environment).status == 0)
        let deep = try await Executable.run(["daily", "--date", "2024-01-10", "--deep", "--json"], environment: environment)
        #expect(deep.status == 0)
        #expect(deep.standardError == "boxoffice: the top 10 of 2024-01-10 in the cache differs from the deep list's first rows: KOBIS revised its figures between the calls (--refresh fetches both again).\n")
    }

    /// A week's deep list asks each group's weekly list (here the emulator's recorded weekend for
    /// every group: one list of ten, four times, merged into ten films, the tenth not proven).
    @Test func aDeepWeekAsksEachGroupsWeeklyList() async throws {
        let server = try Self.server()
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["weekly", "--date", "2012-01-01", "--period", "weekend", "--deep", "--json"],
                                              environment: Self.environment(server, cache: cache))
        #expect(result.status == 0, "\(result.standardError)")
        let week = try Self.object(result.standardOutput)
        #expect(Self.entries(week).count == 10 && week["exactThrough"] as? Int == 9)
        let groups = server.requests.map { "\($0.query["repNationCd"] ?? "-")\($0.query["multiMovieYn"] ?? "-")\($0.query["weekGb"] ?? "-")" }
        #expect(groups.sorted() == ["FN1", "FY1", "KN1", "KY1"])
    }
}
