import BoxOfficeCore
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The view's requests made requests of the engine's, through the session's one client: each
/// request a typed question, each answer a typed value.
package struct BrowseFetcher: BrowseSource {
    let session: BrowseSession

    /// Fetches through `session`.
    package init(session: BrowseSession) {
        self.session = session
    }

    package var environment: [String: String] { session.environment }
    package var now: @Sendable () -> Date { session.now }

    package func failure(_ error: any Error) -> BrowseFailure {
        session.failure(error)
    }

    /// The value for a request; `mode`: fetched from KOBIS (`.refresh`) or read from the cache
    /// only (`.offline`) rather than as the options say; `approved`: whatever it costs (the user
    /// said yes on the status line), else refused past the limit of calls.
    package func fetch(_ request: BrowseRequest, mode: CacheMiddleware.Mode? = nil, approved: Bool = false) async throws -> BrowseAnswer {
        // Each of the view's requests has its own budget of calls to KOBIS, retries included.
        try await withCallBudget(CallBudget(limit: session.callLimit)) {
            try await answer(request, mode: mode, approved: approved)
        }
    }

    private func answer(_ request: BrowseRequest, mode: CacheMiddleware.Mode?, approved: Bool) async throws -> BrowseAnswer {
        // An offline run stays offline, whatever the view asks.
        let mode = session.offline ? nil : mode
        switch request {
        case let .reviews(code):
            let movieCode = code.uppercased()
            return .reviews(try session.reviews().all().filter { $0.movieCode == movieCode })
        case let .run(code, around):
            let (trend, summary) = try await run(code, around: around)
            return .run(trend, summary: summary)
        case let .poster(code):
            return .poster(try await session.poster(code, try client(mode: mode)))
        default:
            break
        }
        let client = try client(mode: mode)
        let unit = if case let .ranking(place) = request, place.period != .day { "weeks" } else { "days" }
        let approve: @Sendable (ReadingCost) async throws -> Void = { [session] cost in
            try await session.approve(cost, unit, approved, mode)
        }
        switch request {
        case let .ranking(place) where place.period == .day:
            let request = RankingRequest.daily(.day(place.day), filter: session.filter, region: session.region, deep: place.deep)
            return try await held(client) { .daily(try await one(request, client: client, approve: approve)) }
        case let .ranking(place):
            let request = RankingRequest.weekly(.day(place.day), period: place.period.week ?? .week, filter: session.filter,
                                                region: session.region, deep: place.deep)
            return try await held(client) { .weekly(try await one(request, client: client, approve: approve)) }
        case let .movie(code): return .movie(try await film(code, client: client))
        case let .search(text):
            // A title first; when none has the text, the films of a director of that name (one more call).
            let titles = try await client.fetch(.movies(MovieQuery(title: text)))
            guard titles.items.isEmpty else { return .movies(titles, origin: client.searchNote) }
            return .movies(try await client.fetch(.movies(MovieQuery(director: text))), origin: client.searchNote, byDirector: true)
        case let .person(code): return try await held(client) { .person(try await client.fetch(.person(code: code))) }
        case let .company(code): return try await held(client) { .company(try await client.fetch(.company(code: code))) }
        // Credits carry no code: the people of that name with that film (KOBIS's filmoNames).
        case let .people(name, film): return try await held(client) { .people(try await client.fetch(.people(name: name, filmography: film))) }
        case let .records(year, month):
            // The month as the engine reads any period (to yesterday), with the view's filter and region.
            let request = RecordsRequest(.month(year: year, month: month), limit: 5, filter: session.filter, region: session.region)
            return .records(try await client.records(request, reading: reading(approve)))
        case let .news(day, deep):
            return .news(try await client.news(on: day, deep: deep, reading: reading(approve)))
        case .reviews, .poster, .run: throw BrowseFetchError()
        }
    }

    /// A reading of a period's days (only those the client holds, when it holds some only), `jobs`
    /// at a time, its cost approved as `approve` says. Its note is not shown under the view.
    private func reading(_ approve: @escaping @Sendable (ReadingCost) async throws -> Void) -> PeriodReading {
        var reading = PeriodReading(jobs: session.jobs)
        reading.period = { "the period's \(NumberFormat.grouped($0.count)) days" }
        reading.approve = approve
        return reading
    }

    /// One day's (week's) ranking from the engine, its cost approved as `approve` says.
    private func one<Ranking: ListedRanking>(_ request: RankingRequest<Ranking>, client: BoxOfficeClient,
                                             approve: @escaping @Sendable (ReadingCost) async throws -> Void) async throws -> Ranking {
        var reading = PeriodReading(jobs: session.jobs)
        reading.approve = approve
        var value: Ranking?
        try await client.rankings(request, reading: reading) { value = $0 }
        guard let value else { throw BrowseFetchError() }
        return value
    }

    /// The answer, or, where the client holds nothing of it (the samples hold few people and
    /// companies), a screen that says so rather than an error.
    private func held(_ client: BoxOfficeClient, _ fetch: () async throws -> BrowseAnswer) async throws -> BrowseAnswer {
        do {
            return try await fetch()
        } catch where client.holdsNothing(error) {
            return .notHeld
        }
    }

    /// The run's client, its cache used as `mode` says.
    private func client(mode: CacheMiddleware.Mode?) throws -> BoxOfficeClient {
        let client = try session.client()
        return mode.map(client.cacheMode) ?? client
    }

    /// A film's details; where the samples hold none, the film without them (its screen then
    /// shows what the rankings at hand tell of it).
    private func film(_ code: String, client: BoxOfficeClient) async throws -> BrowseFilm {
        do {
            return BrowseFilm(code: code, details: try await client.fetch(.movie(code: code)))
        } catch where client.lacksDetails(error) {
            return BrowseFilm(code: code, details: nil)
        }
    }

    /// What the rankings at hand tell of a film's run, read at no call (the cache's days, or the
    /// samples'), within a year either side of `around` (a day it ran on, or opened) when known.
    private func run(_ code: String, around: Day?) async throws -> (trend: Trend, run: FilmRun?) {
        let client = try session.client()
        let today = session.today
        let window = around.map { $0.adding(days: -365)...max($0, min(today.adding(days: -1), $0.adding(days: 365))) } ?? client.runWindow(today: today)
        return try await client.runsAtHand(of: code, within: window, today: today, jobs: session.jobs)
    }

    /// Adds the form's review with the reviews' own checks and store, the form's password
    /// protecting it: what to say of it. A field's problem names the field as the form labels it.
    package func add(_ form: ReviewForm) async throws -> String {
        let nickname = form.value(.nickname).trimmingBlanks().isEmpty ? nil : form.value(.nickname)
        let rating: Double, name: String?, text: String
        do {
            // In the order the form shows them.
            guard let value = try ReviewEntry.rating(form.value(.rating)) else { throw ReviewEntryProblem.noRating }
            (rating, name, text) = (value, try ReviewEntry.nickname(nickname), try ReviewEntry.text(form.value(.text)))
        } catch let problem as ReviewEntryProblem {
            throw ReviewFormError(message: problem.message(naming: ReviewForm.name(of:)))
        }
        guard MovieCode.isValid(form.movieCode) else { throw BrowseFetchError() }
        let password = form.value(.password)
        let added = try session.reviews().add(movieCode: form.movieCode.uppercased(), rating: rating, nickname: name, text: text,
                                              password: password.isEmpty ? nil : password, created: Int64(session.now().timeIntervalSince1970))
        return session.added(added.review)
    }

    /// A poster image's bytes, through the same client (and cache) as everything else.
    package func image(at address: String) async throws -> Data {
        guard let url = URL(string: address) else { throw BrowseFetchError() }
        let call = RemoteCall(url: url, displayAddress: address, cacheKey: "poster-image:" + address, summary: "the poster image",
                              freshness: .seconds(30 * 86_400))
        return try await session.client().answer(call) { $0 }.value
    }
}

/// A field of the review form that cannot be stored, in the form's words.
package struct ReviewFormError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// A request the view cannot make (never expected).
struct BrowseFetchError: Error, CustomStringConvertible {
    var description: String { "the answer could not be shown here" }
}
