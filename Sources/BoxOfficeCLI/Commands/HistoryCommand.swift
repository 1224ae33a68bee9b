import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeHistory
import BoxOfficeRendering

/// `boxoffice history` on the command line: the local history database.
extension HistoryRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "history", summary: "keep KOBIS's daily lists in a local SQLite database, and say what it holds",
        arguments: [ArgumentSpec(name: "sync|info|path|check",
                                 help: "sync: read the days the history lacks (and the last 7 again); info: what it holds; path: its file; check: SQLite's integrity check and each day whole",
                                 completion: .choices(Action.allCases.map(\.rawValue)))],
        options: [from.option, to.option, deep.option, details.option],
        discussion: """
        The history keeps KOBIS's daily top 10 of every day, from its first (2004-01-01) to
        yesterday, in an SQLite database anyone can query: 'boxoffice sql', sqlite3, Datasette,
        DuckDB or pandas. 'history sync' reads, oldest first, every day it does not hold yet, and
        the last 7 days again (KOBIS revises them; each figure it changed is kept in the table
        revision), each day written in one transaction, so a sync stopped at any moment loses
        nothing and the next one goes on from there. What the cache holds costs no call; each run
        stays within --max-calls (--yes: as far as the quota goes) and says where it stopped. KOBIS's
        quota ends it cleanly (exit 75), with every day read kept.

        The database is ${XDG_DATA_HOME:-~/.local/share}/boxoffice/history.sqlite3, or --history
        FILE (BOXOFFICE_HISTORY). Its tables (ranking_day, ranking, movie, revision) and views
        (film, market_day) are documented in the README; PRAGMA user_version is the schema's
        version. A file that is not a boxoffice history, is damaged, or was written by a newer
        boxoffice is refused and left as it is.
        """,
        examples: ["boxoffice history sync   # needs a key", "boxoffice history sync --from 2023-01-01 --max-calls 400   # needs a key", "boxoffice history info",
                   "datasette \"$(boxoffice history path)\"   # needs a synced history", "boxoffice history check"],
        fields: CommandSpec.fields(of: HistoryInfo.self))
}

