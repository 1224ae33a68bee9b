/// Films' daily rank and audience across a range of days, read from the daily rankings, with the
/// round numbers of viewers each passed (``Series/milestones``).
/// ``BoxOfficeClient/trend(of:from:to:alignedByOpening:)`` makes one.
public struct Trend: Sendable, Equatable {
    /// The first day read.
    public let from: Day
    /// The last day read.
    public let to: Day
    /// Each film's run, in the order asked.
    public let movies: [Series]
    /// Whether the films' runs are laid side by side by days since opening (`--align opening`)
    /// rather than by date.
    public var alignedByOpening = false
    /// Which of the period's days were read, and why any others were not (`from` and `to` are
    /// the first and last read); nil when the trend was not read from a period (made by hand).
    public var coverage: PeriodCoverage? = nil
    /// How many of the period's days were read, when not all were; nil when every day was.
    public var daysRead: Int? { coverage.flatMap { $0.isComplete ? nil : $0.daysRead } }
    /// How many days the period asked for had, told beside `daysRead`.
    public var daysInPeriod: Int? { daysRead == nil ? nil : coverage?.daysInPeriod }

    /// One film's run.
    public struct Series: Sendable, Equatable {
        /// KOBIS's code of the film.
        public let movieCode: String
        /// Its title, as the rankings give it.
        public let title: String
        /// The opening date that day numbers count from (nil when KOBIS gives none).
        public let openDate: Day?
        /// Every day read, in order: ranked or not.
        public let points: [Point]

        package init(movieCode: String, title: String, openDate: Day? = nil, points: [Point]) {
            self.movieCode = movieCode
            self.title = title
            self.openDate = openDate
            self.points = points.map { point in
                Point(date: point.date, rank: point.rank, audience: point.audience, audienceTotal: point.audienceTotal,
                      day: openDate.map { Self.day(of: point.date, openedOn: $0) })
            }
        }

        /// Days since opening, the opening day being day 1 (so a preview the day before is day 0).
        package static func day(of date: Day, openedOn opening: Day) -> Int {
            opening.days(to: date) + 1
        }
    }

    /// One day of a film: its rank and audiences, all nil when it was outside the top 10
    /// (never 0: KOBIS does not say how many saw it then).
    public struct Point: Sendable, Equatable {
        /// The day.
        public let date: Day
        /// Its rank that day, 1 to 10.
        public let rank: Int?
        /// Admissions that day.
        public let audience: Int?
        /// Admissions from its release to the end of that day.
        public let audienceTotal: Int?
        /// Days since the film's opening (opening day = 1), nil when its opening date is unknown.
        public var day: Int? = nil

        /// Whether it was in the top 10 that day.
        public var isRanked: Bool { rank != nil }
    }

    package init(from: Day, to: Day, movies: [Series], alignedByOpening: Bool = false) {
        self.from = from
        self.to = to
        self.movies = movies
        self.alignedByOpening = alignedByOpening
    }

    /// The films' series from the rankings of each day (in date order). `films` gives each
    /// film's title when no ranking names it; `openDates` its opening date when the rankings
    /// give none (from its details).
    package init(films: [(code: String, title: String)], rankings: [DailyBoxOffice], openDates: [String: Day] = [:]) {
        let days = rankings.map(\.day)
        from = days.first ?? Day.kobisFirst
        to = days.last ?? from
        movies = films.map { film in
            let entries = rankings.compactMap { $0.entries.first { $0.movieCode == film.code } }
            let points = rankings.map { ranking -> Point in
                let entry = ranking.entries.first { $0.movieCode == film.code }
                return Point(date: ranking.day, rank: entry?.rank, audience: entry?.audience, audienceTotal: entry?.audienceTotal)
            }
            return Series(movieCode: film.code, title: entries.first?.title ?? film.title,
                          openDate: entries.lazy.compactMap(\.openDate).last ?? openDates[film.code], points: points)
        }
    }
}

extension Trend {
    /// A row of the chart: a date, or with `alignedByOpening` a day since opening; and each
    /// film's point there (nil where the film has none: another film's day, outside the range).
    package struct Row: Sendable, Equatable {
        /// What a row stands for.
        package enum Key: Sendable, Equatable, Hashable {
            /// A day of the range.
            case date(Day)
            /// A day since opening (opening day = 1).
            case day(Int)
        }

        package let key: Key
        /// Each film's point, in the order of `movies`.
        package let points: [Point?]
    }

