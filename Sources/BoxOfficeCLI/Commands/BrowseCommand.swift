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
        // One network helper for every fetch of the view, made when the first request goes out.
        let fetcher = BrowseFetcher(context: context.sharingOneTransport(), filters: filters)
        var loop = BrowseLoop(state: state, fetcher: fetcher, colors: context.options.colors, ambiguousWide: context.options.ambiguousWide)
        try await loop.run()
        return .none
    }
}

/// Fetches what the view asks for from the engine: each request a typed call, each answer a
/// typed value.
struct BrowseFetcher: Sendable {
    let context: CommandContext
    let filters: RankingFilterOptions

    init(context: CommandContext, filters: RankingFilterOptions) {
        // Nothing may be written under the view: notes and progress stay silent.
        var quiet = context.with(progress: ProgressLine(enabled: false, width: nil, write: { _ in }), say: { _ in })
        quiet.write = nil
        quiet.style.fields = nil
        // A question goes on the status line, never to the terminal under the view.
        quiet.ask = nil
        self.context = quiet
        self.filters = filters
    }

    /// The value for a request; `mode`: fetched from KOBIS (`.refresh`) or read from the cache
    /// only (`.offline`) rather than as the options say; `approved`: whatever it costs (the user
    /// said yes on the status line), else refused past the limit of calls.
    func fetch(_ request: BrowseRequest, mode: CacheMiddleware.Mode? = nil, approved: Bool = false) async throws -> BrowseAnswer {
        var context = self.context(mode: mode)
        if approved { context.invocation.yes = true }
        switch request {
        case let .reviews(code):
            let movieCode = code.uppercased()
            return .reviews(try context.reviewStore().all().filter { $0.movieCode == movieCode })
        case let .run(code, around):
            return .run(try await run(code, around: around))
        case let .poster(code):
            // Without a poster key there is nothing to do, so say so before any call is spent.
            let providers = try PosterProviders.configured(context)
            let client = try context.client()
            let movie = try await client.fetch(.movie(code: code))
            return .poster(await PosterProviders.find(for: movie, providers: providers, client: client, context: context).url)
        default:
            break
        }
        let client = try context.client()
        let approve: @Sendable (ReadingCost) async throws -> Void = { [context] cost in
            _ = try await context.approve(cost, unit: "days", span: nil, client: client)
        }
        switch request {
        case let .ranking(place) where place.period == .day:
            let (filter, scope) = try await filters.filter(context, client: client)
            if place.deep {
                return .daily(try await client.deep(place.day, listing: .daily, filter: filter, scope: scope, jobs: context.invocation.jobs, approve: approve))
            }
            return try await held { .daily(try await client.fetch(.daily(place.day, filter: filter, scope: scope))) }
        case let .ranking(place):
            let (filter, scope) = try await filters.filter(context, client: client)
            let period = WeekPeriod(rawValue: place.period.rawValue) ?? .week
            if place.deep {
                return .weekly(try await client.deep(place.day, listing: .weekly(period), filter: filter, scope: scope, jobs: context.invocation.jobs,
                                                     approve: approve))
            }
            return try await held { .weekly(try await client.fetch(.weekly(place.day, period: period, filter: filter, scope: scope))) }
        case let .movie(code): return .movie(try await film(code, client: client))
        case let .search(text):
            // A title first; when none has the text, the films of a director of that name (one more call).
            let titles = try await client.fetch(.movies(MovieQuery(title: text)))
            guard titles.items.isEmpty else { return .movies(titles, origin: context.source.searchedFilms) }
            return .movies(try await client.fetch(.movies(MovieQuery(director: text))), origin: context.source.searchedFilms, byDirector: true)
        case let .person(code): return try await held { .person(try await client.fetch(.person(code: code))) }
        case let .company(code): return try await held { .company(try await client.fetch(.company(code: code))) }
        // Credits carry no code: the people of that name with that film (KOBIS's filmoNames).
        case let .people(name, film): return try await held { .people(try await client.fetch(.people(name: name, filmography: film))) }
        case .reviews, .poster, .run: throw BrowseFetchError()
        }
    }

    /// The answer, or, where the source holds nothing of it (the samples hold few people and
    /// companies), a screen that says so rather than an error.
    private func held(_ fetch: () async throws -> BrowseAnswer) async throws -> BrowseAnswer {
        do {
            return try await fetch()
        } catch let error as SampleDataError where [.peopleInfo, .peopleList, .companyInfo, .dailyBoxOffice, .weeklyBoxOffice].contains(error.operation) {
            return .notHeld
        }
    }

