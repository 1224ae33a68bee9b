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
    /// Runs like `run`, but SIGINT (Ctrl-C) and SIGTERM cancel the work in flight, print one short
    /// line, and end with 130. A second signal, or work that ignores cancellation for two seconds,
    /// ends the process at once.
    public func runStoppingOnSignals(_ arguments: [String]) async -> ExitStatus {
        let work = Task { await run(arguments) }
        let interrupted = Locked(false)
        let finished = Locked(false)
        let console = console
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let again = interrupted.withLock { state in
                    defer { state = true }
                    return state
                }
                if again {
                    HelperTransport.killHelpers()
                    _exit(ExitStatus.interrupted.rawValue)
                }
                work.cancel()
                DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
                    // Work that ended in time has said so already; only its exit is slow.
                    if finished.withLock({ $0 }) { return }
                    console.standardError("boxoffice: interrupted\n")
                    HelperTransport.killHelpers()
                    _exit(ExitStatus.interrupted.rawValue)
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
        guard interrupted.withLock({ $0 }), status != .interrupted else { return status }
        // The work finished in spite of the signal; still honour it.
        console.standardError("boxoffice: interrupted\n")
        return .interrupted
    }
}
