#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A source of answers that holds some and asks no one for the rest: what it lacks, it cannot
/// answer (a ``NotHeldError``). The demo's recordings are one. A client over such a source (as its
/// transport, or a middleware) reads only what it holds: the engine takes from it the days a
/// period reads, the day, week, month or year shown when none is asked for, and its costs (what it
/// holds costs nothing). The source words its own notes, so that no face needs to know what it is.
package protocol ClosedAnswerSource: Sendable {
    /// What it holds.
    var held: HeldAnswers { get }
    /// Whether it holds the answer to a request (its key as ``KOBISCall/requestKey`` spells it).
    func holds(requestKey: String) -> Bool
    /// A note in its own words, for whoever reads the face's notes (`korean` where the face speaks Korean).
    func words(_ note: HeldNote, korean: Bool) -> String
}

/// What a ``ClosedAnswerSource`` holds of what faces step through and look up.
package struct HeldAnswers: Sendable {
    /// The days whose daily ranking is held, oldest first.
    package let days: [Day]
    /// The weeks whose weekly ranking is held (a day of the week, and its period), oldest first.
    package let weeks: [(day: Day, period: WeekPeriod)]
    /// The codes of the people whose records are held.
    package let people: Set<String>
    /// The codes of the companies whose records are held.
    package let companies: Set<String>
    /// How many films a film search searches.
    package let films: Int

    package init(days: [Day], weeks: [(day: Day, period: WeekPeriod)], people: Set<String>, companies: Set<String>, films: Int) {
        self.days = days
        self.weeks = weeks
        self.people = people
        self.companies = companies
        self.films = films
    }

    /// The year holding most of the days (the earliest of those tied).
    var busiestYear: Int? {
        let counts = Dictionary(days.map { ($0.year, 1) }, uniquingKeysWith: +)
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// Days in a few words: single days by name, and a run of consecutive days as its first and
    /// last, with the few days missing inside it (`2025-09-08 to 2025-10-28 but 2025-09-24 and
    /// 2025-10-20`), so that a season reads as one stretch rather than fifty dates.
    package static func describe(_ days: [Day]) -> String {
        var runs: [[Day]] = []
        for day in days.sorted() {
            // A gap of two days or fewer continues a run of at least a week; it is named as missing.
            if let last = runs.last?.last, last.days(to: day) <= 3, (runs.last?.count ?? 0) >= 7 || last.days(to: day) == 1 {
                runs[runs.count - 1].append(day)
            } else {
                runs.append([day])
            }
        }
        return runs.map { run -> String in
            guard run.count >= 7, let first = run.first, let last = run.last else { return run.map(\.iso).joined(separator: ", ") }
            let missing = PeriodReading.days(first...last).filter { !run.contains($0) }
            let but = missing.isEmpty ? "" : " but " + (missing.count == 1 ? missing[0].iso
                : missing.dropLast().map(\.iso).joined(separator: ", ") + " and " + (missing.last?.iso ?? ""))
            return "\(first.iso) to \(last.iso)" + but
        }.joined(separator: ", ")
    }
}

/// What a ``ClosedAnswerSource`` words: a default it chose from what it holds, or what it read of
/// what was asked.
package enum HeldNote: Sendable, Equatable {
    /// The latest day held, shown for a day's ranking.
    case latestDay(Day)
    /// The latest week held of a period, shown for a week's ranking.
    case latestWeek(Day, WeekPeriod)
    /// The month of the latest day held, shown for a calendar.
    case latestMonth(year: Int, month: Int)
    /// The year holding most days, ranked for a year's films.
    case busiestYear(Int)
    /// Only `read` of a period's days were held (`period` names them: "the range's 90 days").
    case someDays(read: Int, asked: Int, period: String)
    /// A film search searched what the source holds.
    case searched
    /// A period holding no day held: the words of the failure.
    case noDay(from: Day, to: Day)
    /// Nothing is sent anywhere: said once a run, when the client is composed.
    case composed
}

/// A request a ``ClosedAnswerSource`` does not hold: asking anyone else is not its way.
package protocol NotHeldError: Error, CustomStringConvertible {
    /// What was asked (nil when the request was not one of KOBIS's).
    var operation: KOBISOperation? { get }
}

/// A period of which a ``ClosedAnswerSource`` holds no day: nothing of it can be read.
package struct NoHeldDayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The period's first and last days.
    package let from: Day
    package let to: Day
    /// What the source says of it.
    package let words: String

    package var description: String { words }
}

/// A watch over a client that asks no one: what it holds never changes, so nothing would ever be told.
package struct UnchangingSourceError: Error, Sendable, Equatable {
    package init() {}
}

/// A value chosen when none was asked for, with the note saying so when a source that holds some
/// days only chose it.
package struct Defaulted<Value: Sendable>: Sendable {
    /// The value.
    package let value: Value
    /// The source's note; nil for the usual choice.
    package let note: String?
}

/// A source of days' lists kept whole and settled (the history database): the engine reads a
/// period's days from it at no call, and counts them free in a period's cost. It is one of the
/// client's middlewares (it holds answers, as a cache does); the engine asks it for the values
/// themselves, so that no KOBIS body is ever made up (`--raw` still shows KOBIS's own).
package protocol RankingHistory: BoxOfficeMiddleware {
    /// Whether `day`'s list for `filter` is held, settled (KOBIS no longer revises it).
    func holds(_ day: Day, filter: BoxOfficeFilter) -> Bool
    /// The lists held of `days` for `filter`, with when each was fetched, read in one pass.
    func rankings(of days: [Day], filter: BoxOfficeFilter) -> [Day: (ranking: DailyBoxOffice, fetched: Date)]
    /// Each film's own days for `filter` from the first day of `period` through the last of the
    /// days from it that the history holds settled, read at once, with that last day; nil when it
    /// does not hold the first (the period is then read day by day). What a period's records rest on.
    func films(over period: ClosedRange<Day>, filter: BoxOfficeFilter) -> (films: [FilmDays], through: Day)?
    /// One film's own days for `filter` (its entry on each, in order), as ``films(over:filter:)``
    /// gives every film's: what a film's run at hand rests on.
    func film(_ movieCode: String, over period: ClosedRange<Day>, filter: BoxOfficeFilter) -> (days: [Day], entries: [RunEntry], through: Day)?
}

extension RankingHistory {
    /// It answers no request itself: the engine reads its values.
    package func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                           next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        try await next(request)
    }
}

extension MiddlewareChain {
    /// The history the client reads days from, when one of its middlewares is one.
    package var rankingHistory: (any RankingHistory)? {
        middlewares.lazy.compactMap { $0 as? any RankingHistory }.first
    }

    /// The source that asks no one for what it lacks, when the client reads one: its transport or
    /// one of its middlewares.
    package var closedSource: (any ClosedAnswerSource)? {
        if let source = transport as? any ClosedAnswerSource { return source }
        return middlewares.lazy.compactMap { $0 as? any ClosedAnswerSource }.first
    }
}
