#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a trend without a range of days has no run to read.
package enum TrendRangeError: Error, Sendable, Equatable {
    /// KOBIS gives no opening day for the film titled so, so its run has no start.
    case noOpeningDay(title: String)
    /// The film titled so opens on this day, which is not yet past.
    case notOpenYet(title: String, opens: Day)
}

extension BoxOfficeClient {
    /// Films compared day by day: each one's rank and audience on every day of `range`; without a
    /// range, from the earliest opening day until every film has left the top 10 (for three days,
    /// or two weeks without reaching it), 60 days at most, yesterday at the latest. Aligned by
    /// opening, each film's own run is read from its opening and the runs are laid side by side
    /// by days since opening. Opening days the rankings do not give come from the films' details.
    package nonisolated(nonsending) func trend(of codes: [String], range: ClosedRange<Day>?, alignedByOpening: Bool,
                                           today: Day, reading: PeriodReading) async throws -> Trend {
        // The details are needed only for the opening days of a default range; the rankings name the films.
        var movies: [Movie] = []
        var reading = reading
        if range == nil {
            for code in codes { movies.append(try await fetch(.movie(code: code))) }
            // Every day the runs may need, asked once: the runs stop early once the films have left.
            let windows = movies.compactMap(\.openDate).filter { $0 < today }.map { start in
                PeriodReading.days(start...min(today.adding(days: -1), start.adding(days: Trend.defaultDays - 1)))
            }
            let days = Array(Set(alignedByOpening ? windows.flatMap { $0 } : windows.first.map { _ in
                let start = windows.compactMap(\.first).min() ?? today
                return PeriodReading.days(start...min(today.adding(days: -1), start.adding(days: Trend.defaultDays - 1)))
            } ?? [])).sorted()
            if !days.isEmpty {
                try await reading.approve(cost(of: days.map { KOBISCall<DailyBoxOffice>.daily($0) }, days: days.count, atMost: true))
                reading = reading.approved
            }
        }
        if alignedByOpening, range == nil {
            return try await ownRuns(movies, today: today, reading: reading)
        }
        let (rankings, coverage) = try await rankings(for: codes, movies: movies, range: range, today: today, reading: reading)
        if alignedByOpening {
            // Where the rankings give no opening date, the film's details may.
            let dated = Set(rankings.flatMap { $0.entries.filter { $0.openDate != nil }.map(\.movieCode) })
            for code in codes where !dated.contains(code) {
                do {
                    movies.append(try await fetch(.movie(code: code)))
                } catch is NotFoundError {
                    // No details: the film has no days since opening, and is left out of the aligned chart.
                }
            }
        }
        var trend = Trend(films: codes.map { code in (code, movies.first { $0.code == code }?.title ?? code) }, rankings: rankings,
                          openDates: Dictionary(movies.compactMap { movie in movie.openDate.map { (movie.code, $0) } }, uniquingKeysWith: { a, _ in a }))
        if range == nil { trend = trend.trimmed() }
        trend.alignedByOpening = alignedByOpening
        trend.coverage = coverage
        return trend
    }

    /// Each film's own run from its opening day, read as a default range is, laid side by side by
    /// days since opening.
    private nonisolated(nonsending) func ownRuns(_ movies: [Movie], today: Day, reading: PeriodReading) async throws -> Trend {
        var series: [Trend.Series] = []
        var dates: [Day] = []
        var coverage = PeriodCoverage(daysInPeriod: 0)
        for movie in movies {
            let (rankings, read) = try await rankings(for: [movie.code], movies: [movie], range: nil, today: today, reading: reading)
            let run = Trend(films: [(movie.code, movie.title)], rankings: rankings, openDates: movie.openDate.map { [movie.code: $0] } ?? [:]).trimmed()
            series += run.movies
            dates += [run.from, run.to]
            coverage = coverage + read
        }
        let from = dates.min() ?? today, to = dates.max() ?? today
        var trend = Trend(from: from, to: to, movies: series, alignedByOpening: true)
        trend.coverage = coverage
        return trend
    }

