@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import BoxOfficeCore
import Foundation
import Testing

/// `boxoffice top`: a period's films ranked from the daily lists, through the built binary
/// against the loopback server (recorded days, and the made-up days around 2020-02-29 that
/// Fixtures/kobis/SOURCES.md describes); the period's bounds; the quota stop and resumption;
/// offline over a cached year.
@Suite struct TopEndToEndTests {
    private func environment(_ server: LoopbackServer, cache: URL) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
    }

    private func temporaryCache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-top-\(UUID().uuidString)")
    }

    private func days(_ server: LoopbackServer) -> [String] {
        server.requests.compactMap { $0.query["targetDt"] }
    }

    static let basis = PeriodRanking.basis

    /// January 2022 holds two recorded days (the 5th and the 21st). By hand: 스파이더맨 gained
    /// 7,039,482 − 6,252,827 + 50,399 = 837,054 from the start of the 5th to the end of the 21st
    /// (the 15 days between, outside the recordings, counted by the cumulative figures); a film
    /// listed on one day only has that day's audience.
    @Test func aMonthOfRecordedDaysEqualsTheHandComputation() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["top", "--month", "2022-01", "--rate", "0"]
        let json = try await Executable.run(arguments + ["--json", "--compact"], environment: environment(server, cache: cache))
        #expect(json.status == 0, "\(json.standardError)")
        func film(_ rank: Int, _ code: String, _ title: String, _ opened: String, _ audience: Int, _ sales: Int64, _ days: Int, _ best: Int, _ first: String, _ last: String) -> String {
            #"{"rank":\#(rank),"movieCode":"\#(code)","title":"\#(title)","openDate":"\#(opened)","audience":\#(audience),"sales":\#(sales),"daysInTop10":\#(days),"bestRank":\#(best),"firstDay":"\#(first)","lastDay":"\#(last)"}"#
        }
        let films = [
            film(1, "20210028", "스파이더맨: 노 웨이 홈", "2021-12-15", 7_039_482 - 6_252_827 + 50399, 70_719_063_010 - 62_772_471_900 + 507_028_380, 2, 1, "2022-01-05", "2022-01-21"),
            film(2, "20199882", "경관의 피", "2022-01-05", 609_876 - 69228 + 64050, 6_000_299_380 - 631_402_330 + 584_559_330, 2, 1, "2022-01-05", "2022-01-21"),
            film(3, "20218764", "씽2게더", "2022-01-05", 574_253 - 44778 + 44221, 5_255_494_180 - 384_962_010 + 379_941_010, 2, 2, "2022-01-05", "2022-01-21"),
            film(4, "20192354", "특송", "2022-01-12", 323_018 - 2984 + 1213, 3_092_244_540 - 30_157_000 + 13_378_000, 2, 3, "2022-01-05", "2022-01-21"),
            film(5, "20194403", "킹스맨: 퍼스트 에이전트", "2021-12-22", 988_570 - 835_601 + 13916, 9_919_392_440 - 8_325_835_830 + 140_823_730, 2, 4, "2022-01-05", "2022-01-21"),
            film(6, "20217807", "해피 뉴 이어", "2021-12-29", 4152, 38_850_000, 1, 5, "2022-01-05", "2022-01-05"),
            film(7, "20211177", "하우스 오브 구찌", "2022-01-12", 3825, 39_180_560, 1, 5, "2022-01-21", "2022-01-21"),
            film(8, "20193082", "웨스트 사이드 스토리", "2022-01-12", 3112, 30_759_480, 1, 7, "2022-01-21", "2022-01-21"),
            film(9, "20212672", "레지던트 이블: 라쿤시티", "2022-01-19", 2532, 24_244_400, 1, 8, "2022-01-21", "2022-01-21"),
            film(10, "20219626", "어나더 라운드", "2022-01-19", 1828, 17_828_200, 1, 9, "2022-01-21", "2022-01-21"),
        ]
        let basis = String(decoding: try JSONEncoder().encode(Self.basis), as: UTF8.self)
        #expect(json.standardOutput == #"{"from":"2022-01-01","to":"2022-01-31","basis":\#(basis),"provisional":false,"daysInPeriod":31,"daysRead":31,"daysNotRead":[],"films":["# + films.joined(separator: ",") + "]}\n")
        #expect(days(server).count == 31)
        // The table, from the cache: the same films, the basis said in a line under the heading.
        let table = try await Executable.run(arguments + ["--limit", "3", "--color", "never"], environment: environment(server, cache: cache))
        #expect(table.standardOutput == """
            Top films · 2022-01-01 – 2022-01-31
            From the daily top 10: each film's cumulative audience from its first day in it to its last.

            Rank  Code      Title                   Opened      Audience  Days  Best  First       Last
               1  20210028  스파이더맨: 노 웨이 홈  2021-12-15   837,054     2     1  2022-01-05  2022-01-21
               2  20199882  경관의 피               2022-01-05   604,698     2     1  2022-01-05  2022-01-21
               3  20218764  씽2게더                 2022-01-05   573,696     2     2  2022-01-05  2022-01-21

            """)
        #expect(days(server).count == 31, "the second run came from the cache")
        // Every flat format and --fields through the shared path.
        let csv = try await Executable.run(arguments + ["--format", "csv", "--fields", "rank,title,audience", "--limit", "2"], environment: environment(server, cache: cache))
        #expect(csv.standardOutput == "rank,title,audience\n1,스파이더맨: 노 웨이 홈,837054\n2,경관의 피,604698\n")
        let fields = try await Executable.run(arguments + ["--json", "--fields", "movieCode,audience", "--limit", "1", "--compact"], environment: environment(server, cache: cache))
        #expect(fields.standardOutput.hasPrefix(#"{"from":"2022-01-01","to":"2022-01-31","basis":"#), "the envelope stays")
        #expect(fields.standardOutput.hasSuffix(#""daysInPeriod":31,"daysRead":31,"daysNotRead":[],"films":[{"movieCode":"20210028","audience":837054}]}"# + "\n"))
        // A filter goes to KOBIS with every day and is said in the answer.
        let korean = try await Executable.run(arguments + ["--nation", "korean", "--json", "--compact", "--limit", "1"], environment: environment(server, cache: cache))
        #expect(korean.status == 0, "\(korean.standardError)")
        #expect(korean.standardOutput.contains(#""daysNotRead":[],"filter":{"nation":"korean","market":null,"region":null,"regionName":null},"films":[{"rank":1,"#))
        #expect(server.requests.filter { $0.query["repNationCd"] == "K" }.count == 31)
    }

    /// The made-up days around the leap day: a film that leaves, one back after a day outside
    /// the top 10 (that day counted), previews before an opening, a film of one day with no
    /// opening date, and a tie on audience and sales that the lower code wins, whatever the
    /// order the films came in.
    @Test func filmsEnteringAndLeavingTiesAndAOneDayFilm() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["top", "--month", "2020-02", "--rate", "0", "--format", "csv"], environment: environment(server, cache: cache))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            rank,movieCode,title,openDate,audience,sales,daysInTop10,bestRank,firstDay,lastDay
            1,20198429,자백,2020-02-20,185000,1850000000,3,1,2020-02-27,2020-02-29
            2,20198461,리멤버,2020-03-01,110000,1100000000,2,2,2020-02-28,2020-02-29
            3,20198317,인생은 아름다워,2019-12-18,15000,150000000,2,2,2020-02-27,2020-02-29
            4,20226777,극장판 짱구는 못말려: 수수께끼! 꽃피는 천하떡잎학교,,3000,30000000,1,4,2020-02-29,2020-02-29
            5,20226798,에브리씽 에브리웨어 올 앳 원스,2020-02-27,3000,30000000,1,3,2020-02-27,2020-02-27

            """)
        // A range across the month's end: 리멤버's opening day puts it first.
        let range = try await Executable.run(["top", "--from", "2020-02-27", "--to", "2020-03-02", "--rate", "0", "--format", "tsv", "--fields", "movieCode,audience,sales,lastDay", "--limit", "2"],
                                             environment: environment(server, cache: cache))
        #expect(range.standardOutput == "movieCode\taudience\tsales\tlastDay\n20198461\t510000\t5100000000\t2020-03-01\n20198429\t250000\t2500000000\t2020-03-01\n")
    }

    /// The days a month asks for: February of a leap year has 29, of another 28. (A leap year's
    /// 366 days are asked for in the quota test below.)
    @Test func monthBoundaries() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = environment(server, cache: cache)
        var asked = 0
        for (month, first, last) in [("2020-02", "20200201", "20200229"), ("2021-02", "20210201", "20210228"), ("202012", "20201201", "20201231")] {
            let result = try await Executable.run(["top", "--month", month, "--rate", "0", "--json"], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            let fetched = Array(days(server).dropFirst(asked)).sorted()
            asked = days(server).count
            #expect(fetched == PeriodReading.days(Day(first)!...Day(last)!).map(\.compact), "\(month)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            #expect(object["from"] as? String == Day(first)?.iso && object["to"] as? String == Day(last)?.iso, "\(month)")
        }
    }

    /// KOBIS answers 320011 once the key has made `limit` calls "today".
    private final class QuotaServer: Sendable {
        let state: Locked<(calls: Int, limit: Int)>
        init(limit: Int) { state = Locked((0, limit)) }

        func newDay(limit: Int) { state.withLock { $0 = (0, limit) } }

        func handle(_ request: LoopbackRequest) -> LoopbackReply {
            let allowed = state.withLock { state -> Bool in
                state.calls += 1
                return state.calls <= state.limit
            }
            guard allowed else {
                return .json(#"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#)
            }
            return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
    }

    /// A year stopped by the quota in its second month exits 75 with nothing half-said; the next
    /// (Korean) day the same command fetches only what is missing and prints the year, equal
    /// to what one run would have; then --offline answers it from the cache alone.
    @Test func theQuotaStopsAYearAndTheNextDayGoesOnThenOffline() async throws {
        let quota = QuotaServer(limit: 40)
        let server = try LoopbackServer { quota.handle($0) }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["top", "--year", "2020", "--jobs", "1", "--rate", "0", "--json", "--compact", "--max-calls", "400"]
        let first = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(first.status == 75)
        #expect(first.standardOutput == "")
        #expect(first.standardError.contains("boxoffice: 366 days: 366 to fetch from KOBIS, 0 from the cache"))
        #expect(first.standardError.contains("the key's daily quota is used up (KOBIS error 320011"))
        #expect(days(server).count == 41, "the 41st met the quota")
        quota.newDay(limit: 1000)
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where name.hasPrefix("calls-") {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
        let second = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardError.contains("366 days: 326 to fetch from KOBIS, 40 from the cache"))
        #expect(Array(days(server).dropFirst(41)) == PeriodReading.days(Day(year: 2020, month: 2, day: 10)!...Day(year: 2020, month: 12, day: 31)!).map(\.compact))
        // The year is the four made-up days' ranking (the others are empty), as the range of
        // those days (from the cache) gives it.
        let range = try await Executable.run(["top", "--from", "2020-02-27", "--to", "2020-03-01", "--rate", "0", "--json", "--compact"],
                                             environment: environment(server, cache: cache))
        #expect(days(server).count == 41 + 326, "the range came from the cache")
        let reference = range.standardOutput.replacingOccurrences(of: #"{"from":"2020-02-27","to":"2020-03-01","#, with: #"{"from":"2020-01-01","to":"2020-12-31","#)
            .replacingOccurrences(of: #""daysInPeriod":4,"daysRead":4,"#, with: #""daysInPeriod":366,"daysRead":366,"#)
        #expect(second.standardOutput == reference)
        #expect(second.standardOutput.contains(#""rank":1,"movieCode":"20198461","title":"리멤버","openDate":"2020-03-01","audience":510000"#))
        server.stop()
        let offline = try await Executable.run(arguments + ["--offline"], environment: environment(server, cache: cache))
        #expect(offline.status == 0, "\(offline.standardError)")
        #expect(offline.standardOutput == reference)
        // A day not in the cache cannot be answered offline.
        let missing = try await Executable.run(["top", "--month", "2019-12", "--offline"], environment: environment(server, cache: cache))
        #expect(missing.status == 69)
    }

    /// "Today" set to 2020-03-01 10:00 in Korea: February ends yesterday (provisional, as KOBIS
    /// still revises its last days), this year runs to yesterday, this month has no day yet.
    @Test func aMonthThatEndsYesterdayAndThisYearAreProvisional() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let march1 = Date(timeIntervalSince1970: 1_583_024_400)
        func top(_ arguments: [String], at instant: Date) async -> (BoxOfficeCLI.ExitStatus, String, String) {
            let capture = OutputCapture()
            let status = await BoxOfficeCommandLine(environment: environment(server, cache: cache), console: capture.console(), now: { instant })
                .run(["top"] + arguments + ["--rate", "0", "--json", "--fields", "movieCode", "--compact"])
            return (status, capture.standardOutput, capture.standardError)
        }
        let month = await top(["--month", "2020-02"], at: march1)
        #expect(month.0 == .success, "\(month.2)")
        let year = await top(["--year", "2020"], at: march1)
        #expect(year.0 == .success)
        let objectText = await run(["top", "--month", "2020-02", "--json"], at: march1, server: server, cache: cache)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(objectText.utf8)) as? [String: Any])
        #expect(object["from"] as? String == "2020-02-01" && object["to"] as? String == "2020-02-29")
        #expect(object["provisional"] as? Bool == true)
        let thisYearText = await run(["top", "--year", "2020", "--json"], at: march1, server: server, cache: cache)
        let thisYear = try #require(try JSONSerialization.jsonObject(with: Data(thisYearText.utf8)) as? [String: Any])
        #expect(thisYear["from"] as? String == "2020-01-01" && thisYear["to"] as? String == "2020-02-29")
        #expect(thisYear["provisional"] as? Bool == true)
        #expect(!days(server).contains("20200301"), "today is not asked for")
        let thisMonth = await top(["--month", "2020-03"], at: march1)
        #expect(thisMonth.0 == .usage)
        #expect(thisMonth.2.hasPrefix("boxoffice: --month 2020-03 has no published day yet"))
        // A week later, February has settled: asked again, it is no longer provisional.
        let later = march1.addingTimeInterval(7 * 86400)
        let settledText = await run(["top", "--month", "2020-02", "--json", "--refresh"], at: later, server: server, cache: cache)
        let settled = try #require(try JSONSerialization.jsonObject(with: Data(settledText.utf8)) as? [String: Any])
        #expect(settled["provisional"] as? Bool == false)
    }

    private func run(_ arguments: [String], at instant: Date, server: LoopbackServer, cache: URL) async -> String {
        let capture = OutputCapture()
        _ = await BoxOfficeCommandLine(environment: environment(server, cache: cache), console: capture.console(), now: { instant }).run(arguments + ["--rate", "0"])
        return capture.standardOutput
    }

    private let today = Day(year: 2026, month: 11, day: 22)!

    private func top(_ arguments: [String], today: Day? = nil) throws -> TopRequest? {
        guard case let .run(command) = try Invocation(try ArgumentParser().parse(["top"] + arguments), environment: [:], today: today ?? self.today).command else { return nil }
        return command as? TopRequest
    }

    /// The period a command line names, against `today`: `2024-02-01…2024-02-29`, `+` when it runs to yesterday.
    private func period(_ arguments: [String], today: Day? = nil) throws -> String? {
        let today = today ?? self.today
        guard let whole = try top(arguments)?.enginePeriod(today: today, defaultYear: nil).days else { return nil }
        let (range, unfinished) = try Day.published(whole, today: today)
        return "\(range.lowerBound.iso)…\(range.upperBound.iso)" + (unfinished ? "+" : "")
    }

    /// The period each form names, against today in Korea.
    @Test func periodsAgainstToday() throws {
        #expect(try period([]) == "2025-01-01…2025-12-31", "the last complete year")
        #expect(try period(["--year", "2024"]) == "2024-01-01…2024-12-31")
        #expect(try period(["--year", "2026"]) == "2026-01-01…2026-11-21+")
        #expect(try period(["--month", "2026-11"]) == "2026-11-01…2026-11-21+")
        #expect(try period(["--month", "2024-02"]) == "2024-02-01…2024-02-29")
        #expect(try period(["--month", "2023-02"]) == "2023-02-01…2023-02-28")
        #expect(try top(["--year", "2024"]).flatMap { $0.enginePeriod(today: today, defaultYear: nil).days }.map { PeriodReading.days($0).count } == 366)
        #expect(try top(["--year", "2023"]).flatMap { $0.enginePeriod(today: today, defaultYear: nil).days }.map { PeriodReading.days($0).count } == 365)
        #expect(try period(["--month", "2026-10"], today: Day(year: 2026, month: 11, day: 1)) == "2026-10-01…2026-10-31", "a month that ended yesterday is whole")
        #expect(try period(["--from", "2023-07-01", "--to", "2023-08-31"]) == "2023-07-01…2023-08-31")
        #expect(try period(["--year", "2026"], today: Day(year: 2026, month: 1, day: 2)) == "2026-01-01…2026-01-01+")
        #expect(try top(["--limit", "25"])?.limit == 25)
        #expect(try top([])?.limit == TopRequest.defaultLimit)
    }

    @Test(arguments: [
        (["--year", "2023", "--month", "2023-04"], "--year and --month cannot be used together; give one period: --year, --month, --all-time, or --from and --to"),
        (["--month", "2023-04", "--from", "2023-01-01"], "--month and --from cannot be used together; give one period: --year, --month, --all-time, or --from and --to"),
        (["--year", "2023", "--to", "2023-01-01"], "--year and --to cannot be used together; give one period: --year, --month, --all-time, or --from and --to"),
        (["--year", "23"], "--year '23' is not a year; write it as 2023"),
        (["--year", "2003"], "--year 2003 is before KOBIS's figures begin (2004)"),
        (["--year", "2027"], "--year 2027 is in the future (this year in Korea is 2026)"),
        (["--month", "2026-12"], "--month 2026-12 is in the future (this month in Korea is 2026-11)"),
        (["--month", "2023-13"], "--month '2023-13' is not a month; write it as 2023-04"),
        (["--limit", "0"], "--limit '0' is not a whole number from 1 to 10,000"),
        (["2023"], "unexpected argument '2023' for 'top'"),
    ] as [([String], String)])
    func rejectsMalformedPeriods(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try top(arguments) }
        #expect(error?.message == message)
    }
}
