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

    @Test func rawIsRefusedWithDeep() async throws {
        let result = try await Executable.run(["daily", "--deep", "--raw"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --deep merges several KOBIS answers, so there is no single raw answer to print; drop --raw or --deep.\n"))
    }
}
