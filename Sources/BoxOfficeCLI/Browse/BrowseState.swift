import BoxOfficeCore
import BoxOfficeReviews

/// `boxoffice browse`'s state, and what a key or an answer does to it. Pure: an event gives the
/// next state and the requests to make; nothing here touches the terminal or the network.
struct BrowseState: Equatable {
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
    var posters = false
    /// Set by q and Ctrl-C.
    var quitting = false
    /// Days already looked for in the cache, for the calendar.
    var peeked: Set<BrowseRequest> = []

    /// The sample data's days, as the demo steps through them.
    struct Samples: Equatable {
        var days: [Day]
        /// A day of each recorded week, by period.
        var weeks: [BrowsePeriod: [Day]]

        /// The recorded days (or weeks) of a period.
        func days(_ period: BrowsePeriod) -> [Day] {
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

    /// The first day KOBIS has figures for (its ticketing network began on 2004-01-01).
    static let firstDay = Day(year: 2004, month: 1, day: 1) ?? Day(year: 2004, month: 1, day: 2)!

    init(home: RankingPlace, today: Day, samples: Samples? = nil, prefetch: Bool = false) {
        self.home = home
        self.today = today
        self.samples = samples
        self.prefetch = prefetch
        pages = [BrowsePage(.ranking(home))]
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
            if pending?.request == request { pending = nil }
            if awaited { status = message }
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

    private mutating func received(_ request: BrowseRequest, _ answer: BrowseAnswer) -> [BrowseEffect] {
        loading.remove(request)
        answers[request] = answer
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
    private mutating func openSingleMatch(name: String, film: String) -> [BrowseEffect] {
        guard case let .people(page)? = answers[.people(name: name, film: film)] else { return [] }
        let matches = page.items.filter { $0.name == name }
        let withFilm = matches.filter { person in person.films.contains { $0.title == film } }
        guard let only = (withFilm.count == 1 ? withFilm.first : (matches.count == 1 ? matches.first : nil)) else { return [] }
        pages.removeLast()
        return open(BrowsePage(.person(only.code)), push: true)
    }

    /// Neighbouring rankings, the chosen film and a shown film's poster, fetched ahead so that
    /// `[`, `]` and Enter feel instant.
    private mutating func ahead() -> [BrowseEffect] {
        if posters, case let .movie(code) = top.screen { return fetchAhead([.poster(code)]) }
        guard prefetch, case let .ranking(place) = top.screen else { return [] }
        let days = [step(place, by: 1), step(place, by: -1)].compactMap { $0.map(BrowseRequest.ranking) }
        return fetchAhead(days + selectedFilm())
    }

    /// The requests not known nor under way, now under way.
    private mutating func fetchAhead(_ requests: [BrowseRequest]) -> [BrowseEffect] {
        requests.compactMap { request in
            answers[request] == nil && loading.insert(request).inserted ? .prefetch(request) : nil
        }
    }

    /// The chosen film of a ranking, fetched ahead so that Enter feels instant.
    private func selectedFilm() -> [BrowseRequest] {
        guard case .ranking = top.screen, case let .open(.movie(code))? = items(of: top).dropFirst(top.selection).first else { return [] }
        return [.movie(code)]
    }

    // MARK: - Keys

    private mutating func press(_ key: BrowseKey) -> [BrowseEffect] {
        if key == .interrupt { return quit() }
        if form != nil { return fill(key) }
        if input != nil { return type(key) }
        status = nil
        if case .calendar = top.screen { return calendarKey(key) }
        switch key {
        case .up, .character("k"): return moveSelection(by: -1)
        case .down, .character("j"): return moveSelection(by: 1)
        case .pageUp: return moveSelection(by: -bodyRows)
        case .pageDown: return moveSelection(by: bodyRows)
        case .home, .character("g"): return moveSelection(to: 0)
        case .end, .character("G"): return moveSelection(to: Int.max)
        case .enter, .right, .character("l"): return openSelected()
        case .escape, .left, .backspace, .character("h"): return back()
        case .character("q"): return quit()
        case .character("]"): return stepDay(by: 1)
        case .character("["): return stepDay(by: -1)
        case .character("t"): return goHome()
        case .character("w"): return cyclePeriod()
        case .character("c"): return openCalendar()
        case .character("/"):
            input = ""
            return []
        case .character("?"):
            guard top.screen != .help else { return [] }
            pages.append(BrowsePage(.help))
            return cancelPending()
        case .character("r"): return refresh()
        case .character("v"): return startReview()
        case .character("p"): return showPoster()
        default: return []
        }
    }

    private mutating func showPoster() -> [BrowseEffect] {
        guard case let .movie(code) = top.screen else { return [] }
        switch answers[.poster(code)] {
        case let .poster(url?)?: return [.showPoster(url)]
        case .poster(nil)?: status = "no poster was found for this film"
        default:
            status = posters ? "the poster is still being looked up" : "posters need KAKAO_REST_API_KEY or OMDB_API_KEY (see 'boxoffice help movie')"
        }
        return []
    }

    // MARK: - Reviews

    /// `v` on a film or its reviews: the form, with the same rules as `review add`.
    private mutating func startReview() -> [BrowseEffect] {
        switch top.screen {
        case let .movie(code), let .reviews(code):
            let title = if case let .movie(movie)? = answers[.movie(code)] { movie.title } else { code }
            form = ReviewForm(movieCode: code, title: title)
        default:
            status = "v adds a review from a film's details"
        }
        return []
    }

    private mutating func fill(_ key: BrowseKey) -> [BrowseEffect] {
        guard var form else { return [] }
        guard !form.sending else { return [] }
        switch key {
        case .escape:
            self.form = nil
            status = "the review was not added"
            return []
        case .tab, .down:
            form.field = (form.field + 1) % ReviewForm.Field.allCases.count
        case .up:
            form.field = (form.field + ReviewForm.Field.allCases.count - 1) % ReviewForm.Field.allCases.count
        case .enter:
            guard form.field == ReviewForm.Field.allCases.count - 1 else {
                form.field += 1
                break
            }
            form.sending = true
            self.form = form
            status = nil
            return [.addReview(form)]
        case .backspace:
            form.values[form.field] = String(form.values[form.field].dropLast())
        case let .character(character):
            if TextWidthLimit.hasRoom(form.values[form.field], review: form.field == ReviewForm.Field.text.rawValue) {
                form.values[form.field].append(character)
            }
        default:
            break
        }
        self.form = form
        return []
    }

    /// The review's outcome: added (the form closes, the reviews are read again) or refused
    /// (the form stays as it was typed, with the reason).
    private mutating func reviewed(_ code: String, _ message: String, added: Bool) -> [BrowseEffect] {
        status = message
        guard added else {
            form?.sending = false
            return []
        }
        form = nil
        let request = BrowseRequest.reviews(code)
        guard answers[request] != nil || top.screen == .reviews(code) else { return [] }
        loading.insert(request)
        return [.fetch(request, refresh: false)]
    }

    private mutating func quit() -> [BrowseEffect] {
        quitting = true
        return [.quit]
    }

    /// The search line: typing, Backspace, Enter searches, Esc closes it.
    private mutating func type(_ key: BrowseKey) -> [BrowseEffect] {
        guard let text = input else { return [] }
        switch key {
        case let .character(character):
            if TextWidthLimit.hasRoom(text) { input = text + String(character) }
        case .backspace:
            input = String(text.dropLast())
        case .escape:
            input = nil
        case .enter:
            let title = text.composed.trimmingBlanksAndNewlines()
            input = nil
            guard !title.isEmpty else { return [] }
            return open(BrowsePage(.search(title)), push: true)
        default:
            break
        }
        return []
    }

    private mutating func moveSelection(by offset: Int) -> [BrowseEffect] {
        let count = items(of: top).count
        guard count > 0 else {
            // Nothing to choose (the keys, a film's reviews): the lines scroll.
            let lines = lines(of: top).count
            top.top = min(max(0, top.top + offset), max(0, lines - bodyRows))
            return []
        }
        return moveSelection(to: min(max(0, top.selection + offset), count - 1))
    }

    private mutating func moveSelection(to index: Int) -> [BrowseEffect] {
        let count = items(of: top).count
        guard count > 0 else { return moveSelection(by: index == 0 ? -top.top : Int.max / 2) }
        top.selection = min(max(0, index), count - 1)
        top.scroll(within: bodyRows, lines: lines(of: top))
        return prefetch ? fetchAhead(selectedFilm()) : []
    }

    private mutating func openSelected() -> [BrowseEffect] {
        let items = items(of: top)
        guard items.indices.contains(top.selection) else { return [] }
        switch items[top.selection] {
        case let .open(screen): return open(BrowsePage(screen), push: true)
        case .none: return []
        }
    }

    /// Back to the screen before, dropping what this one still waited for. On the first screen,
    /// nothing happens: a stray Esc never ends the view (q does).
    private mutating func back() -> [BrowseEffect] {
        if pending != nil { return cancelPending() }
        guard pages.count > 1 else { return [] }
        let left = pages.removeLast()
        guard let request = left.screen.request, loading.contains(request),
              !pages.contains(where: { $0.screen.request == request }) else { return [] }
        loading.remove(request)
        return [.cancel(request)]
    }

    private mutating func cancelPending() -> [BrowseEffect] {
        guard let pending else { return [] }
        self.pending = nil
        guard loading.contains(pending.request), !pages.contains(where: { $0.screen.request == pending.request }) else { return [] }
        loading.remove(pending.request)
        return [.cancel(pending.request)]
    }

    /// Opens a screen: at once when its answer is known, else once it arrives.
    private mutating func open(_ page: BrowsePage, push: Bool) -> [BrowseEffect] {
        var effects = cancelPending()
        guard let request = page.screen.request, answers[request] == nil else {
            return effects + show(page, push: push)
        }
        pending = Pending(request: request, page: page, push: push)
        if loading.insert(request).inserted { effects.append(.fetch(request, refresh: false)) }
        return effects
    }

    private mutating func show(_ page: BrowsePage, push: Bool) -> [BrowseEffect] {
        var page = page
        page.scroll(within: bodyRows, lines: lines(of: page))
        if push { pages.append(page) } else { top = page }
        var effects = ahead()
        if case let .people(name, film) = page.screen { effects += openSingleMatch(name: name, film: film) }
        return effects
    }

    // MARK: - Days

    /// The ranking `offset` days (or weeks) from `place`, if KOBIS can have it: in the demo, the
    /// next or previous sample day instead.
    func step(_ place: RankingPlace, by offset: Int) -> RankingPlace? {
        var next = place
        if let samples {
            let days = samples.days(place.period)
            let later = offset > 0 ? days.first { $0 > place.day } : days.last { $0 < place.day }
            guard let later else { return nil }
            next.day = later
            return next
        }
        next.day = place.day.adding(days: place.period == .day ? offset : 7 * offset)
        guard next.day >= Self.firstDay else { return nil }
        if next.day > latestDay {
            // A week may end after yesterday only while it is the week holding yesterday.
            guard place.period != .day, next.day.adding(days: -7) < latestDay, place.day < latestDay else { return nil }
            next.day = latestDay
        }
        return next
    }

    private mutating func stepDay(by offset: Int) -> [BrowseEffect] {
        guard case let .ranking(shown) = top.screen else { return [] }
        // Steps add up while a day is on its way: three quick [ go three days back.
        var place = shown
        if let pending, !pending.push, case let .ranking(coming) = pending.page.screen { place = coming }
        guard let next = step(place, by: offset) else {
            status = edgeMessage(place, forward: offset > 0)
            return []
        }
        if samples != nil { status = "sample \(next.period == .day ? "day" : "week") \(next.day.iso)" }
        return open(BrowsePage(.ranking(next)), push: false)
    }

    private func edgeMessage(_ place: RankingPlace, forward: Bool) -> String {
        if samples != nil {
            return forward ? "no later sample \(place.period == .day ? "day" : "week") (the demo has only the recorded ones)"
                : "no earlier sample \(place.period == .day ? "day" : "week") (the demo has only the recorded ones)"
        }
        return forward ? "\(place.day.iso) is the latest: KOBIS publishes a day once it has ended"
            : "KOBIS has no figures before \(Self.firstDay.iso)"
    }

    private mutating func goHome() -> [BrowseEffect] {
        guard case .ranking = top.screen else { return [] }
        return open(BrowsePage(.ranking(home)), push: false)
    }

    private mutating func cyclePeriod() -> [BrowseEffect] {
        guard case var .ranking(place) = top.screen else { return [] }
        place.period = place.period.next
        if let samples {
            // The demo has only the periods it recorded: the next one it has, at its nearest day.
            while samples.days(place.period).isEmpty { place.period = place.period.next }
            let days = samples.days(place.period)
            if !days.contains(place.day), let nearest = days.last(where: { $0 <= place.day }) ?? days.first {
                place.day = nearest
                status = "sample \(place.period == .day ? "day" : "week") \(nearest.iso) (the demo has only the recorded ones)"
            }
        }
        return open(BrowsePage(.ranking(place)), push: false)
    }

    private mutating func refresh() -> [BrowseEffect] {
        guard let request = top.screen.request else { return [] }
        loading.insert(request)
        return [.fetch(request, refresh: true)]
    }

    // MARK: - Calendar

    private mutating func openCalendar() -> [BrowseEffect] {
        guard case let .ranking(place) = top.screen else { return [] }
        pages.append(BrowsePage(.calendar(place.day)))
        return peekMonth(of: place.day)
    }

    /// The month's days from the cache, so that each day seen before shows its number one.
    private mutating func peekMonth(of day: Day) -> [BrowseEffect] {
        var effects: [BrowseEffect] = []
        for date in MonthCalendar.days(year: day.year, month: day.month) ?? [] {
            guard date <= latestDay, date >= Self.firstDay else { continue }
            let request = BrowseRequest.ranking(RankingPlace(day: date, period: .day))
            guard answers[request] == nil, !loading.contains(request), peeked.insert(request).inserted else { continue }
            effects.append(.peek(request))
        }
        return effects
    }

    private mutating func calendarKey(_ key: BrowseKey) -> [BrowseEffect] {
        guard case let .calendar(day) = top.screen else { return [] }
        var moved: Day?
        switch key {
        case .left, .character("h"): moved = day.adding(days: -1)
        case .right, .character("l"): moved = day.adding(days: 1)
        case .up, .character("k"): moved = day.adding(days: -7)
        case .down, .character("j"): moved = day.adding(days: 7)
        case .pageUp: moved = day.addingMonths(-1)
        case .pageDown: moved = day.addingMonths(1)
        case .escape, .backspace, .character("q"):
            pages.removeLast()
            return []
        case .character("?"):
            pages.append(BrowsePage(.help))
            return []
        case .enter:
            guard day <= latestDay else {
                status = "\(day.iso) has no ranking yet: KOBIS publishes a day once it has ended"
                return []
            }
            pages.removeLast()
            guard case var .ranking(place) = top.screen else { return [] }
            place.day = day
            if let samples, !samples.days(place.period).contains(day) {
                status = "\(day.iso) is not in the sample data (the demo has only the recorded days)"
                return []
            }
            return open(BrowsePage(.ranking(place)), push: false)
        default:
            return []
        }
        if let moved {
            let clamped = min(max(moved, Self.firstDay), latestDay)
            top.screen = .calendar(clamped)
            return peekMonth(of: clamped)
        }
        return []
    }

    // MARK: - What a screen holds

    /// The lines of a screen's body, as wide as they like (the view cuts text, never numbers).
    func lines(of page: BrowsePage) -> [BrowseLine] {
        var poster: BrowseAnswer?
        if case let .movie(code) = page.screen { poster = answers[.poster(code)] }
        return BrowseBody.lines(page.screen, answer: page.screen.request.flatMap { answers[$0] }, poster: poster)
    }

    /// What can be chosen on a screen, in order.
    func items(of page: BrowsePage) -> [BrowseItem] {
        lines(of: page).compactMap(\.item)
    }
}

/// One screen and where the user is on it.
struct BrowsePage: Equatable {
    var screen: BrowseScreen
    /// Which of the screen's items is chosen.
    var selection = 0
    /// The first body line shown.
    var top = 0

    init(_ screen: BrowseScreen) {
        self.screen = screen
    }

    /// Moves `top` so that the chosen item's line is in view.
    mutating func scroll(within rows: Int, lines: [BrowseLine]) {
        var seen = -1
        let line = lines.firstIndex { line in
            if line.item != nil { seen += 1 }
            return seen == selection
        } ?? 0
        if line < top { top = line }
        if line >= top + rows { top = line - rows + 1 }
        top = max(0, min(top, max(0, lines.count - rows)))
    }
}

/// What a screen shows.
enum BrowseScreen: Equatable {
    case ranking(RankingPlace)
    case movie(String)
    case search(String)
    case person(String)
    /// People of a name, from a film's credits (which carry no code).
    case people(name: String, film: String)
    case company(String)
    /// The user's own reviews of a film.
    case reviews(String)
    /// A month to pick a day from, at the day chosen.
    case calendar(Day)
    case help

    /// What the screen needs from KOBIS.
    var request: BrowseRequest? {
        switch self {
        case let .ranking(place): .ranking(place)
        case let .movie(code): .movie(code)
        case let .search(title): .search(title)
        case let .person(code): .person(code)
        case let .people(name, film): .people(name: name, film: film)
        case let .company(code): .company(code)
        case let .reviews(code): .reviews(code)
        case .calendar, .help: nil
        }
    }
}

/// Which ranking: the day, and the period (a day, or the week holding it).
struct RankingPlace: Hashable {
    var day: Day
    var period: BrowsePeriod
}

/// `--period`: a day's ranking, or one of the weekly ones.
enum BrowsePeriod: String, CaseIterable, Hashable {
    case day, week, weekend, weekdays

    /// `w`'s next period.
    var next: BrowsePeriod {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}

/// What the view asks the core for.
enum BrowseRequest: Hashable {
    case ranking(RankingPlace)
    case movie(String)
    case search(String)
    case person(String)
    case people(name: String, film: String)
    case company(String)
    case reviews(String)
    /// A film's poster address, from the poster providers.
    case poster(String)
}

/// What the core answered: the commands' own values.
enum BrowseAnswer: Equatable {
    case daily(DailyBoxOffice)
    case weekly(WeeklyBoxOffice)
    case movie(Movie)
    case movies(SearchPage<MovieSummary>)
    case person(Person)
    case people(SearchPage<PersonSummary>)
    case company(Company)
    /// The user's reviews of a film, newest first.
    case reviews([Review])
    /// A poster's address, or nil when the providers found none.
    case poster(String?)
}

/// What happens to the view.
enum BrowseEvent: Equatable {
    case key(BrowseKey)
    case answered(BrowseRequest, BrowseAnswer)
    case failed(BrowseRequest, String)
    /// A turn of the spinner.
    case tick
    /// The terminal's size changed; the body now has this many rows.
    case resized(bodyRows: Int)
    /// Midnight in Korea passed.
    case dayChanged(Day)
    /// A review was added to the film's reviews; what to say.
    case reviewAdded(String, String)
    /// A review was refused (a rule, the store); why.
    case reviewRefused(String, String)
    /// Something to say on the status line (a poster that could not be fetched).
    case note(String)
}

/// What the view asks its driver to do.
enum BrowseEffect: Equatable {
    /// Fetch for a screen the user asked for (`refresh`: from KOBIS, not the cache).
    case fetch(BrowseRequest, refresh: Bool)
    /// Fetch ahead, only if the rate allows (never offline).
    case prefetch(BrowseRequest)
    /// Read from the cache only, never the network; a miss says nothing (the calendar's days).
    case peek(BrowseRequest)
    /// Add the review written in the form, as `review add` does.
    case addReview(ReviewForm)
    /// Show the poster at this address, full screen, if the terminal can.
    case showPoster(String)
    /// Stop a request nobody waits for any more.
    case cancel(BrowseRequest)
    case quit
}

/// A key, decoded from what the terminal sends.
enum BrowseKey: Equatable {
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Ctrl-C.
    case interrupt
    /// Ctrl-Z.
    case suspend
    /// Ctrl-L: draw everything again.
    case redraw
    case character(Character)
}

/// What choosing a line does.
enum BrowseItem: Equatable {
    case open(BrowseScreen)
    case none
}

/// A line of a screen's body: its parts (cut on a narrow screen) and, if it can be chosen, what
/// choosing it does.
struct BrowseLine: Equatable {
    var text: String
    /// Numbers shown at the end, right-aligned, each as wide on every line of the screen: never
    /// cut (on a narrow screen the last columns are left out, on every line alike).
    var columns: [String] = []
    var item: BrowseItem? = nil
    /// A heading, shown bold.
    var heading = false
}

/// A line typed in the view holds at most this much: a title or a field, not a paste of a file
/// (a review's text may be as long as `review add` takes).
enum TextWidthLimit {
    /// Whether one more character may be typed after `text`.
    static func hasRoom(_ text: String, review: Bool = false) -> Bool {
        text.count < (review ? 2_000 : 100)
    }
}

/// A review being written in the view: the fields `review add` takes, typed one after another.
struct ReviewForm: Equatable, Sendable {
    enum Field: Int, CaseIterable {
        case rating, nickname, text, password

        var label: String {
            switch self {
            case .rating: "Rating (0.5 to 5)"
            case .nickname: "Nickname (optional)"
            case .text: "Review"
            case .password: "Password (optional)"
            }
        }
    }

    let movieCode: String
    let title: String
    var values = Array(repeating: "", count: Field.allCases.count)
    var field = 0
    /// Sent, waiting for the store: keys wait too.
    var sending = false

    func value(_ field: Field) -> String { values[field.rawValue] }
}

extension Day {
    /// The same day of the month `months` later, or the month's last day if it is shorter.
    func addingMonths(_ months: Int) -> Day {
        let index = year * 12 + (month - 1) + months
        let (newYear, newMonth) = (index / 12, index % 12 + 1)
        var candidate = min(day, 31)
        while candidate > 28, Day(year: newYear, month: newMonth, day: candidate) == nil { candidate -= 1 }
        return Day(year: newYear, month: newMonth, day: candidate) ?? self
    }
}
