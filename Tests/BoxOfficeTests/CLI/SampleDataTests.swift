@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
import Foundation
import Testing

/// The demo's embedded recordings are the fixture files, byte for byte, and cover every recorded day and movie.
@Suite struct SampleDataTests {
    @Test func embeddedRecordingsEqualTheFixtureFiles() throws {
        let recordings = SampleTransport.recordings
        #expect(recordings.count == Set(SampleCatalog.entries.map(\.file)).count)
        for (name, data) in recordings {
            #expect(data == (try Fixtures.data(name)), "\(name): copy Fixtures/kobis/\(name) to Sources/BoxOfficeSamples/Samples")
        }
    }

    @Test func everyRecordedDayAndMovieIsInTheDemo() throws {
        let days = Set(Fixtures.named("daily_").map { String($0.dropFirst(6).prefix(8)) })
        #expect(Set(SampleCatalog.samples(of: .dailyBoxOffice)) == days)
        let movies = Set(Fixtures.named("movieinfo_").map { String($0.dropFirst(10).prefix(8)) })
        #expect(Set(SampleCatalog.samples(of: .movieInfo)) == movies)
    }

    @Test func answersCallsLikeKOBISWouldWithoutAKey() async throws {
        let client = BoxOfficeClient(transport: SampleTransport(), baseURL: URL(fileURLWithPath: "/"), key: "")
        let day = try #require(Day("20120101"))
        let boxOffice = try DailyBoxOffice(try await client.answer(.dailyBoxOffice(on: day)) { $0 }.value, requested: day)
        #expect(boxOffice.entries.first?.title == "미션임파서블:고스트프로토콜")
        let weekend = try await client.answer(.weeklyBoxOffice(containing: day, period: .weekend)) { $0 }.value
        #expect(weekend.boxOfficeResult.yearWeekTime == "201152")
        let movie = try Movie(try await client.answer(.movieInfo(code: "20218541")) { $0 }.value, requested: "20218541")
        #expect(movie.staffs.count == 522)
        await #expect(throws: SampleDataError.self) { try await client.answer(.movieInfo(code: "20230001")) { $0 }.value }
    }

    /// Over a period, the demo reads the sample days it has and says how many, in the table and
    /// the JSON; a period with none of them is refused (exit 69) with the sample days named.
    @Test func aPeriodSaysHowManyOfItsDaysTheSamplesHeld() async throws {
        let top = await run(["--demo", "--quiet", "top", "--month", "2022-01", "--json"])
        #expect(top.status == .success)
        let ranking = try #require(JSONValue.parse(Data(top.standardOutput.utf8)))
        #expect(ranking["daysInPeriod"] == .int(31) && ranking["daysRead"] == .int(2))
        let table = await run(["--demo", "top", "--month", "2022-01"])
        #expect(table.standardOutput.contains("\nread 2 of the period's 31 days: the ones the sample data holds\n"))
        #expect(table.standardError.contains("boxoffice: read 2 of the period's 31 days, the ones the sample data holds.\n"))
        // A period given is the one shown: no word of the samples' own year.
        #expect(!table.standardError.contains("showing 2025"), "\(table.standardError)")
        let year = await run(["--demo", "top"])
        #expect(year.standardError.contains("showing 2025, the year they hold most days of (pass --year or --month for another)."))

        // A filtered period is refused for what the samples lack (filtered rankings), not as a period without days.
        let filtered = await run(["--demo", "--quiet", "top", "--month", "2022-01", "--nation", "korean"])
        #expect(filtered.status == .unavailable && filtered.standardOutput.isEmpty)
        #expect(filtered.standardError.hasPrefix("boxoffice: the sample data holds no filtered rankings"), "\(filtered.standardError)")

        let sampleDays = "sample days: 2012-01-01, 2022-01-05, 2022-01-21, 2022-03-15, 2022-10-30, 2022-12-21, 2023-04-23, 2025-08-26, 2025-09-08 to 2025-10-28 but 2025-09-24 and 2025-10-20."
        for arguments in [["top", "--month", "2022-02"], ["calendar", "2022-02"], ["daily", "--from", "2022-02-01", "--to", "2022-02-28"]] {
            let none = await run(["--demo", "--quiet"] + arguments + ["--format", "csv"])
            #expect(none.status == .unavailable, "\(arguments)")
            #expect(none.standardOutput.isEmpty, "\(arguments): not a header alone")
            #expect(none.standardError == "boxoffice: the sample data has no day from 2022-02-01 to 2022-02-28; \(sampleDays)\nPick a period with sample days, or drop --demo to ask KOBIS itself.\n",
                    "\(arguments)")
        }