    /// The context, its cache used as `mode` says (an `--offline` run stays offline).
    private func context(mode: CacheMiddleware.Mode?) -> CommandContext {
        guard let mode, mode != context.invocation.cacheMode, context.invocation.cacheMode != .offline else { return context }
        var invocation = context.invocation
        invocation.cacheMode = mode
        return context.with(invocation: invocation)
    }

    /// A film's details; where the samples hold none, the film without them (its screen then
    /// shows what the rankings at hand tell of it).
    private func film(_ code: String, client: BoxOfficeClient) async throws -> BrowseFilm {
        do {
            return BrowseFilm(code: code, details: try await client.fetch(.movie(code: code)))
        } catch where context.source.lacksDetails(error) {
            return BrowseFilm(code: code, details: nil)
        }
    }

    /// What the rankings at hand tell of a film's run, read at no call (the cache's days, or the
    /// samples'), within a year either side of `around` (a day it ran on, or opened) when known.
    private func run(_ code: String, around: Day?) async throws -> Trend {
        let source = context.source
        let today = context.today
        let window = around.map { $0.adding(days: -365)...max($0, min(today.adding(days: -1), $0.adding(days: 365))) } ?? source.runWindow(today: today)
        // Only what is at hand: with KOBIS, the cache's days, read offline so nothing is fetched.
        let reader = try context(mode: .offline).client()
        let reading = PeriodReading(jobs: context.invocation.jobs, readable: { days in source.atHand(days) { reader.isCached(.daily($0)) } })
        return try await reader.runAtHand(of: code, within: window, today: today, reading: reading)
    }

    /// Adds the form's review as `review add` does (its checks, its store), the form's password
    /// protecting it: what to say of it.
    func add(_ form: ReviewForm) async throws -> String {
        let nickname = form.value(.nickname).trimmingBlanks().isEmpty ? nil : form.value(.nickname)
        let review = try ReviewCommand.addition(movieCode: form.movieCode, rating: form.value(.rating), nickname: nickname, text: form.value(.text))
        let password = form.value(.password)
        let added = try context.reviewStore().add(movieCode: review.movieCode, rating: review.rating, nickname: review.nickname, text: review.text,
                                                  password: password.isEmpty ? nil : password, created: Int64(context.now().timeIntervalSince1970))
        return ReviewCommand.added(added.review)
    }

    /// A poster image's bytes, through the same client (and cache) as everything else.
    func image(at address: String) async throws -> Data {
        guard let url = URL(string: address) else { throw BrowseFetchError() }
        let client = try context.client()
        let call = RemoteCall(url: url, displayAddress: address, cacheKey: "poster-image:" + address, summary: "the poster image",
                              freshness: .seconds(30 * 86_400))
        return try await client.answer(call) { $0 }.value
    }
}

/// A request the view cannot make (never expected).
struct BrowseFetchError: Error, CustomStringConvertible {
    var description: String { "the answer could not be shown here" }
}

/// Runs the view: one event at a time through the state, the effects carried out, a frame drawn.
struct BrowseLoop {
    var state: BrowseState
    let fetcher: BrowseFetcher
    let colors: Bool
    let ambiguousWide: Bool

    private enum Event: Sendable {
        case browse(BrowseEvent)
        /// A poster image to show, full screen, until the next key.
        case poster(String, Data)
        case terminal(BrowseTerminal.Input)
        case stop
    }

