@testable import BoxOfficeBrowse
@testable import BoxOfficeCore
@testable import BoxOfficeRendering
import Foundation
import Testing

/// The corners a script, an article and a Korean reader meet (issue 59, round six): a chosen
/// field keeps its type, articles carry no terminal advice, a period with no day read says so,
/// answers are kept by the server they came from, Korean reads as Korean (stderr's common
/// messages, lists, titles set off, a film's events together, a return in previews), and
/// browse's `q` closes a screen as tig's does.
@Suite struct OutputCornersTests {
    /// `--fields title,run` writes the run as the object it is, not as a string of JSON.
    @Test func aChosenFieldKeepsItsType() async throws {
        let result = await run(["--demo", "--quiet", "movie", "20243561", "--json", "--compact", "--fields", "title,run"])
        #expect(result.status == .success, "\(result.standardError)")
        let object = try #require(JSONValue.parse(Data(result.standardOutput.utf8)))
        guard case .object = object["run"] else { Issue.record("run is not an object: \(result.standardOutput)"); return }
        #expect(object["title"] == .string("어쩔수가없다") && object["run"]?["daysInTop10"] == .int(35))
    }

    /// An article (markdown, html) carries the data and its notes, never what to run next.
    @Test func articlesCarryNoTerminalAdvice() {
        let coverage = PeriodCoverage(daysInPeriod: 3, unread: [UnreadDay(day: Day("2025-10-02")!, reason: .notCached),
                                                               UnreadDay(day: Day("2025-10-03")!, reason: .kobisFailed(KOBISFault(code: "320099", message: "알수없는 오류가 발생했습니다.")))])
        let terminal = coverage.notes(RenderOptions(), of: "the period's 3 days", "기간 3일")
        #expect(terminal.joined().contains("--offline") && terminal.joined().contains("run it again later"))
        for medium in [Medium.markdown, .html] {
            let article = coverage.notes(RenderOptions().article(medium), of: "the period's 3 days", "기간 3일")
            #expect(article == ["not counted, as the cache does not hold it: 2025-10-02",
                                "not counted, as KOBIS could not answer for it: 2025-10-03 (알수없는 오류가 발생했습니다., error 320099)"], "\(article)")
        }
        // In Korean, a list of days has no English in it.
        #expect(PeriodCoverage.listed(["2025-10-02", "2025-10-03"], korean: true) == "2025-10-02, 2025-10-03")
        #expect(PeriodCoverage.listed((1...12).map { "2025-10-\($0 < 10 ? "0" : "")\($0)" }, korean: true).hasSuffix(", 2025-10-10 외 2일"))
    }

    /// A period of which no day could be read says so, not that no film was ranked.
    @Test func aPeriodWithNoDayReadSaysSo() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-corners-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = await run(["top", "--from", "2025-10-01", "--to", "2025-10-03", "--offline", "--color", "never"],
                               environment: ["HOME": "/nonexistent", "BOXOFFICE_CACHE_DIR": cache.path])
        #expect(result.status == .unavailable)
        #expect(result.standardOutput.contains("\nNo day of this period was read, so no film is ranked.\n"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("No film was in the daily top 10"))
    }

    /// Answers are kept by the server they came from: a stand-in's are never given to a run that
    /// asks KOBIS (here offline, with no address and no key), and KOBIS's names are as before.
    @Test func theCacheKeepsAnswersByTheirServer() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-corners-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let standIn = try await Executable.run(["daily", "--date", "2023-04-23", "--json"],
                                               environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString,
                                                             "BOXOFFICE_CACHE_DIR": cache.path])
        #expect(standIn.status == 0, "\(standIn.standardError)")
        #expect(FileManager.default.fileExists(atPath: server.cacheFile("boxoffice/searchDailyBoxOfficeList?targetDt=20230423", in: cache).path))
        let kobis = try await Executable.run(["--offline", "daily", "--date", "2023-04-23"], environment: ["BOXOFFICE_CACHE_DIR": cache.path])
        #expect(kobis.status == 69, "the stand-in's answer is not KOBIS's: \(kobis.standardOutput)")
        #expect(kobis.standardOutput.isEmpty)
        let again = try await Executable.run(["--offline", "daily", "--date", "2023-04-23", "--json"],
                                             environment: ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_CACHE_DIR": cache.path])
        #expect(again.status == 0 && again.standardOutput == standIn.standardOutput, "the stand-in's own, offline")
        let client = BoxOfficeClient(baseURL: URL(string: "https://www.kobis.or.kr/")!, chain: MiddlewareChain([], over: StubTransport.failing(.connectionRefused)))
        #expect(client.cacheKey("boxoffice/searchDailyBoxOfficeList?targetDt=20230423") == "boxoffice/searchDailyBoxOfficeList?targetDt=20230423")
    }

    /// Under a Korean locale, stderr's common messages are Korean: the demo's note, a period's days
    /// the samples lack, the cost question's refusal.
    @Test func koreanStandardErrorForTheCommonMessages() async throws {
        let korean = ["HOME": "/nonexistent", "LANG": "ko_KR.UTF-8"]
        let demo = await run(["--demo", "top", "--month", "2025-10", "--limit", "1"], environment: korean)
        #expect(demo.standardError == """
            boxoffice: KOBIS에서 기록해 둔 예시 자료를 보여 줍니다 (--demo): 키도 네트워크도 쓰지 않습니다.
            boxoffice: 31일 가운데 예시 자료에 있는 27일만 읽었습니다.

            """, "\(demo.standardError)")
        let refused = await run(["top", "--year", "2024", "--max-calls", "10"], environment: korean.merging(["KOBIS_API_KEY": KOBISEmulator.key]) { $1 })
        #expect(refused.status == .usage)
        #expect(refused.standardError.hasPrefix("boxoffice: 366일을 읽으려면 KOBIS 호출 366회 (재시도 포함 최대 1,098회)가 필요합니다: 키 하루 한도 3,000회의 12%로, 묻지 않고 허용하는 10회를 넘습니다.\n"),
                "\(refused.standardError)")
        #expect(!refused.standardError.contains(" and "))
    }

    /// The MCP server: a period of which no day could be read is a tool error saying why, its
    /// days grouped by reason (not a copy of one message a day); its instructions name the story's tools.
    @Test func theServerSaysNothingWasReadOnce() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-corners-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let client = try MCPTestClient(["--offline"], environment: ["BOXOFFICE_CACHE_DIR": cache.path])
        let hello = try await client.initialize()
        let instructions = (hello["result"] as? [String: Any])?["instructions"] as? String ?? ""
        #expect(instructions.contains("box_office_news") && instructions.contains("period_records") && instructions.contains("movie_details"))
        try client.send(["jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": ["name": "top_films", "arguments": ["year": 2024]]])
        let result = try #require(try await client.response(2)["result"] as? [String: Any])
        #expect(result["isError"] as? Bool == true)
        let text = ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text == "no day of the period could be read, so there is nothing to answer: 2024-01-01 to 2024-12-31: not in the cache, which this server answers from alone (it was started offline).", "\(text)")
        #expect(text.count < 600, "one reason for the 366 days, not 366 copies: \(text.count) characters")
        #expect(try await client.finish() == 0)
    }

    /// A film's events of a day come together, its coming into the list before its milestone;
    /// titles are set off in Korean sentences; a film back in the list while still in previews says so.
    @Test func aFilmsEventsTogetherAndKoreanThatReadsAsKorean() throws {
        func ranking(_ day: String, _ edit: (String) -> String = { $0 }) throws -> DailyBoxOffice {
            let text = edit(try Fixtures.text("daily_\(day.replacingOccurrences(of: "-", with: "")).json"))
            return try DailyBoxOffice(try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(text.utf8)), requested: Day(day)!)
        }
        // 개비의 매직하우스 opens at #8 on 2025-10-03; given a total past 100,000 that day, it passes it too.
        let third = try ranking("2025-10-03") { $0.replacingOccurrences(of: #""audiAcc":"29260""#, with: #""audiAcc":"110000""#) }
        let byDay = [third.day: third, third.day.adding(days: -1): try ranking("2025-10-02")]
        let events = DayNews.events(today: third, before: byDay[third.day.adding(days: -1)]!, byDay: byDay)
        #expect(events.map { "\($0.kind.rawValue) \($0.title)" } == [
            "newNumberOne 보스", "milestone 보스", "milestone 브레드이발소: 베이커리타운의 악당들",
            "entered 개비의 매직하우스 극장판", "milestone 개비의 매직하우스 극장판", "entered 배달의 영웅 : 캐리와 슈퍼콜라2",
            "left F1 더 무비", "left 워킹맨", "left 아바타: 물의 길",
        ])
        let back = NewsEvent(kind: .reentered, date: Day("2025-10-13")!, movieCode: "20249648", title: "중간계", rank: 8, previousRank: nil,
                             audience: 1_782, audienceTotal: 3_000, day: nil, openDate: Day("2025-10-15")!)
        #expect(NewsWords.korean(back, deep: false) == "'중간계', 개봉 전 시사로 8위 10위권 재진입 (관객 1,782명) · 2025-10-15 개봉")
        #expect(NewsWords.english(back, deep: false) == "중간계 is back in the top 10 at #8 in previews, ahead of its opening on 2025-10-15 (1,782 admissions).")
        let ended = NewsEvent(kind: .newNumberOne, date: Day("2025-12-10")!, movieCode: "2025A", title: "나우 유 씨 미 3", rank: 1, previousRank: 2,
                              audience: 50_000, audienceTotal: 900_000, day: 14, endedRun: NewsEvent.EndedRun(movieCode: "2025B", title: "주토피아 2", days: 5,
                                                                                                           from: Day("2025-12-05")!, atLeast: true))
        #expect(NewsWords.korean(ended, deep: false) == "'나우 유 씨 미 3', 2위에서 1위로 (관객 50,000명) — '주토피아 2' 5일 이상 연속 1위 마감")
    }

    /// `movie`'s milestones in Korean as the news says them, and a second weekend's change with its sign.
    @Test func aRunsMilestonesAsTheNewsSaysThem() async throws {
        let result = await run(["--demo", "--quiet", "movie", "20243561", "--color", "never"], environment: ["HOME": "/nonexistent", "LANG": "ko_KR.UTF-8"])
        #expect(result.standardOutput.contains("돌파            50만 관객 돌파 · 2025-09-26 (개봉 3일 만에)\n                100만 관객 돌파 · 2025-09-28 (개봉 5일 만에)\n"),
                "\(result.standardOutput)")
        #expect(result.standardOutput.contains("읽지 못한 날: 2025-09-24, 2025-10-20\n"))
        #expect(NumberFormat.signedPercent(13.1) == "+13.1%" && NumberFormat.signedPercent(-24.7) == "-24.7%")
    }

    /// As tig's: `q` closes the screen (back to the one before), and quits only from the first; `Q` quits from any.
    @Test func qClosesAScreenAndQQuits() {
        let place = RankingPlace(day: Day("2025-10-28")!, period: .day)
        var state = BrowseState(home: place, today: Day("2025-10-30")!)
        state.pages.append(BrowsePage(.help))
        #expect(state.press(.character("q")) == [] && state.pages.count == 1 && !state.quitting)
        #expect(state.press(.character("q")) == [.quit])
        var deep = BrowseState(home: place, today: Day("2025-10-30")!)
        deep.pages.append(BrowsePage(.help))
        #expect(deep.press(.character("Q")) == [.quit] && deep.quitting)
    }
}
