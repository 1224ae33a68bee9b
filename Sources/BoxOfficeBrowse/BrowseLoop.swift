import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs the view: one event at a time through the state, the effects carried out, a frame drawn.
package struct BrowseLoop {
    var state: BrowseState
    let fetcher: any BrowseSource
    let colors: Bool
    let ambiguousWide: Bool

    /// A view starting at `state`, asking `source` for its answers.
    package init(state: BrowseState, source: any BrowseSource, colors: Bool, ambiguousWide: Bool) {
        self.state = state
        fetcher = source
        self.colors = colors
        self.ambiguousWide = ambiguousWide
    }

    private enum Event: Sendable {
        case browse(BrowseEvent)
        /// A poster image to show, full screen, until the next key.
        case poster(String, Data)
        case terminal(BrowseTerminal.Input)
        case stop
    }

    package mutating func run() async throws {
        let (events, sink) = AsyncStream<Event>.makeStream()
        var screen = Screen(terminal: BrowseTerminal(), colors: colors, ambiguousWide: ambiguousWide)
        try screen.terminal.start { sink.yield(.terminal($0)) }
        defer { screen.terminal.stop() }
        let trace = BrowseTrace(path: fetcher.environment["BOXOFFICE_BROWSE_TRACE"])
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
                let today = Day.korean(at: fetcher.now())
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
            if let escape = InlineImage.escape(for: image, in: fetcher.environment, columns: size.columns, rows: size.rows - 1) {
                screen.terminal.showImage(escape, caption: "any key goes back")
                screen.showingImage = true
                return .next
            }
            state.status = InlineImage.refusal(for: image, in: fetcher.environment) + " " + address
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
        let fetcher: any BrowseSource
        let sink: AsyncStream<Event>.Continuation
        let trace: BrowseTrace
        var tasks: [BrowseRequest: Task<Void, Never>] = [:]
        /// How many of the tasks started (fetches, a poster, a review) have not ended yet.
        let underWay = Locked(0)

        init(fetcher: any BrowseSource, sink: AsyncStream<Event>.Continuation, trace: BrowseTrace) {
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
                            trace.say("image failed: \(fetcher.failure(error).text)")
                            sink.yield(.browse(.note("the poster could not be fetched: " + fetcher.failure(error).text)))
                        }
                    }
                case let .addReview(form):
                    counted {
                        do {
                            let said = try await fetcher.add(form)
                            sink.yield(.browse(.reviewAdded(form.movieCode, said)))
                        } catch {
                            sink.yield(.browse(.reviewRefused(form.movieCode, fetcher.failure(error).text)))
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
                } catch {
                    let failure = fetcher.failure(error)
                    trace.say("fetch \(request) failed: \(failure.text)")
                    guard !Task.isCancelled, !quietly else { return }
                    switch failure {
                    case let .costly(question): sink.yield(.browse(.costly(request, question)))
                    case let .failed(message): sink.yield(.browse(.failed(request, message)))
                    }
                }
            }
        }
    }
}
