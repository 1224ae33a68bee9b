import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// The library as an app uses it: `BoxOfficeClient` over `URLSessionTransport`, through real HTTP
/// to the loopback server, for every operation; failures as `BoxOfficeError`.
@Suite struct LibraryAPITests {
    private func client(_ server: LoopbackServer, key: String = KOBISEmulator.key) -> BoxOfficeClient {
        BoxOfficeClient(key: key, transport: URLSessionTransport(), baseURL: server.baseURL, timeout: 10, attempts: 1)
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
            guard case let .notFound(missing) = error else { Issue.record("not notFound: \(error)"); return }
            #expect(missing.description == "KOBIS has no movie with code 99999999")
        }
    }

    @Test func anUnreachableServerIsTyped() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let address = server.baseURL
        server.stop()
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
}
