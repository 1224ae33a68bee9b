import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice trend <movieCd|title>… [--from D --to D] [--svg FILE]`: films' daily rank and
/// audience across a range, as a chart in the terminal or an SVG image.
struct TrendCommand: BoxOfficeCommand, Equatable {
    var films: [MovieCommand.Target]
    var range: ClosedRange<Day>?
    /// `--svg FILE`: also write the chart as an SVG image; `-` writes it to stdout instead of the chart.
    var svg: String?
    /// `--align opening`: runs laid side by side by days since each film's opening.
    var alignOpening = false

    static let mostFilms = 6
    /// Without --from/--to: at most this many days from the opening day.
    static let defaultDays = 60

    static let spec = CommandSpec(
        name: "trend", summary: "films' daily rank and audience across a range, drawn as a chart (terminal or SVG)",
        arguments: [ArgumentSpec(name: "movieCd|title…", help: "one to six films, by code or by title (quote a title of several words)")],
        options: RankingRange.specs + [
            OptionSpec(name: "svg", value: "FILE", help: "also write the chart as an SVG image to FILE ('-': to stdout, instead of the chart)",
                       completion: .file),
            OptionSpec(name: "align", value: "opening", help: "line the runs up by days since each film's opening (opening day = day 1)",
                       completion: .choices(["opening"])),
        ],
        discussion: """
        Without --from and --to, each film's run from its opening day while it stays in the top
        10, up to 60 days. Days outside the top 10 show as such, never as 0. JSON gives the
        series ({from, to, movies: [{movieCode, title, points: [{date, rank, audience,
        audienceTotal}], milestones: [{audience, date, day}]}]}); CSV, TSV and JSON Lines a row
        per film and day.

        With --align opening the rows (and the SVG's x axis) are days since each film's opening,
        so runs years apart compare on one chart; without --from and --to each film's own run is
        read from its opening. Each point then has "day" (days before the opening, previews,
        are 0 and below; null when KOBIS gives no opening date).

        Milestones: each time a film's cumulative audience passes 100,000, 500,000 or a whole
        million on a day it was in the top 10 within the range, marked * in the chart and listed
        under it. A mark passed before the range, or on a day outside the top 10, is not listed.
        """,
        examples: ["boxoffice trend 20218541", "boxoffice trend 20218541 20236180 --from 2023-07-26 --to 2023-09-30",
                   "boxoffice trend '서울의 봄' 파묘 --align opening --svg runs.svg",
                   "boxoffice trend '밀수' --svg run.svg", "boxoffice trend 20218541 --format csv > run.csv"],
        fields: CommandSpec.fields(of: Trend.self))

    init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.positionals.map { $0.composed.trimmingBlanksAndNewlines() }.filter { !$0.isEmpty }
        guard !words.isEmpty else {
            throw UsageError(message: "trend needs a movie code or title, e.g. 'boxoffice trend 20218541'", command: arguments.name)
        }
        guard words.count <= Self.mostFilms else {
            throw UsageError(message: "trend compares at most \(Self.mostFilms) films; \(words.count) were given", command: arguments.name)
        }
        films = words.map(MovieCommand.Target.init)
        range = try RankingRange.parse(arguments)
        if let path = arguments.string("svg") {
            guard !path.isEmpty else { throw UsageError(message: "--svg needs a file name, or - for stdout", command: arguments.name) }
            svg = path
        }
        if let text = arguments.string("align") {
            guard text.trimmingBlanks().lowercased() == "opening" else {
                throw UsageError(message: "\(arguments.named("align")) \(UsageError.quote(text)) is not one of: opening", command: arguments.name)
            }
            alignOpening = true
        }
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(Trend.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; trend reads many", command: "trend") }
        let client = try context.client()
        var codes: [String] = []
        for film in films {
            switch film {
            case let .code(given): codes.append(given)
            case let .title(title): codes.append(try await MovieCommand.resolve(title, client: client, context: context))
            }
        }
        // The details are needed only for the opening days of a default range; the rankings name the films.
        var movies: [Movie] = []
        if range == nil {
            for code in codes { movies.append(try await client.fetch(.movieInfo(code: code)) { try Movie($0, requested: code) }) }
        }
        var trend: Trend
        if alignOpening, range == nil {
            trend = try await ownRuns(movies, context: context, client: client)
        } else {
            let (rankings, coverage) = try await fetchRankings(for: codes, movies: movies, context: context, client: client)
            if alignOpening {
                // Where the rankings give no opening date, the film's details may.
                let dated = Set(rankings.flatMap { $0.entries.filter { $0.openDate != nil }.map(\.movieCode) })
                for code in codes where !dated.contains(code) {
                    do {
                        movies.append(try await client.fetch(.movieInfo(code: code)) { try Movie($0, requested: code) })
                    } catch is NotFoundError {
                        context.log?("KOBIS has no details of \(code)")
                    }
                }
            }
            trend = Trend(films: codes.map { code in (code, movies.first { $0.code == code }?.title ?? code) }, rankings: rankings,
                          openDates: Dictionary(movies.compactMap { movie in movie.openDate.map { (movie.code, $0) } }, uniquingKeysWith: { a, _ in a }))
            if range == nil { trend = trend.trimmed() }
            trend.alignedByOpening = alignOpening
            (trend.daysRead, trend.daysInPeriod) = (coverage?.read, coverage?.inPeriod)
        }
        for movie in trend.movies where movie.peak == nil {
            context.notice?("\(movie.title) (\(movie.movieCode)) was not in the top 10 on any day from \(trend.from.iso) to \(trend.to.iso).")
        }
        for movie in trend.movies where alignOpening && movie.openDate == nil {
            context.notice?("KOBIS gives no opening date for \(movie.title) (\(movie.movieCode)), so its days since opening are unknown and it is left out of the aligned chart.")
        }
        if let svg {
            let image = trend.svg()
            if svg == "-" { return .text(image) }
            do {
                try OwnFiles.writeUserFile(Data(image.utf8), to: svg)
            } catch {
                throw OutputFileError(what: "the chart", failure: error)
            }
            context.notice?("wrote the chart to \(svg).")
        }
        return CommandOutput(.value(trend, chart: true))
    }

    /// Each film's own run from its opening day, as `fetchRankings` reads a default range, laid
    /// side by side by days since opening.
    private func ownRuns(_ movies: [Movie], context: CommandContext, client: KOBISClient) async throws -> Trend {
        var series: [Trend.Series] = []
        var dates: [Day] = []
        var read = 0, inPeriod = 0, partly = false
        for movie in movies {
            let (rankings, coverage) = try await fetchRankings(for: [movie.code], movies: [movie], context: context, client: client)
            let run = Trend(films: [(movie.code, movie.title)], rankings: rankings, openDates: movie.openDate.map { [movie.code: $0] } ?? [:]).trimmed()
            series += run.movies
            dates += [run.from, run.to]
            read += coverage?.read ?? rankings.count
            inPeriod += coverage?.inPeriod ?? rankings.count
            partly = partly || coverage != nil
        }
        guard let from = dates.min(), let to = dates.max() else { throw UsageError(message: "trend needs a movie code or title", command: "trend") }
        var trend = Trend(from: from, to: to, movies: series, alignedByOpening: true)
        if partly { (trend.daysRead, trend.daysInPeriod) = (read, inPeriod) }
        return trend
    }

    /// The daily rankings of the range; without one, from the earliest opening day until every
    /// film has been out of the top 10 for three days, or 60 days, or yesterday.
    /// In the demo, `coverage` says how many of the period's days the samples held, when not all.
    private func fetchRankings(for codes: [String], movies: [Movie], context: CommandContext,
                               client: KOBISClient) async throws -> (rankings: [DailyBoxOffice], coverage: (read: Int, inPeriod: Int)?) {
        let yesterday = context.today.adding(days: -1)
        var days: [Day]
        if let range {
            days = RankingRange.days(range)
        } else {
            let openings = movies.map(\.openDate)
            guard let start = openings.compactMap({ $0 }).min(), !openings.contains(nil) else {
                let unknown = movies.first { $0.openDate == nil }?.title ?? ""
                throw UsageError(message: "KOBIS gives no opening day for \(UsageError.quote(unknown)); give the range with --from and --to", command: "trend")
            }
            guard start <= yesterday else {
                throw UsageError(message: "\(UsageError.quote(movies.first { $0.openDate == start }?.title ?? "")) opens on \(start.iso), so there is no run to show yet", command: "trend")
            }
            days = RankingRange.days(start...min(yesterday, start.adding(days: Self.defaultDays - 1)))
        }
        var coverage: (read: Int, inPeriod: Int)?
        if context.invocation.demo, let first = days.first, let last = days.last {
            let period = days.count
            days = try SampleTransport.heldDays(of: days, period: "the \(period) days from \(first.iso) to \(last.iso)", context: context)
            if days.count < period { coverage = (days.count, period) }
        }
        context.progress.beginRange(total: days.count, unit: "days")
        var rankings: [DailyBoxOffice] = []
        do {
            try await forEachInOrder(days, limit: context.invocation.jobs) { day in
                let answer = try await client.answer(.dailyBoxOffice(on: day)) { try DailyBoxOffice($0, requested: day) }
                context.progress.finished(fromCache: answer.fromCache)
                return answer.value
            } deliver: { _, ranking in
                rankings.append(ranking)
                if range == nil, Self.everyFilmHasLeft(codes, rankings) { throw StopEarly() }
            }
        } catch is StopEarly {}
        return (rankings, coverage)
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

    private struct StopEarly: Error {}
}

extension Trend {
    /// Without the days at the end on which no film was in the top 10 (but one, to show the drop).
    func trimmed() -> Trend {
        guard let last = movies.flatMap(\.points).filter(\.isRanked).map(\.date).max() else { return self }
        let end = min(to, last.adding(days: 1))
        return Trend(from: from, to: end, movies: movies.map { movie in
            Series(movieCode: movie.movieCode, title: movie.title, openDate: movie.openDate, points: movie.points.filter { $0.date <= end })
        }, alignedByOpening: alignedByOpening)
    }
}
