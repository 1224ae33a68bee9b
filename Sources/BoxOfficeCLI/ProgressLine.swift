import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// One line of progress on stderr, only when stderr is a terminal: for a range, done of total
/// (from the cache and from the network), the time so far and an estimate; for a single request
/// that takes more than a second, a spinner saying what it waits for and which try it is on.
/// Nothing of it reaches a pipe or a file.
final class ProgressLine: Sendable {
    private struct Waiting {
        var summary: String
        var attempt: Int
        var attempts: Int
        var since: ContinuousClock.Instant
    }

    private struct State {
        var total = 0
        var unit = "days"
        var cached = 0
        var fetched = 0
        var rangeStarted: ContinuousClock.Instant?
        /// Calls the keys had left today when the range began (nil when not counted).
        var callsLeft: Int?
        /// The answers come from the demo's recordings: nothing is fetched or cached.
        var samples = false
        var waiting: [Int: Waiting] = [:]
        var shown = false
        var frame = 0
        var ticker: Task<Void, Never>?
        var stopped = false
    }

    private let state = Locked(State())
    private let write: @Sendable (String) -> Void
    private let width: Int
    let enabled: Bool

    /// A range is worth a progress line past this many requests.
    static let fewRequests = 3
    private static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    init(enabled: Bool, width: Int?, write: @escaping @Sendable (String) -> Void) {
        self.enabled = enabled
        self.width = max(20, (width ?? 80) - 1)
        self.write = write
    }

    /// Starts redrawing ten times a second.
    func start() {
        guard enabled else { return }
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                self?.draw()
            }
        }
        state.withLock { $0.ticker = task }
    }

    /// Stops and clears the line; nothing is drawn after.
    func stop() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.stopped = true
            if state.shown { write("\r\u{1B}[K") }
            state.shown = false
            defer { state.ticker = nil }
            return state.ticker
        }
        task?.cancel()
    }

    /// Clears the line before another message is written to stderr; the next tick redraws it.
    func clear() {
        state.withLock { state in
            if state.shown { write("\r\u{1B}[K") }
            state.shown = false
        }
    }

    /// Runs `body`, a write to stdout, with the line cleared first and under the lock: data on the
    /// same terminal never lands after the line, and no tick redraws it halfway through. The next
    /// tick draws it again below what was written.
    func whileCleared(_ body: () throws -> Void) throws {
        guard enabled else { return try body() }
        try state.withLock { state in
            if state.shown { write("\r\u{1B}[K") }
            state.shown = false
            try body()
        }
    }

    /// - Parameter callsLeft: the calls the keys have left today, so the estimate covers only what
    ///   can be fetched before the quota stops the run.
    /// A reading that begins while another of the same run is under way (a trend reads each
    /// film's run in turn) adds its items to the total, so that the count never passes it.
    func beginRange(total: Int, unit: String, callsLeft: Int? = nil) {
        state.withLock { state in
            if state.rangeStarted == nil || state.unit != unit {
                state.total = total
                state.cached = 0
                state.fetched = 0
                state.rangeStarted = .now
            } else {
                state.total += total
            }
            state.unit = unit
            state.callsLeft = callsLeft ?? state.callsLeft
        }
    }

    /// The answers come from the demo's recordings: the line counts them as read, not as fetched.
    func countsSamples() {
        state.withLock { $0.samples = true }
    }

    func finished(fromCache: Bool) {
        state.withLock { state in
            if fromCache { state.cached += 1 } else { state.fetched += 1 }
        }
    }

    /// A try of request `id` is under way.
    func waiting(id: Int, summary: String, attempt: Int, attempts: Int) {
        state.withLock { state in
            let since = state.waiting[id]?.since ?? .now
            state.waiting[id] = Waiting(summary: summary, attempt: attempt, attempts: attempts, since: since)
        }
    }

    /// Request `id` is over.
    func done(id: Int) {
        state.withLock { state in
            state.waiting[id] = nil
        }
    }

    /// Draws the line as it stands (the ticker's work, ten times a second).
    func draw() {
        state.withLock { state in
            guard !state.stopped else { return }
            guard let line = Self.line(&state) else {
                if state.shown { write("\r\u{1B}[K") }
                state.shown = false
                return
            }
            state.shown = true
            // Written under the lock, so that a stop or a message never meets half a line.
            write("\r\u{1B}[K" + TerminalText.truncate(TerminalText.clean(line), to: width))
        }
    }

    private static func line(_ state: inout State) -> String? {
        state.frame += 1
        let spinner = Self.frames[state.frame % Self.frames.count]
        if let started = state.rangeStarted, state.total > Self.fewRequests {
            let done = state.cached + state.fetched
            let elapsed = Self.seconds(started.duration(to: .now))
            var text = "\(spinner) \(NumberFormat.grouped(done))/\(NumberFormat.grouped(state.total)) \(state.unit) · "
            text += state.samples ? "from the sample data · \(Self.format(elapsed))"
                : "\(NumberFormat.grouped(state.cached)) from the cache · \(NumberFormat.grouped(state.fetched)) fetched · \(Self.format(elapsed))"
            if !state.samples, state.fetched > 0, done < state.total {
                let perItem = elapsed / Double(max(1, state.fetched))
                let (remaining, untilQuota) = Self.remainingToday(total: state.total, done: done, fetched: state.fetched, callsLeft: state.callsLeft)
                text += ", about \(Self.format(perItem * Double(remaining))) left"
                if untilQuota { text += " until the quota" }
            }
            if let slow = state.waiting.values.filter({ $0.attempt > 1 }).first {
                text += " · try \(slow.attempt) of \(slow.attempts)"
            }
            return text
        }
        guard let oldest = state.waiting.values.min(by: { $0.since < $1.since }) else { return nil }
        let waited = Self.seconds(oldest.since.duration(to: .now))
        guard waited >= 1 else { return nil }
        var text = "\(spinner) waiting for \(oldest.summary) · \(Self.format(waited))"
        if oldest.attempts > 1 { text += " · try \(oldest.attempt) of \(oldest.attempts)" }
        if state.waiting.count > 1 { text += " · \(state.waiting.count) requests" }
        return text
    }

    /// The items still to come that can run today: past the quota nothing more is fetched, so the
    /// estimate covers only what comes before it (`untilQuota` when the quota cuts the rest).
    static func remainingToday(total: Int, done: Int, fetched: Int, callsLeft: Int?) -> (count: Int, untilQuota: Bool) {
        let rest = max(0, total - done)
        guard let callsLeft else { return (rest, false) }
        let possible = max(0, callsLeft - fetched)
        return possible < rest ? (possible, true) : (rest, false)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `0.4 s`, `12 s`, `3 min 20 s`.
    private static func format(_ seconds: Double) -> String {
        if seconds < 10 { return cFormat("%.1f s", seconds) }
        if seconds < 60 { return "\(Int(seconds)) s" }
        let whole = Int(seconds)
        return "\(whole / 60) min \(whole % 60) s"
    }
}
