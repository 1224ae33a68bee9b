#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a watch remembers between its runs: the last day whose news it told, the figures of the
/// days it saw while KOBIS could still revise them, its targets not yet reached, and the events
/// it could not deliver last time. ``BoxOfficeClient/watch(_:targets:deep:maxDays:concurrency:)``
/// turns one state into the next; a ``WatchStore`` keeps it.
public struct WatchState: Sendable, Equatable, Codable {
    /// The version of the state's form this library writes. It reads every version up to this
    /// one (version 1 kept a revised event's one figure as `revision`; version 2 keeps its
    /// ``NewsEvent/changes``), and refuses a later one, which a newer library wrote.
    public static let currentVersion = 2

    /// The form's version (``currentVersion``).
    public var version: Int
    /// Whether the watch reads the ranking past the top 10.
    public var deep: Bool
    /// The last day whose news was told.
    public var lastDay: Day
    /// The days seen while KOBIS could still revise them, with the figures seen.
    public var seen: [SeenDay]
    /// Targets not reached yet.
    public var targets: [WatchTarget]
    /// Events found but not delivered (a program that failed), delivered next time among the new
    /// ones, in date order.
    public var pending: [NewsEvent]
    /// Targets reached: given again (a crontab line names them every time), they are not told again.
    public var reached: [WatchTarget]
    /// The milestones told, a film's mark each (its `audience`), the latest ``toldKept``: told once,
    /// even when KOBIS's revision of a day moves a total back under the mark and the next day passes it again.
    public var told: [WatchTarget]

    /// How many told milestones are remembered.
    public static let toldKept = 1000

    /// The version a kept state says it is of, read before anything else of it: nil when it does
    /// not say (it is not a state at all, or is cut short before its version).
    public static func version(of data: Data) -> Int? {
        struct Version: Decodable {
            var version: Int
        }
        return try? JSONDecoder().decode(Version.self, from: data).version
    }

    /// How many new days a run may read within `calls` calls: each day's news looks back
    /// ``DayNews/lookback`` days and the day before, and a day past the top 10 costs four calls.
    /// At least one, so a watch always moves on.
    public static func days(within calls: Int, deep: Bool) -> Int {
        max(1, calls / (deep ? 4 : 1) - DayNews.lookback - 1)
    }

    /// A state from its parts.
    public init(deep: Bool, lastDay: Day, seen: [SeenDay] = [], targets: [WatchTarget] = [], pending: [NewsEvent] = [],
                reached: [WatchTarget] = [], told: [WatchTarget] = []) {
        version = Self.currentVersion
        self.deep = deep
        self.lastDay = lastDay
        self.seen = seen
        self.targets = targets
        self.pending = pending
        self.reached = reached
        self.told = told
    }

    private enum CodingKeys: String, CodingKey {
        case version, deep, lastDay, seen, targets, pending, reached, told
    }

    /// Reads a state of this version or an earlier one (which is then of this version, as it will
    /// be written); the lists a state may lack (it was written before they were kept) are empty.
    /// A state of a later version is a ``DecodingError``: ``version(of:)`` tells it apart first.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard (1...Self.currentVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container,
                                                   debugDescription: "version \(version) of a watch's state; this library reads up to \(Self.currentVersion)")
        }
        self.version = Self.currentVersion
        deep = try container.decode(Bool.self, forKey: .deep)
        lastDay = try container.decode(Day.self, forKey: .lastDay)
        seen = try container.decodeIfPresent([SeenDay].self, forKey: .seen) ?? []
        targets = try container.decodeIfPresent([WatchTarget].self, forKey: .targets) ?? []
        pending = try container.decodeIfPresent([NewsEvent].self, forKey: .pending) ?? []
        reached = try container.decodeIfPresent([WatchTarget].self, forKey: .reached) ?? []
        told = try container.decodeIfPresent([WatchTarget].self, forKey: .told) ?? []
    }

    /// A day's figures as a watch saw them, film by film.
    public struct SeenDay: Sendable, Equatable, Codable {
        /// The day.
        public let day: Day
        /// Each film's figures that day.
        public let films: [Figures]

        /// The figures of `ranking`'s films, each film once (at its best rank).
        public init(_ ranking: DailyBoxOffice) {
            day = ranking.day
            films = DayNews.unique(ranking.entries).map(Figures.init)
        }
    }

    /// The figures of one film on one day that KOBIS may revise.
    public struct Figures: Sendable, Equatable, Codable {
        /// The film's code.
        public let movieCode: String
        /// Its title.
        public let title: String
        /// Its rank.
        public let rank: Int
        /// Admissions that day.
        public let audience: Int?
        /// Total admissions at the end of the day.
        public let audienceTotal: Int?
        /// Revenue that day, in won.
        public let sales: Int64?
        /// Screens.
        public let screens: Int?
        /// Showings.
        public let shows: Int?

        init(_ entry: BoxOfficeEntry) {
            movieCode = entry.movieCode
            title = entry.title
            rank = entry.rank
            audience = entry.audience
            audienceTotal = entry.audienceTotal
            sales = entry.sales
            screens = entry.screens
            shows = entry.shows
        }

        /// Each figure with its key, as in the ranking's JSON.
        var named: [(String, Int64?)] {
            [("rank", Int64(rank)), ("audience", audience.map(Int64.init)), ("audienceTotal", audienceTotal.map(Int64.init)), ("sales", sales),
             ("screens", screens.map(Int64.init)), ("shows", shows.map(Int64.init))]
        }
    }
}

