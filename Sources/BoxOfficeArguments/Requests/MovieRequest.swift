import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One movie's details, by code or title (`movie`, the `movie_details` tool).
package struct MovieRequest: Equatable, Sendable {
    package var target: FilmReference
    package var poster: Bool
    /// Read the film's whole run first, rather than only the days at hand.
    package var run: Bool
    /// The run from each day's deep ranking (past the top 10), not the top 10.
    package var deep: Bool

    package static let poster = Parameter("poster", help: "add a poster image address (needs KAKAO_REST_API_KEY or OMDB_API_KEY)", kind: .flag)
    package static let deep = Parameter("deep", help: "the run from the deep lists past the top 10 (4 calls a day with --run), lasting while the film is in them",
                                        kind: .flag)
    package static let run = Parameter("run", help: "read the film's whole run first (a call for each day not cached, at most 100), not only the days at hand", kind: .flag)

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        let text = try arguments.text("a movie code or title", example: "20124079")
        target = FilmReference(text)
        poster = arguments.has(Self.poster)
        run = arguments.has(Self.run)
        deep = arguments.has(Self.deep)
    }

}

/// Checks movie codes: KOBIS codes are 8 letters and digits with a digit first, like 20124079 or 2024A603.
package enum MovieCodeArgument {
    package static func isCode(_ text: String) -> Bool {
        MovieCode.isValid(text)
    }
}

package extension MovieRequest {
    /// How the film's run is read: at hand, or whole (`--run`).
    var runReading: FilmRun.Reading { run ? .whole : .atHand }

    /// What a face says after reading a whole run: where it stopped, when the film was still in the top 10 then.
    func notes(_ run: FilmRun?) -> [String] {
        guard self.run, let run, run.inTop10, run.coverage.daysInPeriod >= FilmRun.mostDays else { return [] }
        return ["read the run's first \(FilmRun.mostDays) days, to \(run.to.iso), the most a run's reading reads; the film was still in the top 10 then."]
    }

    /// The days of a run read whole, named for the note that says how many the samples hold.
    @Sendable static func runWords(_ days: [Day]) -> String { "the run's \(days.count) days" }

    /// What a movie's details say when no day of its run was read: how to read it, or why it cannot be.
    static func noRun(_ movie: Movie, read: FilmRun.Reading, today: Day, option: String) -> String {
        guard let opening = movie.openDate else {
            return "KOBIS gives no opening day for this film, so its run has no start."
        }
        if opening.adding(days: -FilmRun.previewDays) >= today {
            return "It opens on \(opening.iso); there is no day of its run to read yet."
        }
        guard read == .atHand else {
            return "It was not in the top 10 on any day read."
        }
        return "No day of its run is at hand (in the cache, or the samples); \(option) reads it."
    }

    /// What a face says of the film a title found: `'기생충' is 기생충 (20183782).`
    static func found(_ title: String, _ film: MovieSummary) -> String {
        "'\(title)' is \(film.title) (\(film.code))."
    }
}