    /// The chart's rows: every date of the range, or every day number some film has (films
    /// without an opening date have none when aligned).
    package var rows: [Row] {
        guard alignedByOpening else {
            let dates = movies.first?.points.map(\.date) ?? []
            return dates.enumerated().map { index, date in
                Row(key: .date(date), points: movies.map { $0.points.indices.contains(index) ? $0.points[index] : nil })
            }
        }
        let numbers = Set(movies.flatMap { $0.points.compactMap(\.day) }).sorted()
        let byDay = movies.map { movie in Dictionary(movie.points.compactMap { point in point.day.map { ($0, point) } }, uniquingKeysWith: { first, _ in first }) }
        return numbers.map { number in Row(key: .day(number), points: byDay.map { $0[number] }) }
    }
}

extension Trend.Series {
    /// A round number of viewers the film's cumulative audience passed.
    public struct Milestone: Sendable, Equatable {
        /// The mark: 100,000, 500,000 or a whole million.
        public let audience: Int
        /// The day the film's cumulative audience reached it.
        public let date: Day
        /// Days since opening on that date (nil when the opening date is unknown).
        public let day: Int?

        /// The marks passed on `date`: that day began below each (its `total` less its own
        /// `audience`, KOBIS's own figures) and ended at or above it; none when either is unknown.
        package static func passed(on date: Day, total: Int?, audience: Int?, day: Int?) -> [Milestone] {
            guard let total, let audience, audience > 0, total >= audience else { return [] }
            // Only the marks between the day's start and its end: a huge total never makes a huge list.
            return marks(from: total - audience, upTo: total).filter { passes($0, total: total, audience: audience) }.map { Milestone(audience: $0, date: date, day: day) }
        }

        /// Whether a day passed `mark`: it began below it (its `total` less its own `audience`)
        /// and ended at or above it; not when either is unknown or the day is inconsistent.
        package static func passes(_ mark: Int, total: Int?, audience: Int?) -> Bool {
            guard let total, let audience, audience > 0, total >= audience else { return false }
            return total >= mark && total - audience < mark
        }
    }

    /// The marks (100,000 and 500,000, then every 1,000,000) above `start` and up to `total`;
    /// none for a day of more than a billion admissions, which only damaged data has.
    package static func marks(from start: Int, upTo total: Int) -> [Int] {
        guard total > start, total - start <= 1_000_000_000 else { return [] }
        var marks = [100_000, 500_000].filter { $0 > start && $0 <= total }
        // Every million above `start`, counted without overflow however near the top of Int it is.
        var (mark, overflow) = max(1, start / 1_000_000 + 1).multipliedReportingOverflow(by: 1_000_000)
        while !overflow, mark <= total {
            marks.append(mark)
            (mark, overflow) = mark.addingReportingOverflow(1_000_000)
        }
        return marks
    }

    /// Each mark the cumulative audience passed on a day in the top 10 within the range: that
    /// day began below it (its total less its own audience) and ended at or above it. A mark
    /// passed before the range, or on a day the film was outside the top 10 (when the day is
    /// not known), is not listed.
    public var milestones: [Milestone] {
        points.flatMap { Milestone.passed(on: $0.date, total: $0.audienceTotal, audience: $0.audience, day: $0.day) }
    }
}

extension Trend.Series {
    /// How many of the days read it was in the top 10.
    public var daysRanked: Int { points.count(where: \.isRanked) }

    /// Its best rank on the days read (1 is first), nil when it was never in the top 10 then.
    public var bestRank: Int? { points.compactMap(\.rank).min() }

    /// The last day read on which it was in the top 10: its ``Trend/Point/audienceTotal`` is the
    /// film's audience so far, as far as the days read tell.
    public var lastRanked: Trend.Point? { points.last(where: \.isRanked) }
}

extension Trend.Series {
    /// The day with the largest audience, if the film was ever ranked.
    package var peak: Trend.Point? {
        points.filter(\.isRanked).max { ($0.audience ?? 0) < ($1.audience ?? 0) }
    }
}
