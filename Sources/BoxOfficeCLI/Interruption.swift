import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeTransports
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension BoxOfficeCommandLine {
    /// Runs like `run`, but SIGINT (Ctrl-C) and SIGTERM cancel the work in flight (a program
    /// `watch --exec` runs is ended with it), print one short line, and end with 130 (SIGINT) or
    /// 143 (SIGTERM). A second signal, or work that ignores cancellation for three seconds, ends the
    /// process at once, and every program it started with it.
    public func runStoppingOnSignals(_ arguments: [String]) async -> ExitStatus {
        let work = Task { await run(arguments) }
        let finished = Locked(false)
        let (console, stoppedBy) = (console, stoppedBy)
        // A queue of their own (a thread of its own when needed): the signals and the patience
        // after them are heard however busy the shared pool is, whatever work holds its threads.
        let queue = DispatchQueue(label: "boxoffice.signals")
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let first = stoppedBy.withLock { received in
                    defer { if received == nil { received = number } }
                    return received
                }
                let report = FailureReport(stoppedBy: first ?? number)
                if first != nil {
                    Self.endStarted()
                    _exit(report.status.rawValue)
                }
                work.cancel()
                // Longer than a program's grace, so that one deaf to SIGTERM is ended in order.
                queue.asyncAfter(deadline: .now() + Self.patience) {
                    // Work that ended in time has said so already; only its exit is slow.
                    if finished.withLock({ $0 }) { return }
                    console.standardError(report.text)
                    Self.endStarted()
                    _exit(report.status.rawValue)
                }
            }
            source.resume()
            return source
        }
        let status = await work.value
        finished.withLock { $0 = true }
        // Done with the network: no helper outlives boxoffice, whatever it does with its input.
        HelperTransport.endHelpers()
        sources.forEach { $0.cancel() }
        guard let signal = stoppedBy.withLock({ $0 }) else { return status }
        let report = FailureReport(stoppedBy: signal)
        guard status != report.status else { return status }
        // The work finished in spite of the signal; still honour it.
        console.standardError(report.text)
        return report.status
    }

    /// How long work may take to end after the first signal.
    static let patience: DispatchTimeInterval = .seconds(3)

    /// Ends at once what boxoffice started: the programs `watch --exec` runs, and the network helpers.
    private static func endStarted() {
        EventProgram.running.signalAll(SIGKILL)
        HelperTransport.killHelpers()
    }
}
