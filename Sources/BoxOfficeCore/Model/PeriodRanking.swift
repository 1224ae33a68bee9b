/// Films ranked by audience within a period (a year, a month, any range), computed from the
/// daily rankings: KOBIS's API has no yearly, monthly or period ranking of its own.
///
/// A film's figures are what KOBIS's cumulative figures say it gained from the start of its first
/// day in the daily top 10 within the period to the end of its last (the days outside the top 10
/// between them count; those before and after are not seen). Ties go to more sales, then to the
/// lower movie code. ``BoxOfficeClient/periodRanking(from:to:filter:limit:)`` makes one.
public struct PeriodRanking: Sendable, Equatable {
    /// The period's first day.
    public let from: Day
    /// The period's last day (yesterday at the latest).
    public let to: Day
    /// Whether the figures may still change: the period runs to yesterday (it is not over), or
    /// some of its days were fetched before KOBIS stopped revising them.
    public var provisional: Bool
    /// Which films the daily rankings covered when they were filtered; nil for all films.
    package var scope: RankingScope?
    /// Most audience first.
    public let films: [Film]
    /// Which of the period's days were read, and why any others were not.
    public var coverage: PeriodCoverage
    /// Whether it was read from deep days (past the top 10, from KOBIS's four filtered lists), so
    /// that a film is counted on days it was outside the overall top 10.
    public package(set) var deep = false
    /// How many of the period's days were read, when not all of them were; nil when every day was.
    public var daysRead: Int? { coverage.isComplete ? nil : coverage.daysRead }
    /// The period's days, told beside `daysRead`.
    public var daysInPeriod: Int { from.days(to: to) + 1 }

    /// How the period's audience and sales of a film are counted, as `basis` says in JSON.
    package static let basis = "cumulative: audienceTotal on a film's last day in the daily top 10 within the period, minus audienceTotal on its first, plus that first day's audience (sales likewise); days outside the top 10 between them count, days before its first and after its last do not"
    /// The same, for a ranking read from deep days.
    package static let deepBasis = "cumulative: audienceTotal on a film's last day in the day's deep ranking (KOBIS's four filtered lists merged, up to 40 films) within the period, minus audienceTotal on its first, plus that first day's audience (sales likewise); days outside it between them count, days before its first and after its last do not; daysInTop10 and bestRank count the deep rankings"

    /// One film's figures within the period.
    public struct Film: Sendable, Equatable {
        /// Place by audience in the period, from 1 (ties broken, never shared).
        public let rank: Int
        /// KOBIS's code of the film.
        public let movieCode: String
        /// The title on its last day in the top 10.
        public let title: String
        /// Its opening day, as the rankings give it.
        public let openDate: Day?
        /// Admissions in the period, counted as `basis` says.
        public let audience: Int
        /// Ticket sales in won in the period, counted the same way.
        public let sales: Int64
        /// Days it was in the daily top 10 within the period.
        public let daysInTop10: Int
        /// Its best daily rank within the period.
        public let bestRank: Int
        /// Its first day in the daily top 10 within the period.
        public let firstDay: Day
        /// Its last day in the daily top 10 within the period.
        public let lastDay: Day
    }

    /// A ranking of films already counted and ranked.
    package init(from: Day, to: Day, provisional: Bool, scope: RankingScope? = nil, films: [Film], coverage: PeriodCoverage? = nil) {
        self.from = from
        self.to = to
        self.provisional = provisional
        self.scope = scope
        self.films = films
        self.coverage = coverage ?? PeriodCoverage(daysInPeriod: from.days(to: to) + 1)
    }

