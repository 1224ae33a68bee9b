import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
