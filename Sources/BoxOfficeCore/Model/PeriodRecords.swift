/// A period's records as the Korean film press keeps them, from the daily rankings read: among
/// the films that opened in it, the biggest opening days and weekends and the fastest to a
/// milestone; among all its films, the most days and the longest run at number one and the best
/// single days. Each figure rests on days read (``FilmRun`` computes them); a film that opened
/// in the period on a day not read is left out of the opening records (``openingsNotRead``).
public struct PeriodRecords: Sendable, Equatable {
    /// The first day of the period.
    public let from: Day
    /// The last day of the period read (yesterday at the latest).
    public let to: Day
    /// Which of its days were read.
    public let coverage: PeriodCoverage
    /// The records, kind by kind in ``Kind``'s order, each kind ranked (by milestone, for ``Kind/fastestTo``).
    public let entries: [Record]
    /// Films that opened in the period on a day not read, so left out of its opening records.
    public let openingsNotRead: [Opening]
    /// Films that opened in the period so late that their opening weekend ends after it, so left
    /// out of its biggest opening weekends.
    public let weekendsAfter: [Opening]
    /// The milestones the fastest were looked for to (1,000,000, and those asked for).
    public let milestones: [Int]

    /// What a record is of.
    public enum Kind: String, Sendable, CaseIterable {
        /// The biggest opening days (day 1's audience), among the films that opened in the period.
        case openingDay
        /// The biggest opening weekends (the first Friday to Sunday), among the films that opened in it.
        case openingWeekend
        /// The fewest days since opening to reach a milestone, among the films that opened in it.
        case fastestTo
        /// The most days at number one.
        case daysAtNumberOne
        /// The longest run of consecutive days at number one.
        case longestAtNumberOne
        /// The best single days: each film's largest one-day audience.
        case bestDay
    }

    /// One entry of a record: a film, its figure and the day or days it rests on.
    public struct Record: Sendable, Equatable {
        /// What the record is of.
        public let kind: Kind
        /// Its place among its kind (equal figures share a place).
        public let rank: Int
        /// The film's code.
        public let movieCode: String
        /// The film's title.
        public let title: String
        /// The figure: an audience, or a number of days.
        public let value: Int
        /// The milestone reached, for ``Kind/fastestTo``.
        public let milestone: Int?
        /// The first day the figure rests on (the opening day, for ``Kind/fastestTo``).
        public let from: Day
        /// The last day it rests on.
        public let to: Day
        /// Whether the figure may be larger than the days read show: for the days at number one,
        /// a day of the period was not read; for the longest run, the day before or after it.
        public let atLeast: Bool
    }

    /// A film that opened in the period.
    public struct Opening: Sendable, Equatable {
        /// The film's code.
        public let movieCode: String
        /// The film's title.
        public let title: String
        /// Its opening day.
        public let openDate: Day
    }

    /// The milestone the fastest are looked for to unless others are asked for.
    public static let standardMilestone = 1_000_000
}

extension PeriodRecords {
    /// The records of `period` from its daily `rankings` (its days not read in `coverage`), at most
    /// `limit` places of each kind (ties kept), the fastest to 1,000,000 and to each of `milestones`.
    public init(period: ClosedRange<Day>, rankings: [DailyBoxOffice], coverage: PeriodCoverage, limit: Int = 10, milestones: [Int] = []) {
        // Each film's own days: its records rest on those alone (a decade is thousands of films).
        var films: [FilmDays] = []
        FilmDays.gather(DailyBoxOffice.byDay(rankings.filter { period.contains($0.day) }), into: &films)
        self.init(period: period, films: films, coverage: coverage, limit: limit, milestones: milestones)
    }

