@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import BoxOfficeCore
import Foundation

/// Collects what a command line writes, for assertions on whole outputs.
final class OutputCapture: Sendable {
    private let output = Locked("")
    private let error = Locked("")

    var standardOutput: String { output.withLock { $0 } }
    var standardError: String { error.withLock { $0 } }

    func console(width: Int? = nil, terminal: Bool = false, errorWidth: Int? = nil) -> Console {
        Console(standardOutput: { text in self.output.withLock { $0 += text } },
                standardError: { text in self.error.withLock { $0 += text } },
                outputIsTerminal: terminal, errorIsTerminal: errorWidth != nil, width: width, errorWidth: errorWidth)
    }
}

/// The result of one in-process run.
struct RunResult {
    let status: ExitStatus
    let standardOutput: String
    let standardError: String
}

/// 2026-11-22 03:00 KST, the fixed "now" of in-process runs.
let fixedNow = Date(timeIntervalSince1970: 1_795_284_000)

/// Runs the command line in-process with a fixed clock and the given environment and transport.
func run(_ arguments: [String], environment: [String: String] = ["HOME": "/nonexistent"],
         transport: (any HTTPTransport)? = nil, terminal: Bool = false) async -> RunResult {
    let capture = OutputCapture()
    let commandLine = BoxOfficeCommandLine(
        environment: environment, console: capture.console(terminal: terminal), now: { fixedNow },
        makeTransport: { transport ?? StubTransport.failing(.connectionRefused) })
    let status = await commandLine.run(arguments)
    return RunResult(status: status, standardOutput: capture.standardOutput, standardError: capture.standardError)
}

/// Runs seconds of CPU work on a thread of its own and awaits its result, keeping the cooperative
/// pool (two threads on a two-core machine) free for the tests that wait on timers and processes.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
