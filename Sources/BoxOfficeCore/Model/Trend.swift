/// Films' daily rank and audience across a range of days, read from the daily rankings.
public struct Trend: Sendable, Equatable {
    public let from: Day
    public let to: Day
    public let movies: [Series]

    /// One film's run.
    public struct Series: Sendable, Equatable {
        public let movieCode: String
        public let title: String
        public let points: [Point]

        public init(movieCode: String, title: String, points: [Point]) {
            self.movieCode = movieCode
            self.title = title
            self.points = points
        }
    }

    /// One day of a film: its rank and audiences, all nil when it was outside the top 10
    /// (never 0: KOBIS does not say how many saw it then).
    public struct Point: Sendable, Equatable {
        public let date: Day
        public let rank: Int?
        public let audience: Int?
        public let audienceTotal: Int?

        public var isRanked: Bool { rank != nil }
    }

    public init(from: Day, to: Day, movies: [Series]) {
        self.from = from
        self.to = to
        self.movies = movies
    }

    /// The films' series from the rankings of each day (in date order). `titles` gives each
    /// film's title when no ranking names it.
    public init(films: [(code: String, title: String)], rankings: [DailyBoxOffice]) {
        let days = rankings.map(\.day)
        from = days.first ?? Day(year: 2004, month: 1, day: 1)!
        to = days.last ?? from
        movies = films.map { film in
            let points = rankings.map { ranking -> Point in
                let entry = ranking.entries.first { $0.movieCode == film.code }
                return Point(date: ranking.day, rank: entry?.rank, audience: entry?.audience, audienceTotal: entry?.audienceTotal)
            }
            let title = rankings.lazy.compactMap { $0.entries.first { $0.movieCode == film.code }?.title }.first ?? film.title
            return Series(movieCode: film.code, title: title, points: points)
        }
    }
}

extension Trend.Series {
    /// The day with the largest audience, if the film was ever ranked.
    public var peak: Trend.Point? {
        points.filter(\.isRanked).max { ($0.audience ?? 0) < ($1.audience ?? 0) }
    }
}

/// A month of number ones, for `boxoffice calendar`.
public struct MonthCalendar: Sendable, Equatable {
    public let year: Int
    public let month: Int
    public let days: [Entry]

    /// One day: its number one, or why there is none.
    public struct Entry: Sendable, Equatable {
        public let date: Day
        /// False for today and later days: KOBIS publishes a day only after it ends.
        public let published: Bool
        /// The number one, or nil (not published, or KOBIS has no figures).
        public let top: BoxOfficeEntry?

        public init(date: Day, published: Bool, top: BoxOfficeEntry?) {
            self.date = date
            self.published = published
            self.top = top
        }
    }

    public init(year: Int, month: Int, days: [Entry]) {
        self.year = year
        self.month = month
        self.days = days
    }

    /// `2023-04`.
    public var name: String { cFormat("%04d-%02d", year, month) }

    /// The days of a month (nil when the month does not exist).
    public static func days(year: Int, month: Int) -> [Day]? {
        guard let first = Day(year: year, month: month, day: 1) else { return nil }
        return (0..<Day.length(ofMonth: month, in: year)).map { first.adding(days: $0) }
    }
}
