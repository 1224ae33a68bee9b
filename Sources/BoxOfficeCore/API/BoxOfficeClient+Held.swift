#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a client holds, as every face asks it: the days a period reads, a film's run at hand, the
/// day, week, month or year shown when none is asked for, and what a source that asks no one
/// (``ClosedAnswerSource``) cannot answer. No face asks where answers come from: the client knows.
extension BoxOfficeClient {
    /// Whether the client asks no one for what it does not hold (it reads a ``ClosedAnswerSource``):
    /// then nothing is counted, no poster is looked up, no day fetched ahead, and an assistant's
    /// tools are not open to the world.
    package var asksNoOne: Bool { closedSource != nil }

    /// The days whose daily ranking the client holds, when it holds some only (it asks no one
    /// for the rest); nil when every published day can be read.
    package var heldDays: [Day]? { closedSource?.held.days }

    /// The weeks whose weekly ranking the client holds, when it holds some only; nil otherwise.
    package var heldWeeks: [(day: Day, period: WeekPeriod)]? { closedSource?.held.weeks }

    /// The codes of the people (`people`) or companies (`company`) whose records the client
    /// holds, when it holds some only; nil when every one can be read.
    package func heldRecords(of kind: String) -> Set<String>? {
        guard let held = closedSource?.held else { return nil }
        return kind == "people" ? held.people : held.companies
    }

    /// The day a ranking shows when none is asked for: yesterday in Korea; over a source that
    /// holds some days only, the latest it holds, with its note.
    package func defaultDay(today: Day) -> Defaulted<Day> {
        guard let source = closedSource, let latest = source.held.days.last else { return Defaulted(value: today.adding(days: -1), note: nil) }
        return Defaulted(value: latest, note: source.words(.latestDay(latest), korean: false))
    }

    /// The week a weekly ranking shows when none is asked for, over a source that holds some
    /// only: its latest week of `period` (of any period when none is asked), with its note; nil
    /// for the usual choice (last week), or when it holds no week of that period.
    package func defaultWeek(period: WeekPeriod?) -> Defaulted<HeldWeek>? {
        guard let source = closedSource, let latest = source.held.weeks.last, period == nil || period == latest.period else { return nil }
        return Defaulted(value: HeldWeek(day: latest.day, period: latest.period), note: source.words(.latestWeek(latest.day, latest.period), korean: false))
    }

    /// The month a calendar shows when none is asked for, over a source that holds some days
    /// only: the month of its latest day, with its note; nil for the usual choice.
    package func defaultMonth() -> Defaulted<HeldMonth>? {
        guard let source = closedSource, let latest = source.held.days.last else { return nil }
        return Defaulted(value: HeldMonth(year: latest.year, month: latest.month), note: source.words(.latestMonth(year: latest.year, month: latest.month), korean: false))
    }

    /// The year `top` ranks when none is asked for, over a source that holds some days only: the
    /// year it holds most days of, with its note; nil for the usual choice.
    package func defaultYear() -> Defaulted<Int>? {
        guard let source = closedSource, let year = source.held.busiestYear else { return nil }
        return Defaulted(value: year, note: source.words(.busiestYear(year), korean: false))
    }

    /// What a film search searched, when it was not KOBIS (a source's own films), in its words.
    package var searchNote: String? { closedSource?.words(.searched, korean: false) }

    /// A title that named no film or several, said as the client searched it.
    package func worded(_ error: AmbiguousTitleError) -> AmbiguousTitleError {
        var error = error
        error.searchedHeld = closedSource?.held.films
        return error
    }

    /// The days a film's run is looked for in when its opening day is not known: every day held
    /// (a source that holds some only), or the two years to yesterday.
    package func runWindow(today: Day) -> ClosedRange<Day> {
        if let days = closedSource?.held.days, let first = days.first, let last = days.last { return first...last }
        return today.adding(days: -730)...today.adding(days: -1)
    }

