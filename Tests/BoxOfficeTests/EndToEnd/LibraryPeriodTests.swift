import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// April 2023 as a loopback server answers it, made from the recording of 2023-04-23: every day the
/// same ten films with their recorded daily figures, each film's cumulative audience (and sales)
/// growing by its daily figure from a start that makes the 23rd's total the recorded one (or from
/// nothing on the 1st, where the recorded total is smaller than that). Synthetic, and consistent:
/// every day's total is the day before's plus its own audience.
enum SyntheticApril {
    struct Row {
        let rank: String, code: String, title: String, audience: Int64, sales: Int64, audienceBase: Int64, salesBase: Int64
        func total(on day: Int) -> (audience: Int64, sales: Int64) { (audienceBase + Int64(day) * audience, salesBase + Int64(day) * sales) }
    }

    static let rows: [Row] = {
        let recording = try? JSONSerialization.jsonObject(with: Fixtures.data("daily_20230423.json")) as? [String: Any]
        let list = (recording?["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: Any]] ?? []
        return list.map { row in
            func number(_ key: String) -> Int64 { Int64(row[key] as? String ?? "") ?? 0 }
            let (audience, sales) = (number("audiCnt"), number("salesAmt"))
            return Row(rank: row["rank"] as? String ?? "", code: row["movieCd"] as? String ?? "", title: row["movieNm"] as? String ?? "",
                       audience: audience, sales: sales, audienceBase: max(0, number("audiAcc") - 23 * audience),
                       salesBase: max(0, number("salesAcc") - 23 * sales))
        }
    }()

    /// KOBIS's answer for one day of April 2023 (day 1 to 30).
    static func body(day: Int) -> String {
        let date = String(format: "202304%02d", day)
        let entries = rows.map { row in
            let total = row.total(on: day)
            return #"{"rnum":"\#(row.rank)","rank":"\#(row.rank)","rankInten":"0","rankOldAndNew":"OLD","movieCd":"\#(row.code)","movieNm":"\#(row.title)","openDt":"2023-04-01","salesAmt":"\#(row.sales)","salesShare":"10.0","salesInten":"0","salesChange":"0","salesAcc":"\#(total.sales)","audiCnt":"\#(row.audience)","audiInten":"0","audiChange":"0","audiAcc":"\#(total.audience)","scrnCnt":"100","showCnt":"500"}"#
        }
        return #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"\#(date)~\#(date)","dailyBoxOfficeList":[\#(entries.joined(separator: ","))]}}"#
    }

    /// A KOBIS stand-in that answers the days of April 2023 as above, and everything else as the emulator does.
    static func handler() -> @Sendable (LoopbackRequest) -> LoopbackReply {
        let emulator = KOBISEmulator.handler()
        return { request in
            if request.path.hasSuffix("searchDailyBoxOfficeList.json"), request.query["key"] == KOBISEmulator.key,
               let text = request.query["targetDt"], text.hasPrefix("202304"), let day = Int(text.dropFirst(6)), (1...30).contains(day) {
                return .json(body(day: day))
            }
            return emulator(request)
        }
    }

    /// The month's top films by the rule `top` states, worked out here: a film's audience is its
    /// total on its last day minus its total on its first, plus its first day's audience; ties go
    /// to more sales, then the lower code.
    static func top(_ count: Int) -> [(code: String, title: String, audience: Int64)] {
        rows.map { row -> (code: String, title: String, audience: Int64, sales: Int64) in
            (row.code, row.title, row.total(on: 30).audience - row.total(on: 1).audience + row.audience,
             row.total(on: 30).sales - row.total(on: 1).sales + row.sales)
        }
        .sorted { ($0.audience, $0.sales, $1.code) > ($1.audience, $1.sales, $0.code) }
        .prefix(count).map { ($0.code, $0.title, $0.audience) }
    }

    /// Each mark (100,000, 500,000, then every million) a film's total passed on a day of April.
    static func milestones(of code: String) -> [(audience: Int64, day: Int)] {
        guard let row = rows.first(where: { $0.code == code }) else { return [] }
        return (1...30).flatMap { day -> [(audience: Int64, day: Int)] in
            let total = row.total(on: day).audience, before = total - row.audience
            let marks = [Int64(100_000), 500_000] + stride(from: Int64(1_000_000), through: max(0, total), by: 1_000_000)
            return marks.filter { $0 > before && $0 <= total }.map { ($0, day) }
        }
    }
}

/// The library's period operations and caches, as an app uses them: over URLSession, through real
/// HTTP to the loopback server.
@Suite struct LibraryPeriodTests {
    private let april = (Day(year: 2023, month: 4, day: 1)!, Day(year: 2023, month: 4, day: 30)!)

    private func client(_ server: LoopbackServer, cache: (any AnswerStore)? = nil) -> BoxOfficeClient {
        BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10), attempts: 1, cache: cache)
    }

