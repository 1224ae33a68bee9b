@testable import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// The library's deep rankings, and the options that go with deep.
extension DeepRankingTests {
    /// The library's own call, through URLSession: the same ranking, typed.
    @Test func theLibraryRanksADayDeep() async throws {
        let server = try Self.server()
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10))
        let ranking = try await client.deepDailyBoxOffice(on: try #require(Day(Self.day)))
        #expect(ranking.exactThrough == 17 && ranking.entries.count == 27)
        #expect(ranking.entries.prefix(17).map(\.movieCode) == Self.truth(Self.day).prefix(17).map(\.code))
        #expect(ranking.entries.last?.nation == .korean && ranking.entries.last?.market == .diversity)
        let korean = try await client.deepDailyBoxOffice(on: try #require(Day(Self.day)), filter: BoxOfficeFilter(nation: .korean))
        #expect(korean.entries.count == 17 && server.requestCount == 6)
    }

    /// The library's deep week: each group's weekly list, merged, as `weekly --deep` shows it.
    @Test func theLibraryRanksAWeekendDeep() async throws {
        let server = try Self.server()
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10))
        let weekend = try await client.deepWeeklyBoxOffice(containing: try #require(Day("2012-01-01")), period: .weekend)
        #expect(weekend.entries.count == 10 && weekend.exactThrough == 9)
        #expect(weekend.start.iso == "2011-12-30" && weekend.end.iso == "2012-01-01")
        let groups = server.requests.map { "\($0.query["repNationCd"] ?? "-")\($0.query["multiMovieYn"] ?? "-")\($0.query["weekGb"] ?? "-")" }
        #expect(groups.sorted() == ["FN1", "FY1", "KN1", "KY1"])
    }

    /// A film outside the top 10 has a run in the deep lists: read whole with `deep`, from two
    /// weeks before its opening (2024-01-03) to yesterday (2024-01-11 is today), four lists a day;
    /// in the top 10 alone it has none.
    @Test func aRunPastTheTopTen() async throws {
        let server = try Self.server()
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10))
        let opening = try #require(Day("2024-01-03")), today = try #require(Day("2024-01-11"))
        let deep = try #require(try await client.filmRun(of: "20242007", openDate: opening, run: .whole, deep: true, today: today,
                                                                reading: PeriodReading(jobs: 2), unheld: .notCached))
        #expect(deep.from.iso == "2023-12-20" && deep.to.iso == "2024-01-10" && deep.coverage.daysRead == 22)
        #expect(deep.daysInTop10 == 2 && deep.inTop10 && deep.asOf?.iso == "2024-01-10" && deep.audienceTotal == 75_000)
        #expect((deep.bestRank ?? 0) > 10, "ranked past the top 10")
        #expect(server.requests.filter { $0.path.hasSuffix("searchDailyBoxOfficeList.json") }.count == 22 * 4)
        let plain = try #require(try await client.filmRun(of: "20242007", openDate: opening, run: .whole, today: today,
                                                                 reading: PeriodReading(jobs: 2), unheld: .notCached))
        #expect(plain.daysInTop10 == 0 && plain.audienceTotal == nil)
    }

    @Test func rawIsRefusedWithDeep() async throws {
        let result = try await Executable.run(["daily", "--deep", "--raw"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --deep merges several KOBIS answers, so there is no single raw answer to print; drop --raw or --deep.\n"))
    }
}
