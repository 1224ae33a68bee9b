import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The history as a source the engine reads, like the cache: one of the client's middlewares,
/// which says which days' lists it holds settled (KOBIS no longer revises them) and gives them
/// whole, so that a period's days it holds cost no call. The database is opened, for reading
/// only, the first time the engine asks; a history that is missing or cannot be read holds nothing.
package final class HistorySource: RankingHistory, Sendable {
    private let path: String
    private let database = Locked<HistoryDatabase??>(nil)
    /// The settled days of each list, read once.
    private let settled = Locked<[String: Set<Day>]>([:])

    package init(path: String) {
        self.path = path
    }

    /// A source over a database already open (the demo's, in memory).
    package init(database: HistoryDatabase) {
        path = database.path
        self.database.withLock { $0 = .some(database) }
    }

    private var opened: HistoryDatabase? {
        database.withLock { database in
            if let opened = database { return opened }
            let opened = try? HistoryDatabase.reading(path)
            database = .some(opened)
            return opened
        }
    }

    /// The list that `filter` asks for, when the history keeps it: KOBIS's top 10, or one of the four filtered lists.
    static func list(for filter: BoxOfficeFilter) -> String? {
        guard filter.regionCode == nil else { return nil }
        switch (filter.nation, filter.market) {
        case (nil, nil): return "all"
        case (.korean?, .diversity?): return "korean_diversity"
        case (.korean?, .commercial?): return "korean_commercial"
        case (.foreign?, .diversity?): return "foreign_diversity"
        case (.foreign?, .commercial?): return "foreign_commercial"
        default: return nil
        }
    }

    package func holds(_ day: Day, filter: BoxOfficeFilter) -> Bool {
        guard let list = Self.list(for: filter) else { return false }
        return settledDays(list).contains(day)
    }

    private func settledDays(_ list: String) -> Set<Day> {
        if let days = settled.withLock({ $0[list] }) { return days }
        let days = (try? opened?.settledDays(list: list)) ?? []
        settled.withLock { $0[list] = days }
        return days
    }

    package func rankings(of days: [Day], filter: BoxOfficeFilter) -> [Day: (ranking: DailyBoxOffice, fetched: Date)] {
        guard let list = Self.list(for: filter), let database = opened else { return [:] }
        let held = settledDays(list)
        let wanted = days.filter(held.contains)
        guard !wanted.isEmpty else { return [:] }
        return (try? database.rankings(of: wanted, list: list)) ?? [:]
    }
}

extension HistoryDatabase {
    /// The days of `list` held settled: fetched when KOBIS no longer revised them.
    package func settledDays(list: String) throws(HistoryError) -> Set<Day> {
        do {
            return Set(try connection.rows("SELECT date FROM ranking_day WHERE list = ? AND provisional = 0", [.text(list)]).compactMap { $0.first?.text.flatMap(Day.iso) })
        } catch {
            throw Self.worded(error, path: path)
        }
    }

    /// The lists of `days` held in `list`, each as KOBIS gave it, with when it was fetched.
    package func rankings(of days: [Day], list: String) throws(HistoryError) -> [Day: (ranking: DailyBoxOffice, fetched: Date)] {
        guard let first = days.min(), let last = days.max() else { return [:] }
        let wanted = Set(days)
        var fetched: [Day: Date] = [:]
        var entries: [Day: [BoxOfficeEntry]] = [:]
        do {
            for row in try connection.rows("SELECT date, fetched_at FROM ranking_day WHERE list = ? AND date BETWEEN ? AND ?",
                                           [.text(list), .text(first.iso), .text(last.iso)]) {
                guard let day = row[0].text.flatMap(Day.iso), wanted.contains(day), let stamp = row[1].text.flatMap(Day.instant) else { continue }
                fetched[day] = stamp
                entries[day] = []
            }
            try connection.query("""
                SELECT date, rank, movie_code, title, open_date, audience, audience_change, audience_total, sales, sales_share, sales_change,
                       sales_total, screens, shows, rank_change, is_new
                FROM ranking WHERE list = ? AND date BETWEEN ? AND ? ORDER BY date, rank
                """, [.text(list), .text(first.iso), .text(last.iso)]) { row throws(SQLiteError) in
                guard let day = row[0].text.flatMap(Day.iso), entries[day] != nil, let rank = row[1].integer, let code = row[2].text, let title = row[3].text else { return true }
                entries[day]?.append(BoxOfficeEntry(rank: Int(clamping: rank), rankChange: row[14].integer.map { Int(clamping: $0) }, isNew: row[15].integer == 1,
                                                    movieCode: code, title: title, openDate: row[4].text.flatMap(Day.iso),
                                                    audience: row[5].integer.map { Int(clamping: $0) }, audienceChange: row[6].integer.map { Int(clamping: $0) },
                                                    audienceTotal: row[7].integer.map { Int(clamping: $0) }, sales: row[8].integer,
                                                    salesShare: Self.real(row[9]), salesChange: row[10].integer, salesTotal: row[11].integer,
                                                    screens: row[12].integer.map { Int(clamping: $0) }, shows: row[13].integer.map { Int(clamping: $0) }))
                return true
            }
        } catch {
            throw Self.worded(error, path: path)
        }
        var rankings: [Day: (ranking: DailyBoxOffice, fetched: Date)] = [:]
        for (day, list) in entries {
            guard let stamp = fetched[day] else { continue }
            rankings[day] = (DailyBoxOffice(day: day, entries: list), stamp)
        }
        return rankings
    }

    private static func real(_ value: SQLiteValue) -> Double? {
        switch value {
        case let .real(number): number
        case let .integer(number): Double(number)
        default: nil
        }
    }
}
