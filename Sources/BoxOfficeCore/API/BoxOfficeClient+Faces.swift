#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the faces need beyond the public operations: a lookup whose failure they word themselves,
/// and a film's run at hand. Every other operation a face uses is the client's own (the engine is
/// the client: no operation needs a forwarder).
extension BoxOfficeClient {
    /// ``region(named:)`` for the faces, its failure as the engine threw it (a face words a
    /// cache miss, a spent quota or the demo's missing sample in its own terms).
    package func findRegion(named name: String) async throws -> CodeList.Entry? {
        RegionName.resolve(name, in: try await fetch(.codes(.regions)))
    }

    /// ``match(title:)`` for the faces, its failure as the engine threw it.
    package func findTitle(_ title: String) async throws -> TitleMatch {
        TitleMatch(title: title, matches: try await fetch(.movies(MovieQuery(title: title))))
    }

    /// One film's run from the days of `window` at hand, read at no call, `jobs` at a time.
    package nonisolated(nonsending) func runsAtHand(of code: String, within window: ClosedRange<Day>, today: Day,
                                                jobs: Int) async throws -> (trend: Trend, run: FilmRun?) {
        let (engine, reading) = atHand(jobs: jobs, deep: false)
        return try await engine.runsAtHand(of: code, within: window, today: today, reading: reading)
    }
}
