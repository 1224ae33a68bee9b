/// Films' daily rank and audience across a range of days, read from the daily rankings.
package struct Trend: Sendable, Equatable {
    package let from: Day
    package let to: Day
    package let movies: [Series]

    /// One film's run.
    package struct Series: Sendable, Equatable {
        package let movieCode: String
        package let title: String
        package let points: [Point]

        package init(movieCode: String, title: String, points: [Point]) {
            self.movieCode = movieCode
            self.title = title
            self.points = points
        }
    }

    /// One day of a film: its rank and audiences, all nil when it was outside the top 10
    /// (never 0: KOBIS does not say how many saw it then).
    package struct Point: Sendable, Equatable {
        package let date: Day
        package let rank: Int?
        package let audience: Int?
        package let audienceTotal: Int?

        package var isRanked: Bool { rank != nil }
    }

    package init(from: Day, to: Day, movies: [Series]) {
        self.from = from
        self.to = to
        self.movies = movies
    }

    /// The films' series from the rankings of each day (in date order). `titles` gives each
    /// film's title when no ranking names it.
    package init(films: [(code: String, title: String)], rankings: [DailyBoxOffice]) {
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
    package var peak: Trend.Point? {
        points.filter(\.isRanked).max { ($0.audience ?? 0) < ($1.audience ?? 0) }
    }
}

/// A month of number ones, for `boxoffice calendar`.
package struct MonthCalendar: Sendable, Equatable {
    package let year: Int
    package let month: Int
    package let days: [Entry]

    /// One day: its number one, or why there is none.
    package struct Entry: Sendable, Equatable {
        package let date: Day
        /// False for today and later days: KOBIS publishes a day only after it ends.
        package let published: Bool
        /// The number one, or nil (not published, or KOBIS has no figures).
        package let top: BoxOfficeEntry?

        package init(date: Day, published: Bool, top: BoxOfficeEntry?) {
            self.date = date
            self.published = published
            self.top = top
        }
    }

    package init(year: Int, month: Int, days: [Entry]) {
        self.year = year
        self.month = month
        self.days = days
    }

    /// `2023-04`.
    package var name: String { cFormat("%04d-%02d", year, month) }

    /// The days of a month (nil when the month does not exist).
    package static func days(year: Int, month: Int) -> [Day]? {
        guard let first = Day(year: year, month: month, day: 1) else { return nil }
        return (0..<Day.length(ofMonth: month, in: year)).map { first.adding(days: $0) }
    }
}
