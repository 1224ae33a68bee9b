import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a sync is asked: the days, whether the four filtered lists and the films' details too,
/// and the most calls to KOBIS it may make (nil: no limit).
package struct SyncRequest: Sendable, Equatable {
    package var range: ClosedRange<Day>
    package var deep: Bool
    package var details: Bool
    package var limit: Int?

    package init(range: ClosedRange<Day>, deep: Bool = false, details: Bool = false, limit: Int? = nil) {
        self.range = range
        self.deep = deep
        self.details = details
        self.limit = limit
    }

    /// KOBIS revises a day's figures for a few days: the last 7 days are read again each time.
    package static let revisedDays = 7
}

/// What a sync did: the days read (new, and read again), the figures revised, the days KOBIS
/// could not answer (left for the next run), and where the limit of calls stopped it.
package struct SyncReport: Sendable, Equatable {
    package var added = 0
    package var readAgain = 0
    package var revisions = 0
    package var details = 0
    /// Films whose details KOBIS could not give (it does not know the code, or failed): asked again next time.
    package var detailsNotRead = 0
    package var notRead: [UnreadDay] = []
    /// The days still to read when the limit of calls was reached, oldest first.
    package var left: [Day] = []
    /// The films whose details are still to read when the limit was reached.
    package var detailsLeft = 0

    package init() {}
}

extension HistoryDatabase {
    /// The four filtered lists a deep sync keeps, with the filter that asks KOBIS for each.
    package static let deepLists: [(list: String, filter: BoxOfficeFilter)] = [
        ("korean_diversity", BoxOfficeFilter(nation: .korean, market: .diversity)),
        ("korean_commercial", BoxOfficeFilter(nation: .korean, market: .commercial)),
        ("foreign_diversity", BoxOfficeFilter(nation: .foreign, market: .diversity)),
        ("foreign_commercial", BoxOfficeFilter(nation: .foreign, market: .commercial)),
    ]

    /// Reads into the history, oldest first, every day of `request.range` it does not hold (in
    /// each list asked), and the last 7 days again (KOBIS revises them, each change kept in
    /// `revision`), each day kept in its own transaction as it arrives; then, with `details`, the
    /// details of each film ranked on a day held that it lacks. What the client's cache holds
    /// costs no call; past `request.limit` calls it stops, saying what is left for the next run.
    /// A spent quota ends it as it ends any reading, with every day read so far kept.
    package func sync(_ request: SyncRequest, client: BoxOfficeClient, today: Day, reading: PeriodReading) async throws -> SyncReport {
        var report = SyncReport()
        let recent = today.adding(days: -SyncRequest.revisedDays)...today.adding(days: -1)
        let lists = [("all", BoxOfficeFilter())] + (request.deep ? Self.deepLists : [])
        // What each list lacks, and the recent days it holds, in the order they are read.
        var wanted: [(day: Day, list: String, filter: BoxOfficeFilter, again: Bool)] = []
        var held: [String: Set<Day>] = [:]
        for (list, _) in lists { held[list] = try heldDays(in: request.range, list: list) }
        for day in PeriodReading.days(request.range) {
            for (list, filter) in lists {
                let has = held[list]?.contains(day) ?? false
                if !has || recent.contains(day) { wanted.append((day, list, filter, has)) }
            }
        }
        // Within the limit: answers the cache holds cost nothing.
        var budget = request.limit ?? .max
        var chosen: [(day: Day, list: String, filter: BoxOfficeFilter, again: Bool)] = []
        var toFetch = 0
        for (index, item) in wanted.enumerated() {
            let costs = client.isCached(.daily(item.day, filter: item.filter)) ? 0 : 1
            guard costs <= budget else {
                report.left = Array(Set(wanted[index...].map(\.day))).sorted()
                break
            }
            budget -= costs
            toFetch += costs
            chosen.append(item)
        }
        if !chosen.isEmpty {
            // What is read is within the limit already; the face says so, and lets the run spend it.
            if !reading.isApproved { try await reading.approve(ReadingCost(days: Set(chosen.map(\.day)).count, calls: chosen.count, toFetch: toFetch)) }
            reading.began(chosen.map(\.day))
            for (list, filter) in lists {
                let days = chosen.filter { $0.list == list }
                guard !days.isEmpty else { continue }
                let again = Set(days.filter(\.again).map(\.day))
                var quiet = reading.approved
                quiet.began = { _ in }
                let failed = try await client.answers(of: days.map(\.day), reading: quiet, call: { .daily($0, filter: filter) }) { answer in
                    report.revisions += try store(answer.value, list: list, fetched: answer.fetched)
                    if again.contains(answer.value.day) { report.readAgain += 1 } else { report.added += 1 }
                }
                // A day the run's budget of calls (retries included) did not reach is left for the next run, as the limit's.
                report.notRead += failed.filter { if case .callLimit = $0.reason { false } else { true } }
                report.left += failed.filter { if case .callLimit = $0.reason { true } else { false } }.map(\.day)
            }
            report.left = Array(Set(report.left)).sorted()
        }
        if request.details, report.left.isEmpty {
            let missing = try filmsWithoutDetails()
            // No limit: the run may spend what the details need (each call tried at most four times).
            if request.limit == nil { CallBudget.current?.allow(missing.count * 4) }
            // Within the limit (what the cache holds costs nothing), read `jobs` at a time, each kept as it arrives.
            var chosen: [String] = []
            for code in missing {
                let costs = client.isCached(.movie(code: code)) ? 0 : 1
                guard costs <= budget else { break }
                budget -= costs
                chosen.append(code)
            }
            report.detailsLeft = missing.count - chosen.count
            try await forEachInOrder(chosen, limit: reading.jobs) { code -> Answer<Movie>? in
                do {
                    return try await client.answer(.movie(code: code))
                } catch where error is NotFoundError || BoxOfficeClient.unreadReason(error) != nil {
                    // A code KOBIS does not know, or a failure of its own: the others go on.
                    return nil
                }
            } deliver: { _, answer in
                guard let answer else {
                    report.detailsNotRead += 1
                    return
                }
                try store(answer.value, fetched: answer.fetched)
                report.details += 1
            }
        }
        return report
    }