    /// The period's ranking from its daily rankings (any order; days outside `from...to` are
    /// left out). A film's audience is what KOBIS's cumulative figures say it gained from the
    /// start of its first day in the top 10 to the end of its last: so days it spent outside the
    /// top 10 in between are counted, and KOBIS's later revisions of earlier days are caught.
    /// Where a cumulative figure is missing, or the two contradict each other (fewer in all than
    /// on the first day), the sum of its daily figures stands instead. Ties go to more sales,
    /// then to the lower movie code, so the order never depends on the order of arrival.
    package init(from: Day, to: Day, rankings: [DailyBoxOffice], provisional: Bool = false, scope: RankingScope? = nil, limit: Int? = nil,
                 coverage: PeriodCoverage? = nil) {
        // The days in order (they usually come so), each film's own days gathered from them.
        let inPeriod = rankings.filter { (from...to).contains($0.day) }
        let days = zip(inPeriod, inPeriod.dropFirst()).allSatisfy({ $0.day <= $1.day }) ? inPeriod : inPeriod.sorted { $0.day < $1.day }
        var films: [FilmDays] = []
        FilmDays.gather(days, into: &films)
        self.init(from: from, to: to, films: films, provisional: provisional || rankings.contains(where: \.provisional), scope: scope, limit: limit,
                  coverage: coverage)
    }

    /// The period's ranking from each film's own days in it (as the daily rankings are gathered,
    /// or as a history gives them at once), each film's audience counted as above.
    package init(from: Day, to: Day, films: [FilmDays], provisional: Bool, scope: RankingScope? = nil, limit: Int? = nil, coverage: PeriodCoverage? = nil) {
        let unranked = films.map { film -> Film in
            let entries = film.entries
            let first = entries[0], last = entries[entries.count - 1]
            return Film(rank: 0, movieCode: film.movieCode, title: film.title, openDate: film.openDate,
                        audience: Self.gained(first: first.audienceTotal.map(Int64.init), last: last.audienceTotal.map(Int64.init),
                                              firstDay: first.audience.map(Int64.init), daily: entries.map { $0.audience.map(Int64.init) }).clampedInt,
                        sales: Self.gained(first: first.salesTotal, last: last.salesTotal, firstDay: first.sales, daily: entries.map(\.sales)),
                        daysInTop10: entries.count, bestRank: entries.map(\.rank).min() ?? first.rank,
                        firstDay: film.days[0], lastDay: film.days[film.days.count - 1])
        }
        let ordered = unranked.sorted { a, b in
            if a.audience != b.audience { return a.audience > b.audience }
            if a.sales != b.sales { return a.sales > b.sales }
            return a.movieCode < b.movieCode
        }
        self.from = from
        self.to = to
        self.provisional = provisional
        self.scope = scope
        self.coverage = coverage ?? PeriodCoverage(daysInPeriod: from.days(to: to) + 1)
        self.films = ordered.prefix(limit ?? ordered.count).enumerated().map { index, film in
            Film(rank: index + 1, movieCode: film.movieCode, title: film.title, openDate: film.openDate, audience: film.audience, sales: film.sales,
                 daysInTop10: film.daysInTop10, bestRank: film.bestRank, firstDay: film.firstDay, lastDay: film.lastDay)
        }
    }

    /// What a film gained between the start of its first day and the end of its last, from the
    /// cumulative figures; their daily sum when those are missing or contradict each other.
    private static func gained(first: Int64?, last: Int64?, firstDay: Int64?, daily: [Int64?]) -> Int64 {
        let sum = daily.reduce(Int64(0)) { total, value in total.addingReportingOverflow(max(0, value ?? 0)).partialValue }
        guard let first, let last, let firstDay else { return sum }
        let (start, startOverflow) = first.subtractingReportingOverflow(firstDay)
        let (gain, gainOverflow) = last.subtractingReportingOverflow(start)
        guard !startOverflow, !gainOverflow, gain >= firstDay, firstDay >= 0 else { return sum }
        return gain
    }
}

private extension Int64 {
    /// As an `Int`, at most `Int.max` (never a trap on figures from the network).
    var clampedInt: Int { Int(clamping: self) }
}
