@testable import BoxOfficeCore
import Foundation
import Testing

/// `boxoffice news`, through the built binary: the recorded season's days in the demo (a new
/// number one ending a run, a film straight in at number one, a million passed, a film back after
/// days out, a film in the list on preview days before it opens), in English and in Korean and in
/// every format; and from the loopback server, a day when nothing changed, and the days read.
@Suite struct NewsEndToEndTests {
    static func event(_ kind: String, _ code: String, _ title: String, rank: Int?, previous: Int?, audience: Int?, total: Int?,
                      milestone: Int? = nil, day: Int?, endedRun: String = "null", text: String) -> String {
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        return #"{"kind":"\#(kind)","movieCode":"\#(code)","title":"\#(title)","rank":\#(number(rank)),"previousRank":\#(number(previous)),"#
            + #""audience":\#(number(audience)),"audienceTotal":\#(number(total)),"milestone":\#(number(milestone)),"day":\#(number(day)),"#
            + #""endedRun":\#(endedRun),"changes":null,"text":"\#(text)"}"#
    }

    /// Friday 2025-10-03: 보스 opens at number one and ends 어쩔수가없다's run there. That run began
    /// on 2025-09-25 as far as the recordings go: its opening day, the 24th, was never recorded, so
    /// it lasted "at least" 8 days. Every figure as the recordings of the 2nd and 3rd give it.
    @Test func aNewNumberOneEndsARun() async throws {
        let result = try await Executable.run(["--demo", "news", "--date", "2025-10-03", "--json", "--compact"])
        #expect(result.status == 0, "\(result.standardError)")
        let events = [
            Self.event("newNumberOne", "20228988", "보스", rank: 1, previous: nil, audience: 238_891, total: 244_160, day: 1,
                       endedRun: #"{"movieCode":"20243561","title":"어쩔수가없다","days":8,"from":"2025-09-25","atLeast":true}"#,
                       text: "보스 opens at number one with 238,891 admissions, ending 어쩔수가없다's run of at least 8 days at number one."),
            Self.event("milestone", "20228988", "보스", rank: 1, previous: nil, audience: 238_891, total: 244_160, milestone: 100_000, day: 1,
                       text: "보스 passes 100,000 admissions on its opening day."),
            Self.event("milestone", "20256526", "브레드이발소: 베이커리타운의 악당들", rank: 5, previous: 10, audience: 32_326, total: 112_498, milestone: 100_000, day: 7,
                       text: "브레드이발소: 베이커리타운의 악당들 passes 100,000 admissions on day 7."),
            Self.event("entered", "20257208", "개비의 매직하우스 극장판", rank: 8, previous: nil, audience: 18_734, total: 29_260, day: 1,
                       text: "개비의 매직하우스 극장판 opens at #8 with 18,734 admissions."),
            Self.event("entered", "20257729", "배달의 영웅 : 캐리와 슈퍼콜라2", rank: 10, previous: nil, audience: 6_864, total: 7_214, day: 1,
                       text: "배달의 영웅 : 캐리와 슈퍼콜라2 opens at #10 with 6,864 admissions."),
            Self.event("left", "20254501", "F1 더 무비", rank: nil, previous: 7, audience: nil, total: 5_155_381, day: 101,
                       text: "F1 더 무비 leaves the top 10 (#7 the day before; 5,155,381 admissions in all)."),
            Self.event("left", "20257670", "워킹맨", rank: nil, previous: 8, audience: nil, total: 7_210, day: 3,
                       text: "워킹맨 leaves the top 10 (#8 the day before; 7,210 admissions in all)."),
            Self.event("left", "20225061", "아바타: 물의 길", rank: nil, previous: 9, audience: nil, total: 10_809_520, day: 1025,
                       text: "아바타: 물의 길 leaves the top 10 (#9 the day before; 10,809,520 admissions in all)."),
        ]
        // The day, whether it may be revised, the days read for it (the window, and two weeks
        // further back for the run it ended), then the events.
        let coverage = #""daysInPeriod":23,"daysRead":22,"daysNotRead":[{"date":"2025-09-24","reason":"notInSamples"}]"#
        #expect(result.standardOutput == #"{"date":"2025-10-03","provisional":false,"# + coverage + #","events":["# + events.joined(separator: ",") + "]}\n")
        // In Korean, as the press words it.
        let korean = try await Executable.run(["--demo", "--quiet", "news", "--date", "2025-10-03", "--color", "never"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.standardOutput == """
            박스오피스 소식 · 2025-10-03 (금)
            • '보스', 개봉일 1위로 출발 (관객 238,891명) — '어쩔수가없다' 8일 이상 연속 1위 마감
            • '보스', 개봉 첫날 10만 관객 돌파
            • '브레드이발소: 베이커리타운의 악당들', 개봉 7일 만에 10만 관객 돌파
            • '개비의 매직하우스 극장판', 개봉일 8위로 출발 (관객 18,734명)
            • '배달의 영웅 : 캐리와 슈퍼콜라2', 개봉일 10위로 출발 (관객 6,864명)
            • 'F1 더 무비', 10위권 밖으로 (전날 7위, 누적 5,155,381명)
            • '워킹맨', 10위권 밖으로 (전날 8위, 누적 7,210명)
            • '아바타: 물의 길', 10위권 밖으로 (전날 9위, 누적 10,809,520명)

            """, "\(korean.standardOutput)")
        // Flat formats: one row an event, its date in each.
        let csv = try await Executable.run(["--demo", "news", "--date", "2025-10-03", "--format", "csv"])
        #expect(csv.standardOutput.hasPrefix("date,kind,movieCode,title,rank,previousRank,audience,audienceTotal,milestone,day,endedRun,changes,text\n2025-10-03,newNumberOne,20228988,보스,1,,238891,244160,,1,"))
        let jsonl = try await Executable.run(["--demo", "news", "--date", "2025-10-03", "--format", "jsonl"])
        #expect(jsonl.standardOutput.split(separator: "\n").count == 8)
        #expect(jsonl.standardOutput.hasPrefix(#"{"date":"2025-10-03","kind":"newNumberOne","#))
        let markdown = try await Executable.run(["--demo", "news", "--date", "2025-10-03", "--format", "markdown"])
        #expect(markdown.standardOutput.hasPrefix("**Box office news · 2025-10-03 (Fri)**\n\n- 보스 opens at number one with 238,891 admissions, ending 어쩔수가없다's run of at least 8 days at number one.\n- "))
        // For an article in HTML: the heading, then the events as a list.
        let html = try await Executable.run(["--demo", "news", "--date", "2025-10-03", "--format", "html"])
        #expect(html.standardOutput.hasPrefix("<p><strong>Box office news · 2025-10-03 (Fri)</strong></p>\n<ul>\n<li>보스 opens at number one with 238,891 admissions, ending 어쩔수가없다&#39;s run of at least 8 days at number one.</li>\n<li>"), "\(html.standardOutput)")
        #expect(html.standardOutput.hasSuffix("</li>\n</ul>\n") && !html.standardOutput.contains("<pre>"))
    }

    /// Thursday 2025-10-16: 극장판 주술회전 goes straight in at number one on its opening day (for
    /// one day: the next day is 체인소 맨's again), ending 체인소 맨's run of 5 days, every one read.
    @Test func aFilmStraightInAtNumberOne() async throws {
        let result = try await Executable.run(["--demo", "--quiet", "news", "--date", "2025-10-16", "--color", "never"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            Box office news · 2025-10-16 (Thu)
            • 극장판 주술회전: 회옥·옥절 opens at number one with 32,366 admissions, ending 극장판 체인소 맨: 레제편's run of 5 days at number one.
            • 나쁜계집애: 달려라 하니 leaves the top 10 (#8 the day before; 54,826 admissions in all).

            """, "\(result.standardOutput)")
        let next = try await Executable.run(["--demo", "news", "--date", "2025-10-17", "--format", "jsonl"])
        #expect(next.standardOutput.hasPrefix(#"{"date":"2025-10-17","kind":"newNumberOne","movieCode":"20256757","title":"극장판 체인소 맨: 레제편","rank":1,"previousRank":2,"#), "\(next.standardOutput)")
        #expect(next.standardOutput.contains(#""endedRun":{"movieCode":"20257658","title":"극장판 주술회전: 회옥·옥절","days":1,"from":"2025-10-16","atLeast":false}"#))
        #expect(next.standardOutput.contains("ending 극장판 주술회전: 회옥·옥절's run of one day at number one."))
    }

    /// 보스 passes a million on Tuesday 2025-10-07, day 5 (it opened on Friday the 3rd); 얼굴, out of
    /// the top 10 since the 8th, is back on the 11th; 중간계 is in the list on Monday the 13th, a
    /// preview day two days before it opens, and opens on the 15th back in the list.
    @Test func milestonesReturnsAndPreviews() async throws {
        let million = try await Executable.run(["--demo", "--quiet", "news", "--date", "2025-10-07", "--color", "never"])
        #expect(million.standardOutput.contains("\n• 보스 passes 1,000,000 admissions on day 5.\n"), "\(million.standardOutput)")
        let back = try await Executable.run(["--demo", "news", "--date", "2025-10-11", "--format", "jsonl"])
        #expect(back.standardOutput.contains(#"{"date":"2025-10-11","kind":"reentered","movieCode":"20242964","title":"얼굴","rank":9,"previousRank":null,"audience":6541,"#), "\(back.standardOutput)")
        #expect(back.standardOutput.contains(#""text":"얼굴 is back in the top 10 at #9 with 6,541 admissions."}"#))
        let preview = try await Executable.run(["--demo", "--quiet", "news", "--date", "2025-10-13", "--color", "never"])
        #expect(preview.standardOutput.contains("\n• 중간계 enters the top 10 at #8 in previews, ahead of its opening on 2025-10-15 (1,782 admissions).\n"), "\(preview.standardOutput)")
        let opening = try await Executable.run(["--demo", "news", "--date", "2025-10-15", "--format", "jsonl"])
        #expect(opening.standardOutput.contains(#""kind":"reentered","movieCode":"20249648","title":"중간계","rank":7,"previousRank":null,"audience":4459,"#) || opening.standardOutput.contains(#""title":"중간계","rank":7"#), "\(opening.standardOutput)")
        #expect(opening.standardOutput.contains("중간계 opens at #7 with 4,459 admissions, back in the top 10 after its previews."))
    }

    /// A day the samples do not hold, or whose day before they do not hold, cannot be told: exit 69,
    /// saying which day is missing. A day not published is a usage error before any call.
    @Test func aDayThatCannotBeTold() async throws {
        let missing = try await Executable.run(["--demo", "news", "--date", "2025-09-25"])
        #expect(missing.status == 69)
        #expect(missing.standardError.contains("the samples hold no ranking of 2025-09-24, the day before 2025-09-25, against which its news is told."), "\(missing.standardError)")
        let today = try await Executable.run(["--demo", "news", "--date", "today"])
        #expect(today.status == 64)
        #expect(today.standardOutput.isEmpty)
    }

    /// From the loopback server: a day whose list is the day before's (the same recording, relabelled)
    /// changed nothing, said in one line, exit 0; the nine days are read once, then from the cache.
    @Test func nothingChanged() async throws {
        let body = try String(decoding: Fixtures.data("daily_20251021.json"), as: UTF8.self)
        let server = try LoopbackServer { request in
            let day = request.query["targetDt"] ?? ""
            return .json(body.replacingOccurrences(of: "20251021~20251021", with: "\(day)~\(day)"))
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-news-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
        let result = try await Executable.run(["news", "--date", "2025-10-21", "--color", "never", "--rate", "0"], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Box office news · 2025-10-21 (Tue)\nNothing changed on 2025-10-21 against the day before.\n", "\(result.standardOutput)")
        #expect(server.requests.compactMap { $0.query["targetDt"] }.sorted() == PeriodReading.days(Day(year: 2025, month: 10, day: 13)!...Day(year: 2025, month: 10, day: 21)!).map(\.compact))
        let json = try await Executable.run(["news", "--date", "2025-10-21", "--json", "--compact"], environment: environment)
        #expect(json.standardOutput == #"{"date":"2025-10-21","provisional":false,"daysInPeriod":9,"daysRead":9,"daysNotRead":[],"events":[]}"# + "\n")
        #expect(server.requests.count == 9, "the second time, all from the cache")
    }

    /// With --deep, the same over the ranking past the top 10 (the four filtered lists of each of
    /// the nine days, four calls a day): on the synthetic deep day, the Korean commercial film
    /// third the day before rises to number one, ending a run of at least a day (the days before
    /// were not published), and the sentences say "the ranking", not "the top 10".
    @Test func theNewsPastTheTopTen() async throws {
        let server = try DeepRankingTests.server()
        let cache = DeepRankingTests.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = DeepRankingTests.environment(server, cache: cache)
        let result = try await Executable.run(["news", "--date", "2024-01-10", "--deep", "--format", "jsonl", "--rate", "0"], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let first = try #require(result.standardOutput.split(separator: "\n").first)
        #expect(first.hasPrefix(#"{"date":"2024-01-10","kind":"newNumberOne","movieCode":"20241000","title":"영화 20241000","rank":1,"previousRank":3,"audience":300000,"#), "\(first)")
        #expect(first.contains(#""endedRun":{"movieCode":"20241001","title":"영화 20241001","days":1,"from":"2024-01-09","atLeast":true}"#))
        #expect(first.contains("ending 영화 20241001's run of at least 1 day at number one."), "the days before it were not published")
        #expect(server.requests.count == 9 * 4, "nine days, four lists a day")
        let table = try await Executable.run(["news", "--date", "2024-01-10", "--deep", "--color", "never"], environment: environment)
        #expect(table.standardOutput.hasPrefix("Box office news · 2024-01-10 (Wed) · past the top 10\n"), "\(table.standardOutput)")
        #expect(!table.standardOutput.contains("top 10 ("), "no film is said to leave the top 10 of a deep ranking")
    }

    /// The limit of calls holds for the run read further back: 보스's run at number one reaches the
    /// first of 2025-10-11's nine days, and reading two weeks more would pass --max-calls 12, so it
    /// is not read and the run is "at least" 8 days.
    @Test func theLimitOfCallsHoldsForARunReadFurther() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-news-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
        let limited = try await Executable.run(["news", "--date", "2025-10-11", "--max-calls", "12", "--rate", "0", "--color", "never"], environment: environment)
        #expect(limited.status == 0, "\(limited.standardError)")
        #expect(limited.standardOutput.contains("ending 보스's run of at least 8 days at number one."), "\(limited.standardOutput)")
        #expect(server.requests.count == 9)
        let whole = try await Executable.run(["news", "--date", "2025-10-11", "--rate", "0", "--color", "never"], environment: environment)
        #expect(whole.standardOutput.contains("ending 보스's run of 8 days at number one."), "\(whole.standardOutput)")
        #expect(server.requests.count == 9 + 14)
    }

    /// A film listed twice in a day (damaged data) is told once.
    @Test func aFilmListedTwiceIsToldOnce() throws {
        func ranking(_ name: String, _ change: (String) -> String = { $0 }) throws -> DailyBoxOffice {
            let text = change(try Fixtures.text(name))
            let response = try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(text.utf8))
            return try DailyBoxOffice(response, requested: try #require(Day(String(response.boxOfficeResult.showRange?.prefix(8) ?? ""))))
        }
        let before = try ranking("daily_20251006.json")
        // 2025-10-07 with its tenth film replaced by a second row of 보스 (its million passed that day).
        let twice = try ranking("daily_20251007.json") { text in
            guard let start = text.range(of: #"{"rnum":"10""#), let end = text[start.lowerBound...].range(of: "}") else { return text }
            guard let first = text.range(of: #"{"rnum":"1","#), let firstEnd = text[first.lowerBound...].range(of: "}") else { return text }
            let copy = String(text[first.lowerBound..<firstEnd.upperBound]).replacingOccurrences(of: #""rnum":"1","rank":"1""#, with: #""rnum":"10","rank":"10""#)
            return text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: copy)
        }
        let day = twice.day
        let news = try #require(DayNews(day: day, from: before.day, rankings: [before, twice], coverage: PeriodCoverage(daysInPeriod: 2)))
        #expect(news.events.filter { $0.movieCode == "20228988" }.map(\.kind) == [.milestone], "\(news.events)")
    }
}
