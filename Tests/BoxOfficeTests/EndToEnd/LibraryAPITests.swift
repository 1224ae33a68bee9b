import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// The library as an app uses it: `BoxOfficeClient` over `URLSessionTransport`, through real HTTP
/// to the loopback server, for every operation; failures as `BoxOfficeError`.
@Suite struct LibraryAPITests {
    private func client(_ server: LoopbackServer, key: String = KOBISEmulator.key) -> BoxOfficeClient {
        BoxOfficeClient(key: key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10), attempts: 1)
    }

    @Test func everyOperationAnswersWithDomainValues() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = client(server)
        let day = try #require(Day(year: 2023, month: 4, day: 23))
        let daily = try await client.dailyBoxOffice(on: day)
        #expect(daily.day == day)
        #expect(daily.entries.count == 10)
        #expect(daily.entries.first.map { [String($0.rank), $0.movieCode, $0.title, String($0.audience ?? -1)] } == ["1", "20231089", "존 윅 4", "113983"])

        let weekend = try await client.weeklyBoxOffice(containing: try #require(Day("20120101")), period: .weekend)
        #expect(weekend.start == Day("20111230") && weekend.end == Day("20120101") && weekend.yearWeek == "201152")
        #expect(weekend.entries.first?.title == "미션임파서블:고스트프로토콜")

        let movie = try await client.movie(code: "20194376")
        #expect(movie.title == "탑건: 매버릭" && movie.titleEnglish == "Top Gun: Maverick" && movie.runtimeMinutes == 130)
        #expect(movie.openDate == Day("20220622"))

        let found = try await client.searchMovies(MovieQuery(title: "범죄와의 전쟁"))
        #expect(found.total == 5 && found.items.count == 5)
        #expect(found.items.first?.code == "2023C168")

        let people = try await client.searchPeople(name: "봉준호")
        #expect(people.total == 1 && people.items.first?.code == "10031641" && people.items.first?.name == "봉준호")
        let person = try await client.person(code: "10000066")
        #expect(person.name == "리나" && person.films.count == 1)

        let companies = try await client.searchCompanies(name: "CJ")
        #expect(companies.total == 2 && companies.items.first?.code == "20100109")
        let company = try await client.company(code: "20100109")
        #expect(company.name == "CJ ENM" && company.ceo == nil)

        let regions = try await client.codes(.regions)
        #expect(regions.entries.first?.code == "0105001" && regions.entries.first?.name == "서울시")

        // Exactly one request each, carrying the key and KOBIS's parameters.
        #expect(server.requestCount == 9)
        #expect(server.requests.allSatisfy { $0.query["key"] == KOBISEmulator.key })
    }

    /// A region by what a person types, as `--region` takes it: each name a code of the table.
    @Test func aRegionIsFoundByItsNameAsTyped() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let client = client(server)
        for name in ["서울", "서울시", " 서울특별시 ", "Seoul", "0105001"] {
            let region = try await client.region(named: name)
            #expect(region?.code == "0105001" && region?.name == "서울시", "\(name)")
        }
        #expect(try await client.region(named: "충남")?.code == "0105005")
        #expect(try await client.region(named: "Gyeonggi-do")?.code == "0105002")
        #expect(try await client.region(named: "아틀란티스") == nil)
        #expect(try await client.region(named: "") == nil)
        #expect(server.requests.allSatisfy { $0.path.hasSuffix("/code/searchCodeList.json") && $0.query["comCode"] == "0105000000" })
    }

    /// A title names a film only when it finds exactly one; none or several are there to choose from.
    @Test func aTitleNamesAFilmWhenItFindsOne() async throws {
        let several = try LoopbackServer(handler: KOBISEmulator.handler())
        let crimes = try await client(several).match(title: "범죄와의 전쟁")
        #expect(crimes.title == "범죄와의 전쟁" && crimes.movie == nil)
        #expect(crimes.matches.total == 5 && crimes.matches.items.first?.code == "2023C168")
        let none = try await client(several).match(title: "없는 영화")
        #expect(none.movie == nil && none.matches.total == 0 && none.matches.items.isEmpty)
        let one = try LoopbackServer { _ in
            .json(#"{"movieListResult":{"totCnt":1,"source":"영화진흥위원회","movieList":[{"movieCd":"20183782","movieNm":"기생충","movieNmEn":"PARASITE","prdtYear":"2019","openDt":"20190530","typeNm":"장편","prdtStatNm":"개봉","nationAlt":"한국","genreAlt":"드라마","repNationNm":"한국","repGenreNm":"드라마","directors":[{"peopleNm":"봉준호"}],"companys":[]}]}}"#)
        }
        let parasite = try await client(one).match(title: "기생충")
        #expect(parasite.movie?.code == "20183782" && parasite.movie?.title == "기생충")
        #expect(one.requests.first?.query["movieNm"] == "기생충")
    }

    @Test func aKOBISFaultIsTypedAndKeepsItsCode() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let key = "Zq7WRONGkey0123456789abcdefXYZ1"
        let day = try #require(Day("20230423"))
        do {
            _ = try await client(server, key: key).dailyBoxOffice(on: day)
            Issue.record("a rejected key must throw")
        } catch {
            guard case let .fault(fault) = error else { Issue.record("not a fault: \(error)"); return }
            #expect(fault.code == "320010" && fault.isKeyRejected)
            #expect(!error.description.contains(key))
        }
    }

    @Test func anUnknownMovieIsNotFound() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        do {
            _ = try await client(server).movie(code: "99999999")
            Issue.record("must throw")
        } catch {
            guard case let .notFound(what, code) = error else { Issue.record("not notFound: \(error)"); return }
            #expect(what == "movie" && code == "99999999")
            #expect(error.description == "KOBIS has no movie with code 99999999")
        }
    }

    @Test func anUnreachableServerIsTyped() async throws {
        // Port 9 (discard), where nothing listens: a port just freed by a stopped server may be
        // taken at once by another test's server, which then answers the retry (seen once).
        let address = try #require(URL(string: "http://127.0.0.1:9"))
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: address, timeout: 5, attempts: 2)
        do {
            _ = try await client.codes(.regions)
            Issue.record("a stopped server must throw")
        } catch {
            guard case let .unavailable(.unreachable(transport, _, attempts)) = error else { Issue.record("not unreachable: \(error)"); return }
            #expect(transport == .connectionRefused)
            #expect(attempts == 2)
        }
    }

    @Test func anAnswerThatIsNotJSONIsAnInvalidAnswer() async throws {
        let server = try LoopbackServer { _ in .json("<html>maintenance</html>") }
        do {
            _ = try await client(server).movie(code: "20194376")
            Issue.record("must throw")
        } catch {
            guard case .invalidAnswer = error else { Issue.record("not invalidAnswer: \(error)"); return }
        }
    }

    /// 23:59 on 2023-04-24 in Korea, two minutes later (the next Korean day), and a week on.
    static let lateEvening = Date(timeIntervalSince1970: 1_682_348_340)
    static let pastMidnight = Date(timeIntervalSince1970: 1_682_348_460)
    static let weekLater = Date(timeIntervalSince1970: 1_682_910_000)

    /// KOBIS's fault for a spent daily quota.
    static let quotaFault = #"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#

    /// An app counts its calls with the public quota middleware and a store of its choice: a cached
    /// answer costs nothing, a spent count sends nothing, KOBIS's word that the quota is spent is
    /// remembered, and a new Korean day starts again. The store never sees the key.
    @Test func anAppCountsItsCallsPerKoreanDay() async throws {
        let spent = Locked(false)
        let server = try LoopbackServer { request in
            spent.withLock { $0 } ? .json(Self.quotaFault) : KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let clock = Locked(Self.lateEvening)
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        let counts = InMemoryCallCounts()
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: TestTime.limit(10),
                                     middlewares: BoxOfficeClient.standardMiddlewares(attempts: 1) + [QuotaCountMiddleware(counts: counts, now: now)],
                                     cache: InMemoryAnswerStore(), now: now)
        let april24 = try #require(Day("20230424")), april25 = try #require(Day("20230425"))
        let day = try #require(Day("20230423"))
        _ = try await client.dailyBoxOffice(on: day)
        _ = try await client.dailyBoxOffice(on: day)  // from the cache: not sent, not counted
        _ = try await client.movie(code: "20194376")
        #expect(counts.calls(on: april24) == 2 && server.requestCount == 2)
        #expect(counts.count(key: KOBISEmulator.key, on: april24) == 0, "counted by the key's tag, never by the key")
        // KOBIS says the quota is spent: remembered, and nothing more is sent that day.
        spent.withLock { $0 = true }
        await #expect(throws: BoxOfficeError.quotaExhausted(KOBISFault(code: "320011", message: "키의 하루 이용량을 초과하였습니다."))) {
            try await client.person(code: "10031641")
        }
        #expect(counts.calls(on: april24) == 3 && server.requestCount == 3, "the count stays what was counted")
        #expect(counts.quotaSpent(key: KeyTag.of(KOBISEmulator.key), on: april24) == Self.lateEvening, "when KOBIS said so")
        await #expect(throws: BoxOfficeError.quotaExhausted(nil)) { try await client.company(code: "20100109") }
        #expect(server.requestCount == 3)
        // The next Korean day: KOBIS's new quota, counted from nothing, and the old day forgotten.
        spent.withLock { $0 = false }
        clock.withLock { $0 = Self.pastMidnight }
        _ = try await client.movie(code: "20198429")
        #expect(counts.calls(on: april25) == 1 && counts.calls(on: april24) == 0 && server.requestCount == 4)
    }

    /// A spent quota is the documented case, with KOBIS's fault; the same client sends nothing more
    /// that Korean day, and asks KOBIS again once the day has changed (KOBIS's new quota).
    @Test func aSpentQuotaIsTypedAndForgottenWhenTheKoreanDayChanges() async throws {
        let spent = Locked(true)
        let server = try LoopbackServer { request in
            spent.withLock { $0 } ? .json(Self.quotaFault) : KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let clock = Locked(Self.lateEvening)
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL,
                                     timeout: TestTime.limit(10), attempts: 1, now: { clock.withLock { $0 } })
        let day = try #require(Day("20230423"))
        await #expect(throws: BoxOfficeError.quotaExhausted(KOBISFault(code: "320011", message: "키의 하루 이용량을 초과하였습니다."))) {
            try await client.dailyBoxOffice(on: day)
        }
        #expect(server.requestCount == 1)
        // Known for the rest of the day: nothing is sent.
        do {
            _ = try await client.movie(code: "20194376")
            Issue.record("a spent quota must throw")
        } catch {
            #expect(error == .quotaExhausted(nil))
            #expect(error.description == "the key's daily quota is used up for today, Korean time")
        }
        #expect(server.requestCount == 1)
        // Midnight in Korea: KOBIS has a new quota, and the same client uses it.
        spent.withLock { $0 = false }
        clock.withLock { $0 = Self.pastMidnight }
        let ranking = try await client.dailyBoxOffice(on: day)
        #expect(ranking.entries.first?.title == "존 윅 4")
        #expect(server.requestCount == 2)
    }

    /// `provisional` is the model's: true for a day KOBIS may still revise when it was fetched,
    /// false for one long settled, and for a week by its last day.
    @Test func provisionalIsDecidedFromTheDayAndTheTimeOfFetching() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let clock = Locked(Self.pastMidnight)
        let client = BoxOfficeClient(key: KOBISEmulator.key, transport: URLSessionTransport(), baseURL: server.baseURL,
                                     timeout: TestTime.limit(10), attempts: 1, now: { clock.withLock { $0 } })
        let recent = try await client.dailyBoxOffice(on: try #require(Day("20230423")))
        #expect(recent.provisional)
        let old = try await client.dailyBoxOffice(on: try #require(Day("20220105")))
        #expect(!old.provisional)
        clock.withLock { $0 = Self.weekLater }
        let settled = try await client.dailyBoxOffice(on: try #require(Day("20230423")))
        #expect(!settled.provisional)
        let weekend = try await client.weeklyBoxOffice(containing: try #require(Day("20120101")), period: .weekend)
        #expect(!weekend.provisional)
    }

    /// A fault's message reaches a program's terminal without its escape sequences or bidi
    /// overrides; the fault itself keeps KOBIS's text as sent.
    @Test func anErrorsDescriptionIsSafeToPrint() async throws {
        let hostile = #"\u001b[31m키 오류\u001b]0;pwned\u0007\u001b[2J\u202e끝"#
        let server = try LoopbackServer { _ in .json(#"{"faultInfo":{"message":"\#(hostile)","errorCode":"320999"}}"#) }
        do {
            _ = try await client(server).codes(.regions)
            Issue.record("a fault must throw")
        } catch {
            guard case let .fault(fault) = error else { Issue.record("not a fault: \(error)"); return }
            #expect(fault.message == "\u{1B}[31m키 오류\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}끝")
            #expect(error.description == "KOBIS answered with error 320999: \u{FFFD}[31m키 오류\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J끝")
            #expect(!"\(error)".unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
        }
    }
}
