#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A client for the KOBIS Open API (영화진흥위원회 오픈API): one async method per operation,
/// each returning domain values with real types (days, integers, enums) rather than KOBIS's strings.
///
/// The client sends its requests through a list of ``BoxOfficeMiddleware``s over an
/// ``HTTPTransport``: `URLSessionTransport` from the `BoxOfficeURLSession` module in an app or a
/// script, or your own (a test double, another HTTP stack). It adds the server root and the key to
/// every request; its standard middlewares enforce the timeout and retry what is transient
/// (refused or dropped connections, timeouts, HTTP 5xx and 429), backing off between tries. With
/// a `cache` (``AnswerStore``) it keeps what it fetched and asks again only for what is no longer
/// fresh. Besides that, the one thing it remembers between calls is a spent daily quota
/// (``BoxOfficeError/quotaExhausted(_:)``), and only until midnight in Korea, when KOBIS gives a
/// new one.
///
/// Beyond KOBIS's nine operations it computes what KOBIS does not offer: a period's ranking
/// (``periodRanking(from:to:filter:limit:concurrency:)``), films' runs with their milestones
/// (``trend(of:from:to:alignedByOpening:concurrency:)``), and a range's days in order
/// (``dailyBoxOffice(from:to:filter:concurrency:)``).
///
/// ```swift
/// let client = BoxOfficeClient(key: key, transport: URLSessionTransport())
/// let ranking = try await client.dailyBoxOffice(on: Day(year: 2023, month: 4, day: 23)!)
/// for entry in ranking.entries { print(entry.rank, entry.title, entry.audience) }
/// ```
public struct BoxOfficeClient: Sendable {
    /// KOBIS's own server root, `https://www.kobis.or.kr`.
    public static var kobis: URL { URL(string: defaultBaseURL) ?? URL(fileURLWithPath: "/") }

    /// KOBIS's own server.
    package static let defaultBaseURL = "https://www.kobis.or.kr"

    /// The server root.
    let baseURL: URL
    /// What an answer's name in a cache starts with: nothing for KOBIS's own server, else the
    /// server it came from, so that a stand-in's answers are never given to a run that asks KOBIS.
    let server: String
    /// The middlewares, over the transport.
    let chain: MiddlewareChain
    /// Seconds allowed for each try of a request.
    let timeout: TimeInterval
    /// Values decoded from the cache's answers, kept by a client that lives long.
    let decoded: DecodedAnswers?
    /// The clock the Korean day is told from.
    package let now: @Sendable () -> Date
    /// How every request of this client asks a cache on the way to be used (nil: as it was made to).
    package var cacheMode: CacheMiddleware.Mode?

    /// Makes a client for one key: the standard list of middlewares for it
    /// (``standardMiddlewares(keys:attempts:cache:callCounts:callsPerSecond:eachTry:events:now:)``
    /// with `keys: [key]`), or, when `middlewares` is given, the key's own two (a
    /// ``SecretMaskMiddleware`` and a ``KeyRotationMiddleware``, behind the cache when there is one)
    /// in front of them. To choose every middleware, use ``init(transport:middlewares:baseURL:timeout:now:)``.
    ///
    /// - Parameters:
    ///   - key: the KOBIS key (issued free at kobis.or.kr/kobisopenapi). It is sent only inside requests,
    ///     and never appears in an error's description.
    ///   - transport: what sends the requests.
    ///   - baseURL: the server root; KOBIS's own by default.
    ///   - timeout: seconds allowed for each try of a request, from start to the last byte.
    ///   - attempts: tries of a request in all (at least 1), by the standard ``RetryMiddleware``;
    ///     only transient failures are tried again.
    ///   - middlewares: the steps between the key and the server, the first the outermost;
    ///     ``standardMiddlewares(attempts:)`` when nil.
    ///   - cache: where answers are kept, so that asking again costs no call while what is kept is
    ///     fresh (a settled day for good; a day KOBIS may still revise for an hour; details for a
    ///     week): ``InMemoryAnswerStore``, ``FolderAnswerStore`` or your own; none by default. A
    ///     ``CacheMiddleware`` over it goes first, so that a stored answer costs nothing.
    ///   - now: the time now, from which the client tells the Korean day (a spent quota is
    ///     forgotten when it changes) and whether figures are still ``DailyBoxOffice/provisional``;
    ///     the system clock unless a test gives its own.
    public init(key: String, transport: any HTTPTransport, baseURL: URL = BoxOfficeClient.kobis,
                timeout: TimeInterval = 15, attempts: Int = 3, middlewares: [any BoxOfficeMiddleware]? = nil,
                cache: (any AnswerStore)? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        let list: [any BoxOfficeMiddleware]
        if let middlewares {
            let stored: [any BoxOfficeMiddleware] = cache.map { [CacheMiddleware(store: $0, now: now)] } ?? []
            list = stored + [SecretMaskMiddleware(secrets: [key]), KeyRotationMiddleware(keys: [key], now: now)] + middlewares
        } else {
            list = Self.standardMiddlewares(keys: [key], attempts: attempts, cache: cache, now: now)
        }
        self.init(transport: transport, middlewares: list, baseURL: baseURL, timeout: timeout, now: now)
    }

