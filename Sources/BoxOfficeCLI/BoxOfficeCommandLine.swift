import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The whole command line: arguments in, text out, an exit status back.
public struct BoxOfficeCommandLine: Sendable {
    public static let version = "0.1.0"

    private let environment: [String: String]
    let console: Console
    private let now: @Sendable () -> Date
    private let makeTransport: (@Sendable () -> any HTTPTransport)?

    /// - Parameters:
    ///   - makeTransport: called only when a request really goes to the network; by default
    ///     URLSession in the helper program, or our own plain-HTTP client for an `http://[IPv6]`
    ///     server, which URLSession refuses.
    public init(environment: [String: String], console: Console, now: @escaping @Sendable () -> Date = Date.init,
                makeTransport: (@Sendable () -> any HTTPTransport)? = nil) {
        self.environment = environment
        self.console = console
        self.now = now
        self.makeTransport = makeTransport
    }

    /// Runs one invocation (without the program name) and returns its exit status.
    public func run(_ arguments: [String]) async -> ExitStatus {
        let secrets = Secrets()
        if let key = environment["KOBIS_API_KEY"] { secrets.add(key: key.trimmingBlanksAndNewlines()) }
        let said = Mutex<Set<String>>([])
        // Everything on stderr is free of the key, and each distinct notice is said once.
        let toStandardError: @Sendable (String) -> Void = { [console] line in
            guard said.withLock({ $0.insert(line).inserted }) else { return }
            console.standardError(secrets.hide("boxoffice: \(line)\n"))
        }
        do {
            let today = Day.korean(at: now())
            let invocation = try Invocation(try ArgumentParser().parse(arguments), environment: environment, today: today)
            let options = RenderOptions(colors: useColor(invocation.color), width: console.width)
            let output: String
            switch invocation.command {
            case let .help(command):
                output = command.flatMap(CommandLineSpec.command(named:)).map(HelpText.command) ?? HelpText.main(version: Self.version)
            case .version:
                output = "boxoffice \(Self.version)\n"
            case .cacheInfo, .cacheClear:
                output = try cache(invocation, today: today, options: options)
            case let .daily(requested):
                let client = try makeClient(invocation, secrets: secrets, toStandardError: toStandardError)
                let day = requested ?? defaultDay(invocation, today: today)
                let boxOffice = try await client.fetch(.dailyBoxOffice(on: day)) { try DailyBoxOffice($0, requested: day) }
                output = invocation.format == .json ? boxOffice.json.serialized() : boxOffice.table(options)
            case let .movie(code):
                let client = try makeClient(invocation, secrets: secrets, toStandardError: toStandardError)
                let movie = try await client.fetch(.movieInfo(code: code)) { try Movie($0, requested: code) }
                output = invocation.format == .json ? movie.json.serialized() : movie.table(options)
            }
            try console.standardOutput(secrets.hide(output))
            return .success
        } catch {
            let report = FailureReport(error)
            console.standardError(secrets.hide(report.text))
            return report.status
        }
    }

    private func makeClient(_ invocation: Invocation, secrets: Secrets, toStandardError: @escaping @Sendable (String) -> Void) throws -> KOBISClient {
        let log = invocation.verbosity == .verbose ? toStandardError : nil
        let notice = invocation.verbosity == .quiet ? nil : toStandardError
        let baseURL = invocation.baseURL ?? URL(string: CommandLineSpec.defaultBaseURL) ?? URL(fileURLWithPath: "/")
        if invocation.demo {
            // The samples are a read-only cache of their own: no disk cache, no network, nothing counted.
            notice?("showing sample data recorded from KOBIS (--demo); no key or network used.")
            return KOBISClient(transport: SampleTransport(), baseURL: baseURL, key: "", now: now, log: log)
        }
        // Offline, nothing is sent, so no key is needed (cached answers never depend on it).
        let configured = try KeySource.key(option: invocation.keyOption, environment: environment) { notice?($0) }
        guard let key = configured ?? (invocation.cacheMode == .offline ? "" : nil) else {
            throw MissingKeyError()
        }
        secrets.add(key: key)
        let plain = PlainHTTPTransport.isNeeded(for: baseURL)
        let make: @Sendable () -> any HTTPTransport = makeTransport ?? { plain ? PlainHTTPTransport() as any HTTPTransport : HelperTransport() }
        let client = KOBISClient(transport: LazyTransport(make: make), baseURL: baseURL, key: key,
                                 timeout: invocation.timeout, retry: RetryPolicy(attempts: invocation.retries + 1),
                                 cache: try cacheUse(invocation, notice: notice), now: now, log: log, notice: notice)
        return client
    }

    /// The cache for a command that may fetch. When there is none that may be used, the command
    /// answers from the network with a warning; offline, that is an error, as there is nothing else.
    private func cacheUse(_ invocation: Invocation, notice: (@Sendable (String) -> Void)?) throws -> CacheUse {
        do {
            let cache = try usableCache(invocation)
            return CacheUse(cache: cache, counter: CallCounter(folder: cache.folder), mode: invocation.cacheMode)
        } catch where invocation.cacheMode != .offline {
            let report = FailureReport(error)
            notice?("warning: " + report.lines.joined(separator: " ") + " Until then, answers are not kept and calls are not counted.")
            return CacheUse(cache: nil, counter: nil, mode: invocation.cacheMode)
        }
    }

    /// The cache folder, when there is one and it is safe to use.
    private func usableCache(_ invocation: Invocation) throws -> AnswerCache {
        guard let cache = AnswerCache.chosen(option: invocation.cacheDirectory, environment: environment) else {
            throw NoCacheFolderError(reason: XDGFolder.missingHomeReason(environment: environment))
        }
        if let reason = cache.unsafeReason() { throw UnsafeCacheError(reason: reason) }
        return cache
    }

    private func cache(_ invocation: Invocation, today: Day, options: RenderOptions) throws -> String {
        let cache = try usableCache(invocation)
        let folder = cache.folder
        if invocation.command == .cacheClear {
            let removed = try cache.clear()
            let clearing = CacheClearing(folder: folder.path, entries: removed.entries, bytes: removed.bytes, others: removed.others)
            return invocation.format == .json ? clearing.json.serialized() : clearing.table(options)
        }
        let usage = try cache.usage()
        let report = CacheReport(folder: folder.path, entries: usage.entries, bytes: usage.bytes, others: usage.others, day: today,
                                 callsToday: CallCounter(folder: folder).count(on: today))
        return invocation.format == .json ? report.json.serialized() : report.table(options)
    }

    /// Yesterday in Korea; in the demo, the latest day the samples hold (with a note saying so).
    private func defaultDay(_ invocation: Invocation, today: Day) -> Day {
        guard invocation.demo, let latest = SampleTransport.sampleDays.last else { return today.adding(days: -1) }
        if invocation.verbosity != .quiet {
            console.standardError("boxoffice: the samples end on \(latest.iso); showing that day (pass --date for another sample day).\n")
        }
        return latest
    }

    private func useColor(_ choice: Invocation.ColorChoice) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: console.outputIsTerminal && environment["TERM"] != "dumb"
        }
    }
}

/// Makes the real transport on first use, so that an answer from the cache never sets up networking.
private final class LazyTransport: HTTPTransport {
    private let transport: Mutex<(any HTTPTransport)?> = Mutex(nil)
    private let make: @Sendable () -> any HTTPTransport

    init(make: @escaping @Sendable () -> any HTTPTransport) {
        self.make = make
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transport = self.transport.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
        return try await transport.send(request)
    }
}
