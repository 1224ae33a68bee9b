import BoxOfficeBrowse
import BoxOfficeArguments
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
    /// Nothing may be written under the view: the client's events are not heard.
    static let clientVoice = ClientVoice.none

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
        let quiet = Self.quiet(context)
        // A client that cannot be composed (no key) is the first fetch's failure, on the view's status line.
        var state = BrowseState(client: try? quiet.client(), day: day, period: period, deep: filters.deep, today: quiet.today,
                                offline: quiet.invocation.cacheMode == .offline)
        // A poster is looked up for each film shown when a provider's key is set.
        state.posters = (try? PosterProviders.configured(quiet)).map { !$0.isEmpty } ?? false
        var loop = BrowseLoop(state: state, source: BrowseFetcher(session: Self.session(quiet, filters: filters)), colors: context.options.colors,
                              ambiguousWide: context.options.ambiguousWide)
        try await loop.run()
        return .none
    }

    /// The run's settings as the view uses them, its client among them: nothing may be written
    /// under the view, so notes and progress stay silent, and a question goes on the status line.
    static func quiet(_ context: CommandContext) -> CommandContext {
        var quiet = context.with(progress: ProgressLine(enabled: false, width: nil, write: { _ in }), say: { _ in })
        quiet.write = nil
        quiet.style.fields = nil
        quiet.ask = nil
        return quiet
    }

    /// What browse is given of the command line's run: its one client and settings, and the
    /// command line's own knowledge, each in its words. Nothing may be written under the view:
    /// notes and progress stay silent, and a question goes on the status line.
    static func session(_ quiet: CommandContext, filters: RankingFilterOptions) -> BrowseSession {
        var session = BrowseSession(
            client: { [quiet] in try quiet.client() },
            approve: { [quiet] cost, unit, approved, mode in
                var context = quiet
                if approved { context.invocation.yes = true }
                // Nothing is fetched offline, so nothing is asked.
                if let mode { context.invocation.cacheMode = mode }
                _ = try await context.approve(cost, unit: unit, span: nil)
            },
            jobs: quiet.invocation.jobs, today: quiet.today, now: quiet.now, environment: quiet.environment, filter: filters.filter, region: filters.region,
            offline: quiet.invocation.cacheMode == .offline,
            reviews: { [quiet] in try quiet.reviewStore() },
            added: ReviewCommand.added,
            poster: { [quiet] code, client in
                // Without a poster key there is nothing to do, so say so before any call is spent.
                let providers = try PosterProviders.configured(quiet)
                let movie = try await client.fetch(.movie(code: code))
                return await PosterProviders.find(for: movie, providers: providers, client: client, context: quiet).url
            },
            failure: failure)
        session.callLimit = (try? quiet.invocation.callLimit(environment: quiet.environment)) ?? CallLimitError.standardLimit
        return session
    }

    /// A failure for browse's status bar: the command line's message and its advice, as one text
    /// (the view gives it two lines when it needs them); past the limit of calls, the question.
    static func failure(_ error: any Error) -> BrowseFailure {
        switch error {
        case let limit as CallLimitError: return .costly(limit.what)
        case let usage as UsageError: return .failed(usage.message)
        case let form as ReviewFormError: return .failed(form.message)
        // What the command line says of a region it does not know, without its help line.
        case is UnknownRegionError: return .failed(FailureReport(error).what)
        default: break
        }
        let lines = FailureReport(error).lines.map { $0.hasPrefix("boxoffice: ") ? String($0.dropFirst(11)) : $0 }
        return .failed(lines.isEmpty ? "\(error)" : lines.joined(separator: " "))
    }
}
