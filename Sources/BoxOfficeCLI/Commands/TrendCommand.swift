import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice trend` on the command line: the request's options, help and examples.
extension TrendQuery: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "trend", summary: "films' daily rank and audience across a range, drawn as a chart (terminal or SVG)",
        arguments: [ArgumentSpec(name: "movieCd|title…", help: "one to six films, by code or by title (quote a title of several words)")],
        options: RankingRange.specs + [svg.option, align.option],
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
        examples: ["boxoffice trend 20243561", "boxoffice trend 20243561 20228988 --from 2025-10-01 --to 2025-10-28",
                   "boxoffice trend 어쩔수가없다 보스 --align opening --svg runs.svg",
                   "boxoffice trend 보스 --svg run.svg", "boxoffice trend 20243561 --format csv > run.csv"],
        fields: CommandSpec.fields(of: Trend.self))
}

extension TrendQuery {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(Trend.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; trend reads many", command: "trend") }
        let reading = context.reading(period: Self.periodWords, span: readingSpan)
        // A film with no run to read (no opening day, or not open yet) is each face's to word.
        let trend: Trend
        do {
            trend = try await context.client().trend(engineRequest, reading: reading, named: MovieRequest.said(context))
        } catch let ambiguous as AmbiguousTitleError {
            throw MovieRequest.worded(ambiguous, context)
        }
        for note in notes(trend) { context.notice?(note) }
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
