#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ranking of one week, or of its weekend or weekdays.
public struct WeeklyBoxOffice: Sendable, Equatable {
    /// Which days of the week were added up.
    public let period: WeekPeriod
    /// The first and last day KOBIS added up.
    public let start: Day
    /// The last day KOBIS added up.
    public let end: Day
    /// KOBIS's `yearWeekTime`: ISO year and week, e.g. `202312`.
    public let yearWeek: String?
    /// The films, by rank: at most ten.
    public package(set) var entries: [BoxOfficeEntry]
    /// Which films the ranking covers when it is filtered; nil for all films.
    package var scope: RankingScope? = nil
    /// Whether KOBIS may still revise the figures: fetched less than three days after the period ended (Korean time).
    public var provisional = false
    /// In a deep ranking, the last rank certainly in its true place (see ``DailyBoxOffice/exactThrough``).
    public package(set) var exactThrough: Int? = nil
}

extension WeeklyBoxOffice {
    /// Converts KOBIS's answer for the week holding `day`, rejecting values that make no sense.
    package init(_ response: WeeklyBoxOfficeResponse, requested day: Day, period: WeekPeriod) throws {
        let result = response.boxOfficeResult
        let expected = period.days(ofWeekHolding: day)
        let range = BoxOfficeEntry.range(result.showRange)
        // The answer must be about the week asked for; another week would be filed under the wrong one.
        if let range, range.start < expected.start.adding(days: -6) || range.end > expected.end.adding(days: 6) {
            throw KOBISError.unreadable(.wrongShape("showRange \(result.showRange ?? "") is not the week holding \(day.iso)"))
        }
        self.period = period
        start = range?.start ?? expected.start
        end = range?.end ?? expected.end
        yearWeek = FieldValue.text(result.yearWeekTime)
        entries = try BoxOfficeEntry.ranking(result.weeklyBoxOfficeList, list: "weeklyBoxOfficeList")
    }
}

extension WeekPeriod {
    /// The days this period covers in the Monday-to-Sunday week that holds `day`.
    package func days(ofWeekHolding day: Day) -> (start: Day, end: Day) {
        let monday = day.adding(days: 1 - day.weekday.rawValue)
        return switch self {
        case .week: (monday, monday.adding(days: 6))
        case .weekend: (monday.adding(days: 4), monday.adding(days: 6))
        case .weekdays: (monday, monday.adding(days: 3))
        }
    }
}

extension WeeklyBoxOffice: FetchStamped {
    /// The ranking as fetched at `instant`: provisional when KOBIS could still revise the
    /// period's figures then (less than three Korean days after its last day).
    package func fetched(at instant: Date) -> WeeklyBoxOffice {
        var copy = self
        copy.provisional = !Freshness.boxOffice(lastDay: end).isSettled(stored: instant)
        return copy
    }
}