    /// Makes a client that sends through exactly `middlewares` (the first the outermost) over
    /// `transport`, and nothing else: the key, its masking, a cache and retries are middlewares
    /// like any, to be in the list or not (see
    /// ``standardMiddlewares(keys:attempts:cache:callCounts:callsPerSecond:eachTry:events:now:)``).
    /// The client sends each KOBIS request with an empty key (``HTTPRequest/quotaKey``) for a key
    /// middleware to give.
    ///
    /// ```swift
    /// var middlewares = BoxOfficeClient.standardMiddlewares(keys: [key], cache: InMemoryAnswerStore())
    /// middlewares.append(Log())
    /// let client = BoxOfficeClient(transport: URLSessionTransport(), middlewares: middlewares)
    /// ```
    ///
    /// - Parameters:
    ///   - transport: what sends the requests.
    ///   - middlewares: every step on the way to the server, the first the outermost.
    ///   - baseURL: the server root; KOBIS's own by default.
    ///   - timeout: seconds allowed for each try of a request (``HTTPRequest/timeout``).
    ///   - now: the time now, from which the client tells the Korean day; the system clock unless
    ///     a test gives its own.
    public init(transport: any HTTPTransport, middlewares: [any BoxOfficeMiddleware], baseURL: URL = BoxOfficeClient.kobis,
                timeout: TimeInterval = 15, now: @escaping @Sendable () -> Date = Date.init) {
        self.init(baseURL: baseURL, chain: MiddlewareChain(middlewares, over: transport), timeout: timeout, now: now)
    }

    /// The top 10 films of one day, by audience.
    ///
    /// KOBIS publishes a day after it ends (Korean time); a day not yet published has no entries.
    /// Figures KOBIS may still revise (the last few days') are marked ``DailyBoxOffice/provisional``.
    public func dailyBoxOffice(on day: Day, filter: BoxOfficeFilter = BoxOfficeFilter()) async throws(BoxOfficeError) -> DailyBoxOffice {
        try await call(.daily(day, filter: filter))
    }

    /// The top 10 films of the week (or weekend, or weekdays) holding `day`; figures KOBIS may
    /// still revise are marked ``WeeklyBoxOffice/provisional``.
    public func weeklyBoxOffice(containing day: Day, period: WeekPeriod = .week,
                                filter: BoxOfficeFilter = BoxOfficeFilter()) async throws(BoxOfficeError) -> WeeklyBoxOffice {
        try await call(.weekly(day, period: period, filter: filter))
    }

