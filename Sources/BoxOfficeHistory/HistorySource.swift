import BoxOfficeCore
import Dispatch
import Glibc
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
    /// The settled days of each list, read a year at a time as they are asked for (a year's
    /// question reads a year's days, not the whole past's).
    private let settled = Locked<[SettledYear: Set<Day>]>([:])

    private struct SettledYear: Hashable {
        let list: String
        let year: Int
    }

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
        return settledDays(list, year: day.year).contains(day)
    }

    private func settledDays(_ list: String, year: Int) -> Set<Day> {
        let key = SettledYear(list: list, year: year)
        if let days = settled.withLock({ $0[key] }) { return days }
        let days = (try? opened?.settledDays(list: list, year: year)) ?? []
        settled.withLock { $0[key] = days }
        return days
    }

    package func films(over period: ClosedRange<Day>, filter: BoxOfficeFilter) -> (films: [FilmDays], through: Day)? {
        guard let list = Self.list(for: filter), let database = opened, let through = (try? database.settledThrough(period, list: list)) ?? nil,
              let films = films(over: period.lowerBound...through, list: list, from: database) else { return nil }
        return (films, through)
    }

    /// The films of `days`: a long period (two years or more: a whole past is 80,000 rows) read as
    /// two halves at once, each on a connection of its own, where the machine has two processors
    /// and the history is a file; any other at once.
    private func films(over days: ClosedRange<Day>, list: String, from database: HistoryDatabase) -> [FilmDays]? {
        let count = days.lowerBound.days(to: days.upperBound) + 1
        guard count >= 730, path != ":memory:", sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2, let other = try? HistoryDatabase.reading(path) else {
            return try? database.films(over: days, list: list)
        }
        let middle = days.lowerBound.adding(days: count / 2)
        let halves = [(database, days.lowerBound...middle.adding(days: -1)), (other, middle...days.upperBound)]
        let read = Locked<[[FilmDays]?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: halves.count) { half in
            let films = try? halves[half].0.films(over: halves[half].1, list: list)
            read.withLock { $0[half] = films }
        }
        guard let earlier = read.withLock({ $0[0] }), let later = read.withLock({ $0[1] }) else { return nil }
        return FilmDays.joining(earlier, later)
    }

    package func film(_ movieCode: String, over period: ClosedRange<Day>, filter: BoxOfficeFilter) -> (days: [Day], entries: [RunEntry], through: Day)? {
        guard let list = Self.list(for: filter), let database = opened, let through = (try? database.settledThrough(period, list: list)) ?? nil,
              let film = try? database.film(movieCode, over: period.lowerBound...through, list: list) else { return nil }
        return (film.days, film.entries, through)
    }

    package func rankings(of days: [Day], filter: BoxOfficeFilter) -> [Day: (ranking: DailyBoxOffice, fetched: Date)] {
        guard let list = Self.list(for: filter), let database = opened else { return [:] }
        var years: [Int: Set<Day>] = [:]
        let wanted = days.filter { day in
            if years[day.year] == nil { years[day.year] = settledDays(list, year: day.year) }
            return years[day.year]?.contains(day) == true
        }
        guard !wanted.isEmpty else { return [:] }
        return (try? database.rankings(of: wanted, list: list)) ?? [:]
    }
}

extension HistoryDatabase {
    /// The days of `list` in `year` held settled: fetched when KOBIS no longer revised them.
    package func settledDays(list: String, year: Int) throws(HistoryError) -> Set<Day> {
        try days("SELECT date FROM ranking_day WHERE list = ? AND provisional = 0 AND date BETWEEN ? AND ?",
                 [.text(list), .text(cFormat("%04d-01-01", year)), .text(cFormat("%04d-12-31", year))])
    }

    /// The last of the days of `period` held settled in `list` in a row from its first; nil when
    /// the first is not.
    package func settledThrough(_ period: ClosedRange<Day>, list: String) throws(HistoryError) -> Day? {
        var through: Day?
        var next = period.lowerBound
        var days = DayText()
        do {
            // In the key's order (by day): the run ends at the first day missing.
            try connection.each("SELECT date FROM ranking_day WHERE list = ? AND provisional = 0 AND date BETWEEN ? AND ?",
                                [.text(list), .text(period.lowerBound.iso), .text(period.upperBound.iso)]) { row in
                // A row whose date is not a day (written by hand) is passed over, as a year's days are read.
                guard let day = row.bytes(0, { days.day($0) }) ?? nil else { return true }
                guard day == next else { return false }
                through = day
                next = day.adding(days: 1)
                return true
            }
        } catch {
            throw Self.worded(error, path: path)
        }
        return through
    }

    /// The days the first column of `sql`'s rows names.
    func days(_ sql: String, _ values: [SQLiteValue]) throws(HistoryError) -> Set<Day> {
        var days = Set<Day>()
        do {
            try connection.each(sql, values) { row in
                if let day = row.bytes(0, Day.iso(bytes:)) ?? nil { days.insert(day) }
                return true
            }
        } catch {
            throw Self.worded(error, path: path)
        }
        return days
    }

