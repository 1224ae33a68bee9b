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
    /// The version of the state's form this library writes and reads.
    public static let currentVersion = 1

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

    /// Reads a state; the lists a state of this version may lack (it was written before they were
    /// kept) are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
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

    /// The state to keep when `undelivered` of the events could not be delivered: they are kept for the next run.
    public func state(keeping undelivered: [NewsEvent]) -> WatchState {
        var state = state
        state.pending = undelivered
        return state
    }
}

/// Where a watch's state is kept between runs, one run at a time: the command line's is a file
/// in its state folder; an app may keep it anywhere.
public protocol WatchStore: Sendable {
    /// Runs `body` with the state kept (nil before the first run), no other run of the same watch
    /// running meanwhile, and keeps the state `body` returns, whole or not at all. When `body`
    /// throws, the state kept is left as it was.
    func update<Result: Sendable>(_ body: (WatchState?) async throws -> (WatchState, Result)) async throws -> Result
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
