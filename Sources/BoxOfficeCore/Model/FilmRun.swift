/// A film's box-office run as the Korean film press reports it, from the daily rankings read:
/// its previews, opening day, opening weekend and week, totals, days in the ranking and at number
/// one, best day, milestones and second-weekend hold.
///
/// The figures follow the press's conventions: the opening day is day 1; the opening weekend is the
/// first Friday to Sunday from the opening day (the opening day's own weekend when it opens on
/// Friday to Sunday); the opening week runs through the first Sunday; previews are admissions before
/// the opening day, as KOBIS's own total says them (the opening day's `audienceTotal` less its
/// `audience`); totals are read from the latest day read, which holds KOBIS's corrections.
///
/// A figure the days read cannot give is nil, never a guess: a day not read, or a day the film was
/// not in the ranking (its audience that day is not known), leaves out what rests on it.
public struct FilmRun: Sendable, Equatable {
    /// KOBIS's code for the film.
    public let movieCode: String
    /// The opening day in Korea, when KOBIS gives one.
    public let openDate: Day?
    /// The first day of the period read.
    public let from: Day
    /// The last day of the period read.
    public let to: Day
    /// Which of the days from `from` to `to` were read.
    public let coverage: PeriodCoverage
    /// Admissions before the opening day, and the days they were seen in a ranking; nil when
    /// neither the opening day nor any preview day was seen.
    public let previews: Previews?
    /// The opening day's audience and rank; nil when it was not read or the film was not ranked.
    public let openingDay: RankedDay?
    /// The opening weekend's audience; nil unless each of its days was read with the film ranked.
    public let openingWeekend: Weekend?
    /// The total at the end of the opening week (its first Sunday); nil when that day is not known.
    public let openingWeek: TotalOn?
    /// The latest day the film was ranked on, whose totals are the run's.
    public let asOf: Day?
    /// Admissions since the film's first screening (previews included), as of `asOf`.
    public let audienceTotal: Int?
    /// Ticket sales since the first screening in Korean won, as of `asOf`.
    public let salesTotal: Int64?
    /// Whether the film is ranked on the last day read.
    public let inTop10: Bool
    /// The days read on which the film was ranked.
    public let daysInTop10: Int
    /// The days read on which it was number one.
    public let daysAtNumberOne: Int
    /// Its longest run of consecutive days at number one (every day of it read); nil when it never was.
    public let longestAtNumberOne: Streak?
    /// Its best rank on a day read.
    public let bestRank: Int?
    /// Its largest single-day audience on a day read.
    public let bestDay: RankedDay?
    /// The most screens it had on a day read.
    public let mostScreens: Int?
    /// Each milestone (100,000, 500,000, every million) passed on a day read, with its day since
    /// opening, as a trend finds them.
    public let milestones: [Trend.Series.Milestone]
    /// The second weekend's audience against the opening weekend's, in percent to one decimal
    /// (negative when it fell); nil unless both weekends are known.
    public let secondWeekendChange: Double?

    /// Admissions before the opening day.
    public struct Previews: Sendable, Equatable {
        /// The admissions, from the opening day's total less its audience; nil when the opening day is not known.
        public let audience: Int?
        /// The days before the opening day on which the film was seen in a ranking.
        public let days: [Day]
    }

    /// A day's audience and rank.
    public struct RankedDay: Sendable, Equatable {
        /// The day.
        public let date: Day
        /// Admissions that day.
        public let audience: Int
        /// The film's rank that day.
        public let rank: Int
    }

    /// A weekend's audience: Friday (or the opening day) to Sunday.
    public struct Weekend: Sendable, Equatable {
        /// Its first day: a Friday, or the opening day.
        public let from: Day
        /// Its Sunday.
        public let to: Day
        /// Admissions over its days.
        public let audience: Int
    }

    /// A total as of a day.
    public struct TotalOn: Sendable, Equatable {
        /// The day.
        public let to: Day
        /// Admissions since the first screening, as of that day.
        public let audienceTotal: Int
    }

    /// Consecutive days.
    public struct Streak: Sendable, Equatable {
        /// How many days.
        public let days: Int
        /// The first of them.
        public let from: Day
        /// The last of them.
        public let to: Day
    }

}

extension FilmRun {
    /// The run of `movieCode` from the daily `rankings` read (any order; a later answer for the same
    /// day wins) over `period`, whose days not read `coverage` says; `openDate` from the film's
    /// details when the rankings do not give it.
    public init(movieCode: String, openDate: Day?, rankings: [DailyBoxOffice], period: ClosedRange<Day>, coverage: PeriodCoverage) {
        let read = DailyBoxOffice.byDay(rankings)
        // The film's entry on each day it was ranked, and those days in order.
        var seen: [RunEntry] = []
        var ranked: [Day] = []
        for ranking in read {
            guard let entry = ranking.entries.first(where: { $0.movieCode == movieCode }) else { continue }
            seen.append(RunEntry(entry))
            ranked.append(ranking.day)
        }
        self.init(movieCode: movieCode, openDate: openDate, ranked: ranked, entries: seen, lastDayRead: read.last?.day, period: period, coverage: coverage)
    }

