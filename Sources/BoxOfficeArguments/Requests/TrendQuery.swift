import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Films' daily rank and audience across a range (`trend`, the `movie_trend` tool), as a chart in
/// the terminal or an SVG image.
package struct TrendQuery: Equatable, Sendable {
    package var films: [FilmReference]
    package var range: ClosedRange<Day>?
    /// What the range is, when the user may not know (`--from` alone runs to yesterday).
    package var span: String?
    /// `--svg FILE`: also write the chart as an SVG image; `-` writes it to stdout instead of the chart.
    package var svg: String?
    /// `--align opening`: runs laid side by side by days since each film's opening.
    package var alignOpening = false

    package static let mostFilms = BoxOfficeCore.TrendRequest.mostFilms

    package static let svg = Parameter("svg", value: "FILE", help: "also write the chart as an SVG image to FILE ('-': to stdout, instead of the chart)",
                               kind: .word, completion: .file)
    package static let align = Parameter("align", value: "opening", help: "line the runs up by days since each film's opening (opening day = day 1)",
                                 kind: .choice(["opening"]))
    /// A tool's `alignOpening: true`, for `--align opening`.
    package static let alignByOpening = Parameter("alignOpening", help: "line the runs up by days since each film's opening (opening day = day 1)", kind: .flag)

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
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
        if arguments.has(Self.alignByOpening) { alignOpening = true }
    }

}

package extension TrendQuery {
    /// What the engine is asked.
    var engineRequest: BoxOfficeCore.TrendRequest { BoxOfficeCore.TrendRequest(films, range: range, alignedByOpening: alignOpening) }

    /// What the days read are, when the user may not know (`from` alone, or no range: each film's run).
    var readingSpan: String? { span ?? (range == nil ? "each film's run is read from its opening day, for up to \(Trend.defaultDays) days" : nil) }

    /// The days read, named for the note that says how many the source holds.
    static let periodWords: @Sendable ([Day]) -> String = { days in "the \(days.count) days from \(days.first?.iso ?? "") to \(days.last?.iso ?? "")" }

    /// What the trend leaves unsaid, for the person reading: a film never in the top 10 in the
    /// range, and, aligned by opening, a film with no opening date (left out of the chart).
    func notes(_ trend: Trend) -> [String] {
        trend.movies.filter { $0.peak == nil }.map {
            "\($0.title) (\($0.movieCode)) was not in the top 10 on any day from \(trend.from.iso) to \(trend.to.iso)."
        } + trend.movies.filter { alignOpening && $0.openDate == nil }.map {
            "KOBIS gives no opening date for \($0.title) (\($0.movieCode)), so its days since opening are unknown and it is left out of the aligned chart."
        }
    }
}
