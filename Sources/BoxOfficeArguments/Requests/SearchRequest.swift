import BoxOfficeCore

/// Movies and their codes, by title, director or year (`search`, the `search_movies` tool).
package struct SearchRequest: Equatable, Sendable {
    package var query: MovieQuery
    package var all: Bool

    /// The most pages of a hundred `--all` fetches: beyond that, a search spends too much of the day's quota.
    package static let mostPages = 20

    package static let director = Parameter("director", value: "NAME", help: "only films by this director", kind: .text)
    package static let year = Parameter("year", value: "YYYY", help: "only films released (opened) in this year", kind: .number(1900...9999))
    package static let page = Parameter("page", value: "N", help: "which page of ten to show", default: "1", kind: .number(1...100_000))
    package static let all = Parameter("all", help: "every page (at most \(mostPages * SearchPage<MovieSummary>.largestPage) movies)", kind: .flag)

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        let title = arguments.positionals.isEmpty ? nil : try arguments.text("a title", example: "기생충")
        let director = arguments.string(Self.director).map { $0.composed.trimmingBlanksAndNewlines() }
        if director?.isEmpty == true {
            throw UsageError(message: "\(arguments.named(Self.director)) needs a name, e.g. \(arguments.named(Self.director)) 봉준호", command: arguments.name)
        }
        guard title != nil || director != nil else {
            throw UsageError(message: "search needs a title or --director, e.g. 'boxoffice search 기생충'", command: arguments.name)
        }
        let year = try arguments.number(Self.year)
        if arguments.has(Self.all), arguments.has(Self.page) {
            throw UsageError(message: "--all and --page cannot be used together (--all fetches every page)", command: arguments.name)
        }
        if arguments.has(Self.all), arguments.has(Parameter.raw) {
            throw UsageError(message: "--raw prints one KOBIS answer; use --page N with --raw instead of --all", command: arguments.name)
        }
        all = arguments.has(Self.all)
        query = MovieQuery(title: title, director: director, openedFrom: year, openedThrough: year,
                           page: try arguments.number(Self.page) ?? 1,
                           perPage: all ? SearchPage<MovieSummary>.largestPage : 10)
    }

}
