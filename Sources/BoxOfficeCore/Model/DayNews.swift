/// What happened on one published day against the day before, as the Korean film press tells it:
/// a new number one (and the run at number one it ended), films entering, coming back to and
/// leaving the ranking, and the milestones passed that day.
///
/// Made by ``BoxOfficeClient/news(on:deep:concurrency:)`` from the day's ranking, the day
/// before's, and the ``lookback`` days before those (to tell a film back after days out from a new
/// one, and how long an ended run at number one lasted).
public struct DayNews: Sendable, Equatable {
    /// The day whose events these are.
    public let day: Day
    /// Whether the rankings are past the top 10 (KOBIS's four filtered lists merged).
    public let deep: Bool
    /// Whether KOBIS may still revise the day's figures.
    public let provisional: Bool
    /// The events: the new number one first (with the milestones it passed), then each film of the
    /// day's ranking in its order, its coming into the list before its milestones, then the films leaving.
    public let events: [NewsEvent]
    /// Which of the days looked at were read (the day, the day before and the ``lookback`` days before).
    public let coverage: PeriodCoverage
    /// The first day asked for.
    package let firstDay: Day
    /// Whether KOBIS had published the day and the day before (their rankings have films).
    public let isPublished: Bool
    /// The day's ranking.
    package let ranking: DailyBoxOffice

    /// How many days before the day before are looked at: a film in the ranking on one of them is
    /// back rather than new, as a run ends only after seven days out (``FilmRun``).
    public static let lookback = FilmRun.daysGone

    /// The days read for `day`'s news: the ``lookback`` days, the day before and the day.
    public static func window(for day: Day) -> ClosedRange<Day> {
        day.adding(days: -(lookback + 1))...day
    }

    /// The news of `day` from `rankings` (each day read from `from` on, in any order; the day and
    /// the day before among them), and what was read (`coverage`). Nil when the day or the day
    /// before is not among them.
    package init?(day: Day, from: Day, rankings: [DailyBoxOffice], deep: Bool = false, coverage: PeriodCoverage) {
        let byDay = Dictionary(rankings.map { ($0.day, $0) }, uniquingKeysWith: { _, last in last })
        guard let today = byDay[day], let before = byDay[day.adding(days: -1)] else { return nil }
        self.day = day
        self.deep = deep
        provisional = today.provisional
        self.coverage = coverage
        firstDay = from
        isPublished = Self.isPublished(today) && Self.isPublished(before)
        ranking = today
        events = Self.events(today: today, before: before, byDay: byDay)
    }

    /// Whether the day's ranking has any film (KOBIS has published it).
    package static func isPublished(_ ranking: DailyBoxOffice) -> Bool { !ranking.entries.isEmpty }

