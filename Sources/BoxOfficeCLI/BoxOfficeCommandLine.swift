import BoxOfficeCore
import Foundation
import Synchronization

/// The whole command line: arguments in, text out, an exit status back.
public struct BoxOfficeCommandLine: Sendable {
    public static let version = "0.1.0"

    private let environment: [String: String]
    let console: Console
    private let now: @Sendable () -> Date
    private let makeTransport: @Sendable () -> any HTTPTransport

    /// - Parameters:
    ///   - makeTransport: called only when a request really goes to the network.
    public init(environment: [String: String], console: Console, now: @escaping @Sendable () -> Date = Date.init,
                makeTransport: @escaping @Sendable () -> any HTTPTransport = { URLSessionTransport() }) {
        self.environment = environment
        self.console = console
        self.now = now
        self.makeTransport = makeTransport
    }

    /// Runs one invocation (without the program name) and returns its exit status.
    public func run(_ arguments: [String]) async -> ExitStatus {
        var key: String?
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
                let client: KOBISClient
                (client, key) = try makeClient(invocation)
                let day = requested ?? defaultDay(invocation, today: today)
                let boxOffice = try await client.fetch(.dailyBoxOffice(on: day)) { try DailyBoxOffice($0, requested: day) }
                output = invocation.format == .json ? boxOffice.json.serialized() : boxOffice.table(options)
            case let .movie(code):
                let client: KOBISClient
                (client, key) = try makeClient(invocation)
                let movie = try await client.fetch(.movieInfo(code: code)) { try Movie($0, requested: code) }
                output = invocation.format == .json ? movie.json.serialized() : movie.table(options)
            }
            console.standardOutput(output)
            return .success
        } catch {
            let report = FailureReport(error)
            console.standardError(report.text(hiding: key ?? environment["KOBIS_API_KEY"]))
            return report.status
        }
    }

    private func makeClient(_ invocation: Invocation) throws -> (KOBISClient, String?) {
        let console = console
        let toStandardError: @Sendable (String) -> Void = { line in console.standardError("boxoffice: \(line)\n") }
        let log = invocation.verbosity == .verbose ? toStandardError : nil
        let notice = invocation.verbosity == .quiet ? nil : toStandardError
        let baseURL = invocation.baseURL ?? URL(string: CommandLineSpec.defaultBaseURL) ?? URL(fileURLWithPath: "/")
        if invocation.demo {
            // The samples are a read-only cache of their own: no disk cache, no network, nothing counted.
            notice?("showing sample data recorded from KOBIS (--demo); no key or network used.")
            return (KOBISClient(transport: SampleTransport(), baseURL: baseURL, key: "sample", now: now, log: log), nil)
        }
        // Offline, nothing is sent, so no key is needed (cached answers never depend on it).
        let configured = try KeySource.key(option: invocation.keyOption, environment: environment)
        guard let key = configured ?? (invocation.cacheMode == .offline ? "" : nil) else {
            throw MissingKeyError()
        }
        let folder = AnswerCache.folder(option: invocation.cacheDirectory, environment: environment)
        let cacheUse = CacheUse(cache: folder.map(AnswerCache.init), counter: folder.map(CallCounter.init), mode: invocation.cacheMode)
        let client = KOBISClient(transport: LazyTransport(make: makeTransport), baseURL: baseURL, key: key,
                                 timeout: invocation.timeout, retry: RetryPolicy(attempts: invocation.retries + 1),
                                 cache: cacheUse, now: now, log: log, notice: notice)
        return (client, key)
    }

    private func cache(_ invocation: Invocation, today: Day, options: RenderOptions) throws -> String {
        guard let folder = AnswerCache.folder(option: invocation.cacheDirectory, environment: environment) else {
            throw NoCacheFolderError()
        }
        let cache = AnswerCache(folder: folder)
        try cache.checkFolder()
        if invocation.command == .cacheClear {
            let removed = try cache.clear()
            let clearing = CacheClearing(folder: folder.path, entries: removed.entries, bytes: removed.bytes)
            return invocation.format == .json ? clearing.json.serialized() : clearing.table(options)
        }
        let usage = cache.usage()
        let report = CacheReport(folder: folder.path, entries: usage.entries, bytes: usage.bytes, day: today,
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