    mutating func run() async throws {
        let (events, sink) = AsyncStream<Event>.makeStream()
        var screen = Screen(terminal: BrowseTerminal(), colors: colors, ambiguousWide: ambiguousWide)
        try screen.terminal.start { sink.yield(.terminal($0)) }
        defer { screen.terminal.stop() }
        let trace = BrowseTrace(path: fetcher.context.environment["BOXOFFICE_BROWSE_TRACE"])
        var effects = Effects(fetcher: fetcher, sink: sink, trace: trace)
        defer { effects.cancelAll() }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                sink.yield(.browse(.tick))
            }
        }
        defer { ticker.cancel() }
        _ = state.handle(.resized(bodyRows: BrowseView.bodyRows(forRows: screen.size.rows)))
        effects.perform(state.start())
        screen.draw(state, full: true)
        let hungUp = await withTaskCancellationHandler {
            for await event in events {
                if let line = BrowseLoop.traced(event, typingIntoForm: state.form != nil) { trace.say(line) }
                switch handle(event, screen: &screen, effects: &effects) {
                case .next: continue
                case .draw: screen.draw(state)
                case let .end(hungUp): return hungUp
                }
            }
            return false
        } onCancel: {
            sink.yield(.stop)
        }
        // The terminal given back at once; then nothing is left running behind the view: what is
        // under way is stopped, and ends, before the program does.
        screen.terminal.stop()
        await effects.finish(within: .seconds(2))
        // SIGTERM and SIGINT cancel the run, SIGHUP ends it: each ends as an interruption does.
        try Task.checkCancellation()
        if hungUp { throw CancellationError() }
    }

    /// An event as the trace tells it (never a whole answer, nor what is typed into the review
    /// form: its password); nil for the clock's ticks.
    private static func traced(_ event: Event, typingIntoForm: Bool) -> String? {
        switch event {
        case .browse(.tick): nil
        case .terminal(.key(.character)) where typingIntoForm: "terminal key (a character typed into the review form)"
        case let .browse(.answered(request, _)): "answered \(request)"
        case let .browse(event): "event \(event)"
        case let .poster(_, image): "poster image of \(image.count) bytes"
        case let .terminal(input): "terminal \(input)"
        case .stop: "stop"
        }
    }

    /// An effect as the trace tells it: never a review's text or password.
    private static func traced(_ effect: BrowseEffect) -> String {
        if case let .addReview(form) = effect { return "addReview \(form.movieCode)" }
        return "\(effect)"
    }

    /// What comes of an event: nothing to draw, a frame, or the end (by a hang-up, or not).
    private enum Outcome {
        case next, draw, end(hungUp: Bool)
    }

    /// One event through the state (or the terminal), its effects started.
    private mutating func handle(_ event: Event, screen: inout Screen, effects: inout Effects) -> Outcome {
        switch event {
        case let .browse(event):
            if case let .answered(request, _) = event { effects.finished(request) }
            if case let .failed(request, _) = event { effects.finished(request) }
            if case let .costly(request, _) = event { effects.finished(request) }
            if case .tick = event {
                // Midnight in Korea moves yesterday, and with it the latest day to show.
                let today = Day.korean(at: fetcher.context.now())
                if today != state.today { effects.perform(state.handle(.dayChanged(today))) }
                if state.loading.isEmpty { return .next }
            }
            effects.perform(state.handle(event))
            // A poster covers the screen until the next key: an answer arriving meanwhile (the
            // film's run, a prefetch) changes the state, and is drawn once the poster goes.
            if screen.showingImage { return state.quitting ? .end(hungUp: false) : .next }
        case .terminal(.key(.suspend)):
            screen.terminal.suspend()
            screen.draw(state, full: true)
            return .next
        case .terminal(.key(.redraw)), .terminal(.continued):
            screen.draw(state, full: true)
            return .next
        case let .poster(address, image):
            let size = screen.size
            if let escape = InlineImage.escape(for: image, in: fetcher.context.environment, columns: size.columns, rows: size.rows - 1) {
                screen.terminal.showImage(escape, caption: "any key goes back")
                screen.showingImage = true
                return .next
            }
            state.status = InlineImage.refusal(for: image, in: fetcher.context.environment) + " " + address
        case let .terminal(.key(key)):
            if screen.showingImage {
                screen.showingImage = false
                screen.terminal.hideImage()
                screen.draw(state, full: true)
                return .next
            }
            effects.perform(state.handle(.key(key)))
        case .terminal(.resized):
            screen.resize()
            effects.perform(state.handle(.resized(bodyRows: BrowseView.bodyRows(forRows: screen.size.rows))))
            screen.terminal.invalidate()
        case .terminal(.hangUp):
            return .end(hungUp: true)
        case .stop:
            return .end(hungUp: false)
        }
        return state.quitting ? .end(hungUp: false) : .draw
    }

    /// The terminal, its size, and the view that draws a frame of that size.
    private struct Screen {
        let terminal: BrowseTerminal
        let colors: Bool
        let ambiguousWide: Bool
        var size: (columns: Int, rows: Int)
        var view: BrowseView
        /// Whether a poster covers the screen until the next key.
        var showingImage = false

        init(terminal: BrowseTerminal, colors: Bool, ambiguousWide: Bool) {
            self.terminal = terminal
            self.colors = colors
            self.ambiguousWide = ambiguousWide
            size = terminal.size
            view = BrowseView(columns: size.columns, rows: size.rows, colors: colors, ambiguousWide: ambiguousWide)
        }

        mutating func resize() {
            size = terminal.size
            view = BrowseView(columns: size.columns, rows: size.rows, colors: colors, ambiguousWide: ambiguousWide)
        }

        mutating func draw(_ state: BrowseState, full: Bool = false) {
            terminal.draw(view.render(state), full: full)
        }
    }

    /// Carries out the state's effects: each request a task of its own, whose answer comes back
    /// as an event; the poster and the review likewise.
    private struct Effects {
        let fetcher: BrowseFetcher
        let sink: AsyncStream<Event>.Continuation
        let trace: BrowseTrace
        var tasks: [BrowseRequest: Task<Void, Never>] = [:]
        /// How many of the tasks started (fetches, a poster, a review) have not ended yet.
        let underWay = Locked(0)

        init(fetcher: BrowseFetcher, sink: AsyncStream<Event>.Continuation, trace: BrowseTrace) {
            self.fetcher = fetcher
            self.sink = sink
            self.trace = trace
        }

        mutating func perform(_ effects: [BrowseEffect]) {
            let (fetcher, sink, trace) = (self.fetcher, self.sink, self.trace)
            for effect in effects {
                trace.say("effect " + BrowseLoop.traced(effect))
                switch effect {
                case let .fetch(request, refresh): start(request, mode: refresh ? .refresh : nil)
                case let .fetchApproved(request): start(request, mode: nil, approved: true)
                case let .prefetch(request): start(request, mode: nil)
                case let .peek(request): start(request, mode: .offline, quietly: true)
                case let .showPoster(address):
                    counted {
                        do {
                            trace.say("image begun")
                            let image = try await fetcher.image(at: address)
                            trace.say("image: \(image.count) bytes")
                            sink.yield(.poster(address, image))
                        } catch {
                            trace.say("image failed: \(BrowseLoop.message(error))")
                            sink.yield(.browse(.note("the poster could not be fetched: " + BrowseLoop.message(error))))
                        }
                    }
                case let .addReview(form):
                    counted {
                        do {
                            let said = try await fetcher.add(form)
                            sink.yield(.browse(.reviewAdded(form.movieCode, said)))
                        } catch {
                            sink.yield(.browse(.reviewRefused(form.movieCode, BrowseLoop.message(error))))
                        }
                    }
                case let .cancel(request):
                    tasks.removeValue(forKey: request)?.cancel()
                case .quit:
                    break
                }
            }
        }

        /// The request's task has given its answer (or its failure).
        mutating func finished(_ request: BrowseRequest) {
            tasks.removeValue(forKey: request)
        }

        func cancelAll() {
            tasks.values.forEach { $0.cancel() }
        }

        /// Stops every request under way and waits, `limit` at most, for their tasks to end (a
        /// stopped request ends at once; a review being written is let finish): the view ends
        /// with no work of its own still running.
        func finish(within limit: Duration) async {
            cancelAll()
            let underWay = self.underWay
            // A task of its own, so that the wait is a wait even when the view's run was cancelled.
            await Task.detached {
                let deadline = ContinuousClock.now + limit
                while underWay.withLock({ $0 }) > 0, ContinuousClock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }.value
        }

        /// Runs `work` in a task of its own, counted in `underWay` until it ends.
        @discardableResult
        private func counted(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
            let underWay = self.underWay
            underWay.withLock { $0 += 1 }
            return Task {
                defer { underWay.withLock { $0 -= 1 } }
                await work()
            }
        }

        private mutating func start(_ request: BrowseRequest, mode: CacheMiddleware.Mode?, approved: Bool = false, quietly: Bool = false) {
            let (fetcher, sink, trace) = (self.fetcher, self.sink, self.trace)
            tasks[request]?.cancel()
            tasks[request] = counted {
                do {
                    trace.say("fetch \(request) begun")
                    let answer = try await fetcher.fetch(request, mode: mode, approved: approved)
                    trace.say("fetch \(request) answered")
                    sink.yield(.browse(.answered(request, answer)))
                } catch is CancellationError {
                    trace.say("fetch \(request) cancelled")
                } catch let limit as CallLimitError {
                    trace.say("fetch \(request) needs \(limit.cost.toFetch) calls")
                    guard !Task.isCancelled, !quietly else { return }
                    sink.yield(.browse(.costly(request, limit.what)))
                } catch {
                    trace.say("fetch \(request) failed: \(BrowseLoop.message(error))")
                    guard !Task.isCancelled, !quietly else { return }
                    sink.yield(.browse(.failed(request, BrowseLoop.message(error))))
                }
            }
        }
    }

    /// A failure for the status bar: the command line's message and its advice, as one text (the
    /// view gives it two lines when it needs them).
    static func message(_ error: any Error) -> String {
        if let usage = error as? UsageError { return usage.message }
        let lines = FailureReport(error).lines.map { $0.hasPrefix("boxoffice: ") ? String($0.dropFirst(11)) : $0 }
        return lines.isEmpty ? "\(error)" : lines.joined(separator: " ")
    }
}