    /// Moves what the write-ahead log holds into the database file, so that the file alone is
    /// whole (for a copy, or a tool that opens it read-only).
    package func checkpoint() throws(HistoryError) {
        do {
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch {
            throw Self.worded(error, path: path)
        }
    }

    /// The films ranked on a day held whose details the history lacks, by code.
    package func filmsWithoutDetails() throws(HistoryError) -> [String] {
        do {
            return try connection.rows("SELECT DISTINCT movie_code FROM ranking WHERE movie_code NOT IN (SELECT movie_code FROM movie) ORDER BY movie_code")
                .compactMap { $0.first?.text }
        } catch {
            throw Self.worded(error, path: path)
        }
    }

    /// Keeps a film's details, replacing those held.
    package func store(_ movie: Movie, fetched: Date) throws(HistoryError) {
        func list(_ names: [String]) -> SQLiteValue { .text(JSONValue.array(names.map(JSONValue.string)).serialized(pretty: false)) }
        let distributors = movie.companies.filter { ($0.role ?? "").contains("배급") }.map(\.name)
        do {
            try connection.transaction {
                try connection.run("""
                    INSERT OR REPLACE INTO movie (movie_code, title, title_english, production_year, open_date, status, grade, runtime, genres,
                                                  nations, directors, distributors, fetched_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(movie.code), .text(movie.title), movie.titleEnglish.map { .text($0) } ?? .null,
                          movie.productionYear.map { .integer(Int64($0)) } ?? .null, movie.openDate.map { .text($0.iso) } ?? .null,
                          movie.status.map { .text($0) } ?? .null, movie.audits.first?.grade.map { .text($0) } ?? .null,
                          movie.runtimeMinutes.map { .integer(Int64($0)) } ?? .null, list(movie.genres), list(movie.nations),
                          list(movie.directors.map(\.name)), list(distributors), .text(Day.koreanISO(fetched))])
            }
        } catch {
            throw Self.worded(error, path: path)
        }
    }
}