    /// The ranking of one day past the top 10, exact as far as KOBIS's lists prove it.
    ///
    /// KOBIS ranks at most ten films, but its filters split all films into four groups that do
    /// not overlap (Korean or foreign, diversity or commercial), and each group's own top 10 comes
    /// with national figures. The four lists are asked together (one call each, fewer when
    /// `filter` keeps only a nation or a market; each cached like any answer) and merged by
    /// audience: up to 40 films. ``DailyBoxOffice/exactThrough`` is the last rank certainly in its
    /// true place (a group of ten may hide films below its tenth row); each entry's
    /// ``BoxOfficeEntry/nation`` and ``BoxOfficeEntry/market`` say its group. A rank change is
    /// given only when the day before's lists are in the cache; otherwise it is nil. One call
    /// failing fails the whole ranking.
    public func deepDailyBoxOffice(on day: Day, filter: BoxOfficeFilter = BoxOfficeFilter()) async throws(BoxOfficeError) -> DailyBoxOffice {
        do {
            return try await self.deep(day, listing: .daily, filter: filter)
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The ranking of a week (weekend, weekdays) past the top 10, as ``deepDailyBoxOffice(on:filter:)`` makes a day's.
    public func deepWeeklyBoxOffice(containing day: Day, period: WeekPeriod = .week,
                                    filter: BoxOfficeFilter = BoxOfficeFilter()) async throws(BoxOfficeError) -> WeeklyBoxOffice {
        do {
            return try await self.deep(day, listing: .weekly(period), filter: filter)
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// One movie's details: titles, dates, people, companies, audits; ``BoxOfficeError/notFound(_:)``
    /// when KOBIS has no movie with this code.
    public func movie(code: String) async throws(BoxOfficeError) -> Movie {
        try await call(.movie(code: code))
    }

    /// One page of movies matching a query (a title, a director, years of opening).
    public func searchMovies(_ query: MovieQuery) async throws(BoxOfficeError) -> SearchPage<MovieSummary> {
        try await call(.movies(query))
    }

    /// The film a title names: KOBIS's search by title, and the one film it finds when it finds
    /// exactly one (``TitleMatch/movie``); none or several are there to show or choose from.
    ///
    /// ```swift
    /// let match = try await client.match(title: "기생충")
    /// if let film = match.movie { print(film.code) } else { print(match.matches.total, "films") }
    /// ```
    public func match(title: String) async throws(BoxOfficeError) -> TitleMatch {
        do {
            return try await findTitle(title)
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// One page of people whose name matches.
    public func searchPeople(name: String, page: Int = 1, perPage: Int = 10) async throws(BoxOfficeError) -> SearchPage<PersonSummary> {
        try await call(.people(name: name, page: page, perPage: perPage))
    }

    /// One person's details and films; ``BoxOfficeError/notFound(_:)`` for an unknown code.
    public func person(code: String) async throws(BoxOfficeError) -> Person {
        try await call(.person(code: code))
    }

    /// One page of companies whose name matches.
    public func searchCompanies(name: String, page: Int = 1, perPage: Int = 10) async throws(BoxOfficeError) -> SearchPage<CompanySummary> {
        try await call(.companies(name: name, page: page, perPage: perPage))
    }

    /// One company's details and films; ``BoxOfficeError/notFound(_:)`` for an unknown code.
    public func company(code: String) async throws(BoxOfficeError) -> Company {
        try await call(.company(code: code))
    }

    /// A KOBIS code table, such as the regions the ranking filters take.
    public func codes(_ table: CodeTable) async throws(BoxOfficeError) -> CodeList {
        try await call(.codes(table))
    }

    /// A region of KOBIS's region table by what a person types: its Korean name with or without
    /// its ending (`서울`, `서울시`, `서울특별시`, `충북`), its romanised name (`Seoul`,
    /// `Gyeonggi-do`) or its code (`0105001`); nil when none matches. Its ``CodeList/Entry/code``
    /// is what ``BoxOfficeFilter/regionCode`` takes. One call for the table (kept in the cache like
    /// any answer).
    ///
    /// ```swift
    /// let seoul = try await client.region(named: "서울")
    /// let ranking = try await client.dailyBoxOffice(on: day, filter: BoxOfficeFilter(regionCode: seoul?.code))
    /// ```
    public func region(named name: String) async throws(BoxOfficeError) -> CodeList.Entry? {
        do {
            return try await findRegion(named: name)
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The daily ranking of every day from `from` to `to`, in order, each as soon as it and the
    /// days before it are in; `concurrency` requests go out at once. With a cache, a day already
    /// kept costs no call, so a range stopped by a spent quota (the sequence then throws
    /// ``BoxOfficeError/quotaExhausted(_:)``) goes on where it was when asked again. A day KOBIS
    /// could not answer (its own failure, every try) does not stop the others: they are all given,
    /// and then the sequence throws ``BoxOfficeError/Unavailable/failed(_:request:attempts:)`` for it.
    ///
    /// ```swift
    /// for try await ranking in client.dailyBoxOffice(from: first, to: last) {
    ///     print(ranking.day, ranking.entries.first?.title ?? "-")
    /// }
    /// ```
    /// The sequence throws ``BoxOfficeError`` only.
    public func dailyBoxOffice(from: Day, to: Day, filter: BoxOfficeFilter = BoxOfficeFilter(),
                               concurrency: Int = 4) -> AsyncThrowingStream<DailyBoxOffice, any Error> {
        let client = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let days = from <= to ? PeriodReading.days(from...to) : []
                    let failed = try await client.dailyRankings(of: days, filter: filter, reading: PeriodReading(jobs: max(1, concurrency))) {
                        continuation.yield($0)
                    }
                    // Every other day was given; then the first KOBIS could not answer, as the error.
                    if let day = failed.first, case let .kobisFailed(fault) = day.reason {
                        throw KOBISError.failed(fault, request: "for \(day.day.iso)", attempts: 1)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: BoxOfficeError(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Films ranked by audience within a period, from the daily ranking of each of its days (KOBIS
    /// has no ranking of a year, a month or a range of its own): a month's top films are
    /// `periodRanking(from: Day(year: 2023, month: 4, day: 1)!, to: Day(year: 2023, month: 4, day: 30)!)`.
    ///
    /// A period reaching today is read to yesterday (KOBIS publishes a day after it ends) and is
    /// ``PeriodRanking/provisional``. Each day costs one call, `concurrency` at a time, unless a
    /// cache holds it; ``BoxOfficeError/invalidRequest(_:)`` when the period has no published day.
    /// `deep` reads each day past the top 10 (``deepDailyBoxOffice(on:filter:)``, four calls a
    /// day), so a film is counted on its days outside the overall top 10 too.
    public func periodRanking(from: Day, to: Day, filter: BoxOfficeFilter = BoxOfficeFilter(), limit: Int? = nil, deep: Bool = false,
                              concurrency: Int = 4) async throws(BoxOfficeError) -> PeriodRanking {
        guard from <= to else { throw .invalidRequest("the period starts on \(from.iso), after its last day, \(to.iso)") }
        return try await topFilms(TopFilmsRequest(.range(from...to), filter: filter, limit: limit, deep: deep), concurrency: concurrency)
    }

    /// Up to six films' daily rank and audience from `from` to `to`, and the round numbers of
    /// viewers each passed then (``Trend/Series/milestones``). `alignedByOpening` numbers each
    /// point's ``Trend/Point/day`` from the film's opening (opening day = 1). A range reaching
    /// today is read to yesterday.
    public func trend(of movieCodes: [String], from: Day, to: Day, alignedByOpening: Bool = false,
                      concurrency: Int = 4) async throws(BoxOfficeError) -> Trend {
        guard (1...6).contains(movieCodes.count) else {
            throw .invalidRequest("a trend compares one to six films; \(movieCodes.count) were given")
        }
        let (period, _) = try published(from: from, to: to)
        do {
            return try await self.trend(of: movieCodes, range: period, alignedByOpening: alignedByOpening, today: Day.korean(at: now()),
                                          reading: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// One film's run as far as the daily rankings in the cache tell it, at no call: its rank and
    /// audience on each day from `from` to `to` whose ranking the cache holds (none without a
    /// cache), with ``Trend/Series/daysRanked``, ``Trend/Series/bestRank``,
    /// ``Trend/Series/lastRanked`` (its audience so far) and the milestones passed on those days;
    /// ``Trend/coverage`` says which days were not at hand. A range reaching today is read to yesterday.
    ///
    /// ```swift
    /// let run = try await client.storedRun(of: "20218541", from: opening, to: opening.adding(days: 90))
    /// print(run.movies[0].lastRanked?.audienceTotal ?? 0)
    /// ```
    public func storedRun(of movieCode: String, from: Day, to: Day) async throws(BoxOfficeError) -> Trend {
        guard from <= to else { throw .invalidRequest("the period starts on \(from.iso), after its last day, \(to.iso)") }
        let (engine, reading) = self.atHand(jobs: 4, deep: false)
        do {
            return try await engine.runAtHand(of: movieCode, within: from...to, today: Day.korean(at: now()), reading: reading)
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// A film's run as the Korean film press counts it (``FilmRun``): its previews, opening day,
    /// weekend and week, totals, days at number one, best day, milestones and second-weekend hold.
    /// The film's details (one call, or the cache) give its opening day. ``FilmRun/Reading/atHand``
    /// reads only the days the cache holds, at no call; ``FilmRun/Reading/whole`` reads the run
    /// first, each day the cache does not hold costing one call (at most ``FilmRun/mostDays``).
    /// Nil when there is nothing to read: at hand, no day held ranks the film; whole, the film
    /// opens more than two weeks from now.
    ///
    /// ```swift
    /// let run = try await client.filmRun(of: "20243561", reading: .whole)
    /// for milestone in run?.milestones ?? [] { print(milestone.audience, milestone.date, milestone.day ?? 0) }
    /// ```
    /// With `deep`, the run is read from each day's deep ranking (``deepDailyBoxOffice(on:filter:)``,
    /// four calls a day) and lasts while the film is in it.
    public func filmRun(of movieCode: String, reading: FilmRun.Reading = .atHand, deep: Bool = false, concurrency: Int = 4) async throws(BoxOfficeError) -> FilmRun? {
        let details = try await movie(code: movieCode)
        if reading == .whole, details.openDate == nil {
            throw .invalidRequest("KOBIS gives no opening day for \(details.title) (\(movieCode)), so its run has no start")
        }
        do {
            return try await filmRun(of: details, reading, deep: deep, today: Day.korean(at: now()), jobs: max(1, concurrency),
                                     whole: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The number one of each day of a month (`month` 1 to 12), each published day costing one
    /// call unless a cache holds it; the days from today on are not published yet and have none.
    public func calendar(year: Int, month: Int, concurrency: Int = 4) async throws(BoxOfficeError) -> MonthCalendar {
        guard MonthCalendar.days(year: year, month: month) != nil else {
            throw .invalidRequest("\(year)-\(month) is not a month")
        }
        do {
            return try await self.monthCalendar(year: year, month: month, today: Day.korean(at: now()), reading: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The published part of a period, and whether it runs past yesterday.
    private func published(from: Day, to: Day) throws(BoxOfficeError) -> (ClosedRange<Day>, unfinished: Bool) {
        guard from <= to else { throw .invalidRequest("the period starts on \(from.iso), after its last day, \(to.iso)") }
        return try Day.published(from...to, today: Day.korean(at: now()))
    }

    /// One call's value (stamped with the time its answer was fetched, which decides whether its
    /// figures are provisional), or the library's error.
    func call<Value>(_ call: KOBISCall<Value>) async throws(BoxOfficeError) -> Value {
        do {
            return try await self.fetch(call)
        } catch {
            throw BoxOfficeError(error)
        }
    }
}
