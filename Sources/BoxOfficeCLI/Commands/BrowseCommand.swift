import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice browse [--date D] [--period P] [filters]`: the apps' way of looking around, full
/// screen. The state and its screens are pure (`BrowseState`, `BrowseView`); this runs them:
/// keys in, the commands' values fetched in the background, frames out.
struct BrowseCommand: BoxOfficeCommand, Equatable {
    var day: Day?
    var period: BrowsePeriod
    /// The ranking filters, as given, passed on to `daily` and `weekly`.
    var filters: RankingFilterOptions

    static let spec = CommandSpec(
        name: "browse", summary: "look around full screen: rankings, films, people, a calendar",
        options: [date.option, period.option] + RankingFilterOptions.specs,
        discussion: """
        A full-screen view of the rankings: Enter opens a film, then its director, an actor or a
        company, and their films; Esc goes back. ] and [ step a day (a week), c opens a calendar,
        / searches a title (or a director), w changes the period, d switches between the top 10 and the deep list
        (--deep: past the top 10), r fetches the screen again, ? lists the keys,
        q quits. Requests run in the background; an error is a line in the status bar. A film's
        screen shows, beside KOBIS's details, what the rankings at hand tell of its run (its
        audience so far, days in the top 10, best rank, milestones, a chart): read from the cache
        at no call, or from the season in the demo.

        It needs a terminal: with stdin or stdout not one, it exits 64. For scripts, use the
        commands themselves (daily, weekly, movie, people, company with --json).
        """,
        examples: ["boxoffice browse", "boxoffice --demo browse", "boxoffice browse --date 2025-10-06", "boxoffice browse --period weekend --deep   # needs a key"])

    static let date = Parameter("date", value: "D", help: "the day to start on: 20230327, 2023-03-27, yesterday or -Nd", default: "yesterday in Korea",
                                kind: .day)
    static let period = Parameter("period", value: "day|week|weekend|weekdays", help: "a day's ranking, or the week (weekend, weekdays) holding it",
                                  default: "day", kind: .choice(BrowsePeriod.allCases.map(\.rawValue)))

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay(Self.date)
        period = try arguments.choice(Self.period, among: BrowsePeriod.self) ?? .day
        filters = try RankingFilterOptions(arguments)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        guard BrowseTerminal.isAvailable() else {
            throw UsageError(message: """
                browse is a full-screen view and needs a terminal (stdin and stdout); for scripts, use \
                'boxoffice daily --json', 'boxoffice movie CODE --json' and the other commands
                """, command: "browse")
        }
        let source = context.source
        let samples = source.heldDays.map { days in
            BrowseState.Samples(days: days, weeks: Dictionary(grouping: source.heldWeeks ?? []) { BrowsePeriod(rawValue: $0.period.rawValue) ?? .week }
                                    .mapValues { $0.map(\.day).sorted() })
        }
        let home = RankingPlace(day: day ?? samples?.days.last ?? context.today.adding(days: -1), period: period, deep: filters.deep)
        var state = BrowseState(home: home, today: context.today, samples: samples,
                                prefetch: source.reachesNetwork && context.invocation.cacheMode != .offline)
        // A poster is looked up for each film shown when a provider's key is set.
        state.posters = (try? PosterProviders.configured(context)).map { !$0.isEmpty } ?? false
        let fetcher = BrowseFetcher(context: context, filters: filters)
        var loop = BrowseLoop(state: state, fetcher: fetcher, colors: context.options.colors, ambiguousWide: context.options.ambiguousWide)
        try await loop.run()
        return .none
    }
}
