import BoxOfficeCore
import BoxOfficeReviews

/// `boxoffice browse`'s state, and what a key or an answer does to it. Pure: an event gives the
/// next state and the requests to make; nothing here touches the terminal or the network.
package struct BrowseState: Equatable {
    /// The screens opened, the first at the bottom; the last one is shown.
    var pages: [BrowsePage]
    /// Every answer received, by what was asked, so going back or forth again is instant.
    var answers: [BrowseRequest: BrowseAnswer] = [:]
    /// Requests under way (the status line's spinner turns while there are any).
    var loading: Set<BrowseRequest> = []
    /// A screen to open (or a day to step to) once its answer arrives: until then the screen
    /// stays as it was, as in the apps. Another move replaces it; leaving drops it.
    var pending: Pending?
    /// The last thing to tell the user (an error, the apps' alert), until the next key.
    var status: String?
    /// A request that needs more calls than allowed without asking, and the question on the
    /// status line: `y` fetches it, any other key does not.
    var asking: BrowseRequest?
    /// The title being typed after `/`, if the search line is open.
    var input: String?
    /// A review being written (`v`), until it is added or given up.
    var form: ReviewForm?
    /// Turns of the spinner.
    var spinner = 0
    /// The body's height on the screen, for PgUp/PgDn and scrolling.
    var bodyRows = 20
    /// Today in Korea; a day's ranking is published once it has ended.
    var today: Day
    /// The ranking shown first, and on `t`.
    let home: RankingPlace
    /// The sample days and weeks (`--demo`): stepping goes from one to the next.
    let samples: Samples?
    /// Whether neighbouring days may be fetched ahead (never `--offline` nor the demo).
    let prefetch: Bool
    /// Whether a poster provider is configured: a film's poster is looked up when it is shown.
    package var posters = false
    /// Set by q and Ctrl-C.
    var quitting = false
    /// Days already looked for in the cache, for the calendar.
    var peeked: Set<BrowseRequest> = []

    /// The sample data's days, as the demo steps through them.
    package struct Samples: Equatable {
        package var days: [Day]
        /// A day of each recorded week, by period.
        var weeks: [BrowsePeriod: [Day]]

        package init(days: [Day], weeks: [BrowsePeriod: [Day]]) {
            self.days = days
            self.weeks = weeks
        }

        /// The recorded days (or weeks) of a period.
        package func days(_ period: BrowsePeriod) -> [Day] {
            period == .day ? days : weeks[period] ?? []
        }
    }

    /// A move waiting for its answer.
    struct Pending: Equatable {
        var request: BrowseRequest
        var page: BrowsePage
        /// Pushed over the shown screen, or put in its place (a day step).
        var push: Bool
    }

    /// The first day KOBIS has figures for.
    static let firstDay = Day.kobisFirst

    package init(home: RankingPlace, today: Day, samples: Samples? = nil, prefetch: Bool = false) {
        self.home = home
        self.today = today
        self.samples = samples
        self.prefetch = prefetch
        pages = [BrowsePage(.ranking(home))]
    }

    /// A view over what `client` holds (nil when it cannot be composed yet: its failure is then the
    /// first fetch's to say), starting on `day`, or the client's own default day: over a client
    /// that holds some days only, stepping through those, and fetching nothing ahead; fetching
    /// the neighbouring days ahead otherwise, unless `offline`.
    package init(client: BoxOfficeClient?, day: Day?, period: BrowsePeriod, deep: Bool, today: Day, offline: Bool) {
        let samples = client?.heldDays.map { days in
            Samples(days: days, weeks: Dictionary(grouping: client?.heldWeeks ?? []) { BrowsePeriod($0.period) }
                        .mapValues { $0.map(\.day).sorted() })
        }
        let start = day ?? client?.defaultDay(today: today).value ?? today.adding(days: -1)
        self.init(home: RankingPlace(day: start, period: period, deep: deep), today: today, samples: samples,
                  prefetch: client?.asksNoOne != true && !offline)
    }

    /// The requests to make at the start: the first ranking.
    mutating func start() -> [BrowseEffect] {
        if let samples {
            status = "sample data (--demo): ] and [ step through the \(samples.days(home.period).count) recorded \(home.period == .day ? "days" : "weeks")"
        }
        guard let request = top.screen.request else { return [] }
        loading.insert(request)
        return [.fetch(request, refresh: false)]
    }

    var top: BrowsePage {
        get { pages[pages.count - 1] }
        set { pages[pages.count - 1] = newValue }
    }

    /// The last day with a published ranking.
    var latestDay: Day { today.adding(days: -1) }

    // MARK: - Events

    /// What one event does.
    mutating func handle(_ event: BrowseEvent) -> [BrowseEffect] {
        switch event {
        case let .key(key):
            return press(key)
        case let .answered(request, answer):
            return received(request, answer)
        case let .failed(request, message):
            loading.remove(request)
            // Only a failure of what the user is looking at, or waiting for, is news.
            let awaited = pending?.request == request || top.screen.request == request
            var effects: [BrowseEffect] = []
            if let pending, pending.request == request {
                self.pending = nil
                // Another period (or the deep list) that could not be read is still shown, empty
                // under its own heading: the status says why, r tries again, and w goes on to the
                // next period instead of asking for this one again.
                if !pending.push, case let .ranking(wanted) = pending.page.screen, case let .ranking(shown) = top.screen,
                   wanted.period != shown.period || wanted.deep != shown.deep {
                    effects = show(pending.page, push: false)
                }
            }
            if awaited { status = message }
            return effects
        case let .costly(request, message):
            loading.remove(request)
            guard pending?.request == request || top.screen.request == request else { return [] }
            asking = request
            status = message + ". y fetches it; any other key does not"
            return []
        case .tick:
            spinner &+= 1
            return []
        case let .resized(bodyRows):
            self.bodyRows = max(1, bodyRows)
            for index in pages.indices { pages[index].scroll(within: self.bodyRows, lines: lines(of: pages[index])) }
            return []
        case let .dayChanged(today):
            self.today = today
            return []
        case let .reviewAdded(code, message):
            return reviewed(code, message, added: true)
        case let .reviewRefused(code, message):
            return reviewed(code, message, added: false)
        case let .note(message):
            status = message
            return []
        }
    }

    mutating func received(_ request: BrowseRequest, _ answer: BrowseAnswer) -> [BrowseEffect] {
        loading.remove(request)
        answers[request] = answer
        // What arrived may add lines above the chosen item (a film's run at hand, above its
        // credits): the chosen item stays in view.
        top.scroll(within: bodyRows, lines: lines(of: top))
        var effects: [BrowseEffect] = []
        if let pending, pending.request == request {
            self.pending = nil
            effects += show(pending.page, push: pending.push)
        } else if case let .people(name, film) = top.screen, request == top.screen.request {
            effects += openSingleMatch(name: name, film: film)
        }
        if top.screen.request == request { effects += ahead() }
        return effects
    }

    /// A person opened from a film's credits is looked up by name (KOBIS gives credits no code):
    /// the one person of that name with that film opens at once; several are listed.
    mutating func openSingleMatch(name: String, film: String) -> [BrowseEffect] {
        guard case let .people(page)? = answers[.people(name: name, film: film)] else { return [] }
        let matches = page.items.filter { $0.name == name }
        let withFilm = matches.filter { person in person.films.contains { $0.title == film } }
        guard let only = (withFilm.count == 1 ? withFilm.first : (matches.count == 1 ? matches.first : nil)) else { return [] }
        pages.removeLast()
        return open(BrowsePage(.person(only.code)), push: true)
    }

    /// Neighbouring rankings, the chosen film and a shown film's poster, fetched ahead so that
    /// `[`, `]` and Enter feel instant.
    mutating func ahead() -> [BrowseEffect] {
        if case let .movie(code) = top.screen { return fetchAhead([runRequest(of: code)] + (posters ? [.poster(code)] : [])) }
        guard case let .ranking(place) = top.screen else { return [] }
        // A day's news, under its ranking.
        let news: [BrowseRequest] = place.period == .day ? [.news(place.day, deep: place.deep)] : []
        guard prefetch else { return fetchAhead(news) }
        let days = [step(place, by: 1), step(place, by: -1)].compactMap { $0.map(BrowseRequest.ranking) }
        return fetchAhead(news + days + selectedFilm())
    }

    /// The requests not known nor under way, now under way.
    mutating func fetchAhead(_ requests: [BrowseRequest]) -> [BrowseEffect] {
        requests.compactMap { request in
            answers[request] == nil && loading.insert(request).inserted ? .prefetch(request) : nil
        }
    }

    /// The chosen film of a ranking, fetched ahead so that Enter feels instant.
    func selectedFilm() -> [BrowseRequest] {
        guard case .ranking = top.screen, case let .open(.movie(code))? = items(of: top).dropFirst(top.selection).first else { return [] }
        return [.movie(code)]
    }

    // MARK: - What a screen holds

    /// The lines of a screen's body, as wide as they like (the view cuts text, never numbers).
    func lines(of page: BrowsePage) -> [BrowseLine] {
        var poster: BrowseAnswer?
        var answer = page.screen.request.flatMap { answers[$0] }
        if case let .movie(code) = page.screen {
            poster = answers[.poster(code)]
            answer = film(code).map(BrowseAnswer.movie) ?? answer
        }
        if case let .ranking(place) = page.screen, place.period == .day, case let .news(news)? = answers[.news(place.day, deep: place.deep)] {
            poster = .news(news)
        }
        return BrowseBody.lines(page.screen, answer: answer, poster: poster)
    }

    /// A film as its screen shows it: its details, and its run once read.
    func film(_ code: String) -> BrowseFilm? {
        guard case var .movie(film)? = answers[.movie(code)] else { return nil }
        if film.run == nil, case let .run(run, summary)? = answers[runRequest(of: code)] { (film.run, film.summary) = (run, summary) }
        return film
    }

    /// The request for a film's run: the one made already (answered or under way), whatever
    /// rankings arrived since, else one around the day ``runAnchor(of:)`` gives.
    func runRequest(of code: String) -> BrowseRequest {
        let made = { (request: BrowseRequest) -> Bool in
            if case let .run(film, _) = request { film == code } else { false }
        }
        return answers.keys.first(where: made) ?? loading.first(where: made) ?? .run(code, around: runAnchor(of: code))
    }

    /// The day a film's run is looked for around: the latest ranking at hand that lists it (a
    /// re-release runs long after its opening), else its opening day; nil when neither is known.
    func runAnchor(of code: String) -> Day? {
        let seen = answers.compactMap { request, answer -> Day? in
            guard case .ranking = request else { return nil }
            switch answer {
            case let .daily(ranking): return ranking.entries.contains { $0.movieCode == code } ? ranking.day : nil
            case let .weekly(ranking): return ranking.entries.contains { $0.movieCode == code } ? ranking.end : nil
            default: return nil
            }
        }
        if let latest = seen.max() { return latest }
        if case let .movie(film)? = answers[.movie(code)] { return film.details?.openDate }
        return nil
    }

    /// What can be chosen on a screen, in order.
    func items(of page: BrowsePage) -> [BrowseItem] {
        lines(of: page).compactMap(\.item)
    }
}
