@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import BoxOfficeCore
import BoxOfficeRendering
import Foundation
import Testing

/// The demo's season (autumn 2025, recorded from KOBIS): every recorded day and film reads in the
/// demo exactly as the same recording reads through the live path, and the analyses over the
/// season equal computations written here from the recordings themselves.
@Suite struct SeasonDemoTests {
    /// The season's days: every recorded day from 2025-09-08 on.
    static let days: [String] = Fixtures.named("daily_").compactMap { name in
        let day = String(name.dropFirst(6).prefix(8))
        return name == "daily_\(day).json" && day >= "20250908" ? day : nil
    }
    /// Every film recorded under its plain name (`movieinfo_<code>.json`): the season's and the older samples'.
    static let films: [String] = Fixtures.named("movieinfo_").compactMap { name in
        let code = String(name.dropFirst(10).prefix(8))
        return name == "movieinfo_\(code).json" ? code : nil
    }

    /// One day's rows as recorded: code, title, rank, audience that day and in all, sales in all.
    struct Row {
        let code: String, title: String, rank: Int, audience: Int, total: Int, sales: Int, salesTotal: Int
    }

    static func rows(_ day: String) throws -> [Row] {
        let object = try JSONSerialization.jsonObject(with: try Fixtures.data("daily_\(day).json")) as? [String: Any]
        let list = (object?["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: Any]] ?? []
        return list.map { row in
            func number(_ key: String) -> Int { Int(row[key] as? String ?? "") ?? -1 }
            return Row(code: row["movieCd"] as? String ?? "", title: row["movieNm"] as? String ?? "", rank: number("rank"),
                       audience: number("audiCnt"), total: number("audiAcc"), sales: number("salesAmt"), salesTotal: number("salesAcc"))
        }
    }

    /// The live path over the same recordings: the whole client (key, cache, middlewares) with a
    /// transport that answers each request with its recorded file.
    static func live(_ arguments: [String]) async -> RunResult {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("season-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let transport = StubTransport { request in
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func value(_ name: String) -> String { query.first { $0.name == name }?.value ?? "" }
            // The recording the demo gives for the same request (a film recorded twice has one it uses).
            let key = request.url.path.hasSuffix("searchMovieInfo.json") ? KOBISCall<Movie>.movie(code: value("movieCd")).requestKey
                : KOBISCall<DailyBoxOffice>.daily(Day(value("targetDt")) ?? Day(year: 2000, month: 1, day: 1)!).requestKey
            let file = try #require(SampleCatalog.entries.first { $0.key == key }?.file, "no recording for \(key)")
            return HTTPResponse(status: 200, body: try Fixtures.data(file))
        }
        return await run(["--quiet"] + arguments, environment: ["HOME": "/nonexistent", "KOBIS_API_KEY": KOBISEmulator.key,
                                                                 "BOXOFFICE_CACHE_DIR": cache.path], transport: transport)
    }

    static func demo(_ arguments: [String]) async -> RunResult {
        await run(["--demo", "--quiet"] + arguments)
    }

    @Test func theSeasonIsWholeButItsTwoUnrecordedDays() {
        #expect(Self.days.count == 49)
        #expect(Self.days.first == "20250908" && Self.days.last == "20251028")
        #expect(!Self.days.contains("20250924") && !Self.days.contains("20251020"))
        #expect(Self.films.count >= 35)
    }

    @Test func everyRecordedDayAndFilmReadsAsTheLivePathReadsIt() async throws {
        for day in Self.days {
            let demo = await Self.demo(["daily", "--date", day, "--json"])
            let live = await Self.live(["daily", "--date", day, "--json"])
            #expect(demo.status == .success && live.status == .success, "\(day): \(demo.standardError)\(live.standardError)")
            #expect(demo.standardOutput == live.standardOutput, "\(day)")
            guard case let .array(entries)? = JSONValue.parse(Data(demo.standardOutput.utf8))?["entries"] else { Issue.record("\(day): no entries"); continue }
            #expect(entries.first?["movieCode"]?.stringValue == (try Self.rows(day)).first?.code, "\(day)")
        }
        for code in Self.films {
            let demo = await Self.demo(["movie", code, "--json"])
            let live = await Self.live(["movie", code, "--json"])
            #expect(demo.status == .success && live.status == .success, "\(code): \(demo.standardError)\(live.standardError)")
            // The details alike; the run is what the days at hand say, which differ (the samples
            // hold the season, the live path's new cache nothing): FilmRunEndToEndTests checks it.
            func details(_ output: String) -> JSONValue? {
                guard case let .object(members)? = JSONValue.parse(Data(output.utf8)) else { return nil }
                return .object(members.filter { $0.0 != "run" })
            }
            #expect(details(demo.standardOutput) != nil && details(demo.standardOutput) == details(live.standardOutput), "\(code)")
            #expect(live.standardOutput.hasSuffix(#""run":null}"# + "\n"), "\(code)")
        }
    }

    /// October's ranking: each film's audience from its first to its last day in the top 10 within
    /// the month, counting the first day, over the 27 days recorded; ties by sales, then code.
    @Test func octobersTopEqualsTheHandComputation() async throws {
        var films: [String: (title: String, first: Row, last: Row)] = [:]
        for day in Self.days where day.hasPrefix("202510") {
            for row in try Self.rows(day) {
                films[row.code] = (row.title, films[row.code]?.first ?? row, row)
            }
        }
        let expected = films.map { code, film in
            (code: code, audience: film.last.total - film.first.total + film.first.audience,
             sales: film.last.salesTotal - film.first.salesTotal + film.first.sales)
        }.sorted { ($0.audience, $0.sales, $1.code) > ($1.audience, $1.sales, $0.code) }

        let result = await Self.demo(["top", "--month", "2025-10", "--limit", "100", "--json"])
        #expect(result.status == .success, "\(result.standardError)")
        let ranking = try #require(JSONValue.parse(Data(result.standardOutput.utf8)))
        #expect(ranking["daysRead"] == .int(27) && ranking["daysInPeriod"] == .int(31))
        guard case let .array(entries)? = ranking["films"] else { Issue.record("no films"); return }
        #expect(entries.map { $0["movieCode"]?.stringValue ?? "" } == expected.map(\.code))
        #expect(entries.map { $0["audience"] } == expected.map { .int(Int64($0.audience)) })
        #expect(expected.first?.code == "20228988", "보스 leads October")
    }

    /// Each mark a film's total passed on a day it was in the top 10 (its total the day before that
    /// day's audience below the mark, its total that day at or above it), over each film's own run.
    @Test func theMilestonesOfTwoRunsEqualTheHandComputation() async throws {
        let marks = [100_000, 500_000] + (1...20).map { $0 * 1_000_000 }
        var expected: [String: [(mark: Int, date: String)]] = [:]
        for code in ["20243561", "20228988"] {
            for day in Self.days {
                guard let row = try Self.rows(day).first(where: { $0.code == code }) else { continue }
                for mark in marks where row.total - row.audience < mark && row.total >= mark {
                    expected[code, default: []].append((mark, day))
                }
            }
        }
        let result = await Self.demo(["trend", "20243561", "20228988", "--align", "opening", "--json"])
        #expect(result.status == .success, "\(result.standardError)")
        let trend = try #require(JSONValue.parse(Data(result.standardOutput.utf8)))
        guard case let .array(movies)? = trend["movies"] else { Issue.record("no movies"); return }
        for movie in movies {
            let code = try #require(movie["movieCode"]?.stringValue)
            guard case let .array(milestones)? = movie["milestones"] else { Issue.record("no milestones for \(code)"); continue }
            let marks: [JSONValue?] = milestones.map { $0["audience"] }
            let dates: [String] = milestones.map { ($0["date"]?.stringValue ?? "").replacingOccurrences(of: "-", with: "") }
            let wanted = expected[code, default: []]
            #expect(marks == wanted.map { .int(Int64($0.mark)) }, "\(code)")
            #expect(dates == wanted.map { $0.date }, "\(code)")
        }
        // The facts the recordings' provenance states.
        #expect(expected["20243561"]?.contains { $0 == (1_000_000, "20250928") } == true)
        #expect(expected["20243561"]?.contains { $0 == (2_000_000, "20251006") } == true)
        #expect(expected["20228988"]?.contains { $0 == (2_000_000, "20251012") } == true)
    }

    @Test func octobersCalendarNamesEachRecordedDaysNumberOne() async throws {
        let result = await Self.demo(["calendar", "2025-10", "--json"])
        #expect(result.status == .success, "\(result.standardError)")
        let month = try #require(JSONValue.parse(Data(result.standardOutput.utf8)))
        guard case let .array(days)? = month["days"] else { Issue.record("no days"); return }
        #expect(days.count == 31)
        for entry in days {
            let day = (entry["date"]?.stringValue ?? "").replacingOccurrences(of: "-", with: "")
            if Self.days.contains(day) {
                let first = try Self.rows(day).first { $0.rank == 1 }
                #expect(entry["movieCode"]?.stringValue == first?.code && entry["audience"] == first.map { .int(Int64($0.audience)) }, "\(day)")
            } else {
                #expect(entry["read"] == .bool(false), "\(day) is not recorded")
            }
        }
    }

    /// One search, every face: the demo searches the films it holds, by a part of a title or a
    /// director's name, those without details by what the rankings say of them, and says so.
    @Test func theDemoSearchesTheFilmsItHolds() async throws {
        func codes(_ arguments: [String]) async throws -> [String] {
            let result = await run(["--demo"] + arguments + ["--json"])
            #expect(result.status == .success, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("boxoffice: searched the samples (titles, directors, recorded searches), not KOBIS.\n"))
            guard case let .array(movies)? = JSONValue.parse(Data(result.standardOutput.utf8)) else { return [] }
            return movies.compactMap { $0["movieCode"]?.stringValue }
        }
        #expect(try await codes(["search", "보스"]) == ["20228988"])
        #expect(try await codes(["search", "귀멸의칼날"]) == ["20253289"], "spaces are not needed")
        #expect(try await codes(["search", "--director", "박찬욱"]) == ["20243561"])
        #expect(try await codes(["search", "토이 스토리"]) == ["19950366"], "a film the samples hold no details of, from the rankings")
        #expect(try await codes(["search", "없는 영화 제목"]) == [])
        #expect(try await codes(["search", "범죄와의 전쟁"]).count == 5, "a recorded search is answered as recorded")
        // A title where a code is asked for is found the same way.
        let trend = await run(["--demo", "--quiet", "trend", "어쩔수가없다", "보스", "--json"])
        #expect(trend.status == .success, "\(trend.standardError)")
        guard case let .array(movies)? = JSONValue.parse(Data(trend.standardOutput.utf8))?["movies"] else { Issue.record("no trend"); return }
        #expect(movies.map { $0["movieCode"]?.stringValue } == ["20243561", "20228988"])
    }
}
