/// What a title finds in KOBIS's movie search (by any part of the title): the first page of its
/// matches, and the one film it names when it finds exactly one. ``BoxOfficeClient/match(title:)``
/// gives it; `boxoffice movie 기생충` and `boxoffice trend 기생충` go by the same rule.
public struct TitleMatch: Sendable, Equatable {
    /// The title as it was asked for.
    public let title: String
    /// The first page of the films whose title holds it; its `total` counts them all.
    public let matches: SearchPage<MovieSummary>

    /// The film, when the title finds exactly one; nil when it finds none or several.
    public var movie: MovieSummary? {
        matches.total == 1 && matches.items.count == 1 ? matches.items.first : nil
    }
}
