#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One of KOBIS's calls with its conversion to a domain value: the typed request the engine is
/// asked (by the public client, the command line, the MCP server and `browse` alike), so no face
/// touches an endpoint or a wire type, and each call is converted in one place.
package struct KOBISCall<Value: Sendable>: Sendable {
    /// What identifies the answer (the request without the key): the cache's key.
    package let requestKey: String
    /// How long its answer stays good.
    package let freshness: Freshness
    fileprivate let perform: @Sendable (BoxOfficeClient) async throws -> Answer<Value>
    /// For a day's list that a history may hold (KOBIS's top 10, or one of its filtered lists
    /// with no region and no scope to name): the day and the filter.
    package private(set) var heldList: (day: Day, filter: BoxOfficeFilter)? = nil

    private init<Response>(_ endpoint: Endpoint<Response>, convert: @escaping @Sendable (Response) throws -> Value) {
        requestKey = endpoint.requestKey
        freshness = Freshness.of(endpoint)
        perform = { client in try await client.answer(endpoint, convert: convert) }
    }

    /// The top 10 of `day`, filtered; `scope` names the filter in the value.
    package static func daily(_ day: Day, filter: BoxOfficeFilter = BoxOfficeFilter(), scope: RankingScope? = nil) -> KOBISCall<DailyBoxOffice> {
        var call = KOBISCall<DailyBoxOffice>(.dailyBoxOffice(on: day, filter: filter)) { response in
            var ranking = try DailyBoxOffice(response, requested: day)
            ranking.scope = scope
            return ranking
        }
        if filter.regionCode == nil, scope == nil { call.heldList = (day, filter) }
        return call
    }

    /// The top 10 of the week (weekend, weekdays) holding `day`, filtered.
    package static func weekly(_ day: Day, period: WeekPeriod, filter: BoxOfficeFilter = BoxOfficeFilter(),
                               scope: RankingScope? = nil) -> KOBISCall<WeeklyBoxOffice> {
        KOBISCall<WeeklyBoxOffice>(.weeklyBoxOffice(containing: day, period: period, filter: filter)) { response in
            var ranking = try WeeklyBoxOffice(response, requested: day, period: period)
            ranking.scope = scope
            return ranking
        }
    }

    /// One movie's details.
    package static func movie(code: String) -> KOBISCall<Movie> {
        KOBISCall<Movie>(.movieInfo(code: code)) { try Movie($0, requested: code) }
    }

    /// One page of movies matching `query`.
    package static func movies(_ query: MovieQuery) -> KOBISCall<SearchPage<MovieSummary>> {
        KOBISCall<SearchPage<MovieSummary>>(.movieList(query)) { try SearchPage<MovieSummary>($0, query: query) }
    }

    /// One page of people whose name matches, or who worked on a film of that title.
    package static func people(name: String? = nil, filmography: String? = nil, page: Int = 1,
                               perPage: Int = 10) -> KOBISCall<SearchPage<PersonSummary>> {
        KOBISCall<SearchPage<PersonSummary>>(.peopleList(name: name, filmography: filmography, page: page, perPage: perPage)) {
            try SearchPage<PersonSummary>($0, page: page, perPage: perPage)
        }
    }

    /// One person's details and films.
    package static func person(code: String) -> KOBISCall<Person> {
        KOBISCall<Person>(.peopleInfo(code: code)) { try Person($0, requested: code) }
    }

    /// One page of companies whose name matches.
    package static func companies(name: String, page: Int = 1, perPage: Int = 10) -> KOBISCall<SearchPage<CompanySummary>> {
        KOBISCall<SearchPage<CompanySummary>>(.companyList(name: name, page: page, perPage: perPage)) {
            try SearchPage<CompanySummary>($0, page: page, perPage: perPage)
        }
    }

    /// One company's details and films.
    package static func company(code: String) -> KOBISCall<Company> {
        KOBISCall<Company>(.companyInfo(code: code)) { try Company($0, requested: code) }
    }

    /// A code table.
    package static func codes(_ table: CodeTable) -> KOBISCall<CodeList> {
        KOBISCall<CodeList>(.codeList(table)) { try CodeList($0, table: table) }
    }
}

extension BoxOfficeClient {
    /// The call's value, with the body it came from (for `--raw`), when it was fetched, and
    /// whether the cache answered.
    package func answer<Value>(_ call: KOBISCall<Value>) async throws -> Answer<Value> {
        try await call.perform(self)
    }

    /// The call's value.
    package func fetch<Value>(_ call: KOBISCall<Value>) async throws -> Value {
        try await call.perform(self).value
    }

    /// Whether a usable answer to `call` is stored (so making it costs no call).
    package func isCached<Value>(_ call: KOBISCall<Value>) -> Bool {
        if let list = call.heldList, cacheMode != .refresh, chain.rankingHistory?.holds(list.day, filter: list.filter) == true { return true }
        return isCached(requestKey: call.requestKey, freshness: call.freshness)
    }
}
