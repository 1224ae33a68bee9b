#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the history holds (`history info`): where it is, its schema's version, the days held and
/// the gaps between them, the films, and its size.
package struct HistoryInfo: Sendable, Equatable {
    package var path: String
    package var schemaVersion: Int64
    /// Days held whole in KOBIS's top 10 list.
    package var days: Int
    package var first: Day?
    package var last: Day?
    /// The days between the first and the last that are not held, as ranges.
    package var gaps: [ClosedRange<Day>]
    /// Days held with all four deep lists.
    package var deepDays: Int
    /// Films ranked on a day held.
    package var films: Int
    package var filmsWithDetails: Int
    /// Figures KOBIS changed in days already held.
    package var revisions: Int
    /// The database's size on disk, its write-ahead log included.
    package var bytes: Int64

    package init(path: String, schemaVersion: Int64, days: Int, first: Day?, last: Day?, gaps: [ClosedRange<Day>], deepDays: Int,
                 films: Int, filmsWithDetails: Int, revisions: Int, bytes: Int64) {
        self.path = path
        self.schemaVersion = schemaVersion
        self.days = days
        self.first = first
        self.last = last
        self.gaps = gaps
        self.deepDays = deepDays
        self.films = films
        self.filmsWithDetails = filmsWithDetails
        self.revisions = revisions
        self.bytes = bytes
    }

    /// The days between `first` and `last` not in `held`, as ranges of consecutive days.
    package static func gaps(in held: [Day]) -> [ClosedRange<Day>] {
        var gaps: [ClosedRange<Day>] = []
        for (day, next) in zip(held, held.dropFirst()) where day.adding(days: 1) < next {
            gaps.append(day.adding(days: 1)...next.adding(days: -1))
        }
        return gaps
    }
}