    /// The run from the film's own entries: `seen[i]` on `ranked[i]` (in order), the last day read
    /// being `lastDayRead` (whether it is ranked on it tells `inTop10`).
    package init(movieCode: String, openDate: Day?, ranked: [Day], entries seen: [RunEntry], lastDayRead: Day?, period: ClosedRange<Day>,
                 coverage: PeriodCoverage) {
        let entries = RankedEntries(days: ranked, entries: seen)
        let opening = openDate ?? seen.compactMap(\.openDate).min()
        self.movieCode = movieCode
        self.openDate = opening
        from = period.lowerBound
        to = period.upperBound
        self.coverage = coverage

        // Previews: KOBIS's total on the opening day less that day's audience; the days seen before it.
        let previewDays = opening.map { open in ranked.filter { $0 < open } } ?? []
        let openingEntry = opening.flatMap { entries[$0] }
        // KOBIS's total less the day's own audience; nil when the figures disagree (a total below the day's).
        let beforeOpening = openingEntry.flatMap { entry in entry.audienceTotal.flatMap { total in entry.audience.flatMap { total >= $0 ? total - $0 : nil } } }
        previews = beforeOpening == nil && previewDays.isEmpty ? nil : Previews(audience: beforeOpening, days: previewDays)
        openingDay = opening.flatMap { Self.rankedDay($0, in: entries) }

        // The weekends and the opening week, each known only when every day of it is.
        openingWeekend = opening.flatMap { Self.openingWeekend(from: $0, in: entries) }
        let secondWeekend = opening.map { Self.firstWeekend(from: $0).upperBound }.map { $0.adding(days: 5)...$0.adding(days: 7) }
        let secondAudience = secondWeekend.flatMap { entries.audience(over: $0) }
        secondWeekendChange = openingWeekend.flatMap { first in
            // In percent to one decimal, as the press gives it (-53.9%).
            secondAudience.flatMap { second in first.audience > 0 ? (Double(second - first.audience) * 1_000 / Double(first.audience)).rounded() / 10 : nil }
        }
        let firstSunday = opening.map { WeekPeriod.week.days(ofWeekHolding: $0).end }
        openingWeek = firstSunday.flatMap { sunday in entries[sunday]?.audienceTotal.map { TotalOn(to: sunday, audienceTotal: $0) } }

        // Totals from the latest day ranked: KOBIS corrects the last days, and the latest answer holds that.
        let latest = seen.last
        asOf = ranked.last
        audienceTotal = latest?.audienceTotal
        salesTotal = latest?.salesTotal
        inTop10 = lastDayRead.map { entries[$0] != nil } ?? false
        daysInTop10 = ranked.count
        let atNumberOne = Self.daysAtNumberOne(in: entries)
        daysAtNumberOne = atNumberOne.count
        longestAtNumberOne = Self.longestStreak(atNumberOne)
        bestRank = seen.map(\.rank).min()
        bestDay = Self.bestDay(in: entries)
        mostScreens = seen.compactMap(\.screens).max()

        // A milestone is passed on the day whose total reaches it while the total before that day
        // (KOBIS's own: the day's total less its audience) had not.
        milestones = zip(ranked, seen).flatMap { day, entry in
            Trend.Series.Milestone.passed(on: day, total: entry.audienceTotal, audience: entry.audience,
                                          day: opening.flatMap { day >= $0 ? $0.days(to: day) + 1 : nil })
        }
    }

    /// A film's entries on the days it was ranked, looked up by day.
    struct RankedEntries {
        /// The days, in order.
        let days: [Day]
        /// The entry of each of `days`.
        let entries: [RunEntry]

        subscript(day: Day) -> RunEntry? {
            var low = 0, high = days.count
            while low < high {
                let middle = (low + high) / 2
                if days[middle] < day { low = middle + 1 } else { high = middle }
            }
            return low < days.count && days[low] == day ? entries[low] : nil
        }

        /// The audience over `span`; nil unless the film is ranked with an audience on each of its days.
        func audience(over span: ClosedRange<Day>) -> Int? {
            var sum = 0
            for offset in 0...max(0, span.lowerBound.days(to: span.upperBound)) {
                // A figure too large to add (damaged data) makes the sum unknown, never a trap.
                guard let count = self[span.lowerBound.adding(days: offset)]?.audience, case let (total, false) = sum.addingReportingOverflow(count) else { return nil }
                sum = total
            }
            return sum
        }
    }

    /// The film's audience and rank on `day`, when it was ranked with an audience then.
    static func rankedDay(_ day: Day, in entries: RankedEntries) -> RankedDay? {
        entries[day].flatMap { entry in entry.audience.map { RankedDay(date: day, audience: $0, rank: entry.rank) } }
    }

