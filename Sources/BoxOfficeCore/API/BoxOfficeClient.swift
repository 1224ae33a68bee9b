#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A client for the KOBIS Open API (영화진흥위원회 오픈API): one async method per operation,
/// each returning domain values with real types (days, integers, enums) rather than KOBIS's strings.
///
/// The client sends its requests through an ``HTTPTransport``: `URLSessionTransport` from the
/// `BoxOfficeURLSession` module in an app or a script, or your own (a test double, another HTTP
/// stack). It adds the server root and the key to every request, enforces the timeout, and
/// retries what is transient (refused or dropped connections, timeouts, HTTP 5xx and 429),
/// backing off between tries. The one thing it remembers between calls is a spent daily quota
/// (``BoxOfficeError/quotaExhausted(_:)``), and only until midnight in Korea, when KOBIS gives a
/// new one.
///
/// ```swift
/// let client = BoxOfficeClient(key: key, transport: URLSessionTransport())
/// let ranking = try await client.dailyBoxOffice(on: Day(year: 2023, month: 4, day: 23)!)
/// for entry in ranking.entries { print(entry.rank, entry.title, entry.audience) }
/// ```
public struct BoxOfficeClient: Sendable {
    /// KOBIS's own server root, `https://www.kobis.or.kr`.
    public static var kobis: URL { URL(string: KOBISClient.defaultBaseURL) ?? URL(fileURLWithPath: "/") }

    private let client: KOBISClient

    /// Makes a client for one key.
    ///
    /// - Parameters:
    ///   - key: the KOBIS key (issued free at kobis.or.kr/kobisopenapi). It is sent only inside requests,
    ///     and never appears in an error's description.
    ///   - transport: what sends the requests.
    ///   - baseURL: the server root; KOBIS's own by default.
    ///   - timeout: seconds allowed for each try of a request, from start to the last byte.
    ///   - attempts: tries of a request in all (at least 1); only transient failures are tried again.
    ///   - now: the time now, from which the client tells the Korean day (a spent quota is
    ///     forgotten when it changes) and whether figures are still ``DailyBoxOffice/provisional``;
    ///     the system clock unless a test gives its own.
    public init(key: String, transport: any HTTPTransport, baseURL: URL = BoxOfficeClient.kobis,
                timeout: TimeInterval = 15, attempts: Int = 3, now: @escaping @Sendable () -> Date = Date.init) {
        client = KOBISClient(transport: transport, baseURL: baseURL, key: key, timeout: timeout,
                             retry: RetryPolicy(attempts: max(1, attempts)), now: now)
    }

    /// The top 10 films of one day, by audience.
    ///
    /// KOBIS publishes a day after it ends (Korean time); a day not yet published has no entries.
    /// Figures KOBIS may still revise (the last few days') are marked ``DailyBoxOffice/provisional``.
    public func dailyBoxOffice(on day: Day, filter: BoxOfficeFilter = BoxOfficeFilter()) async throws(BoxOfficeError) -> DailyBoxOffice {
        let answer = try await answer(.dailyBoxOffice(on: day, filter: filter)) { try DailyBoxOffice($0, requested: day) }
        return answer.value.fetched(at: answer.fetched)
    }

    /// The top 10 films of the week (or weekend, or weekdays) holding `day`; figures KOBIS may
    /// still revise are marked ``WeeklyBoxOffice/provisional``.
    public func weeklyBoxOffice(containing day: Day, period: WeekPeriod = .week,
                                filter: BoxOfficeFilter = BoxOfficeFilter()) async throws(BoxOfficeError) -> WeeklyBoxOffice {
        let answer = try await answer(.weeklyBoxOffice(containing: day, period: period, filter: filter)) {
            try WeeklyBoxOffice($0, requested: day, period: period)
        }
        return answer.value.fetched(at: answer.fetched)
    }

    /// One movie's details: titles, dates, people, companies, audits; ``BoxOfficeError/notFound(_:)``
    /// when KOBIS has no movie with this code.
    public func movie(code: String) async throws(BoxOfficeError) -> Movie {
        try await call(.movieInfo(code: code)) { try Movie($0, requested: code) }
    }

    /// One page of movies matching a query (a title, a director, years of opening).
    public func searchMovies(_ query: MovieQuery) async throws(BoxOfficeError) -> SearchPage<MovieSummary> {
        try await call(.movieList(query)) { try SearchPage<MovieSummary>($0, query: query) }
    }

    /// One page of people whose name matches.
    public func searchPeople(name: String, page: Int = 1, perPage: Int = 10) async throws(BoxOfficeError) -> SearchPage<PersonSummary> {
        try await call(.peopleList(name: name, page: page, perPage: perPage)) {
            try SearchPage<PersonSummary>($0, page: page, perPage: perPage)
        }
    }

    /// One person's details and films; ``BoxOfficeError/notFound(_:)`` for an unknown code.
    public func person(code: String) async throws(BoxOfficeError) -> Person {
        try await call(.peopleInfo(code: code)) { try Person($0, requested: code) }
    }

    /// One page of companies whose name matches.
    public func searchCompanies(name: String, page: Int = 1, perPage: Int = 10) async throws(BoxOfficeError) -> SearchPage<CompanySummary> {
        try await call(.companyList(name: name, page: page, perPage: perPage)) {
            try SearchPage<CompanySummary>($0, page: page, perPage: perPage)
        }
    }

    /// One company's details and films; ``BoxOfficeError/notFound(_:)`` for an unknown code.
    public func company(code: String) async throws(BoxOfficeError) -> Company {
        try await call(.companyInfo(code: code)) { try Company($0, requested: code) }
    }

    /// A KOBIS code table, such as the regions the ranking filters take.
    public func codes(_ table: CodeTable) async throws(BoxOfficeError) -> CodeList {
        try await call(.codeList(table)) { try CodeList($0, table: table) }
    }

    /// A value with the time its answer was fetched, which decides whether figures are provisional.
    private func answer<Response, Value>(_ endpoint: Endpoint<Response>, convert: (Response) throws -> Value) async throws(BoxOfficeError) -> Answer<Value> {
        do {
            return try await client.answer(endpoint, convert: convert)
        } catch {
            throw BoxOfficeError(error)
        }
    }

    private func call<Response, Value>(_ endpoint: Endpoint<Response>, convert: (Response) throws -> Value) async throws(BoxOfficeError) -> Value {
        try await answer(endpoint, convert: convert).value
    }
}