    /// Whether `error` says only that the client holds no details of a film (a source that holds
    /// some only): what else is known of the film is still worth showing.
    package func lacksDetails(_ error: any Error) -> Bool {
        (error as? any NotHeldError)?.operation == .movieInfo
    }

    /// Whether `error` says only that the client holds nothing of a ranking, a person or a company.
    package func holdsNothing(_ error: any Error) -> Bool {
        guard let operation = (error as? any NotHeldError)?.operation else { return false }
        return [.peopleInfo, .peopleList, .companyInfo, .dailyBoxOffice, .weeklyBoxOffice].contains(operation)
    }

    /// A film's run, as every face reads it: at hand, the days the client holds at no call (a
    /// source's own, or the cache's, read without asking KOBIS), `jobs` at a time; whole, as `whole`
    /// reads a period (its cost approved first). A day not at hand is not held, or not cached.
    /// `deep`: from each day's deep ranking, whose four lists must all be at hand.
    package nonisolated(nonsending) func filmRun(of movie: Movie, _ run: FilmRun.Reading, deep: Bool = false, today: Day, jobs: Int,
                                             whole: @autoclosure () -> PeriodReading) async throws -> FilmRun? {
        let unheld: UnreadDay.Reason = asksNoOne ? .notHeld : .notCached
        guard run == .whole else {
            let (engine, reading) = atHand(jobs: jobs, deep: deep)
            return try await engine.filmRun(of: movie.code, openDate: movie.openDate, run: .atHand, deep: deep, today: today, reading: reading, unheld: unheld)
        }
        return try await filmRun(of: movie.code, openDate: movie.openDate, run: .whole, deep: deep, today: today, reading: whole(), unheld: unheld)
    }
}

/// A week held: a day of it, and its period.
package struct HeldWeek: Sendable, Equatable {
    package let day: Day
    package let period: WeekPeriod
}

/// A month, by its year and number.
package struct HeldMonth: Sendable, Equatable {
    package let year: Int
    package let month: Int
}

extension BoxOfficeClient {
    /// The source that asks no one for what it lacks, when the client reads one.
    package var closedSource: (any ClosedAnswerSource)? { chain.closedSource }

    /// How the days at hand are read, at no call: over a source that holds some days only, those
    /// it holds; with a cache, every day read from the cache alone in one pass (a day it does not
    /// hold, or cannot read, is simply not at hand); else the days some middleware holds.
    package func atHand(jobs: Int, deep: Bool) -> (client: BoxOfficeClient, reading: PeriodReading) {
        if let held = closedSource?.held.days {
            let set = Set(held)
            return (self, PeriodReading(jobs: jobs, readable: { days in days.filter(set.contains) }))
        }
        if chain.middlewares.contains(where: { $0 is CacheMiddleware }) {
            var offline = self
            offline.cacheMode = .offline
            var reading = PeriodReading(jobs: jobs)
            reading.unreadableIsNotCached = true
            return (offline, reading)
        }
        let engine = self
        return (self, PeriodReading(jobs: jobs, readable: { days in days.filter { engine.holdsRanking(of: $0, deep: deep) } }))
    }

    /// The days of a period that `reading` reads: over a source that holds some days only, when
    /// the reading names its period (``PeriodReading/period``), those it holds, saying how many
    /// they are (``PeriodReading/note``), and refusing a period that holds none
    /// (``NoHeldDayError``); else every one. Then as the reading itself narrows them.
    package func readable(_ days: [Day], reading: PeriodReading) throws -> [Day] {
        guard let source = closedSource, let period = reading.period, let first = days.first, let last = days.last else {
            return try reading.readable(days)
        }
        let held = Set(source.held.days)
        let read = days.filter(held.contains)
        guard !read.isEmpty else {
            throw NoHeldDayError(from: first, to: last, words: source.words(.noDay(from: first, to: last), korean: reading.korean))
        }
        if read.count < days.count {
            reading.note?(source.words(.someDays(read: read.count, asked: days.count, period: period(days)), korean: reading.korean))
        }
        return try reading.readable(read)
    }
}