    /// The records of `period` from each film's own days in it (`films`, in the order they were
    /// first ranked), its days not read in `coverage`: what a history that holds every day of the
    /// period gives at once, and what the daily rankings are gathered into.
    package init(period: ClosedRange<Day>, films: [FilmDays], coverage: PeriodCoverage, limit: Int = 10, milestones: [Int] = []) {
        from = period.lowerBound
        to = period.upperBound
        self.coverage = coverage
        let marks = Array(Set([Self.standardMilestone] + milestones.filter { $0 > 0 })).sorted()
        self.milestones = marks
        typealias Candidate = (code: String, title: String, value: Int, milestone: Int?, from: Day, to: Day, atLeast: Bool)
        var openingDays: [Candidate] = [], openingWeekends: [Candidate] = [], fastest: [Candidate] = []
        var mostAtNumberOne: [Candidate] = [], longestAtNumberOne: [Candidate] = [], bestDays: [Candidate] = []
        // A day of the period not read may hide a day at number one; next to a run, a longer run.
        let unreadDays = Set(coverage.unread.map(\.day).filter(period.contains))
        let unread = { (day: Day) in unreadDays.contains(day) }
        var notRead: [Opening] = []
        var late: [Opening] = []
        // Each film's figures as its run computes them (FilmRun's own), only those records rest on:
        // a period of thousands of films is read at once.
        for film in films {
            let (code, title) = (film.movieCode, film.title)
            let entries = FilmRun.RankedEntries(days: film.days, entries: film.entries)
            // Among the films that opened in the period; those whose opening day was not read are left out.
            if let open = film.openDate, unread(open) {
                notRead.append(Opening(movieCode: code, title: title, openDate: open))
            } else if let open = film.openDate, period.contains(open) {
                if let day = FilmRun.rankedDay(open, in: entries) { openingDays.append((code, title, day.audience, nil, day.date, day.date, false)) }
                if let weekend = FilmRun.openingWeekend(from: open, in: entries) {
                    openingWeekends.append((code, title, weekend.audience, nil, weekend.from, weekend.to, false))
                } else if FilmRun.firstWeekend(from: open).upperBound > period.upperBound {
                    late.append(Opening(movieCode: code, title: title, openDate: open))
                }
                for mark in marks {
                    guard let day = film.firstDay(reaching: mark), let since = day.since(open) else { continue }
                    fastest.append((code, title, since, mark, open, day, false))
                }
            }
            let atOne = FilmRun.daysAtNumberOne(in: entries)
            if let first = atOne.first, let last = atOne.last {
                mostAtNumberOne.append((code, title, atOne.count, nil, first, last, !unreadDays.isEmpty))
            }
            if let streak = FilmRun.longestStreak(atOne) {
                longestAtNumberOne.append((code, title, streak.days, nil, streak.from, streak.to,
                                           unread(streak.from.adding(days: -1)) || unread(streak.to.adding(days: 1))))
            }
            if let best = FilmRun.bestDay(in: entries) { bestDays.append((code, title, best.audience, nil, best.date, best.date, false)) }
        }
        openingsNotRead = notRead.sorted { ($0.openDate, $0.movieCode) < ($1.openDate, $1.movieCode) }
        weekendsAfter = late.sorted { ($0.openDate, $0.movieCode) < ($1.openDate, $1.movieCode) }
        entries = Kind.allCases.flatMap { kind -> [Record] in
            let found = switch kind {
            case .openingDay: openingDays
            case .openingWeekend: openingWeekends
            case .fastestTo: fastest
            case .daysAtNumberOne: mostAtNumberOne
            case .longestAtNumberOne: longestAtNumberOne
            case .bestDay: bestDays
            }
            // The fastest is the fewest days; every other record the most. Ties: the earlier day, then the code.
            let fewest = kind == .fastestTo
            let groups = fewest ? marks.map { mark in found.filter { $0.milestone == mark } } : [found]
            return groups.flatMap { group in
                // Only the first `limit` places (ties kept) are ranked: those at least as good as the `limit`th figure.
                let values = group.map(\.value).sorted(by: fewest ? (<) : (>))
                let bound = values.indices.contains(limit - 1) ? values[limit - 1] : nil
                let contenders = bound.map { bound in group.filter { fewest ? $0.value <= bound : $0.value >= bound } } ?? group
                let sorted = contenders.sorted { a, b in
                    let (x, y) = fewest ? (b.value, a.value) : (a.value, b.value)
                    return x != y ? x > y : (a.from, a.to, a.code) < (b.from, b.to, b.code)
                }
                var ranked: [Record] = []
                for (index, entry) in sorted.enumerated() {
                    let rank = index > 0 && sorted[index - 1].value == entry.value ? ranked[index - 1].rank : index + 1
                    guard rank <= limit else { break }
                    ranked.append(Record(kind: kind, rank: rank, movieCode: entry.code, title: entry.title, value: entry.value,
                                         milestone: entry.milestone, from: entry.from, to: entry.to, atLeast: entry.atLeast))
                }
                return ranked
            }
        }
    }