extension HistoryRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        switch action {
        case .path:
            if let client = try? context.client(), client.asksNoOne {
                throw UsageError(message: "the demo's history is the sample data's, kept in memory for the run: it has no file. Without --demo, the history is \(try context.historyPath())",
                                 command: "history")
            }
            return .text(try context.historyPath() + "\n")
        case .info:
            return .value(try await context.history(writing: false).info())
        case .check:
            let history = try await context.history(writing: false)
            let problems = try history.check()
            guard problems.isEmpty else { throw HistoryError.damaged(path: history.path, reason: problems.prefix(20).joined(separator: "; ")) }
            let info = try history.info()
            return .text("ok: \(NumberFormat.grouped(info.days)) day\(info.days == 1 ? "" : "s") held whole, SQLite's integrity check passed (\(history.path))\n")
        case .sync:
            return try await sync(context)
        }
    }

    /// Reads the days the history lacks, within the run's limit of calls, and says what it did.
    private nonisolated(nonsending) func sync(_ context: CommandContext) async throws -> CommandOutput {
        let history = try await context.history(writing: true)
        let client = try context.client()
        // A client that asks no one (the demo) has its days in the history already: nothing to read.
        if client.asksNoOne {
            let days = try history.info().days
            return .text("The history here is the sample data's \(Self.days(days)), kept in memory for this run: there is nothing to sync. Without --demo, a sync keeps KOBIS's days on your disk.\n")
        }
        let limit = try context.invocation.yes ? nil : context.invocation.callLimit(environment: context.environment)
        let request = SyncRequest(range: range(today: context.today), deep: deep, details: details, limit: limit)
        // What was read is kept, and the file made whole, however the sync ends.
        defer { try? history.checkpoint() }
        let report = try await history.sync(request, client: client, today: context.today, reading: context.reading(period: nil))
        return .text(Self.words(report, request: request))
    }

    /// What a sync did, in a few lines.
    static func words(_ report: SyncReport, request: SyncRequest) -> String {
        var lines: [String] = []
        let read = [report.added > 0 ? "\(Self.days(report.added)) new" : nil,
                    report.readAgain > 0 ? "\(Self.days(report.readAgain)) again (KOBIS may still revise them)" : nil].compactMap(\.self)
        let revised = report.revisions > 0 ? "; KOBIS revised \(NumberFormat.grouped(report.revisions)) figure\(report.revisions == 1 ? "" : "s"), kept in revision" : ""
        if read.isEmpty, report.notRead.isEmpty, report.left.isEmpty {
            lines.append("The history holds every day from \(request.range.lowerBound.iso) to \(request.range.upperBound.iso); nothing new to read.")
        } else {
            lines.append((read.isEmpty ? "Read no day" : "Read " + read.joined(separator: " and ")) + revised + ".")
        }
        if report.details > 0 { lines.append("Kept the details of \(NumberFormat.grouped(report.details)) film\(report.details == 1 ? "" : "s").") }
        if report.detailsNotRead > 0 {
            lines.append("KOBIS gave no details for \(NumberFormat.grouped(report.detailsNotRead)) film\(report.detailsNotRead == 1 ? "" : "s"); the next sync --details asks again.")
        }
        if !report.notRead.isEmpty {
            lines.append("KOBIS could not answer for \(PeriodCoverage.listed(report.notRead.map(\.day.iso))); the next sync asks again.")
        }
        if let next = report.left.first {
            lines.append("Stopped at the limit of calls with \(Self.days(report.left.count)) left, from \(next.iso); run it again to go on (--max-calls N or --yes for more a run).")
        } else if report.detailsLeft > 0 {
            lines.append("Stopped at the limit of calls with the details of \(NumberFormat.grouped(report.detailsLeft)) films left; run it again to go on.")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private static func days(_ count: Int) -> String { "\(NumberFormat.grouped(count)) day\(count == 1 ? "" : "s")" }
}

/// `boxoffice sql` on the command line: a read-only query over the history.
extension SQLRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "sql", summary: "a read-only SQL query over the history, in every output format",
        arguments: [ArgumentSpec(name: "QUERY", help: "one SQLite statement that reads (SELECT, WITH …, a PRAGMA that reads); its words may come unquoted, as the shell allows")],
        options: [maxRows.option],
        discussion: """
        The query runs over the history database ('boxoffice history sync' fills it) opened for
        reading only: anything but a read (a write, a schema change, ATTACH, a PRAGMA that changes
        anything, load_extension) is refused before it runs (exit 64). A query still running after
        --timeout seconds (10 for sql) is stopped and says so. The table shows at most 1,000 rows and
        counts the others; --format json, jsonl, csv and tsv write every row (each an object keyed by
        the query's column names), unless --max-rows N. markdown and html give the table for an article.

        Tables: ranking_day(date, list, fetched_at, provisional); ranking(date, list, rank,
        movie_code, title, open_date, audience, audience_change, audience_total, sales, sales_share,
        sales_change, sales_total, screens, shows, rank_change, is_new); movie(movie_code, title, …);
        revision(date, list, movie_code, field, old_value, new_value, seen_at). Views: film (each
        film's days in the top 10, best rank, days at number one and totals) and market_day. list
        is 'all' for KOBIS's top 10.
        """,
        examples: ["boxoffice sql SELECT title, audience_total FROM film ORDER BY audience_total DESC LIMIT 10",
                   "boxoffice sql SELECT date, title, audience FROM ranking WHERE rank = 1 ORDER BY audience DESC LIMIT 5 --format markdown",
                   "boxoffice sql 'SELECT * FROM film' --format csv > films.csv"])
}

extension SQLRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        if context.style.fields != nil {
            throw UsageError(message: "--fields does not apply to sql: name the columns in the query", command: "sql")
        }
        let history = try await context.history(writing: false)
        let seconds = context.invocation.timeoutGiven ?? Self.defaultSeconds
        return .value(try history.query(query, maxRows: maxRows, timeout: .milliseconds(Int64(seconds * 1000))))
    }
}