        let calendar = await run(["--demo", "--quiet", "calendar", "2022-01", "--json"])
        let month = try #require(JSONValue.parse(Data(calendar.standardOutput.utf8)))
        #expect(month["daysInPeriod"] == .int(31) && month["daysRead"] == .int(2))
        guard case let .array(days)? = month["days"] else { Issue.record("no days"); return }
        #expect(days[0]["read"] == .bool(false) && days[4]["read"] == .bool(true), "2022-01-01 is not a sample day; 2022-01-05 is")
        let grid = await run(["--demo", "--quiet", "calendar", "2022-01"])
        #expect(grid.standardOutput.contains("no sample") && !grid.standardOutput.contains("no figures"), "a missing sample day is never a day without figures")

        let range = await run(["--demo", "daily", "--from", "2022-01-01", "--to", "2022-03-31", "--format", "csv"])
        #expect(range.status == .success)
        // The days read have their rows; each other day a row saying why it was not read.
        let rows = range.standardOutput.split(separator: "\n").dropFirst()
        #expect(Set(rows.filter { !$0.hasSuffix(",notInSamples") }.map { $0.prefix(10) }) == ["2022-01-05", "2022-01-21", "2022-03-15"])
        #expect(rows.filter { $0.hasSuffix(",notInSamples") }.count == 87)
        #expect(range.standardError.contains("boxoffice: read 3 of the range's 90 days, the ones the sample data holds.\n"))

        let trend = await run(["--demo", "trend", "20198429", "--from", "2022-10-01", "--to", "2022-12-31"])
        #expect(trend.status == .success, "\(trend.standardError)")
        #expect(trend.standardError.contains("boxoffice: read 2 of the 92 days from 2022-10-01 to 2022-12-31, the ones the sample data holds.\n"))
        #expect(trend.standardOutput.hasPrefix("Trend · 2022-10-30 – 2022-12-21\nread 2 of the period's 92 days: the ones the sample data holds\n\n"))
        let trendJSON = await run(["--demo", "--quiet", "trend", "20198429", "--from", "2022-10-01", "--to", "2022-12-31", "--json"])
        let series = try #require(JSONValue.parse(Data(trendJSON.standardOutput.utf8)))
        #expect(series["from"] == .string("2022-10-30") && series["to"] == .string("2022-12-21"))
        #expect(series["daysInPeriod"] == .int(92) && series["daysRead"] == .int(2))
        #expect(Trend.shape.describes(series))
        let whole = await run(["--demo", "--quiet", "trend", "20198429", "--from", "2022-10-30", "--to", "2022-10-30", "--json"])
        let day = try #require(JSONValue.parse(Data(whole.standardOutput.utf8)))
        #expect(day["daysRead"] == .int(1) && day["daysInPeriod"] == .int(1) && day["daysNotRead"] == .array([]), "a period read whole says so too")
        let trendNone = await run(["--demo", "--quiet", "trend", "20198429", "--from", "2022-02-01", "--to", "2022-02-28", "--json"])
        #expect(trendNone.status == .unavailable && trendNone.standardOutput.isEmpty)
    }
}

