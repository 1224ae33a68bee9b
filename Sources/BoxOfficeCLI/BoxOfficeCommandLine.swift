import BoxOfficeCore
import Foundation

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
            switch invocation.command {
            case let .help(command):
                console.standardOutput(command.flatMap(CommandLineSpec.command(named:)).map(HelpText.command)
                    ?? HelpText.main(version: Self.version))
                return .success
            case .version:
                console.standardOutput("boxoffice \(Self.version)\n")
                return .success
            default:
                break
            }
            let client: KOBISClient
            (client, key) = try makeClient(invocation)
            let output = try await execute(invocation, client: client, today: today)
            console.standardOutput(output)
            return .success
        } catch {
            let report = FailureReport(error)
            console.standardError(report.text(hiding: key ?? environment["KOBIS_API_KEY"]))
            return report.status
        }
    }

    private func makeClient(_ invocation: Invocation) throws -> (KOBISClient, String?) {
        var log: (@Sendable (String) -> Void)?
        if invocation.verbosity == .verbose {
            let console = console
            log = { line in console.standardError("boxoffice: \(line)\n") }
        }
        let baseURL = invocation.baseURL ?? URL(string: CommandLineSpec.defaultBaseURL)
        if invocation.demo {
            if invocation.verbosity != .quiet {
                console.standardError("boxoffice: showing sample data recorded from KOBIS (--demo); no key or network used.\n")
            }
            return (KOBISClient(transport: SampleTransport(), baseURL: baseURL ?? URL(fileURLWithPath: "/"), key: "sample", log: log), nil)
        }
        guard let key = try KeySource.key(option: invocation.keyOption, environment: environment) else {
            throw MissingKeyError()
        }
        let client = KOBISClient(transport: makeTransport(), baseURL: baseURL ?? URL(fileURLWithPath: "/"), key: key,
                                 timeout: invocation.timeout, retry: RetryPolicy(attempts: invocation.retries + 1), log: log)
        return (client, key)
    }

    private func execute(_ invocation: Invocation, client: KOBISClient, today: Day) async throws -> String {
        let options = RenderOptions(colors: useColor(invocation.color), width: console.width)
        switch invocation.command {
        case let .daily(requested):
            let day = requested ?? defaultDay(invocation, today: today)
            let response = try await client.send(.dailyBoxOffice(on: day))
            let boxOffice = try DailyBoxOffice(response, requested: day)
            return invocation.format == .json ? boxOffice.json.serialized() : boxOffice.table(options)
        case let .movie(code):
            let response = try await client.send(.movieInfo(code: code))
            let movie = try Movie(response, requested: code)
            return invocation.format == .json ? movie.json.serialized() : movie.table(options)
        case .help, .version:
            return ""
        }
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