    @Test func aMonthsRankingEqualsTheHandComputation() async throws {
        let server = try LoopbackServer(handler: SyntheticApril.handler())
        let ranking = try await client(server).periodRanking(from: april.0, to: april.1, limit: 5)
        #expect(ranking.films.map { [$0.movieCode, $0.title, String($0.audience)] } == SyntheticApril.top(5).map { [$0.code, $0.title, String($0.audience)] })
        #expect(ranking.films.map(\.rank) == [1, 2, 3, 4, 5])
        #expect(ranking.films.allSatisfy { $0.daysInTop10 == 30 && $0.firstDay == april.0 && $0.lastDay == april.1 })
        #expect(ranking.from == april.0 && ranking.to == april.1 && !ranking.provisional && ranking.daysRead == nil && ranking.daysInPeriod == 30)
        #expect(server.requestCount == 30)
        #expect(Set(server.requests.compactMap { $0.query["targetDt"] }).count == 30)
    }

    /// The calendar of a month: each published day's number one, the rest not yet published.
    @Test func aMonthsCalendarHoldsEachDaysNumberOne() async throws {
        let server = try LoopbackServer(handler: SyntheticApril.handler())
        let now = try #require(ISO8601DateFormatter().date(from: "2023-04-21T03:00:00Z"))  // noon on the 21st in Korea
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10), attempts: 1, now: { now })
        let calendar = try await client.calendar(year: 2023, month: 4)
        let first = try #require(SyntheticApril.rows.first { $0.rank == "1" })
        #expect(calendar.days.map(\.date) == (1...30).map { Day(year: 2023, month: 4, day: $0)! })
        #expect(calendar.days.map(\.published) == (1...30).map { $0 < 21 })
        #expect(calendar.days.map { $0.top?.movieCode } == (1...30).map { $0 < 21 ? first.code : nil })
        #expect(calendar.days.map { $0.top?.audienceTotal.map(Int64.init) } == (1...30).map { $0 < 21 ? first.total(on: $0).audience : nil })
        #expect(calendar.coverage == PeriodCoverage(daysInPeriod: 20) && calendar.days.allSatisfy(\.read))
        #expect(server.requestCount == 20)
        await #expect(throws: BoxOfficeError.self) { try await client.calendar(year: 2023, month: 13) }
    }

    /// A day KOBIS cannot answer (its own failure) is left out of a period, named with its fault;
    /// a range gives every other day, then the error.
    @Test func aDayKOBISCannotAnswerIsNamedAndTheRestRead() async throws {
        let april = SyntheticApril.handler()
        let fault = KOBISFault(code: "320099", message: "알수없는 오류가 발생했습니다.")
        let server = try LoopbackServer { request in
            request.query["targetDt"] == "20230410" ? .json(KOBISFailureEndToEndTests.fault) : april(request)
        }
        let client = client(server)
        let ranking = try await client.periodRanking(from: self.april.0, to: self.april.1, limit: 1)
        let tenth = try #require(Day("20230410"))
        #expect(ranking.coverage.unread == [UnreadDay(day: tenth, reason: .kobisFailed(fault))] && ranking.daysRead == 29)
        #expect(ranking.films.first?.daysInTop10 == 29)
        #expect(server.requests.filter { $0.query["targetDt"] == "20230410" }.count == 1, "attempts: 1")
        var days: [Day] = []
        do {
            for try await day in client.dailyBoxOffice(from: self.april.0, to: self.april.1) { days.append(day.day) }
            Issue.record("the range must end with the day it could not read")
        } catch {
            #expect(error as? BoxOfficeError == .unavailable(.failed(fault, request: "for 2023-04-10", attempts: 1)))
        }
        #expect(days == PeriodReading.days(self.april.0...self.april.1).filter { $0 != tenth })
    }

    /// The days KOBIS could not answer, as a note names them: grouped by KOBIS's error, a few of many.
    @Test func theFailedDaysAreNamedAFewOfMany() throws {
        let fault = KOBISFault(code: "320099", message: "알수없는 오류가 발생했습니다.")
        let other = KOBISFault(code: "320098", message: "other")
        let days = (1...30).map { Day(year: 2023, month: 4, day: $0)! }
        #expect(PeriodCoverage.failedDays([(days[3], fault)]) == "2023-04-04 (알수없는 오류가 발생했습니다., error 320099)")
        #expect(PeriodCoverage.failedDays([(days[3], fault), (days[5], fault), (days[6], other)])
                == "2023-04-04 and 2023-04-06 (알수없는 오류가 발생했습니다., error 320099); 2023-04-07 (other, error 320098)")
        #expect(PeriodCoverage.failedDays(days.map { ($0, fault) }, listing: 3)
                == "2023-04-01, 2023-04-02, 2023-04-03 and 27 more days (알수없는 오류가 발생했습니다., error 320099)")
    }

    /// A period read in part says which days were not read and why, whoever reads it.
    @Test func aCoverageNamesTheDaysNotRead() throws {
        let days = (1...5).map { Day(year: 2023, month: 4, day: $0)! }
        let coverage = PeriodCoverage(asked: days, read: [days[0], days[2], days[4]])
        #expect(coverage.daysInPeriod == 5 && coverage.daysRead == 3 && !coverage.isComplete)
        #expect(coverage.unread == [UnreadDay(day: days[1], reason: .notHeld), UnreadDay(day: days[3], reason: .notHeld)])
        #expect(coverage.reason(for: days[1]) == .notHeld && coverage.reason(for: days[0]) == nil)
        #expect((coverage + PeriodCoverage(daysInPeriod: 2)).daysRead == 5)
        let whole = PeriodCoverage(asked: days, read: days)
        #expect(whole.isComplete && whole == PeriodCoverage(daysInPeriod: 5))
    }

    @Test func aTrendsMilestonesEqualTheHandComputation() async throws {
        let server = try LoopbackServer(handler: SyntheticApril.handler())
        let codes = SyntheticApril.top(3).map(\.code)
        let trend = try await client(server).trend(of: codes, from: april.0, to: april.1)
        #expect(trend.movies.map(\.movieCode) == codes)
        for movie in trend.movies {
            #expect(movie.points.count == 30 && movie.points.allSatisfy(\.isRanked))
            #expect(movie.milestones.map { "\($0.audience) \($0.date.iso)" }
                    == SyntheticApril.milestones(of: movie.movieCode).map { "\($0.audience) \(String(format: "2023-04-%02d", $0.day))" })
        }
        #expect(trend.movies.contains { !$0.milestones.isEmpty })
    }

    /// A film's run from the days a cache holds: those days alone, read without a request, the
    /// others in the coverage; with no cache, none.
    @Test func aStoredRunReadsOnlyTheDaysTheCacheHolds() async throws {
        let server = try LoopbackServer(handler: SyntheticApril.handler())
        let client = client(server, cache: InMemoryAnswerStore())
        let film = SyntheticApril.rows[1]
        for day in [3, 5, 6] { _ = try await client.dailyBoxOffice(on: Day(year: 2023, month: 4, day: day)!) }
        #expect(server.requestCount == 3)
        let run = try await client.storedRun(of: film.code, from: april.0, to: april.1)
        #expect(server.requestCount == 3, "no request")
        let series = try #require(run.movies.first)
        #expect(series.movieCode == film.code && series.title == film.title)
        #expect(series.points.map(\.date.day) == [3, 5, 6])
        #expect(series.daysRanked == 3 && series.bestRank == Int(film.rank))
        #expect(series.lastRanked?.audienceTotal == Int(film.total(on: 6).audience))
        #expect(run.coverage?.daysInPeriod == 30 && run.coverage?.daysRead == 3)
        #expect(run.coverage?.reason(for: april.0) == .notHeld)
        // Without a cache nothing is at hand, and nothing is asked for.
        let none = try await self.client(server).storedRun(of: film.code, from: april.0, to: april.1)
        #expect(none.movies.map(\.points.count) == [0] && none.movies.first?.daysRanked == 0 && none.coverage?.daysRead == 0)
        #expect(server.requestCount == 3)
        await #expect(throws: BoxOfficeError.self) { try await client.storedRun(of: film.code, from: april.1, to: april.0) }
    }

    @Test func aMemoryStoreAnswersAgainWithoutARequest() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = client(server, cache: InMemoryAnswerStore())
        let day = try #require(Day("20230423"))
        let first = try await client.dailyBoxOffice(on: day)
        let second = try await client.dailyBoxOffice(on: day)
        #expect(first == second && first.entries.count == 10)
        #expect(server.requestCount == 1)
        // A movie's details likewise; a client without the store asks again.
        _ = try await client.movie(code: "20194376")
        _ = try await client.movie(code: "20194376")
        #expect(server.requestCount == 2)
        _ = try await self.client(server).dailyBoxOffice(on: day)
        #expect(server.requestCount == 3)
    }

    @Test func aFolderStoreIsSharedAndNeverFollowsALinkItDidNotMake() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let day = try #require(Day("20230423"))
        _ = try await client(server, cache: FolderAnswerStore(folder: folder)).dailyBoxOffice(on: day)
        // A second client (another launch of the app) finds it there; no file holds the key.
        let again = try await client(server, cache: FolderAnswerStore(folder: folder)).dailyBoxOffice(on: day)
        #expect(again.entries.first?.title == "존 윅 4")
        #expect(server.requestCount == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("answers").path)
        #expect(files.count == 1)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent("answers").appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(KOBISEmulator.key))
        }

        // A folder whose `answers` is a link elsewhere: answered from the network, nothing written there.
        let hostile = folder.appendingPathComponent("hostile"), elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: hostile, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: hostile.appendingPathComponent("answers"), withDestinationURL: elsewhere)
        let store = FolderAnswerStore(folder: hostile)
        let fetched = try await client(server, cache: store).dailyBoxOffice(on: day)
        #expect(fetched.entries.count == 10)
        #expect(server.requestCount == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
        #expect(throws: (any Error).self) { try store.answer(for: "boxoffice/searchDailyBoxOfficeList.json?targetDt=20230423") }
    }

    @Test func aRangeOfDaysArrivesInOrder() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        var days: [String] = []
        var counts: [Int] = []
        for try await ranking in client(server).dailyBoxOffice(from: try #require(Day("20230421")), to: try #require(Day("20230425")), concurrency: 3) {
            days.append(ranking.day.iso)
            counts.append(ranking.entries.count)
        }
        #expect(days == ["2023-04-21", "2023-04-22", "2023-04-23", "2023-04-24", "2023-04-25"])
        #expect(counts == [0, 0, 10, 0, 0])
        #expect(server.requestCount == 5)
    }

    @Test func aRangeStopsAtTheFirstFailureWithTheTypedError() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = BoxOfficeClient(key: "Zq7WRONGkey0123456789abcdefXYZ1", transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10), attempts: 1)
        var delivered = 0
        do {
            for try await _ in client.dailyBoxOffice(from: try #require(Day("20230421")), to: try #require(Day("20230425"))) { delivered += 1 }
            Issue.record("a rejected key must end the range")
        } catch let error as BoxOfficeError {
            guard case let .fault(fault) = error else { Issue.record("not a fault: \(error)"); return }
            #expect(fault.code == "320010")
        }
        #expect(delivered == 0)
    }

    @Test func aPeriodWithNoPublishedDayIsAnInvalidRequest() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let now = try #require(ISO8601DateFormatter().date(from: "2023-05-10T03:00:00Z"))
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, now: { now })
        await #expect(throws: BoxOfficeError.invalidRequest("the period starts on 2023-04-30, after its last day, 2023-04-01")) {
            try await client.periodRanking(from: april.1, to: april.0)
        }
        await #expect(throws: BoxOfficeError.invalidRequest("KOBIS has published no day from 2023-05-10 yet (it publishes a day after it ends, Korean time)")) {
            try await client.periodRanking(from: try #require(Day("20230510")), to: try #require(Day("20230531")))
        }
        await #expect(throws: BoxOfficeError.invalidRequest("a trend compares one to six films; 0 were given")) {
            try await client.trend(of: [], from: april.0, to: april.1)
        }
        // A period reaching today is read to yesterday, and provisional.
        let running = try await client.periodRanking(from: try #require(Day("20230501")), to: try #require(Day("20230531")))
        #expect(running.to == Day("20230509") && running.provisional)
        #expect(server.requestCount == 9)
    }
}
