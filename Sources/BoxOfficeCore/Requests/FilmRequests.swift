#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A film as a person names it: by KOBIS's code (8 letters and digits, the first four digits,
/// such as `20124079` or `2024A603`), or by its title, which must name exactly one film
/// (``BoxOfficeClient/match(title:)``).
public enum FilmReference: Sendable, Equatable {
    /// A movie code, in upper case.
    case code(String)
    /// A title, or part of one.
    case title(String)

    /// A code when the text has a code's form, else a title.
    public init(_ text: String) {
        self = MovieCode.isValid(text) ? .code(text.uppercased()) : .title(text)
    }
}

/// A question for films' runs, as `boxoffice trend` asks it: up to six films (codes or titles),
/// their rank and audience day by day over a range, or over each one's own run from its opening
/// (no range); laid side by side by days since opening when `alignedByOpening`.
/// ``BoxOfficeClient/trend(_:concurrency:)`` answers it.
public struct TrendRequest: Sendable, Equatable {
    /// The most films a trend compares.
    public static let mostFilms = 6

    /// The films, in the order shown.
    public var films: [FilmReference]
    /// The days; nil: from the (earliest) opening day while the films stay in the top 10, at most
    /// ``Trend/defaultDays`` days.
    public var range: ClosedRange<Day>?
    /// Each point numbered by days since its film's opening (opening day = 1).
    public var alignedByOpening: Bool

    /// A request for `films` over `range` (nil: their runs).
    public init(_ films: [FilmReference], range: ClosedRange<Day>? = nil, alignedByOpening: Bool = false) {
        self.films = films
        self.range = range
        self.alignedByOpening = alignedByOpening
    }
}

/// A title that names no film, or several: the search's first page says which.
package struct AmbiguousTitleError: Error, Sendable {
    package let title: String
    package let page: SearchPage<MovieSummary>
    /// The search was the demo's, of the films its samples hold, not KOBIS's (a face's to say).
    package var searchedHeld: Int? = nil

    package init(title: String, page: SearchPage<MovieSummary>, searchedHeld: Int? = nil) {
        self.title = title
        self.page = page
        self.searchedHeld = searchedHeld
    }
}

extension BoxOfficeClient {
    /// The films' runs `request` asks for (see ``trend(of:from:to:alignedByOpening:concurrency:)``),
    /// each title found first (``BoxOfficeError/unmatchedTitle(_:)`` when it names no film or
    /// several); a range reaching today is read to yesterday. Without a range, a film KOBIS gives
    /// no opening day for, or one not open yet, has no run to read: ``BoxOfficeError/invalidRequest(_:)``.
    public func trend(_ request: TrendRequest, concurrency: Int = 4) async throws(BoxOfficeError) -> Trend {
        guard (1...TrendRequest.mostFilms).contains(request.films.count) else {
            throw .invalidRequest("a trend compares one to six films; \(request.films.count) were given")
        }
        do {
            var request = request
            if let range = request.range { request.range = try Day.published(range, today: Day.korean(at: now())).days }
            return try await trend(request, reading: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The same, read as `reading` says; `named` is told the film each title found.
    package nonisolated(nonsending) func trend(_ request: TrendRequest, reading: PeriodReading,
                                           named: (@Sendable (String, MovieSummary) -> Void)? = nil) async throws -> Trend {
        var codes: [String] = []
        for film in request.films { codes.append(try await code(of: film, named: named)) }
        return try await trend(of: codes, range: request.range, alignedByOpening: request.alignedByOpening, today: Day.korean(at: now()),
                                      reading: reading)
    }

    /// One film's details, by code or by a title that names exactly one film.
    public func movie(_ film: FilmReference) async throws(BoxOfficeError) -> Movie {
        do {
            return try await movieAnswer(film).value
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The same, with the body it came from; `named` is told the film a title found.
    package nonisolated(nonsending) func movieAnswer(_ film: FilmReference, named: (@Sendable (String, MovieSummary) -> Void)? = nil) async throws -> Answer<Movie> {
        try await answer(.movie(code: try await code(of: film, named: named)))
    }

    /// The code of a film: given, or of the one film a title names.
    package nonisolated(nonsending) func code(of film: FilmReference, named: (@Sendable (String, MovieSummary) -> Void)? = nil) async throws -> String {
        switch film {
        case let .code(code): return code
        case let .title(title):
            let match = try await findTitle(title)
            guard let only = match.movie else { throw AmbiguousTitleError(title: title, page: match.matches) }
            named?(title, only)
            return only.code
        }
    }
}