    /// The opening weekend of a film that opened on `opening`, when each of its days is known.
    static func openingWeekend(from opening: Day, in entries: RankedEntries) -> Weekend? {
        let span = firstWeekend(from: opening)
        return entries.audience(over: span).map { Weekend(from: span.lowerBound, to: span.upperBound, audience: $0) }
    }

    /// The days the film was number one, in order.
    static func daysAtNumberOne(in entries: RankedEntries) -> [Day] {
        zip(entries.days, entries.entries).filter { $0.1.rank == 1 }.map(\.0)
    }

    /// The film's largest single-day audience, the earliest of equals.
    static func bestDay(in entries: RankedEntries) -> RankedDay? {
        var best: RankedDay?
        for (day, entry) in zip(entries.days, entries.entries) {
            guard let audience = entry.audience, best.map({ audience > $0.audience }) ?? true else { continue }
            best = RankedDay(date: day, audience: audience, rank: entry.rank)
        }
        return best
    }

    /// The opening weekend: the first Friday to Sunday from `opening`, or from `opening` itself
    /// when it falls on a Friday, Saturday or Sunday.
    package static func firstWeekend(from opening: Day) -> ClosedRange<Day> {
        // KOBIS's own weekend (its weekend list's Friday to Sunday) of the week holding the opening day.
        let weekend = WeekPeriod.weekend.days(ofWeekHolding: opening)
        return max(opening, weekend.start)...weekend.end
    }

    /// The longest run of consecutive days among `days` (sorted), the earliest of equals.
    static func longestStreak(_ days: [Day]) -> Streak? {
        var best: Streak?
        var start = days.first
        for (index, day) in days.enumerated() {
            let next = index + 1 < days.count ? days[index + 1] : nil
            guard next != day.adding(days: 1), let first = start else { continue }
            let length = first.days(to: day) + 1
            if length > best?.days ?? 0 { best = Streak(days: length, from: first, to: day) }
            start = next
        }
        return best
    }
}

/// What a film's run (and a period's ranking) reads of its entry on a day: a ranking's entry less
/// what they do not read (a period of thousands of films' days keeps these, not whole entries).
/// Its figures are kept without an optional's padding, which would double its size: which of them
/// are known is a bit each.
package struct RunEntry: Sendable, Equatable {
    /// The film's rank that day.
    package let rank: Int
    private let storedAudience: Int
    private let storedAudienceTotal: Int
    private let storedSales: Int64
    private let storedSalesTotal: Int64
    private let storedScreens: Int
    private let storedOpenDate: Day
    private let known: UInt8

    /// Its opening day, as that day's entry gives it.
    package var openDate: Day? { known & 1 != 0 ? storedOpenDate : nil }
    /// Admissions that day.
    package var audience: Int? { known & 2 != 0 ? storedAudience : nil }
    /// Admissions since its first screening, as of that day.
    package var audienceTotal: Int? { known & 4 != 0 ? storedAudienceTotal : nil }
    /// Ticket sales that day, in won.
    package var sales: Int64? { known & 8 != 0 ? storedSales : nil }
    /// Ticket sales since its first screening, as of that day.
    package var salesTotal: Int64? { known & 16 != 0 ? storedSalesTotal : nil }
    /// Screens that day.
    package var screens: Int? { known & 32 != 0 ? storedScreens : nil }

    /// An entry with these figures (nil: not known).
    package init(rank: Int, openDate: Day?, audience: Int?, audienceTotal: Int?, sales: Int64? = nil, salesTotal: Int64? = nil, screens: Int? = nil) {
        self.rank = rank
        storedOpenDate = openDate ?? Day.kobisFirst
        storedAudience = audience ?? 0
        storedAudienceTotal = audienceTotal ?? 0
        storedSales = sales ?? 0
        storedSalesTotal = salesTotal ?? 0
        storedScreens = screens ?? 0
        var known: UInt8 = openDate == nil ? 0 : 1
        if audience != nil { known |= 2 }
        if audienceTotal != nil { known |= 4 }
        if sales != nil { known |= 8 }
        if salesTotal != nil { known |= 16 }
        if screens != nil { known |= 32 }
        self.known = known
    }

    /// What the run reads of `entry`.
    package init(_ entry: BoxOfficeEntry) {
        self.init(rank: entry.rank, openDate: entry.openDate, audience: entry.audience, audienceTotal: entry.audienceTotal,
                  sales: entry.sales, salesTotal: entry.salesTotal, screens: entry.screens)
    }
}

extension DailyBoxOffice {
    /// `rankings` in the order of their days, one a day, a later answer for a day winning (they
    /// usually come in order already, and are then given back as they are).
    package static func byDay(_ rankings: [DailyBoxOffice]) -> [DailyBoxOffice] {
        if zip(rankings, rankings.dropFirst()).allSatisfy({ $0.day < $1.day }) { return rankings }
        var byDay: [Day: DailyBoxOffice] = [:]
        for ranking in rankings { byDay[ranking.day] = ranking }
        return byDay.keys.sorted().compactMap { byDay[$0] }
    }
}