    /// The records of one kind.
    public func entries(of kind: Kind) -> [Record] {
        entries.filter { $0.kind == kind }
    }
}

extension Day {
    /// Days since `opening` on this day, counting the opening day as 1; nil before it.
    func since(_ opening: Day) -> Int? {
        self >= opening ? opening.days(to: self) + 1 : nil
    }
}

/// A film's own days in a period, in order: its entry on each (the first, should a day list it
/// twice), its latest title and opening day as they give them.
package struct FilmDays: Sendable {
    package let movieCode: String
    package private(set) var title: String
    package private(set) var openDate: Day?
    package private(set) var days: [Day] = []
    package private(set) var entries: [RunEntry] = []

    /// A film first ranked on `day`, as `entry`, under `title`.
    package init(_ movieCode: String, title: String, _ entry: RunEntry, on day: Day) {
        self.movieCode = movieCode
        self.title = title
        openDate = entry.openDate
        // A run in the top 10 is two or three weeks long.
        days.reserveCapacity(24)
        entries.reserveCapacity(24)
        days.append(day)
        entries.append(entry)
    }

    /// A film first ranked with `entry` on `day`.
    package init(_ entry: BoxOfficeEntry, on day: Day) {
        self.init(entry.movieCode, title: entry.title, RunEntry(entry), on: day)
    }

    /// Its entry on a later day, under `title` (nil: the same; a second entry on the same day only
    /// updates its title and opening day).
    package mutating func add(_ entry: RunEntry, title: String?, on day: Day) {
        if let title { self.title = title }
        openDate = entry.openDate ?? openDate
        guard days.last != day else { return }
        days.append(day)
        entries.append(entry)
    }

    /// Its entry on a later day.
    package mutating func add(_ entry: BoxOfficeEntry, on day: Day) {
        add(RunEntry(entry), title: entry.title, on: day)
    }

    /// Adds the entries of `rankings` (in order, after the days `films` hold) to their films,
    /// a film not among them after the others.
    package static func gather(_ rankings: [DailyBoxOffice], into films: inout [FilmDays]) {
        var index = Dictionary(films.enumerated().map { ($0.element.movieCode, $0.offset) }, uniquingKeysWith: { first, _ in first })
        for ranking in rankings {
            for entry in ranking.entries {
                if let film = index[entry.movieCode] {
                    films[film].add(entry, on: ranking.day)
                } else {
                    index[entry.movieCode] = films.count
                    films.append(FilmDays(entry, on: ranking.day))
                }
            }
        }
    }

    /// The films of two periods, `later` the one after `earlier`: each film's days in the second
    /// follow its days in the first (its title and opening day the later ones), in the order each
    /// was first ranked.
    package static func joining(_ earlier: [FilmDays], _ later: [FilmDays]) -> [FilmDays] {
        var films = earlier
        var index = Dictionary(films.enumerated().map { ($0.element.movieCode, $0.offset) }, uniquingKeysWith: { first, _ in first })
        for film in later {
            guard let place = index[film.movieCode] else {
                index[film.movieCode] = films.count
                films.append(film)
                continue
            }
            films[place].title = film.title
            films[place].openDate = film.openDate ?? films[place].openDate
            // Only its days after those it has (the periods do not overlap: all of them).
            let after = films[place].days.last.map { last in film.days.firstIndex { $0 > last } ?? film.days.endIndex } ?? 0
            films[place].days.append(contentsOf: film.days[after...])
            films[place].entries.append(contentsOf: film.entries[after...])
        }
        return films
    }

    /// The first of its days on which its total reached `mark`, that day having begun below it
    /// (its total less its audience, KOBIS's own figures): the day the mark was passed.
    func firstDay(reaching mark: Int) -> Day? {
        zip(days, entries).first { Trend.Series.Milestone.passes(mark, total: $0.1.audienceTotal, audience: $0.1.audience) }?.0
    }
}