    /// The events of `today` against `before`; `byDay` holds every day read.
    static func events(today: DailyBoxOffice, before: DailyBoxOffice, byDay: [Day: DailyBoxOffice]) -> [NewsEvent] {
        guard isPublished(today), isPublished(before) else { return [] }
        let day = today.day
        // A film listed twice (damaged data) is told once, at its better rank.
        let todayEntries = unique(today.entries), beforeEntries = unique(before.entries)
        let earlier = Dictionary(beforeEntries.map { ($0.movieCode, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(todayEntries.map(\.movieCode))
        // A film's events come together: its coming (as number one, or into the list) first,
        // then the milestones it passed that day.
        var top: [NewsEvent] = []
        var others: [NewsEvent] = []
        let first = todayEntries.first
        let previousFirst = beforeEntries.first
        if let first, first.rank == 1, let previousFirst, previousFirst.rank == 1, first.movieCode != previousFirst.movieCode {
            let ended = endedRun(of: previousFirst, before: before.day, byDay: byDay)
            top.append(NewsEvent(kind: .newNumberOne, date: day, entry: first, previousRank: earlier[first.movieCode]?.rank, endedRun: ended))
        }
        for entry in todayEntries {
            var events: [NewsEvent] = []
            if earlier[entry.movieCode] == nil, !top.contains(where: { $0.movieCode == entry.movieCode }) {
                let back = wasRanked(entry.movieCode, before: before.day, byDay: byDay)
                events.append(NewsEvent(kind: back ? .reentered : .entered, date: day, entry: entry, previousRank: nil))
            }
            for mark in Trend.Series.Milestone.passed(on: day, total: entry.audienceTotal, audience: entry.audience, day: nil) {
                events.append(NewsEvent(kind: .milestone, date: day, entry: entry, previousRank: earlier[entry.movieCode]?.rank, milestone: mark.audience))
            }
            if top.first?.movieCode == entry.movieCode { top += events } else { others += events }
        }
        let left = beforeEntries.filter { !now.contains($0.movieCode) }.map { entry in
            NewsEvent(kind: .left, date: day, movieCode: entry.movieCode, title: entry.title, rank: nil, previousRank: entry.rank,
                      audience: nil, audienceTotal: entry.audienceTotal, day: NewsEvent.dayNumber(of: day, openedOn: entry.openDate),
                      openDate: entry.openDate)
        }
        return top + others + left
    }

    /// The entries by rank, each film once (at its best rank).
    static func unique(_ entries: [BoxOfficeEntry]) -> [BoxOfficeEntry] {
        var seen = Set<String>()
        return entries.sorted { $0.rank < $1.rank }.filter { seen.insert($0.movieCode).inserted }
    }

    /// Whether the film was in the ranking on a lookback day read before `day`.
    static func wasRanked(_ movieCode: String, before day: Day, byDay: [Day: DailyBoxOffice]) -> Bool {
        (1...lookback).contains { back in
            byDay[day.adding(days: -back)]?.entries.contains { $0.movieCode == movieCode } ?? false
        }
    }

    /// The run at number one that `entry` had through `last`: its days counted back over the days
    /// read, at least that many when a day not read (or the first day read) stops the count.
    static func endedRun(of entry: BoxOfficeEntry, before last: Day, byDay: [Day: DailyBoxOffice]) -> NewsEvent.EndedRun {
        var days = 0
        var day = last
        while let ranking = byDay[day], ranking.entries.contains(where: { $0.rank == 1 && $0.movieCode == entry.movieCode }) {
            days += 1
            day = day.adding(days: -1)
        }
        // The count stops at another number one (the run is whole), or at a day not read (at least).
        let whole = byDay[day].map(isPublished) ?? false
        return NewsEvent.EndedRun(movieCode: entry.movieCode, title: entry.title, days: days, from: last.adding(days: 1 - max(days, 1)), atLeast: !whole)
    }

    /// The first day of an ended run at number one counted only in part (it reaches the first
    /// day read), from which the days before it are to be read; nil when every run is whole.
    package var runToReadFurther: Day? {
        guard let run = events.first(where: { $0.kind == .newNumberOne })?.endedRun, run.atLeast, run.from == firstDay else { return nil }
        return run.from
    }
}

/// One event of a day's news or of a watch: its kind, the film, and the figures it rests on.
public struct NewsEvent: Sendable, Equatable, Hashable, Codable {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// A film took number one from another (``NewsEvent/endedRun`` is the run it ended).
        case newNumberOne
        /// A film entered the ranking, not having been in it on the lookback days.
        case entered
        /// A film came back to the ranking after days out.
        case reentered
        /// A film in the ranking the day before is not in it.
        case left
        /// A film's total audience passed a milestone (100,000, 500,000, every million).
        case milestone
        /// A film's total audience reached a watch's target.
        case target
        /// KOBIS revised a figure of a day a watch had seen.
        case revised
    }

    /// The run at number one a new number one ended.
    public struct EndedRun: Sendable, Equatable, Hashable, Codable {
        /// The film that had been number one.
        public let movieCode: String
        /// Its title.
        public let title: String
        /// Its days at number one in a row, through the day before.
        public let days: Int
        /// The first of those days.
        public let from: Day
        /// Whether the run may be longer: a day before it was not read.
        public let atLeast: Bool
    }

    /// A figure KOBIS changed.
    public struct Change: Sendable, Equatable, Hashable, Codable {
        /// Its key, as in the ranking's JSON: `rank`, `audience`, `audienceTotal`, `sales`, `screens` or `shows`.
        public let field: String
        /// The figure as first seen (nil when blank; for `rank`, when the film was not listed).
        public let from: Int64?
        /// The figure now (nil when blank; for `rank`, when the film is no longer listed).
        public let to: Int64?

        /// A change of `field` from `from` to `to`.
        public init(field: String, from: Int64?, to: Int64?) {
            self.field = field
            self.from = from
            self.to = to
        }
    }

    /// What happened.
    public let kind: Kind
    /// The day it happened on (for a revision, the day revised).
    public let date: Day
    /// The film's code.
    public let movieCode: String
    /// The film's title, as the ranking gives it.
    public let title: String
    /// Its rank that day (nil when it left the ranking).
    public let rank: Int?
    /// Its rank the day before (nil when it was not in the ranking).
    public let previousRank: Int?
    /// Its audience that day.
    public let audience: Int?
    /// Its total audience at the end of that day (the day before's, for a film that left).
    public let audienceTotal: Int?
    /// The milestone or target passed.
    public let milestone: Int?
    /// Days since its opening on `date` (the opening day is day 1); nil before it opens, or when not known.
    public let day: Int?
    /// Its opening day, as the ranking gives it (nil when blank).
    public let openDate: Day?
    /// For a new number one, the run at number one it ended.
    public let endedRun: EndedRun?
    /// For a revision, every figure KOBIS changed for the film that day, in the ranking's order
    /// of fields (rank, audience, audienceTotal, sales, screens, shows); nil for other kinds.
    public let changes: [Change]?

    /// An event with every figure given.
    public init(kind: Kind, date: Day, movieCode: String, title: String, rank: Int?, previousRank: Int?, audience: Int?, audienceTotal: Int?,
                milestone: Int? = nil, day: Int?, openDate: Day? = nil, endedRun: EndedRun? = nil, changes: [Change]? = nil) {
        self.kind = kind
        self.date = date
        self.movieCode = movieCode
        self.title = title
        self.rank = rank
        self.previousRank = previousRank
        self.audience = audience
        self.audienceTotal = audienceTotal
        self.milestone = milestone
        self.day = day
        self.openDate = openDate
        self.endedRun = endedRun
        self.changes = changes
    }

    /// An event of `entry` on `date`.
    package init(kind: Kind, date: Day, entry: BoxOfficeEntry, previousRank: Int?, milestone: Int? = nil, endedRun: EndedRun? = nil,
                 changes: [Change]? = nil) {
        self.init(kind: kind, date: date, movieCode: entry.movieCode, title: entry.title, rank: entry.rank, previousRank: previousRank,
                  audience: entry.audience, audienceTotal: entry.audienceTotal, milestone: milestone,
                  day: Self.dayNumber(of: date, openedOn: entry.openDate), openDate: entry.openDate, endedRun: endedRun, changes: changes)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, date, movieCode, title, rank, previousRank, audience, audienceTotal, milestone, day, openDate, endedRun, changes
    }

    /// How a watch's state of version 1 kept a revision's figure: one a revised event.
    private enum FirstFormKeys: String, CodingKey {
        case revision
    }

    /// Reads an event as ``WatchState`` keeps it; one kept by version 1, with its one `revision`,
    /// has that figure as its only change.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        date = try container.decode(Day.self, forKey: .date)
        movieCode = try container.decode(String.self, forKey: .movieCode)
        title = try container.decode(String.self, forKey: .title)
        rank = try container.decodeIfPresent(Int.self, forKey: .rank)
        previousRank = try container.decodeIfPresent(Int.self, forKey: .previousRank)
        audience = try container.decodeIfPresent(Int.self, forKey: .audience)
        audienceTotal = try container.decodeIfPresent(Int.self, forKey: .audienceTotal)
        milestone = try container.decodeIfPresent(Int.self, forKey: .milestone)
        day = try container.decodeIfPresent(Int.self, forKey: .day)
        openDate = try container.decodeIfPresent(Day.self, forKey: .openDate)
        endedRun = try container.decodeIfPresent(EndedRun.self, forKey: .endedRun)
        if let changes = try container.decodeIfPresent([Change].self, forKey: .changes) {
            self.changes = changes
        } else {
            self.changes = try decoder.container(keyedBy: FirstFormKeys.self).decodeIfPresent(Change.self, forKey: .revision).map { [$0] }
        }
    }

    /// Days since opening (the opening day is day 1), nil before it or without an opening day.
    package static func dayNumber(of date: Day, openedOn opening: Day?) -> Int? {
        guard let opening, opening <= date else { return nil }
        return Trend.Series.day(of: date, openedOn: opening)
    }

    /// Whether the event happened on a preview day (before the film's opening).
    package var isPreview: Bool { openDate.map { date < $0 } ?? false }
}
