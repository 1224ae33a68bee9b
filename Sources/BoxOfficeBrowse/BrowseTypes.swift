import BoxOfficeCore
import BoxOfficeReviews

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
        let rows = Self.window(rows, lines: lines.count)
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

extension BrowsePage {
    /// The lines of a body `rows` high that show its text: all of them when the text fits, else
    /// one fewer, the last row saying how much more there is (`BrowseView`).
    static func window(_ rows: Int, lines: Int) -> Int {
        lines > rows ? max(1, rows - 1) : rows
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
    /// The records of the month holding the day.
    case records(Day)
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
        case let .records(day): .records(year: day.year, month: day.month)
        case .calendar, .help: nil
        }
    }
}

/// Which ranking: the day, and the period (a day, or the week holding it).
package struct RankingPlace: Hashable, Sendable {
    package var day: Day
    package var period: BrowsePeriod
    /// Past the top 10, from KOBIS's four filtered lists (`d`, `--deep`).
    package var deep = false

    package init(day: Day, period: BrowsePeriod, deep: Bool = false) {
        self.day = day
        self.period = period
        self.deep = deep
    }
}

/// `--period`: a day's ranking, or one of the weekly ones.
package enum BrowsePeriod: String, CaseIterable, Hashable, Sendable {
    case day, week, weekend, weekdays

    /// `w`'s next period.
    var next: BrowsePeriod {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }

    /// The view's period of a KOBIS week.
    init(_ week: WeekPeriod) {
        switch week {
        case .week: self = .week
        case .weekend: self = .weekend
        case .weekdays: self = .weekdays
        }
    }

    /// The KOBIS week of a period that is one; nil for a day.
    var week: WeekPeriod? {
        switch self {
        case .day: nil
        case .week: .week
        case .weekend: .weekend
        case .weekdays: .weekdays
        }
    }
}

/// What the view asks the core for.
package enum BrowseRequest: Hashable, Sendable {
    case ranking(RankingPlace)
    case movie(String)
    case search(String)
    case person(String)
    case people(name: String, film: String)
    case company(String)
    case reviews(String)
    /// A film's poster address, from the poster providers.
    case poster(String)
    /// A film's run in the rankings at hand (read at no call), within a year either side of a
    /// day it is known to have run on, when one is known.
    case run(String, around: Day?)
    /// A month's records, from its published days (cached as any ranking).
    case records(year: Int, month: Int)
    /// A day's news against the day before, shown under its ranking.
    case news(Day, deep: Bool)
}

/// What the core answered: the commands' own values.
package enum BrowseAnswer: Equatable, Sendable {
    case daily(DailyBoxOffice)
    case weekly(WeeklyBoxOffice)
    /// A film: KOBIS's details, and its run in the rankings at hand.
    case movie(BrowseFilm)
    /// Films found by title (or, when no title has the text, by director: `byDirector`);
    /// `origin` says what was searched when it was not KOBIS (the samples).
    case movies(SearchPage<MovieSummary>, origin: String? = nil, byDirector: Bool = false)
    case person(Person)
    case people(SearchPage<PersonSummary>)
    case company(Company)
    /// The user's reviews of a film, newest first.
    case reviews([Review])
    /// A poster's address, or nil when the providers found none.
    case poster(String?)
    /// A film's run in the rankings at hand, and its figures as the press counts them.
    case run(Trend, summary: FilmRun? = nil)
    /// A month's records.
    case records(PeriodRecords)
    /// A day's events against the day before.
    case news(DayNews)
    /// Nothing of it in the source (a ranking, a person or a company the demo's samples do not hold).
    case notHeld
}

/// A film's screen: KOBIS's details (nil where the demo's samples do not hold them), and what
/// the rankings at hand (the cache's days, the demo's season) tell of its run, read at no call
/// once the screen is shown (its own request, so that moving over a ranking costs no reading).
package struct BrowseFilm: Equatable, Sendable {
    let code: String
    var details: Movie?
    /// The film's run over the days at hand (nil when they could not be read).
    var run: Trend?
    /// The same days' figures as the press counts them (nil when none ranks the film).
    var summary: FilmRun?

    package init(code: String, details: Movie?, run: Trend? = nil, summary: FilmRun? = nil) {
        self.code = code
        self.details = details
        self.run = run
        self.summary = summary
    }

    /// Details alone.
    init(_ details: Movie) {
        self.init(code: details.code, details: details)
    }

    /// The film's run, when the rankings at hand list it.
    var series: Trend.Series? {
        run?.movies.first.flatMap { $0.daysRanked > 0 ? $0 : nil }
    }

    /// Its title: KOBIS's, or the rankings', or its code.
    var title: String {
        details?.title ?? series?.title ?? code
    }
}

/// What happens to the view.
enum BrowseEvent: Equatable {
    case key(BrowseKey)
    case answered(BrowseRequest, BrowseAnswer)
    case failed(BrowseRequest, String)
    /// The request would make more calls to KOBIS than allowed without asking; what it costs.
    case costly(BrowseRequest, String)
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
    /// Fetch what the user said yes to on the status line, whatever it costs.
    case fetchApproved(BrowseRequest)
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
    /// A sentence, cut only between words where it does not fit (so no number in it is cut).
    var sentence = false
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
package struct ReviewForm: Equatable, Sendable {
    /// A review's field as a message names it: by the form's label.
    package static func name(of field: ReviewField) -> String {
        switch field {
        case .rating: "the rating"
        case .nickname: "the nickname"
        case .text: "the review"
        }
    }

    package enum Field: Int, CaseIterable, Sendable {
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

    package let movieCode: String
    let title: String
    var values = Array(repeating: "", count: Field.allCases.count)
    var field = 0
    /// Sent, waiting for the store: keys wait too.
    var sending = false

    package func value(_ field: Field) -> String { values[field.rawValue] }
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
