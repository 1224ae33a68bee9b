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
        let trend: Trend
        do {
            trend = try await client.trend(of: codes, range: range, alignedByOpening: alignOpening, today: context.today, reading: context.reading(period: { days in
                "the \(days.count) days from \(days.first?.iso ?? "") to \(days.last?.iso ?? "")"
            }))
        } catch let TrendRangeError.noOpeningDay(title) {
            throw UsageError(message: "KOBIS gives no opening day for \(UsageError.quote(title)); give the range with --from and --to", command: "trend")
        } catch let TrendRangeError.notOpenYet(title, opens) {
            throw UsageError(message: "\(UsageError.quote(title)) opens on \(opens.iso), so there is no run to show yet", command: "trend")
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
}
