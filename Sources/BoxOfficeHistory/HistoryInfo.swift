import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension HistoryDatabase {
    /// What the history holds.
    package func info() throws(HistoryError) -> HistoryInfo {
        do {
            let days = try connection.rows("SELECT date FROM ranking_day WHERE list = 'all' ORDER BY date").compactMap { $0.first?.text.flatMap(Day.iso) }
            let deep = try connection.scalar("""
                SELECT count(*) FROM (SELECT date FROM ranking_day WHERE list <> 'all' GROUP BY date HAVING count(*) = 4)
                """).integer ?? 0
            let films = try connection.scalar("SELECT count(DISTINCT movie_code) FROM ranking").integer ?? 0
            let details = try connection.scalar("SELECT count(*) FROM movie").integer ?? 0
            let revisions = try connection.scalar("SELECT count(*) FROM revision").integer ?? 0
            let version = try connection.scalar("PRAGMA user_version").integer ?? 0
            return HistoryInfo(path: path, schemaVersion: version, days: days.count, first: days.first, last: days.last, gaps: HistoryInfo.gaps(in: days),
                               deepDays: Int(deep), films: Int(films), filmsWithDetails: Int(details), revisions: Int(revisions), bytes: size)
        } catch {
            throw Self.worded(error, path: path)
        }
    }

    /// The file's bytes and its write-ahead log's.
    private var size: Int64 {
        [path, path + "-wal"].reduce(Int64(0)) { total, file in
            var info = stat()
            return lstat(file, &info) == 0 ? total + Int64(info.st_size) : total
        }
    }

    /// What is wrong with the history: SQLite's integrity check, then each day held whole (its
    /// ranks 1, 2, 3 … with none missing, every row of a day held, no row of a day not held).
    /// Empty when nothing is.
    package func check() throws(HistoryError) -> [String] {
        do {
            var problems = try connection.rows("PRAGMA integrity_check").compactMap { $0.first?.text }.filter { $0 != "ok" }
            guard problems.isEmpty else { return problems }
            for row in try connection.rows("""
                SELECT date, list, count(*), max(rank) FROM ranking GROUP BY date, list HAVING count(*) <> max(rank) OR min(rank) <> 1
                """) {
                problems.append("\(row[0].text ?? "?") (\(row[1].text ?? "?")): the ranks held are not 1 to \(row[3].integer ?? 0) in a row")
            }
            for row in try connection.rows("""
                SELECT DISTINCT r.date, r.list FROM ranking r LEFT JOIN ranking_day d ON d.date = r.date AND d.list = r.list WHERE d.date IS NULL
                """) {
                problems.append("\(row[0].text ?? "?") (\(row[1].text ?? "?")): rows of a day the history does not hold")
            }
            for row in try connection.rows("SELECT date, list FROM ranking_day WHERE list NOT IN ('all', 'korean_diversity', 'korean_commercial', 'foreign_diversity', 'foreign_commercial') OR date(date) IS NOT date") {
                problems.append("\(row[0].text ?? "?") (\(row[1].text ?? "?")): not a day and a list the history keeps")
            }
            return problems
        } catch {
            throw Self.worded(error, path: path)
        }
    }
}
