import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeHistory
import BoxOfficeSamples
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeTransports
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a command runs with: the settings, the client, and the one shared path from an answer
/// to printed text in the chosen format.
struct CommandContext: Sendable {
    var invocation: Invocation
    var environment: [String: String]
    /// Today in Korea (at each call, in a long-running server).
    var today: Day
    /// How results read: format, JSON layout, fields, colours, width, language.
    var style: OutputStyle
    var options: RenderOptions { style.options }
    let secrets: Secrets
    let now: @Sendable () -> Date
    var makeTransport: (@Sendable () -> any HTTPTransport)?
    /// The run's one client, composed when first asked for from the run's own settings (as they
    /// were when the context was made), and shared by every copy of the context: a copy a face
    /// changes (quieter, another cache mode for one call) changes nothing of the client.
    private(set) var root = ClientRoot.unset
    /// The progress line on stderr (drawn only on a terminal).
    var progress: ProgressLine
    /// Writes data to stdout at once, for output that streams (ranges); the key is masked. nil
    /// where nothing may be written (under browse's view).
    var write: (@Sendable (String) throws -> Void)?
    /// Says a line on stderr once (`boxoffice: ` in front), free of any key.
    var say: @Sendable (String) -> Void
    /// Asks the person at the terminal a question, when there is one (see ``Console/ask``).
    var ask: (@Sendable (String) -> String?)? = nil
    /// Values decoded from the cache's answers, kept by a face that serves many calls (the MCP
    /// server) so that a cached answer asked for again is not decoded again; nil for one run.
    var decoded: DecodedAnswers? = nil

    /// The run's settings, its client composed from them once, as `voice` lets the client's
    /// events be heard (a full-screen view hears none; the MCP server draws no progress line).
    init(invocation: Invocation, environment: [String: String], today: Day, style: OutputStyle, secrets: Secrets,
         now: @escaping @Sendable () -> Date, makeTransport: (@Sendable () -> any HTTPTransport)?, progress: ProgressLine,
         write: (@Sendable (String) throws -> Void)?, say: @escaping @Sendable (String) -> Void, ask: (@Sendable (String) -> String?)? = nil,
         voice: ClientVoice = .all) {
        self.invocation = invocation
        self.environment = environment
        self.today = today
        self.style = style
        self.secrets = secrets
        self.now = now
        self.makeTransport = makeTransport
        self.progress = progress
        self.write = write
        self.say = say
        self.ask = ask
        root = ClientRoot(keepsFailure: true, settings: settings(heard: voice))
    }

    /// These settings as the client is composed from them, its events heard as `voice` says;
    /// their own root a placeholder (the client's root holds them, not they it).
    private func settings(heard voice: ClientVoice) -> CommandContext {
        var settings = self
        settings.root = .unset
        if voice != .all { settings.progress = ProgressLine(enabled: false, width: nil, write: { _ in }) }
        if voice == .none { settings.say = { _ in } }
        return settings
    }

    /// The same context with some of its settings replaced, for one call of a face (the
    /// interactive view's refresh, its silent fetches, a password given in a form).
    func with(invocation: Invocation? = nil, environment: [String: String]? = nil, progress: ProgressLine? = nil,
              say: (@Sendable (String) -> Void)? = nil) -> CommandContext {
        var context = self
        if let invocation { context.invocation = invocation }
        if let environment { context.environment = environment }
        if let progress { context.progress = progress }
        if let say { context.say = say }
        return context
    }

    /// The day a ranking shows when none is asked for, as the client chooses it (its note said).
    func defaultDay() -> Day {
        guard let client = try? client() else { return today.adding(days: -1) }
        return said(client.defaultDay(today: today))
    }

    /// The week a weekly ranking shows when none is asked for, when the client chooses one.
    func defaultWeek(_ period: WeekPeriod?) -> (day: Day, period: WeekPeriod)? {
        (try? client())?.defaultWeek(period: period).map(said).map { ($0.day, $0.period) }
    }

    /// The month a calendar shows when none is asked for, when the client chooses one.
    func defaultMonth() -> (year: Int, month: Int)? {
        (try? client())?.defaultMonth().map(said).map { ($0.year, $0.month) }
    }