    /// The lists of `days` held in `list`, each as KOBIS gave it, with when it was fetched.
    package func rankings(of days: [Day], list: String) throws(HistoryError) -> [Day: (ranking: DailyBoxOffice, fetched: Date)] {
        guard let first = days.min(), let last = days.max() else { return [:] }
        let wanted = Set(days)
        var fetched: [Day: Date] = [:]
        fetched.reserveCapacity(wanted.count)
        // Each day's entries, gathered as its rows come: in the table's order (by day, then rank),
        // read with no ORDER BY (SQLite would sort the whole period first), so put in order below if not.
        var entries: [Day: [BoxOfficeEntry]] = [:]
        entries.reserveCapacity(wanted.count)
        var day: Day?
        var stamp: Date?
        var current: [BoxOfficeEntry] = []
        func keepCurrent() {
            guard let day, stamp != nil, !current.isEmpty else { return }
            if entries[day] == nil { entries[day] = current } else { entries[day]?.append(contentsOf: current) }
        }
        // A film's title is the same day after day: made once, shared by its days.
        var titles: [String: String] = [:]
        do {
            try connection.each("SELECT date, fetched_at FROM ranking_day WHERE list = ? AND date BETWEEN ? AND ?",
                                [.text(list), .text(first.iso), .text(last.iso)]) { row in
                guard let day = row.bytes(0, Day.iso(bytes:)) ?? nil, wanted.contains(day), let stamp = row.bytes(1, Day.instant(bytes:)) ?? nil else { return true }
                fetched[day] = stamp
                return true
            }
            try connection.each("""
                SELECT date, rank, movie_code, title, open_date, audience, audience_change, audience_total, sales, sales_share, sales_change,
                       sales_total, screens, shows, rank_change, is_new
                FROM ranking WHERE list = ? AND date BETWEEN ? AND ?
                """, [.text(list), .text(first.iso), .text(last.iso)]) { row in
                guard let rowDay = row.bytes(0, Day.iso(bytes:)) ?? nil else { return true }
                if rowDay != day {
                    keepCurrent()
                    day = rowDay
                    stamp = fetched[rowDay]
                    current = []
                    current.reserveCapacity(10)
                }
                guard stamp != nil, let rank = row.integer(1), let code = row.text(2),
                      let title = row.bytes(3, { bytes in titles[code].flatMap { Self.text($0, is: bytes) ? $0 : nil } ?? String(decoding: bytes, as: UTF8.self) })
                else { return true }
                titles[code] = title
                let number = { (column: Int32) in row.integer(column).map { Int(clamping: $0) } }
                current.append(BoxOfficeEntry(rank: Int(clamping: rank), rankChange: number(14), isNew: row.integer(15) == 1,
                                              movieCode: code, title: title, openDate: row.bytes(4, Day.iso(bytes:)) ?? nil,
                                              audience: number(5), audienceChange: number(6), audienceTotal: number(7), sales: row.integer(8),
                                              salesShare: row.real(9), salesChange: row.integer(10), salesTotal: row.integer(11),
                                              screens: number(12), shows: number(13)))
                return true
            }
            keepCurrent()
        } catch {
            throw Self.worded(error, path: path)
        }
        var rankings: [Day: (ranking: DailyBoxOffice, fetched: Date)] = [:]
        rankings.reserveCapacity(fetched.count)
        // A day held with no film ranked (KOBIS's list was empty) is still a day held.
        for (day, stamp) in fetched {
            let list = entries[day] ?? []
            let ordered = zip(list, list.dropFirst()).allSatisfy { $0.rank <= $1.rank } ? list : list.sorted { $0.rank < $1.rank }
            rankings[day] = (DailyBoxOffice(day: day, entries: ordered), stamp)
        }
        return rankings
    }

