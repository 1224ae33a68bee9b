import BoxOfficeCore
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
    let invocation: Invocation
    let environment: [String: String]
    /// Today in Korea (at each call, in a long-running server).
    var today: Day
    /// How results read: format, JSON layout, fields, colours, width, language.
    var style: OutputStyle
    var options: RenderOptions { style.options }
    let secrets: Secrets
    let now: @Sendable () -> Date
    var makeTransport: (@Sendable () -> any HTTPTransport)?
    /// `--rate`: shared by every client of the run.
    let rateLimiter: RateLimiter?
    /// The progress line on stderr (drawn only on a terminal).
    var progress: ProgressLine
    /// Writes data to stdout at once, for output that streams (ranges); the key is masked.
    var write: @Sendable (String) throws -> Void
    /// Says a line on stderr once (`boxoffice: ` in front), free of any key.
    let say: @Sendable (String) -> Void
    /// Keeps the last value rendered, for callers that want the value itself (the MCP server).
    var rendered: RenderedValue? = nil

    /// Notes for the user, unless `--quiet`.
    var notice: (@Sendable (String) -> Void)? { invocation.verbosity == .quiet ? nil : say }
    /// Requests and cache decisions, with `--verbose`.
    var log: (@Sendable (String) -> Void)? { invocation.verbosity == .verbose ? say : nil }

    /// A value in the chosen format; `--fields` are checked first.
    func render<Value: Presentable>(_ value: Value) throws -> String {
        try check(Value.self)
        rendered?.store(value)
        return value.rendered(style)
    }

    /// A chart in the chosen format: a chart always has a width, so in a pipe it takes `COLUMNS`
    /// when set (on a terminal the terminal's width already applies), else the view's default.
    func renderChart<Value: Presentable>(_ value: Value) throws -> String {
        var chart = self
        if chart.style.options.width == nil { chart.style.options.width = Console.columns(environment: environment) }
        return try chart.render(value)
    }

    /// Refuses `--fields` that this kind of result does not have, before any call is spent.
    func check<Value: Presentable>(_ type: Value.Type) throws(UsageError) {
        guard let fields = style.fields else { return }
        let unknown = Value.unknownFields(fields)
        guard unknown.isEmpty else {
            let name = unknown[0]
            let hint = Suggestion.closest(to: name, among: Value.fieldNames).map { ". Did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "--fields: \(unknown.map { "'\($0)'" }.joined(separator: ", ")) \(unknown.count == 1 ? "is not a field" : "are not fields") here; the fields are \(Value.fieldNames.joined(separator: ", "))\(hint)",
                             command: invocation.commandName)
        }
    }

    /// The shared path of every KOBIS command: fetch (or take from the cache), convert, and print
    /// in the chosen format, or KOBIS's own body with `--raw`.
    func show<Response, Value: Presentable>(_ endpoint: Endpoint<Response>, using client: KOBISClient,
                                            convert: (Response) throws -> Value) async throws -> CommandOutput {
        try check(Value.self)
        let answer = try await client.answer(endpoint, convert: convert)
        return CommandOutput(invocation.raw ? Self.raw(answer.body) : try render(answer.value.fetched(at: answer.fetched)))
    }

    /// KOBIS's body as it came (key masked), ending with a newline so the prompt starts on its own line.
    static func raw(_ body: Data) -> String {
        let text = String(decoding: body, as: UTF8.self)
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// A client for KOBIS, with the cache, the key and the transport the settings ask for.
    func client() throws -> KOBISClient {
        let baseURL = invocation.baseURL ?? URL(string: CommandLineSpec.defaultBaseURL) ?? URL(fileURLWithPath: "/")
        if invocation.demo {
            // The samples are a read-only cache of their own: no disk cache, no network, nothing counted.
            notice?("showing sample data recorded from KOBIS (--demo); no key or network used.")
            return KOBISClient(transport: SampleTransport(), baseURL: baseURL, key: "", now: now, log: log)
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
        guard let first = keys.first else { throw MissingKeyError(configFile: nil, configProblem: nil) }
        return KOBISClient(transport: transport(for: baseURL), baseURL: baseURL, key: first, keys: KeyRing(keys),
                           rate: rateLimiter, timeout: invocation.timeout, retry: RetryPolicy(attempts: invocation.retries + 1),
                           cache: try cacheUse(), now: now, log: log, notice: notice, events: { [progress] in progress.event($0) })
    }

    /// The network, set up only when a request really goes out.
    func transport(for baseURL: URL) -> any HTTPTransport {
        let plain = PlainHTTPTransport.isNeeded(for: baseURL)
        let make: @Sendable () -> any HTTPTransport = makeTransport ?? { plain ? PlainHTTPTransport() as any HTTPTransport : HelperTransport() }
        return LazyTransport(make: make)
    }

    /// The cache for a command that may fetch. When there is none that may be used, the command
    /// answers from the network with a warning; offline, that is an error, as there is nothing else.
    func cacheUse() throws -> CacheUse {
        do {
            let cache = try usableCache()
            return CacheUse(cache: cache, counter: CallCounter(folder: cache.folder), mode: invocation.cacheMode)
        } catch where invocation.cacheMode != .offline {
            let report = FailureReport(error)
            notice?("warning: " + report.lines.joined(separator: " ") + " Until then, answers are not kept and calls are not counted.")
            return CacheUse(cache: nil, counter: nil, mode: invocation.cacheMode)
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
    func usableCache() throws -> AnswerCache {
        guard let cache = AnswerCache.chosen(option: invocation.cacheDirectory, environment: environment) else {
            throw NoCacheFolderError(reason: XDGFolder.missingHomeReason(environment: environment))
        }
        if let reason = cache.unsafeReason() { throw UnsafeCacheError(reason: reason) }
        return cache
    }
}

/// Makes the real transport on first use, so that an answer from the cache never sets up networking.
private final class LazyTransport: HTTPTransport {
    private let transport: Locked<(any HTTPTransport)?> = Locked(nil)
    private let make: @Sendable () -> any HTTPTransport

    init(make: @escaping @Sendable () -> any HTTPTransport) {
        self.make = make
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await made().send(request)
    }

    func prepare() async throws {
        try await made().prepare()
    }

    private func made() -> any HTTPTransport {
        transport.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}

/// The last result a command rendered.
final class RenderedValue: Sendable {
    private let value = Locked<(any Presentable)?>(nil)
    private let parts = Locked<[any Presentable]>([])

    func store(_ presentable: any Presentable) {
        value.withLock { $0 = presentable }
    }

    /// One result of many written piece by piece (a range's days).
    func append(_ presentable: any Presentable) {
        parts.withLock { $0.append(presentable) }
    }

    var last: (any Presentable)? { value.withLock { $0 } }
    var streamed: [any Presentable] { parts.withLock { $0 } }
}