/// A film's audience a watch waits for (a break-even point, say): an event when its total reaches it.
public struct WatchTarget: Sendable, Equatable, Hashable, Codable {
    /// The film's code.
    public let movieCode: String
    /// Its title, for the event (as the details or a ranking give it).
    public let title: String
    /// The total audience waited for.
    public let audience: Int

    /// A target of `audience` admissions for the film `movieCode`.
    public init(movieCode: String, title: String, audience: Int) {
        self.movieCode = movieCode
        self.title = title
        self.audience = audience
    }
}

/// A film's audience a watch is asked to wait for, the film named as a user names it (its code,
/// or its title): the watch finds the film and keeps the target as a ``WatchTarget``, with the
/// film's own title.
public struct WantedTarget: Sendable, Equatable {
    /// The film, by code or title.
    public let film: FilmReference
    /// The total audience waited for.
    public let audience: Int

    /// A target of `audience` admissions for `film`.
    public init(film: FilmReference, audience: Int) {
        self.film = film
        self.audience = audience
    }
}

/// What one run of a watch found: the events to deliver, in order, and the state to keep once
/// they are delivered (``state(keeping:)`` puts back the ones that could not be).
public struct WatchUpdate: Sendable, Equatable {
    /// The events: those left over from last time, then each new day's news (with the targets
    /// reached that day), then the revisions.
    public let events: [NewsEvent]
    /// The state after the run, every event delivered.
    public let state: WatchState
    /// Whether this was the watch's first run: it recorded where things stand and found no event.
    public let started: Bool
    /// The days published since the last run that were not read because of `maxDays` (the next run reads them).
    public let daysLeft: Int
    /// The days the run could not read (KOBIS failed on them) and went on without, in order.
    public var gaps: [WatchGap] = []
    /// The events that were not delivered (kept for the next run), after a watch over a store.
    public var undelivered: [NewsEvent] = []

    /// An update from its parts.
    public init(events: [NewsEvent], state: WatchState, started: Bool, daysLeft: Int, gaps: [WatchGap] = []) {
        self.events = events
        self.state = state
        self.started = started
        self.daysLeft = daysLeft
        self.gaps = gaps
    }

    /// The state to keep when `undelivered` of the events could not be delivered: they are kept for the next run.
    public func state(keeping undelivered: [NewsEvent]) -> WatchState {
        var state = state
        state.pending = undelivered
        return state
    }
}

/// A day a watch could not read and went on without.
public struct WatchGap: Sendable, Equatable {
    /// The day, and why it was not read.
    public let unread: UnreadDay
    /// The day whose news looked back on it (to tell a film back after days out from a new one:
    /// the news was told all the same, such a film said to enter); nil for a day seen earlier,
    /// read again for KOBIS's revisions, which is kept and read again next run.
    public let news: Day?

    /// A day not read, for the news of `news` (nil: for revisions).
    public init(unread: UnreadDay, news: Day?) {
        self.unread = unread
        self.news = news
    }
}

/// Where a watch's state is kept between runs, one run at a time: the command line's is a file
/// in its state folder; an app may keep it anywhere (a file, a database row, its defaults).
///
/// ``BoxOfficeClient/watch(store:targets:deep:maxCalls:concurrency:deliver:)`` reads the state
/// and keeps a new one after each event it delivers, all within ``exclusively(_:)``: a run
/// stopped at any moment tells again at most the event it was delivering.
public protocol WatchStore: Sendable {
    /// Runs `body` while no other run of the same watch runs (another waits, or fails).
    func exclusively<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result
    /// The state kept, nil before the first run. Called within ``exclusively(_:)``.
    func read() async throws -> WatchState?
    /// Keeps `state` in place of the state kept: whole or not at all, and lasting once it
    /// returns (a crash after it never gives back the state before). Called within ``exclusively(_:)``.
    func keep(_ state: WatchState) async throws
}

extension Day: Codable {
    /// Reads a day written as `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = Day(text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a day: \(text)"))
        }
        self = day
    }

    /// Writes the day as `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
