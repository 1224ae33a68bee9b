import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches what the view asks for from the engine: each request a typed call, each answer a
/// typed value.
struct BrowseFetcher: Sendable {
    let context: CommandContext
    let filters: RankingFilterOptions

    init(context: CommandContext, filters: RankingFilterOptions) {
        // Nothing may be written under the view: notes and progress stay silent.
        var quiet = context.with(progress: ProgressLine(enabled: false, width: nil, write: { _ in }), say: { _ in })
        quiet.write = nil
        quiet.style.fields = nil
        // A question goes on the status line, never to the terminal under the view.
        quiet.ask = nil
        self.context = quiet
        self.filters = filters
    }

    /// The value for a request; `mode`: fetched from KOBIS (`.refresh`) or read from the cache
    /// only (`.offline`) rather than as the options say; `approved`: whatever it costs (the user
    /// said yes on the status line), else refused past the limit of calls.
    func fetch(_ request: BrowseRequest, mode: CacheMiddleware.Mode? = nil, approved: Bool = false) async throws -> BrowseAnswer {
        var context = self.context
        if approved { context.invocation.yes = true }
        // For the question of cost (nothing is fetched offline); the client is the run's, viewed as `mode` says.
        if let mode, context.invocation.cacheMode != .offline { context.invocation.cacheMode = mode }
        switch request {
        case let .reviews(code):
            let movieCode = code.uppercased()
            return .reviews(try context.reviewStore().all().filter { $0.movieCode == movieCode })
        case let .run(code, around):
            return .run(try await run(code, around: around))
        case let .poster(code):
            // Without a poster key there is nothing to do, so say so before any call is spent.
            let providers = try PosterProviders.configured(context)
            let client = try client(mode: mode)
            let movie = try await client.fetch(.movie(code: code))
            return .poster(await PosterProviders.find(for: movie, providers: providers, client: client, context: context).url)
        default:
            break
        }
        let client = try client(mode: mode)
        let unit = if case let .ranking(place) = request, place.period != .day { "weeks" } else { "days" }
        let approve: @Sendable (ReadingCost) async throws -> Void = { [context] cost in
            _ = try await context.approve(cost, unit: unit, span: nil)
        }
        switch request {
        case let .ranking(place) where place.period == .day:
            let request = RankingRequest.daily(.day(place.day), filter: filters.filter, region: filters.region, deep: place.deep)
            return try await held { .daily(try await one(request, client: client, approve: approve)) }
        case let .ranking(place):
            let request = RankingRequest.weekly(.day(place.day), period: WeekPeriod(rawValue: place.period.rawValue) ?? .week, filter: filters.filter,
                                                region: filters.region, deep: place.deep)
            return try await held { .weekly(try await one(request, client: client, approve: approve)) }
        case let .movie(code): return .movie(try await film(code, client: client))
        case let .search(text):
            // A title first; when none has the text, the films of a director of that name (one more call).
            let titles = try await client.fetch(.movies(MovieQuery(title: text)))
            guard titles.items.isEmpty else { return .movies(titles, origin: context.source.searchedFilms) }
            return .movies(try await client.fetch(.movies(MovieQuery(director: text))), origin: context.source.searchedFilms, byDirector: true)
        case let .person(code): return try await held { .person(try await client.fetch(.person(code: code))) }
        case let .company(code): return try await held { .company(try await client.fetch(.company(code: code))) }
        // Credits carry no code: the people of that name with that film (KOBIS's filmoNames).
        case let .people(name, film): return try await held { .people(try await client.fetch(.people(name: name, filmography: film))) }
        case .reviews, .poster, .run: throw BrowseFetchError()
        }
    }

    /// One day's (week's) ranking from the engine, its cost approved as `approve` says.
    private func one<Ranking: ListedRanking>(_ request: RankingRequest<Ranking>, client: BoxOfficeClient,
                                             approve: @escaping @Sendable (ReadingCost) async throws -> Void) async throws -> Ranking {
        var reading = PeriodReading(jobs: context.invocation.jobs)
        reading.approve = approve
        var value: Ranking?
        try await client.rankings(request, reading: reading) { value = $0 }
        guard let value else { throw BrowseFetchError() }
        return value
    }

    /// The answer, or, where the source holds nothing of it (the samples hold few people and
    /// companies), a screen that says so rather than an error.
    private func held(_ fetch: () async throws -> BrowseAnswer) async throws -> BrowseAnswer {
        do {
            return try await fetch()
        } catch let error as SampleDataError where [.peopleInfo, .peopleList, .companyInfo, .dailyBoxOffice, .weeklyBoxOffice].contains(error.operation) {
            return .notHeld
        }
    }

    /// The run's client, its cache used as `mode` says (an `--offline` run stays offline).
    private func client(mode: CacheMiddleware.Mode?) throws -> BoxOfficeClient {
        let client = try context.client()
        guard let mode, mode != context.invocation.cacheMode, context.invocation.cacheMode != .offline else { return client }
        return client.cacheMode(mode)
    }

    /// A film's details; where the samples hold none, the film without them (its screen then
    /// shows what the rankings at hand tell of it).
    private func film(_ code: String, client: BoxOfficeClient) async throws -> BrowseFilm {
        do {
            return BrowseFilm(code: code, details: try await client.fetch(.movie(code: code)))
        } catch where context.source.lacksDetails(error) {
            return BrowseFilm(code: code, details: nil)
        }
    }

    /// What the rankings at hand tell of a film's run, read at no call (the cache's days, or the
    /// samples'), within a year either side of `around` (a day it ran on, or opened) when known.
    private func run(_ code: String, around: Day?) async throws -> Trend {
        let source = context.source
        let today = context.today
        let window = around.map { $0.adding(days: -365)...max($0, min(today.adding(days: -1), $0.adding(days: 365))) } ?? source.runWindow(today: today)
        // Only what is at hand: with KOBIS, the cache's days, read offline so nothing is fetched.
        let reader = try client(mode: .offline)
        let reading = PeriodReading(jobs: context.invocation.jobs, readable: { days in source.atHand(days) { reader.isCached(.daily($0)) } })
        return try await reader.runAtHand(of: code, within: window, today: today, reading: reading)
    }

    /// Adds the form's review with the reviews' own checks and store, the form's password
    /// protecting it: what to say of it. A field's problem names the field as the form labels it.
    func add(_ form: ReviewForm) async throws -> String {
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
        let added = try context.reviewStore().add(movieCode: form.movieCode.uppercased(), rating: rating, nickname: name, text: text,
                                                  password: password.isEmpty ? nil : password, created: Int64(context.now().timeIntervalSince1970))
        return ReviewCommand.added(added.review)
    }

    /// A poster image's bytes, through the same client (and cache) as everything else.
    func image(at address: String) async throws -> Data {
        guard let url = URL(string: address) else { throw BrowseFetchError() }
        let client = try context.client()
        let call = RemoteCall(url: url, displayAddress: address, cacheKey: "poster-image:" + address, summary: "the poster image",
                              freshness: .seconds(30 * 86_400))
        return try await client.answer(call) { $0 }.value
    }
}

/// A field of the review form that cannot be stored, in the form's words.
struct ReviewFormError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A request the view cannot make (never expected).
struct BrowseFetchError: Error, CustomStringConvertible {
    var description: String { "the answer could not be shown here" }
}
