@testable import BoxOfficeCLI
@testable import BoxOfficeCore
import Foundation
import Testing

/// The demo's embedded recordings are the fixture files, byte for byte, and cover every recorded day and movie.
@Suite struct SampleDataTests {
    @Test func embeddedRecordingsEqualTheFixtureFiles() throws {
        let recordings = SampleTransport.recordings
        #expect(recordings.count == Set(SampleCatalog.entries.map(\.file)).count)
        for (name, data) in recordings {
            #expect(data == (try Fixtures.data(name)), "\(name): run scripts/embed-samples")
        }
    }

    @Test func everyRecordedDayAndMovieIsInTheDemo() throws {
        let days = Set(Fixtures.named("daily_").map { String($0.dropFirst(6).prefix(8)) })
        #expect(Set(SampleCatalog.samples(of: .dailyBoxOffice)) == days)
        let movies = Set(Fixtures.named("movieinfo_").map { String($0.dropFirst(10).prefix(8)) })
        #expect(Set(SampleCatalog.samples(of: .movieInfo)) == movies)
    }

    @Test func answersCallsLikeKOBISWouldWithoutAKey() async throws {
        let client = KOBISClient(transport: SampleTransport(), baseURL: URL(fileURLWithPath: "/"), key: "")
        let day = try #require(Day("20120101"))
        let boxOffice = try DailyBoxOffice(try await client.send(.dailyBoxOffice(on: day)), requested: day)
        #expect(boxOffice.entries.first?.title == "미션임파서블:고스트프로토콜")
        let weekend = try await client.send(.weeklyBoxOffice(containing: day, period: .weekend))
        #expect(weekend.boxOfficeResult.yearWeekTime == "201152")
        let movie = try Movie(try await client.send(.movieInfo(code: "20218541")), requested: "20218541")
        #expect(movie.staffs.count == 522)
        await #expect(throws: SampleDataError.self) { try await client.send(.movieInfo(code: "20230001")) }
    }
}
