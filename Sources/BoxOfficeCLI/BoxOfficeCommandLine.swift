import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The whole command line: arguments in, text out, an exit status back.
public struct BoxOfficeCommandLine: Sendable {
    public static let version = "1.0.0"

    private let environment: [String: String]
    let console: Console
    private let now: @Sendable () -> Date
    private let makeTransport: (@Sendable () -> any HTTPTransport)?
    /// The signal that stopped the run (`runStoppingOnSignals`), which words its end: Ctrl-C is
    /// "interrupted" (130), SIGTERM "terminated" (143).
    let stoppedBy = Locked<Int32?>(nil)

    /// - Parameters:
    ///   - makeTransport: called only when a request really goes to the network; by default
    ///     libcurl in the helper program, or our own plain-HTTP client for an `http://[IPv6]`
    ///     server, which needs no helper.
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
        if let key = environment["KOBIS_API_KEY"] {
            for part in [key] + key.split(separator: ",").map(String.init) { secrets.add(key: part.trimmingBlanksAndNewlines()) }
        }
        let today = Day.korean(at: now())
        let invocation: Invocation
        do {
            invocation = try Invocation(try ArgumentParser().parse(arguments), environment: environment, today: today)
        } catch {
            return report(error, secrets: secrets)
        }
        let said = Locked<Set<String>>([])
        let progress = ProgressLine(enabled: console.errorIsTerminal && invocation.verbosity != .quiet, width: console.width,
                                    write: { [console] in console.standardError($0) })
        progress.start()
        defer { progress.stop() }
        // Everything on stderr is free of the key, and each distinct notice is said once.
        let toStandardError: @Sendable (String) -> Void = { [console] line in
            guard said.withLock({ $0.insert(line).inserted }) else { return }
            progress.clear()
            console.standardError(console.fittedForError(secrets.hide("boxoffice: \(line)")) + "\n")
        }
        do {
            // The run's settings, from which its one client is composed, heard as its command says.
            let voice = if case let .run(command) = invocation.command { type(of: command).clientVoice } else { ClientVoice.all }
            let context = CommandContext(invocation: invocation, environment: environment, today: today, style: style(invocation),
                                         secrets: secrets, now: now, makeTransport: makeTransport,
                                         progress: progress,
                                         write: { [console] text in try progress.whileCleared { try console.standardOutput(secrets.hide(text)) } },
                                         say: toStandardError, ask: console.ask, voice: voice)
            let output: CommandOutput
            switch invocation.command {
            case .overview:
                output = .text(HelpText(width: helpWidth).overview(version: Self.version))
            case let .help(command):
                let help = HelpText(width: helpWidth)
                output = .text(command.flatMap(CommandLineSpec.command(named:)).map(help.command) ?? help.main(version: Self.version))
            case let .topic(name):
                output = .text(HelpText(width: helpWidth).topic(name) ?? "")
            case .version:
                output = .text("boxoffice \(Self.version)\n")
            case let .run(command):
                // The run's budget of calls to KOBIS, retries included (--max-calls): a hard cap.
                let budget = CallBudget(limit: (try? invocation.callLimit(environment: environment)) ?? CallLimitError.standardLimit)
                output = try await withCallBudget(budget) { try await command.run(context) }
            }
            // The one place a command's values become the command line's text.
            let text = try context.text(of: output)
            progress.stop()
            try console.standardOutput(secrets.hide(text))
            if let failure = output.failureAfterOutput { return report(failure, secrets: secrets, progress: progress) }
            return .success
        } catch {
            return report(error, secrets: secrets, progress: progress)
        }
    }

    /// Says what went wrong on stderr and gives the exit status for it.
    private func report(_ error: any Error, secrets: Secrets, progress: ProgressLine? = nil) -> ExitStatus {
        progress?.stop()
        var report = FailureReport(error, keyOrigin: secrets.keyOrigin, korean: Self.isKorean(environment))
        if report.status == .interrupted, let signal = stoppedBy.withLock({ $0 }) { report = FailureReport(stoppedBy: signal) }
        console.standardError(console.fittedForError(secrets.hide(report.text(width: console.errorWidth))))
        return report.status
    }

    /// Help wraps to `COLUMNS`, else the terminal's width, else 80 (also in a pipe).
    var helpWidth: Int {
        if let columns = Console.columns(environment: environment) { return max(20, columns) }
        return console.outputIsTerminal ? console.width ?? 80 : 80
    }

    /// How results read, from the options, the environment and the terminal.
    func style(_ invocation: Invocation) -> OutputStyle {
        let options = RenderOptions(colors: useColor(invocation.color), width: console.width, wide: invocation.wide,
                                    korean: Self.isKorean(environment), ambiguousWide: invocation.ambiguousWide)
        return OutputStyle(format: invocation.format, prettyJSON: invocation.prettyJSON ?? console.outputIsTerminal,
                           fields: invocation.fields, options: options)
    }

    /// Whether the locale asks for Korean: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set.
    static func isKorean(_ environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return locale.lowercased().hasPrefix("ko")
    }

    private func useColor(_ choice: Invocation.ColorChoice) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: console.outputIsTerminal && environment["TERM"] != "dumb"
        }
    }
}

