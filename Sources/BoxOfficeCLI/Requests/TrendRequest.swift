import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Films' daily rank and audience across a range (`trend`, the `movie_trend` tool), as a chart in
/// the terminal or an SVG image.
struct TrendRequest: BoxOfficeRequest, Equatable {
    var films: [FilmReference]
    var range: ClosedRange<Day>?
    /// What the range is, when the user may not know (`--from` alone runs to yesterday).
    var span: String?
    /// `--svg FILE`: also write the chart as an SVG image; `-` writes it to stdout instead of the chart.
    var svg: String?
    /// `--align opening`: runs laid side by side by days since each film's opening.
    var alignOpening = false

    static let mostFilms = BoxOfficeCore.TrendRequest.mostFilms

    static let svg = Parameter("svg", value: "FILE", help: "also write the chart as an SVG image to FILE ('-': to stdout, instead of the chart)",
                               kind: .word, completion: .file)
    static let align = Parameter("align", value: "opening", help: "line the runs up by days since each film's opening (opening day = day 1)",
                                 kind: .choice(["opening"]))

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        let words = arguments.positionals.map { $0.composed.trimmingBlanksAndNewlines() }.filter { !$0.isEmpty }
        guard !words.isEmpty else {
            throw UsageError(message: "trend needs a movie code or title, e.g. 'boxoffice trend 20218541'", command: arguments.name)
        }
        guard words.count <= Self.mostFilms else {
            throw UsageError(message: "trend compares at most \(Self.mostFilms) films; \(words.count) were given", command: arguments.name)
        }
        films = words.map(FilmReference.init)
        range = try RankingRange.parse(arguments)
        span = RankingRange.span(arguments)
        if let path = arguments.string(Self.svg) {
            guard !path.isEmpty else { throw UsageError(message: "--svg needs a file name, or - for stdout", command: arguments.name) }
            svg = path
        }
        if let text = arguments.string(Self.align) {
            guard text.trimmingBlanks().lowercased() == "opening" else {
                throw UsageError(message: "\(arguments.named(Self.align)) \(UsageError.quote(text)) is not one of: opening", command: arguments.name)
            }
            alignOpening = true
        }
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(Trend.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; trend reads many", command: "trend") }
        let request = BoxOfficeCore.TrendRequest(films, range: range, alignedByOpening: alignOpening)
        let reading = context.reading(period: { days in "the \(days.count) days from \(days.first?.iso ?? "") to \(days.last?.iso ?? "")" },
                                      span: span ?? (range == nil ? "each film's run is read from its opening day, for up to \(Trend.defaultDays) days" : nil))
        // A film with no run to read (no opening day, or not open yet) is each face's to word.
        let trend: Trend
        do {
            trend = try await context.client().trend(request, reading: reading, named: MovieRequest.said(context))
        } catch let ambiguous as AmbiguousTitleError {
            throw MovieRequest.worded(ambiguous, context)
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
        return .period(trend, coverage: trend.coverage, chart: true)
    }
}