    /// The year ranked when none is asked for, when the client chooses one.
    func defaultYear() -> Int? {
        (try? client())?.defaultYear().map(said)
    }

    /// A default's value, its note said.
    private func said<Value>(_ choice: Defaulted<Value>) -> Value {
        if let note = choice.note { notice?(note) }
        return choice.value
    }

    /// Notes for the user, unless `--quiet`.
    var notice: (@Sendable (String) -> Void)? { invocation.verbosity == .quiet ? nil : say }
    /// Requests and cache decisions, with `--verbose`.
    var log: (@Sendable (String) -> Void)? { invocation.verbosity == .verbose ? say : nil }

    /// What a command's output reads as on the command line: its value rendered in the chosen
    /// format (`--fields` checked first), KOBIS's own body, or its text; then its note.
    func text(of output: CommandOutput) throws -> String {
        let text: String
        switch output.content {
        case let .value(value, chart): text = try render(value, chart: chart)
        case let .raw(body): text = Self.raw(body)
        case let .text(made): text = made
        case .streamed, .none: text = ""
        }
        return text + output.note
    }

    /// A value in the chosen format. A chart always has a width, so in a pipe it takes `COLUMNS`
    /// when set (on a terminal the terminal's width already applies), else the view's default.
    private func render<Value: Presentable>(_ value: Value, chart: Bool) throws -> String {
        try check(Value.self)
        var style = self.style
        if chart, style.options.width == nil { style.options.width = Console.columns(environment: environment) }
        return value.rendered(style)
    }

    /// Refuses `--fields` that this kind of result does not have, before any call is spent.
    func check<Value: Presentable>(_ type: Value.Type) throws(UsageError) {
        guard let fields = style.fields else { return }
        let unknown = Value.unknownFields(fields)
        guard unknown.isEmpty else {
            let name = unknown[0]
            let hint = Suggestion.hint(name, among: Value.fieldNames)
            throw UsageError(message: "--fields: \(unknown.map { "'\($0)'" }.joined(separator: ", ")) \(unknown.count == 1 ? "is not a field" : "are not fields") here; the fields are \(Value.fieldNames.joined(separator: ", "))\(hint)",
                             command: invocation.commandName)
        }
    }

    /// The shared path of every KOBIS command: fetch (or take from the cache) and convert, giving
    /// the value as of when it was fetched, or KOBIS's own body with `--raw`.
    nonisolated(nonsending) func show<Value: Presentable>(_ call: KOBISCall<Value>, using client: BoxOfficeClient) async throws -> CommandOutput {
        try check(Value.self)
        let answer = try await client.answer(call)
        return CommandOutput(invocation.raw ? .raw(answer.body) : .value(answer.value))
    }

    /// How the engine reads a period's days for this command: `--jobs` at a time, its cost
    /// approved first (``approve(_:unit:span:)``: `span` says what the period is when the
    /// user may not know, as `--from` without `--to`), counted on the progress line; with `period`
    /// (naming the days for the note that says so), only the days the client holds, when it
    /// holds some only.
    func reading(unit: String = "days", period: (@Sendable ([Day]) -> String)?, span: String? = nil) -> PeriodReading {
        let progress = self.progress
        let callsLeft = Locked<Int?>(nil)
        var reading = PeriodReading(jobs: invocation.jobs,
                                    began: { progress.beginRange(total: $0.count, unit: unit, callsLeft: callsLeft.withLock { $0 }) },
                                    finished: { progress.finished(fromCache: $0) })
        reading.period = period
        reading.note = notice
        reading.korean = options.korean
        reading.approve = { [self] cost in
            let left = try await approve(cost, unit: unit, span: span)
            callsLeft.withLock { $0 = left }
        }
        return reading
    }

    /// The filter KOBIS is sent for `filter` and `region` (a name looked up in the region table),
    /// and the scope a ranking names; the lookup said with `--verbose`.
    nonisolated(nonsending) func scope(filter: BoxOfficeFilter, region: String?, client: BoxOfficeClient) async throws -> (BoxOfficeFilter, RankingScope?) {
        try await RankingFilterOptions.resolve(filter, region: region, with: client, log: log)
    }

