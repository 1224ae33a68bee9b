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
        from = period.lowerBound
        to = period.upperBound
        self.coverage = coverage
        let marks = Array(Set([Self.standardMilestone] + milestones.filter { $0 > 0 })).sorted()
        self.milestones = marks
        // The days read in order, a later answer for a day winning (they usually come in order already).
        let inPeriod = rankings.filter { period.contains($0.day) }
        let all: [DailyBoxOffice]
        if zip(inPeriod, inPeriod.dropFirst()).allSatisfy({ $0.day < $1.day }) {
            all = inPeriod
        } else {
            var byDay: [Day: DailyBoxOffice] = [:]
            for ranking in inPeriod { byDay[ranking.day] = ranking }
            all = byDay.keys.sorted().compactMap { byDay[$0] }
        }
        // Each film's latest title and its opening day, as the rankings give them.
        var films: [String: (title: String, openDate: Day?)] = [:]
        var order: [String] = []
        // Where each film is ranked among the days read: its records rest on those days and the
        // ones on either side, so each is read over its own stretch (a decade is thousands of films).
        var stretch: [String: ClosedRange<Int>] = [:]
        for (index, ranking) in all.enumerated() {
            for entry in ranking.entries {
                if films[entry.movieCode] == nil { order.append(entry.movieCode) }
                films[entry.movieCode] = (entry.title, entry.openDate ?? films[entry.movieCode]?.openDate)
                stretch[entry.movieCode] = (stretch[entry.movieCode]?.lowerBound ?? index)...index
            }
        }
        let around = { (code: String) -> ArraySlice<DailyBoxOffice> in
            guard let indices = stretch[code] else { return all[...] }
            return all[max(0, indices.lowerBound - 1)...min(all.count - 1, indices.upperBound + 1)]
        }
        let runs = order.map { code in
            (code: code, title: films[code]?.title ?? code, read: around(code),
             run: FilmRun(movieCode: code, openDate: films[code]?.openDate, rankings: Array(around(code)), period: period, coverage: coverage))
        }
        var found: [Kind: [(code: String, title: String, value: Int, milestone: Int?, from: Day, to: Day, atLeast: Bool)]] = [:]
        // A day of the period not read may hide a day at number one; next to a run, a longer run.
        let unreadDays = Set(coverage.unread.map(\.day).filter(period.contains))
        let unread = { (day: Day) in unreadDays.contains(day) }
        var notRead: [Opening] = []
        var late: [Opening] = []
        for (code, title, read, run) in runs {
            // Among the films that opened in the period; those whose opening day was not read are left out.
            if let open = run.openDate, unread(open) {
                notRead.append(Opening(movieCode: code, title: title, openDate: open))
            } else if let open = run.openDate, period.contains(open) {
                if let day = run.openingDay { found[.openingDay, default: []].append((code, title, day.audience, nil, day.date, day.date, false)) }
                if let weekend = run.openingWeekend {
                    found[.openingWeekend, default: []].append((code, title, weekend.audience, nil, weekend.from, weekend.to, false))
                } else if FilmRun.firstWeekend(from: open).upperBound > period.upperBound {
                    late.append(Opening(movieCode: code, title: title, openDate: open))
                }
                for mark in marks {
                    guard let day = Self.firstDay(of: code, reaching: mark, in: Array(read)), let since = day.since(open) else { continue }
                    found[.fastestTo, default: []].append((code, title, since, mark, open, day, false))
                }
            }
            let atOne = read.filter { $0.entries.contains { $0.rank == 1 && $0.movieCode == code } }.map(\.day)
            if let first = atOne.first, let last = atOne.last {
                found[.daysAtNumberOne, default: []].append((code, title, atOne.count, nil, first, last, !unreadDays.isEmpty))
            }
            if let streak = run.longestAtNumberOne {
                found[.longestAtNumberOne, default: []].append((code, title, streak.days, nil, streak.from, streak.to,
                                                                unread(streak.from.adding(days: -1)) || unread(streak.to.adding(days: 1))))
            }
            if let best = run.bestDay { found[.bestDay, default: []].append((code, title, best.audience, nil, best.date, best.date, false)) }
        }
        openingsNotRead = notRead.sorted { ($0.openDate, $0.movieCode) < ($1.openDate, $1.movieCode) }
        weekendsAfter = late.sorted { ($0.openDate, $0.movieCode) < ($1.openDate, $1.movieCode) }
        entries = Kind.allCases.flatMap { kind -> [Record] in
            // The fastest is the fewest days; every other record the most. Ties: the earlier day, then the code.
            let groups = kind == .fastestTo ? marks.map { mark in (found[kind] ?? []).filter { $0.milestone == mark } } : [found[kind] ?? []]
            return groups.flatMap { group in
                // Only the first `limit` places (ties kept) are ranked: those at least as good as the `limit`th figure.
                let values = group.map(\.value).sorted(by: kind == .fastestTo ? (<) : (>))
                let bound = values.indices.contains(limit - 1) ? values[limit - 1] : nil
                let contenders = bound.map { bound in group.filter { kind == .fastestTo ? $0.value <= bound : $0.value >= bound } } ?? group
                let sorted = contenders.sorted { a, b in
                    let (x, y) = kind == .fastestTo ? (b.value, a.value) : (a.value, b.value)
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

    /// The first day read on which `code`'s total reached `mark`, that day having begun below it
    /// (its total less its audience, KOBIS's own figures): the day the mark was passed.
    static func firstDay(of code: String, reaching mark: Int, in rankings: [DailyBoxOffice]) -> Day? {
        for ranking in rankings {
            guard let entry = ranking.entries.first(where: { $0.movieCode == code }) else { continue }
            if Trend.Series.Milestone.passes(mark, total: entry.audienceTotal, audience: entry.audience) { return ranking.day }
        }
        return nil
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
