import BoxOfficeCore
import BoxOfficeRendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a run's answers come from, chosen once (`CommandContext.source`): KOBIS itself, which
/// holds every published day, or the recordings inside boxoffice (`--demo`), which hold some.
/// Commands ask it what it holds and what to show when nothing is asked for; none asks which it is.
package struct AnswerSource: Sendable {
    /// Whether only some days are held (the samples).
    private let sampled: Bool

    /// The days and weeks the samples hold, read from their catalogue when first asked for (a
    /// command that names its day never asks).
    private static let held = (days: SampleTransport.sampleDays, weeks: SampleTransport.sampleWeeks)

    /// The days and weeks held, when only some are (the samples); nil for KOBIS.
    private var samples: (days: [Day], weeks: [(day: Day, period: WeekPeriod)])? { sampled ? Self.held : nil }

    /// KOBIS, through the network.
    package static let kobis = AnswerSource(sampled: false)
    /// The recordings inside boxoffice: no key, no network.
    package static let recordings = AnswerSource(sampled: true)

    /// Whether answers come from the outside world (so calls are counted, posters looked up,
    /// days prefetched, and an MCP tool is open-world).
    package var reachesNetwork: Bool { !sampled }

    /// The global options that start boxoffice on this source again (`--demo` for the samples):
    /// what a registration of the MCP server passes.
    package var options: [String] { sampled ? ["--demo"] : [] }

    /// What a movie search searches when it is not KOBIS, in a note; nil for KOBIS.
    package var searchedFilms: String? {
        sampled ? "searched the samples (titles, directors, recorded searches), not KOBIS." : nil
    }

    /// The days of `days` whose ranking can be read at no call: the ones held (the samples), or
    /// the ones `cached` says the cache holds (KOBIS).
    package func atHand(_ days: [Day], cached: (Day) -> Bool) -> [Day] {
        guard let held = samples?.days else { return days.filter(cached) }
        let set = Set(held)
        return days.filter(set.contains)
    }

    /// The days a film's run is looked for in when its opening day is not known: every day held
    /// (the samples), or the two years to yesterday (KOBIS).
    package func runWindow(today: Day) -> ClosedRange<Day> {
        if let first = samples?.days.first, let last = samples?.days.last { return first...last }
        return today.adding(days: -730)...today.adding(days: -1)
    }

    /// The codes whose record (`people`: a person's, `company`: a company's) the source holds,
    /// when it holds only some (the samples); nil for KOBIS, which holds every one.
    package func heldRecords(of kind: String) -> Set<String>? {
        guard sampled else { return nil }
        return Set(SampleCatalog.samples(of: kind == "people" ? .peopleInfo : .companyInfo))
    }

    /// Whether `error` says only that the source does not hold a film's details (the samples):
    /// what else is known of the film is still worth showing.
    package func lacksDetails(_ error: any Error) -> Bool {
        guard let error = error as? SampleDataError else { return false }
        return error.operation == .movieInfo
    }

    /// The days and weeks held, for a view that steps only through those; nil when every day is.
    package var heldDays: [Day]? { samples?.days }
    package var heldWeeks: [(day: Day, period: WeekPeriod)]? { samples?.weeks }

    /// The day a ranking shows when none is asked for: yesterday in Korea, or the latest day held
    /// (with a note saying so).
    package func defaultDay(today: Day, notice: ((String) -> Void)?) -> Day {
        guard let latest = samples?.days.last else { return today.adding(days: -1) }
        notice?("the samples end on \(latest.iso); showing that day (pass --date for another sample day).")
        return latest
    }

    /// The week shown when none is asked for, when the source holds only some: its latest week of
    /// `period` (or of any period when none is asked), with a note; nil for KOBIS.
    package func defaultWeek(period: WeekPeriod?, notice: ((String) -> Void)?) -> (day: Day, period: WeekPeriod)? {
        guard let sample = samples?.weeks.last, period == nil || period == sample.period else { return nil }
        notice?("the samples hold the \(sample.period.rawValue) list of the week of \(sample.day.iso); showing it (pass --date for another).")
        return sample
    }

    /// The month a calendar shows when none is asked for, when the source holds only some days:
    /// the month of its latest day, with a note; nil for KOBIS.
    package func defaultMonth(notice: ((String) -> Void)?) -> (year: Int, month: Int)? {
        guard let latest = samples?.days.last else { return nil }
        notice?("the samples end in \(cFormat("%04d-%02d", latest.year, latest.month)); showing that month (the samples hold only some days).")
        return (latest.year, latest.month)
    }

    /// The year `top` ranks when none is asked for, when the source holds only some days: the
    /// year it holds most days of, with a note; nil for KOBIS.
    package func defaultYear(notice: ((String) -> Void)?) -> Int? {
        guard let years = samples?.days.map(\.year),
              let year = Set(years).max(by: { a, b in (years.filter { $0 == a }.count, b) < (years.filter { $0 == b }.count, a) }) else { return nil }
        notice?("the samples hold only some days; showing \(year), the year they hold most days of (pass --year or --month for another).")
        return year
    }

    /// The days of a period that can be read: all of them from KOBIS; the ones held otherwise,
    /// saying how many of them those are (`period` names them: "the range's 90 days"), and
    /// refusing a period holding none, naming the days held.
    package func readable(_ days: [Day], period: String, notice: ((String) -> Void)?, korean: Bool = false) throws -> [Day] {
        guard let held = samples?.days, let first = days.first, let last = days.last else { return days }
        let read = days.filter(held.contains)
        guard !read.isEmpty else { throw SamplePeriodError(from: first, to: last) }
        if read.count < days.count {
            notice?(korean ? "\(days.count)일 가운데 예시 자료에 있는 \(read.count)일만 읽었습니다."
                : "read \(read.count) of \(period), the ones the sample data holds.")
        }
        return read
    }

    /// A title that named no film or several, said as this source searched it (the samples, or KOBIS).
    package func worded(_ error: AmbiguousTitleError) -> AmbiguousTitleError {
        var error = error
        error.searchedSamples = searchedFilms != nil
        return error
    }

    /// Which days of a period a face reads, as a reading asks: with `period` (naming the days for
    /// the note, "the range's 90 days"), the ones this source holds (``readable(_:period:notice:)``);
    /// without, every one.
    package func reader(of period: (@Sendable ([Day]) -> String)?, notice: (@Sendable (String) -> Void)?, korean: Bool = false) -> @Sendable ([Day]) throws -> [Day] {
        let source = self
        return { days in try period.map { try source.readable(days, period: $0(days), notice: notice, korean: korean) } ?? days }
    }

    /// A film's run as a face reads it: at hand, the days this source holds at no call (the
    /// samples', or the cache's, read offline so nothing is fetched), `jobs` at a time; whole, as
    /// `whole` reads a period (its cost approved first). A day not at hand is not held (the
    /// samples) or not cached (KOBIS).
    /// `deep`: from each day's deep ranking, whose four lists must all be at hand.
    package nonisolated(nonsending) func filmRun(of movie: Movie, _ run: FilmRun.Reading, deep: Bool = false, client: BoxOfficeClient, today: Day, jobs: Int,
                                             whole: @autoclosure () -> PeriodReading) async throws -> FilmRun? {
        let unheld: UnreadDay.Reason = sampled ? .notHeld : .notCached
        guard run == .whole else {
            let offline = client.cacheMode(.offline)
            let source = self
            // The samples' days; or every day, read from the cache alone, a day it does not hold being not at hand.
            var reading = PeriodReading(jobs: jobs, readable: { days in source.atHand(days) { _ in true } })
            reading.unreadableIsNotCached = true
            return try await offline.filmRun(of: movie.code, openDate: movie.openDate, run: .atHand, deep: deep, today: today, reading: reading, unheld: unheld)
        }
        return try await client.filmRun(of: movie.code, openDate: movie.openDate, run: .whole, deep: deep, today: today, reading: whole(), unheld: unheld)
    }
}