    /// KOBIS's body as it came (key masked), ending with a newline so the prompt starts on its own line.
    static func raw(_ body: Data) -> String {
        let text = String(decoding: body, as: UTF8.self)
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// The client's events in the command line's words, on the progress line and stderr.
    var events: ClientEvents {
        let words = ClientEventWords(log: log, notice: notice, progress: progress, secrets: secrets)
        return { words.handle($0) }
    }

    /// These settings, as they are now, with a client of their own composed from them, heard as
    /// `voice` says, and composed anew after a failure (a server that lives long: a key put in
    /// place meanwhile is found by the next call): the MCP server's composition root.
    func withOwnClient(heard voice: ClientVoice) -> CommandContext {
        var context = self
        context.root = ClientRoot(keepsFailure: false, settings: settings(heard: voice))
        return context
    }

    /// The run's client: the command line's one composition root, run once however many times a
    /// command, a tool call or a view's fetch asks (a view of it, ``BoxOfficeClient/cacheMode(_:)``,
    /// serves a request that reads the cache otherwise). A failure (no key, a bad setting) is
    /// kept for the run and said to whoever asks (a server's is not: ``withOwnClient(heard:)``).
    func client() throws -> BoxOfficeClient {
        try root.composed().client
    }

    /// Calls the keys have left today by the local count; nil without one (the demo, no cache folder).
    func callsLeftToday() throws -> Int? {
        let composed = try root.composed()
        return composed.quota?.callsLeftToday(keys: composed.keys)
    }

    /// A client for KOBIS, made of the standard middlewares as the settings ask for them: the cache
    /// and the call count in the cache folder, the keys in turn, retries (each try starting the
    /// network helper before its clocks run), redirects on the same server, the rate, a timeout per
    /// try, and the transport. The demo is a transport of its own, with none of them.
    fileprivate func compose() throws -> ClientRoot.Composed {
        let baseURL = invocation.baseURL ?? URL(string: CommandLineSpec.defaultBaseURL) ?? URL(fileURLWithPath: "/")
        // Where answers come from is decided here, once: the demo's recordings, or KOBIS.
        if invocation.demo {
            // The samples are a source that asks no one: no disk cache, no network, nothing counted.
            let samples = SampleTransport(log: log)
            notice?(samples.words(.composed, korean: options.korean))
            progress.countsSamples()
            let client = BoxOfficeClient(transport: samples, middlewares: [RetryMiddleware(attempts: 1)], baseURL: baseURL, now: now)
            return ClientRoot.Composed(client: client, quota: nil, keys: KeyRing([]))
        }
        // Offline, nothing is sent, so no key is needed (cached answers never depend on it).
        var keys = [""]
        do {
            let resolved = try KeySource.resolveAll(option: invocation.keyOption, environment: environment) { notice?($0) }
            // A key of a few letters would be masked wherever those letters appear, KOBIS's own
            // answers included, and damage them; KOBIS issues keys of 32 letters and digits.
            if let short = resolved.keys.first(where: { $0.count < KeySource.shortestKey }) {
                throw ImplausibleKeyError(origin: resolved.origin, length: short.count)
            }
            keys = resolved.keys
            secrets.keyOrigin = resolved.origin
        } catch is MissingKeyError where invocation.cacheMode == .offline {
            keys = [""]
        }
        for key in keys { secrets.add(key: key) }
        guard !keys.isEmpty else { throw MissingKeyError(configFile: nil, configProblem: nil) }
        let events = self.events
        let (store, counts) = try storage(keys: keys.count)
        let network = try transport(for: baseURL)
        // The key ring is kept, to tell the calls left from the keys still usable today.
        let ring = KeyRing(keys)
        // The history, when there is one, is read before the cache: the days it holds cost nothing.
        let history: [any BoxOfficeMiddleware] = if let path = try? historyPath(), OwnFiles.linkStatus(path) != nil { [HistorySource(path: path)] } else { [] }
        let middlewares = history + BoxOfficeClient.standardMiddlewares(keys: ring, attempts: invocation.retries + 1, cache: store, callCounts: counts,
                                                                        callsPerSecond: invocation.rate, eachTry: [StartMiddleware(preparing: network)],
                                                                        events: events, now: now)
        // The run's use of the cache (--refresh, --offline) is each request's; a view asks otherwise.
        let client = BoxOfficeClient(baseURL: baseURL, chain: MiddlewareChain(middlewares, over: network), timeout: invocation.timeout,
                                     decoded: decoded, now: now)
        let quota = counts.map { QuotaCountMiddleware(counts: $0, keys: keys, now: now) }
        return ClientRoot.Composed(client: invocation.cacheMode == .normal ? client : client.cacheMode(invocation.cacheMode), quota: quota, keys: ring)
    }

    /// The network, set up only when a request really goes out.
    func transport(for baseURL: URL) throws(UsageError) -> LazyTransport {
        let plain = PlainHTTPTransport.isNeeded(for: baseURL)
        let wait = try Invocation.helperWait(environment: environment)
        if let makeTransport { return LazyTransport { Unprepared(transport: makeTransport()) } }
        return LazyTransport { plain ? Unprepared(transport: PlainHTTPTransport()) as any PreparingTransport : HelperTransport(startAllowance: wait) }
    }

    /// The cache and the call count of a command that may fetch, both in the cache folder.
    /// When there is no folder that may be used, the command answers from the network with a
    /// warning; offline, that is an error, as there is nothing else.
    func storage(keys: Int) throws -> (cache: AnswerCache?, counts: (any CallCountStore)?) {
        do {
            let cache = try usableCache()
            return (cache, FolderCallCounts(folder: cache.folder, keys: keys))
        } catch where invocation.cacheMode != .offline {
            let report = FailureReport(error)
            notice?("warning: " + report.lines.joined(separator: " ") + " Until then, answers are not kept and calls are not counted.")
            return (nil, nil)
        }
    }

    /// The reviews store the settings name.
    func reviewStore() throws -> ReviewStore {
        guard let store = ReviewStore.chosen(option: invocation.dataDirectory, environment: environment) else {
            throw ReviewInputError(message: "there is no data folder for reviews: \(XDGFolder.missingHomeReason(environment: environment)); pass --data-dir DIR or set BOXOFFICE_DATA_DIR")
        }
        return store
    }

    /// The cache folder, when there is one and it is safe to use.
    /// The history database's file: `--history` (or BOXOFFICE_HISTORY), else
    /// `${XDG_DATA_HOME:-~/.local/share}/boxoffice/history.sqlite3`.
    func historyPath() throws -> String {
        if let file = invocation.historyFile { return file }
        guard let folder = XDGFolder.boxoffice("XDG_DATA_HOME", fallback: ".local/share", environment: environment) else {
            throw NoHistoryFolderError(reason: XDGFolder.missingHomeReason(environment: environment))
        }
        return folder.appendingPathComponent("history.sqlite3").path
    }

    /// The run's history database, to read or to write (its folder made when missing). Over a
    /// client that holds some days only and asks no one (the demo's samples), the history is
    /// those days, kept in memory for this run: nothing is written to disk.
    nonisolated(nonsending) func history(writing: Bool) async throws -> HistoryDatabase {
        if let client = try? client(), client.asksNoOne {
            // Made once a run (a demo MCP server asks it at every call), as the client is.
            return try await root.samplesHistory {
                let history = try HistoryDatabase.writing(":memory:")
                for day in client.heldDays ?? [] {
                    let answer = try await client.answer(.daily(day))
                    try history.store(answer.value, fetched: answer.fetched)
                }
                return history
            }
        }
        let path = try historyPath()
        guard writing else { return try HistoryDatabase.reading(path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        // Our own folder is made and checked; a file the user named that exists is theirs to say
        // where it is (the database itself says whether it can be written).
        do {
            if invocation.historyFile == nil || OwnFiles.linkStatus(path) == nil { try OwnFiles.prepareFolder(folder, own: invocation.historyFile == nil) }
        } catch {
            switch error {
            case .cannotBeCreated: throw HistoryFolderError(folder: folder.path, reason: "it cannot be created")
            case let .unsafe(reason): throw HistoryFolderError(folder: folder.path, reason: reason)
            }
        }
        return try HistoryDatabase.writing(path)
    }

    func usableCache() throws -> AnswerCache {
        guard let cache = AnswerCache.chosen(option: invocation.cacheDirectory, environment: environment) else {
            throw NoCacheFolderError(reason: XDGFolder.missingHomeReason(environment: environment))
        }
        if let reason = cache.unsafeReason() { throw UnsafeCacheError(reason: reason) }
        return cache
    }
}

/// Makes the real transport on first use, so that an answer from the cache never sets up networking.
final class LazyTransport: PreparingTransport {
    private let transport: Locked<(any PreparingTransport)?> = Locked(nil)
    private let make: @Sendable () -> any PreparingTransport

    init(make: @escaping @Sendable () -> any PreparingTransport) {
        self.make = make
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await made().send(request)
    }

    func prepare() async throws {
        try await made().prepare()
    }

    private func made() -> any PreparingTransport {
        transport.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}

/// A transport with nothing to start before its clocks run (plain HTTP, a test's).
private struct Unprepared: PreparingTransport {
    let transport: any HTTPTransport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await transport.send(request)
    }

    func prepare() async throws {}
}

/// Where a run keeps its one client, once composed, for every copy of its context.
final class ClientRoot: Sendable {
    struct Composed: Sendable {
        let client: BoxOfficeClient
        /// The call count, to say what is left today (nil without one).
        let quota: QuotaCountMiddleware?
        /// The keys, as the rotation finds them usable.
        let keys: KeyRing
    }

    private let made = Locked<Result<Composed, any Error>?>(nil)
    private let costSaid = Locked(false)
    /// The history of a client that asks no one (the demo's samples, in memory), made once.
    private let madeHistory = Locked<Task<HistoryDatabase, any Error>?>(nil)
    /// Whether a failure to compose is kept (a run's) or composing is tried again (a server's).
    private let keepsFailure: Bool
    /// The settings the client is composed from; nil for the placeholder a copy of them holds.
    private let settings: CommandContext?

    init(keepsFailure: Bool, settings: CommandContext?) {
        self.keepsFailure = keepsFailure
        self.settings = settings
    }

    /// A root with no settings, which composes nothing: what the settings a root holds hold.
    static let unset = ClientRoot(keepsFailure: true, settings: nil)

    /// Whether a reading's cost is yet to be said in this run: true once. A reading that goes on
    /// past what was first read (a run at number one read further back) is not said again.
    func sayingCost() -> Bool {
        costSaid.withLock { said in
            defer { said = true }
            return !said
        }
    }

    /// The history `make` makes, made the first time it is asked for and shared after.
    func samplesHistory(_ make: @escaping @Sendable () async throws -> HistoryDatabase) async throws -> HistoryDatabase {
        let task = madeHistory.withLock { made in
            if let made { return made }
            let task = Task { try await make() }
            made = task
            return task
        }
        return try await task.value
    }

    /// The composed client, composing it from the settings the first time.
    func composed() throws -> Composed {
        guard let settings else { throw ClientNotComposedError() }
        return try made.withLock { made in
            if let made { return try made.get() }
            do {
                let composed = try settings.compose()
                made = .success(composed)
                return composed
            } catch {
                if keepsFailure { made = .failure(error) }
                throw error
            }
        }
    }
}

/// How much of the client's events the user hears while a command runs.
enum ClientVoice: Sendable, Equatable {
    /// Notes, `--verbose` lines and the progress line.
    case all
    /// Notes and `--verbose` lines, but no progress line (the MCP server reports its own progress).
    case noProgress
    /// Nothing (a full-screen view, under which nothing may be written).
    case none
}

/// Settings a client's root holds asked for a client: never expected (they compose none).
struct ClientNotComposedError: Error, CustomStringConvertible {
    var description: String { "the client was asked of settings that compose none" }
}
