@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
import Foundation
import Testing

/// `trend --align opening` and milestones, through the built binary against the loopback
/// server: day numbers from opening dates (previews before it, a blank opening date), marks
/// passed inside the range and none invented, the aligned chart at 80, 60 and 40 columns.
@Suite struct TrendAlignmentTests {
    private func environment(_ server: LoopbackServer, cache: URL, columns: Int? = nil) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
            .merging(columns.map { ["COLUMNS": String($0)] } ?? [:]) { $1 }
    }

    private func temporaryCache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-align-\(UUID().uuidString)")
    }

    /// 자백 (opened 2020-02-20), 리멤버 (previews before its opening on 2020-03-01), 인생은
    /// 아름다워 (passed 1,000,000 on a day outside the top 10) and 짱구 (no opening date) over
    /// the made-up days 2020-02-27 – 2020-03-01.
    static let films = ["20198429", "20198461", "20198317", "20226777"]
    static let range = ["--from", "2020-02-27", "--to", "2020-03-01"]

    @Test func dayNumbersAndMilestonesFromTheOpeningDates() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["trend"] + Self.films + Self.range + ["--align", "opening", "--rate", "0", "--json", "--compact"],
                                              environment: environment(server, cache: cache))
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let movies = try #require(object["movies"] as? [[String: Any]])
        func days(_ index: Int) -> [Int?] { (movies[index]["points"] as? [[String: Any]] ?? []).map { $0["day"] as? Int } }
        func milestones(_ index: Int) -> String {
            (movies[index]["milestones"] as? [[String: Any]] ?? []).map { "\($0["audience"] ?? "") \($0["date"] ?? "") \($0["day"] ?? "")" }.joined(separator: "; ")
        }
        #expect(days(0) == [8, 9, 10, 11], "자백 opened 2020-02-20: the 27th is its 8th day")
        #expect(days(1) == [-2, -1, 0, 1], "리멤버's previews: day 0 is the day before its opening")
        #expect(days(2) == [72, 73, 74, 75], "2019-12-18 to 2020-02-27 across a leap February")
        #expect(days(3) == [nil, nil, nil, nil], "짱구 has a blank opening date (and no details)")
        #expect(milestones(0) == "500000 2020-02-28 9", "100,000 was passed before the range: not listed")
        #expect(milestones(1) == "100000 2020-02-29 0; 500000 2020-03-01 1")
        #expect(milestones(2) == "", "1,000,000 was passed on the 28th, outside the top 10: its day is not known")
        #expect(milestones(3) == "")
        #expect(result.standardOutput.contains(#"{"date":"2020-02-28","day":-1,"rank":2,"audience":30000,"audienceTotal":30000}"#))
        #expect(result.standardError.contains("KOBIS gives no opening date for 극장판 짱구는 못말려: 수수께끼! 꽃피는 천하떡잎학교 (20226777), so its days since opening are unknown"))
        // Without --align, milestones still; no day.
        let plain = try await Executable.run(["trend", "20198461"] + Self.range + ["--rate", "0", "--json", "--compact"], environment: environment(server, cache: cache))
        #expect(plain.standardOutput == #"{"from":"2020-02-27","to":"2020-03-01","daysInPeriod":4,"daysRead":4,"daysNotRead":[],"movies":[{"movieCode":"20198461","title":"리멤버","points":[{"date":"2020-02-27","rank":null,"audience":null,"audienceTotal":null},{"date":"2020-02-28","rank":2,"audience":30000,"audienceTotal":30000},{"date":"2020-02-29","rank":2,"audience":80000,"audienceTotal":110000},{"date":"2020-03-01","rank":1,"audience":400000,"audienceTotal":510000}],"milestones":[{"audience":100000,"date":"2020-02-29","day":0},{"audience":500000,"date":"2020-03-01","day":1}]}]}"# + "\n")
        // CSV has the day column when aligned.
        let csv = try await Executable.run(["trend", "20198461"] + Self.range + ["--align", "opening", "--format", "csv"], environment: environment(server, cache: cache))
        #expect(csv.standardOutput.hasPrefix("movieCode,title,date,day,rank,audience,audienceTotal\n20198461,리멤버,2020-02-27,-2,,,\n"))
    }

    /// The aligned chart, whole, at 80, 60 and 40 columns: rows are days since opening, a
    /// milestone is marked `*` and listed under the chart; every line fits.
    @Test func alignedChartAtEveryWidth() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        for columns in [80, 60, 40] {
            let result = try await Executable.run(["trend", "20198429", "20198461"] + Self.range + ["--align", "opening", "--rate", "0"],
                                                  environment: environment(server, cache: cache, columns: columns))
            #expect(result.status == 0, "\(result.standardError)")
            for line in result.standardOutput.split(separator: "\n") {
                #expect(TerminalText.width(line) <= columns, "\(columns): \(line)")
            }
            try ScreenWidthTests.matchesGolden(result.standardOutput, "trend_aligned_\(columns).txt")
            #expect(result.standardOutput.contains("*400,000 #1"))
        }
        // The SVG: an x axis of days since opening, a ring and its figure at each milestone.
        let svg = try await Executable.run(["trend", "20198429", "20198461"] + Self.range + ["--align", "opening", "--svg", "-"],
                                           environment: environment(server, cache: cache))
        for part in ["<title>Daily audience · 2020-02-27 – 2020-03-01 · by days since opening</title>", ">day -2</text>", ">day 11</text>",
                     "<g class=\"milestones\"", ">500,000</text>", ">100,000</text>"] {
            #expect(svg.standardOutput.contains(part), "\(part)")
        }
        #expect(svg.standardOutput.components(separatedBy: "<circle").count - 1 >= 3)
    }

    /// Two runs years apart, each read from its own opening (no --from/--to): 자백 in 2022 and
    /// 밀수 in 2023 line up on day 1.
    @Test func runsYearsApartLineUpByDaySinceOpening() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        // Two runs of up to 60 days each: past the 100 calls a command makes without asking.
        let refused = try await Executable.run(["trend", "20198429", "20218541", "--align", "opening", "--rate", "0", "--json", "--compact"],
                                               environment: environment(server, cache: cache))
        #expect(refused.status == 64 && refused.standardOutput.isEmpty && server.requestCount == 2, "only the two films' details")
        #expect(refused.standardError.hasPrefix("boxoffice: up to 120 calls to KOBIS (up to 360 with retries) would be needed for 120 days, 4% of a key's 3,000 a day and more than the 100 allowed without asking; each film's run is read from its opening day, for up to 60 days.\n"),
                "\(refused.standardError)")
        let result = try await Executable.run(["trend", "20198429", "20218541", "--align", "opening", "--rate", "0", "--json", "--compact", "--yes"],
                                              environment: environment(server, cache: cache))
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let movies = try #require(object["movies"] as? [[String: Any]])
        let first = try #require(movies[0]["points"] as? [[String: Any]])
        let second = try #require(movies[1]["points"] as? [[String: Any]])
        #expect(first.first?["date"] as? String == "2022-10-26" && first.first?["day"] as? Int == 1)
        #expect(second.first?["date"] as? String == "2023-07-26" && second.first?["day"] as? Int == 1)
        #expect(first.first { $0["rank"] as? Int == 1 }?["day"] as? Int == 5, "자백 was number one on 2022-10-30, its fifth day")
        #expect(object["from"] as? String == "2022-10-26")
        // Only each film's own days were asked for: its 60 days from its opening at most (a run
        // stops once the film has left, but days already under way when it stopped may be past it).
        let windows = [Day(year: 2022, month: 10, day: 26)!, Day(year: 2023, month: 7, day: 26)!].map { $0...$0.adding(days: 59) }
        let asked = Set(server.requests.compactMap { $0.query["targetDt"] }).compactMap { Day($0) }
        #expect(!asked.isEmpty && asked.allSatisfy { day in windows.contains { $0.contains(day) } }, "\(asked.map(\.iso).sorted())")
    }

    @Test func alignTakesOnlyOpening() async throws {
        let result = try await Executable.run(["trend", "20198429", "--align", "date", "--demo"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --align 'date' is not one of: opening.\n"))
    }
}