    /// Each film's own days over `period` in `list`, from the columns a period's ranking and
    /// records rest on (rank, title, opening day, audience, sales and their totals; not screens),
    /// in the order each was first ranked; nil when the rows do not come in the table's order (by
    /// day, then rank), the period then read day by day. A whole past is 80,000 rows: each is read
    /// as it comes, its day parsed once for the ten rows that share it, its film found by its
    /// code's bytes, and its title made only when it is new or changed.
    package func films(over period: ClosedRange<Day>, list: String) throws(HistoryError) -> [FilmDays]? {
        var films: [FilmDays] = []
        var index = FilmIndex()
        // Each film's opening day as last read, by its place among `films`: a row that repeats it
        // (most do) parses nothing.
        var openings: [DayText] = []
        var days = DayText()
        var previous: (day: Day, rank: Int64)?
        var inOrder = true
        do {
            try connection.each("""
                SELECT date, rank, movie_code, title, open_date, audience, audience_total, sales, sales_total FROM ranking
                WHERE list = ? AND date BETWEEN ? AND ?
                """, [.text(list), .text(period.lowerBound.iso), .text(period.upperBound.iso)]) { row in
                guard let day = row.bytes(0, { days.day($0) }) ?? nil, let rank = row.integer(1) else { return true }
                if let previous, (previous.day, previous.rank) > (day, rank) {
                    inOrder = false
                    return false
                }
                previous = (day, rank)
                // The film's place when it is known; its code when it is new.
                guard let (film, code) = row.bytes(2, { bytes -> (Int?, String?) in
                          let film = index.film(bytes)
                          return (film, film == nil ? String(decoding: bytes, as: UTF8.self) : nil)
                      }),
                      // The title when the film is new or its title another; nil when it is the same.
                      let title = row.bytes(3, { bytes -> String? in
                          if let film, Self.text(films[film].title, is: bytes) { return nil }
                          return String(decoding: bytes, as: UTF8.self)
                      }) else { return true }
                // A known film's opening day read from its own last one; a new film's, to keep.
                var opening = DayText()
                let openDate = row.bytes(4) { bytes in film.map { openings[$0].day(bytes) } ?? opening.day(bytes) } ?? nil
                let number = { (column: Int32) in row.integer(column).map { Int(clamping: $0) } }
                let entry = RunEntry(rank: Int(clamping: rank), openDate: openDate, audience: number(5), audienceTotal: number(6),
                                     sales: row.integer(7), salesTotal: row.integer(8))
                if let film {
                    films[film].add(entry, title: title, on: day)
                } else if let title, let code {
                    index.add(code, at: films.count)
                    films.append(FilmDays(code, title: title, entry, on: day))
                    openings.append(opening)
                }
                return true
            }
        } catch {
            throw Self.worded(error, path: path)
        }
        return inOrder ? films : nil
    }

    /// Whether `text` is written with exactly `bytes` (UTF-8).
    private static func text(_ text: String, is bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        text.utf8.count == bytes.count && (text.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? text.utf8.elementsEqual(bytes))
    }

    /// One film's own days over `period` in `list`, through the index by film: its entry on each
    /// (the first, should a day list it twice), in order.
    package func film(_ movieCode: String, over period: ClosedRange<Day>, list: String) throws(HistoryError) -> (days: [Day], entries: [RunEntry]) {
        var days: [Day] = []
        var entries: [RunEntry] = []
        do {
            try connection.each("""
                SELECT date, rank, open_date, audience, audience_total, sales, sales_total, screens FROM ranking
                WHERE movie_code = ? AND list = ? AND date BETWEEN ? AND ? ORDER BY date, rank
                """, [.text(movieCode), .text(list), .text(period.lowerBound.iso), .text(period.upperBound.iso)]) { row in
                guard let day = row.bytes(0, Day.iso(bytes:)) ?? nil, let rank = row.integer(1), days.last != day else { return true }
                let number = { (column: Int32) in row.integer(column).map { Int(clamping: $0) } }
                days.append(day)
                entries.append(RunEntry(rank: Int(clamping: rank), openDate: row.bytes(2, Day.iso(bytes:)) ?? nil, audience: number(3), audienceTotal: number(4),
                                        sales: row.integer(5), salesTotal: row.integer(6), screens: number(7)))
                return true
            }
        } catch {
            throw Self.worded(error, path: path)
        }
        return (days, entries)
    }
}

/// The day a column's text names, parsed once for the rows that share it (a day's ten rows come
/// one after another).
private struct DayText {
    private var last: (head: UInt64, tail: UInt16, day: Day)?

    mutating func day(_ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard bytes.count == 10, let start = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(start)
        let head = raw.loadUnaligned(as: UInt64.self), tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        if let last, last.head == head, last.tail == tail { return last.day }
        guard let day = Day.iso(bytes: bytes) else { return nil }
        last = (head, tail, day)
        return day
    }
}

/// Where each film is among those read, found by its code's bytes: a code of eight ASCII bytes
/// (as KOBIS's are) as one number, any other as the text it decodes to (so that codes equal as
/// text are one film, as everywhere else).
private struct FilmIndex {
    private var eightBytes: [UInt64: Int] = [:]
    private var others: [String: Int] = [:]

    /// The place of the film whose code is `bytes`; nil when it is new.
    func film(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let number = Self.number(bytes) { return eightBytes[number] }
        return others[String(decoding: bytes, as: UTF8.self)]
    }

    /// Notes that the film with `code` is at `place`.
    mutating func add(_ code: String, at place: Int) {
        var code = code
        if let number = code.withUTF8(Self.number) {
            eightBytes[number] = place
        } else {
            others[code] = place
        }
    }

    /// Eight ASCII bytes as one number; nil for any other code.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count == 8, let start = bytes.baseAddress else { return nil }
        let number = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
        return number & 0x8080_8080_8080_8080 == 0 ? number : nil
    }
}