    /// The daily rankings of the range; without one, from the earliest opening day until every
    /// film has left the top 10, or 60 days, or yesterday. `coverage` says which of the period's
    /// days were read (a run stopped early counts the days it did not need as read).
    private nonisolated(nonsending) func rankings(for codes: [String], movies: [Movie], range: ClosedRange<Day>?, today: Day,
                                              reading: PeriodReading) async throws -> (rankings: [DailyBoxOffice], coverage: PeriodCoverage) {
        let yesterday = today.adding(days: -1)
        let period: [Day]
        if let range {
            period = PeriodReading.days(range)
        } else {
            let openings = movies.map(\.openDate)
            guard let start = openings.compactMap({ $0 }).min(), !openings.contains(nil) else {
                throw TrendRangeError.noOpeningDay(title: movies.first { $0.openDate == nil }?.title ?? "")
            }
            guard start <= yesterday else {
                throw TrendRangeError.notOpenYet(title: movies.first { $0.openDate == start }?.title ?? "", opens: start)
            }
            period = PeriodReading.days(start...min(yesterday, start.adding(days: Trend.defaultDays - 1)))
        }
        let days = try readable(period, reading: reading)
        var rankings: [DailyBoxOffice] = []
        var failed: [UnreadDay] = []
        do {
            failed = try await dailyRankings(of: days, reading: reading) { ranking in
                rankings.append(ranking)
                if range == nil, Self.everyFilmHasLeft(codes, rankings) { throw StopEarly() }
            }
        } catch is StopEarly {}
        return (rankings, PeriodCoverage(asked: period, read: days, failed: failed))
    }

    /// Whether every film has been in the top 10 and then out of it for the last three days, or
    /// has not reached it in two weeks.
    private static func everyFilmHasLeft(_ codes: [String], _ rankings: [DailyBoxOffice]) -> Bool {
        guard rankings.count >= 3 else { return false }
        return codes.allSatisfy { code in
            let ranked = rankings.contains { $0.entries.contains { $0.movieCode == code } }
            guard ranked else { return rankings.count >= 14 }
            return rankings.suffix(3).allSatisfy { !$0.entries.contains { $0.movieCode == code } }
        }
    }

    private struct StopEarly: FinishedEarly {}

    /// One film's run as far as the daily rankings at hand tell it: the days of `window` that
    /// `reading.readable` gives (the caller keeps only those it can read at no call: a cache's, a
    /// demo's recordings), up to yesterday. Days that are not at hand are in its coverage as not
    /// held; with none at hand, the run has no point and its title is the code.
    package nonisolated(nonsending) func runAtHand(of code: String, within window: ClosedRange<Day>, today: Day,
                                               reading: PeriodReading) async throws -> Trend {
        try await runsAtHand(of: code, within: window, today: today, reading: reading).trend
    }

    /// The same, with the run as the press counts it (``FilmRun``) from the same days; nil when
    /// none of them ranks the film.
    package nonisolated(nonsending) func runsAtHand(of code: String, within window: ClosedRange<Day>, today: Day,
                                                reading: PeriodReading) async throws -> (trend: Trend, run: FilmRun?) {
        let yesterday = today.adding(days: -1)
        let period = window.lowerBound <= yesterday ? PeriodReading.days(window.lowerBound...min(window.upperBound, yesterday)) : []
        let days = try readable(period, reading: reading)
        var rankings: [DailyBoxOffice] = []
        var failed = try await dailyRankings(of: days, reading: reading) { rankings.append($0) }
        // Read from the cache alone (``BoxOfficeClient/atHand(jobs:deep:)``), a day it does not hold
        // was simply not at hand, as a day a source does not hold.
        var read = days
        if reading.unreadableIsNotCached {
            let missing = Set(failed.filter { $0.reason == .notCached }.map(\.day))
            failed.removeAll { missing.contains($0.day) }
            read.removeAll(where: missing.contains)
        }
        let coverage = PeriodCoverage(asked: period, read: read, failed: failed)
        var trend = if rankings.isEmpty {
            Trend(from: window.lowerBound, to: min(window.upperBound, max(window.lowerBound, yesterday)),
                  movies: [Trend.Series(movieCode: code, title: code, points: [])])
        } else {
            Trend(films: [(code, code)], rankings: rankings)
        }
        trend.coverage = coverage
        let ranked = rankings.contains { $0.entries.contains { $0.movieCode == code } }
        let run = ranked && !period.isEmpty
            ? FilmRun(movieCode: code, openDate: nil, rankings: rankings, period: period[0]...period[period.count - 1], coverage: coverage) : nil
        return (trend, run)
    }
}

extension Trend {
    /// Without a range, a film's run is read for at most this many days from its opening.
    package static let defaultDays = 60

    /// Without the days at the end on which no film was in the top 10 (but one, to show the drop).
    package func trimmed() -> Trend {
        guard let last = movies.flatMap(\.points).filter(\.isRanked).map(\.date).max() else { return self }
        let end = min(to, last.adding(days: 1))
        return Trend(from: from, to: end, movies: movies.map { movie in
            Series(movieCode: movie.movieCode, title: movie.title, openDate: movie.openDate, points: movie.points.filter { $0.date <= end })
        }, alignedByOpening: alignedByOpening)
    }
}
