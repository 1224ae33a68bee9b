import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// Movies and their codes, by title, director or year (`search`, the `search_movies` tool).
struct SearchRequest: BoxOfficeRequest, Equatable {
    var query: MovieQuery
    var all: Bool

    /// The most pages of a hundred `--all` fetches: beyond that, a search spends too much of the day's quota.
    static let mostPages = 20

    static let director = Parameter("director", value: "NAME", help: "only films by this director", kind: .text)
    static let year = Parameter("year", value: "YYYY", help: "only films released (opened) in this year", kind: .number(1900...9999))
    static let page = Parameter("page", value: "N", help: "which page of ten to show", default: "1", kind: .number(1...100_000))
    static let all = Parameter("all", help: "every page (at most \(mostPages * SearchPage<MovieSummary>.largestPage) movies)", kind: .flag)

    init(_ arguments: some ArgumentReader) throws(UsageError) {
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

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(SearchPage<MovieSummary>.self)
        let client = try context.client()
        let origin = context.source.searchedFilms
        if let origin { context.notice?(origin) }
        var output: CommandOutput
        if all {
            let log = context.log
            output = .value(try await client.allPages(of: query, mostPages: Self.mostPages, concurrency: 4) { count in
                log?("fetching pages 2 to \(NumberFormat.grouped(count)), 4 at a time")
            })
        } else {
            output = try await context.show(.movies(query), using: client)
        }
        output.origin = origin
        return output
    }
}
