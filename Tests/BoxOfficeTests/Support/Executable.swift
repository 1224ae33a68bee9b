import Foundation
import BoxOfficeCore
import BoxOfficeTransports

/// The built `boxoffice` binary, run as a user would run it.
enum Executable {
    /// Starts `process`, one at a time in this test process. Only the start is serialised; the
    /// programs still run side by side. (Foundation's `Process.run` on Linux crashed with a bad
    /// memcpy once: its scan of `/proc/self/fd` copies each record's whole `d_name` and reads past
    /// glibc's 32 KiB directory buffer when ~1,360 descriptors are open, which the test process
    /// reached by leaking pipes; `Reader` now closes each one.)
    ///
    /// A start that fails with "Text file busy" is tried again after each of `TextFileBusy.waits`,
    /// as `boxoffice` does with its helper: a program a test has just written can be held open for
    /// writing a moment longer than the write (seen on a loaded machine, writer not identified).
    static func launch(_ process: Process) throws {
        var waits = TextFileBusy.waits.makeIterator()
        while true {
            do {
                return try launching.withLock { _ in try process.run() }
            } catch let error as NSError where Self.isTextFileBusy(error) {
                guard let wait = waits.next() else { throw error }
                Thread.sleep(forTimeInterval: wait / .seconds(1))
            }
        }
    }

    private static func isTextFileBusy(_ error: NSError) -> Bool {
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        return (error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY))
            || (underlying?.domain == NSPOSIXErrorDomain && underlying?.code == Int(ETXTBSY))
    }

    private static let launching = Locked(())

    /// When a program still running is looked at: far beyond most runs, within a request's timeout.
    static let look = 20.0

    /// Puts a copy of a program at `destination`: a hard link where it can (the same file to the
    /// kernel, found by the program under the new name, and nothing written, so it can never be
    /// "Text file busy"), else a copy (mode 0755) made while no test starts a process, because a
    /// process started meanwhile would inherit the copy's open descriptor.
    static func copyProgram(_ source: URL, to destination: URL) throws {
        if link(source.path, destination.path) == 0 { return }
        try launching.withLock { _ in
            try FileManager.default.copyItem(at: source, to: destination)
            chmod(destination.path, 0o755)
        }
    }

    /// Writes a program (a stand-in script), mode 0755, in the same way.
    static func writeProgram(_ contents: Data, to destination: URL) throws {
        try launching.withLock { _ in
            try contents.write(to: destination)
            chmod(destination.path, 0o755)
        }
    }

    /// The network helper, beside the binary as it is installed.
    static var helperURL: URL {
        url.deletingLastPathComponent().appendingPathComponent("boxoffice-http")
    }

    /// Beside the test bundle in the build folder (`swift test` builds it), or `BOXOFFICE_BINARY`.
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["BOXOFFICE_BINARY"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents" || folder.lastPathComponent == "MacOS" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("boxoffice")
    }

    /// Runs the binary under a small Python parent that adopts every process it starts (a Linux
    /// "subreaper"), so that the network helper is waited for too, and returns the largest peak
    /// resident size among them, in KiB.
    ///
    /// `getrusage(RUSAGE_CHILDREN)` in the tests cannot tell: the helper is not the tests' child, and
    /// a child started with vfork (as Foundation's Process does) reports at least the memory of the
    /// test process that started it.
    static func runMeasuringPeakMemory(_ arguments: [String], environment: [String: String] = [:],
                                       timeLimit: Double = 60, program: URL? = nil) async throws -> (result: Result, peakKiB: Int) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let script = """
            import ctypes, os, subprocess, sys
            ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
            child = subprocess.Popen(sys.argv[2:])
            peak, status = 0, 1
            while True:
                try:
                    pid, waited, usage = os.wait4(-1, 0)
                except ChildProcessError:
                    break
                peak = max(peak, usage.ru_maxrss)
                if pid == child.pid:
                    status = os.waitstatus_to_exitcode(waited)
            open(sys.argv[1], "w").write(str(peak))
            sys.exit(status if status >= 0 else 128 - status)
            """
        let result = try await run(["-c", script, report.path, (program ?? url).path] + arguments, environment: environment,
                                   timeLimit: timeLimit, program: URL(fileURLWithPath: "/usr/bin/python3"))
        let peak = Int((try? String(contentsOf: report, encoding: .utf8)) ?? "") ?? -1
        return (result, peak)
    }

    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
        /// Whether the process ended by itself (not killed by the time limit).
        let finished: Bool
    }

    /// Runs the binary with only the given environment (plus PATH, a private HOME and the
    /// sanitizers' options: `ChildEnvironment`).
    ///
    /// Waiting is asynchronous: blocking here would hold one of the cooperative pool's threads,
    /// of which a two-core machine has two, and stall every other test meanwhile.
    ///
    /// - Parameters:
    ///   - timeLimit: seconds before the process is taken for hung and ended, scaled by `TestTime`.
    ///   - standardError: where the process's stderr goes instead of a pipe read here.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeLimit: Double = 60,
                    program: URL = url, standardError: FileHandle? = nil, directory: URL? = nil,
                    whileRunning: (@Sendable (Process) async -> Void)? = nil) async throws -> Result {
        // A turn among the programs the tests run at once, taken before the program's pipes are
        // made: tests waiting for a turn hold no descriptors (the test process must stay well under
        // the ~1,360 open descriptors at which Foundation's Process.run reads past its buffer and
        // crashes; Tests/README.md). The time limit starts with the program.
        await ProgramSlots.shared.take()
        defer { ProgramSlots.shared.give() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ChildEnvironment.base(home: home).merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = standardError ?? error
        process.standardInput = FileHandle.nullDevice
        let exit = ExitSignal()
        process.terminationHandler = { _ in exit.fire() }
        try Executable.launch(process)
        if standardError != nil { try error.fileHandleForWriting.close() }
        let outputData = Reader(output.fileHandleForReading)
        let errorData = Reader(error.fileHandleForReading)
        await whileRunning?(process)
        // A program still running after `look` is looked at while it waits (where it and its
        // helper are, and any stall the watch saw): most end within a second, and this is what a
        // test that then fails needs. Those that run long on purpose get one report each.
        var finished = await exit.wait(seconds: min(look, TestTime.limit(timeLimit)))
        if !finished, TestTime.limit(timeLimit) > look {
            let pid = process.processIdentifier
            let dump = (try? await Blocking.run { ProcessDump.describe(pid) }) ?? ""
            FileHandle.standardError.write(Data("""
                == \(program.lastPathComponent) \(arguments.joined(separator: " ").prefix(200)) still runs after \(Int(look)) s; where it waits:
                \(dump)

                """.utf8))
            finished = await exit.wait(seconds: TestTime.limit(timeLimit) - look)
        }
        if !finished {
            // Where it and its helper wait, while they still run, for the test's report.
            let pid = process.processIdentifier
            let dump = (try? await Blocking.run { ProcessDump.describe(pid, backtraces: true) }) ?? ""
            FileHandle.standardError.write(Data("""
                == \(program.lastPathComponent) \(arguments.joined(separator: " ").prefix(200)) ran past its time limit; where it waits:
                \(dump)\(StallWatch.summary)

                """.utf8))
            process.terminate()
            if await !exit.wait(seconds: TestTime.limit(5)) {
                // Still running: reading its status would trap, so make sure it ends.
                kill(process.processIdentifier, SIGKILL)
                _ = await exit.wait(seconds: TestTime.limit(10))
            }
        }
        return Result(status: process.terminationStatus, standardOutput: await outputData.text(),
                      standardError: await errorData.text(), finished: finished)
    }

    /// Fires once when the process ends; waiting for it does not block a thread.
    private final class ExitSignal: Sendable {
        private let state = Locked<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

        func fire() {
            release(firing: true)
        }

        /// Resumes the waiters; only the process's end marks the signal as fired, so a wait that
        /// timed out leaves later waits waiting.
        private func release(firing: Bool) {
            let waiters = state.withLock { state in
                if firing { state.fired = true }
                defer { state.waiters = [] }
                return state.waiters
            }
            waiters.forEach { $0.resume() }
        }

        /// Whether it fired within `seconds`.
        func wait(seconds: Double) async -> Bool {
            await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    await withCheckedContinuation { continuation in
                        let fired = self.state.withLock { state in
                            if !state.fired { state.waiters.append(continuation) }
                            return state.fired
                        }
                        if fired { continuation.resume() }
                    }
                    return self.state.withLock { $0.fired }
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(seconds))
                    return false
                }
                let first = await group.next() ?? false
                if !first { self.release(firing: false) }  // release the waiter so the group can end
                group.cancelAll()
                return first
            }
        }
    }

    /// Drains a pipe on another thread so a chatty process never blocks on a full pipe.
    private final class Reader: Sendable {
        private let done = ExitSignal()
        private let box = DataBox()

        init(_ handle: FileHandle) {
            let box = box, done = done
            Thread.detachNewThread {
                // `readToEnd` throws where `readDataToEndOfFile` would trap (a read interrupted by a signal).
                box.set((try? handle.readToEnd()) ?? Data())
                // Foundation on Linux never frees a Process or its Pipes, so the read end would stay
                // open for the rest of the test process: two descriptors for each of hundreds of runs.
                // With over ~1,360 open, Process.run's scan of /proc/self/fd (which copies each
                // record's whole d_name) reads past glibc's directory buffer and crashes the tests.
                try? handle.close()
                done.fire()
            }
        }

        func text() async -> String {
            _ = await done.wait(seconds: TestTime.limit(60))
            return String(decoding: box.get(), as: UTF8.self)
        }
    }
}

/// How many programs the tests run at once. Swift Testing starts every test together, and each
/// starts its programs at once: unbounded, the whole suite ran ~100 sanitized programs side by
/// side on two cores (and the test process's own threads, which read their answers, got a few
/// milliseconds of CPU a second), so a program waited for its turn longer than its own timeouts
/// and the tests' limits. A test waits for a turn before its program starts, so no limit runs
/// meanwhile. Eight, as the most one test runs together (the eight cache writers);
/// `BOXOFFICE_TEST_PROGRAMS` sets another number, to compare.
final class ProgramSlots: Sendable {
    static let shared = ProgramSlots(count: ProcessInfo.processInfo.environment["BOXOFFICE_TEST_PROGRAMS"].flatMap(Int.init).map { max(1, $0) } ?? 8)

    private let state: Locked<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

    init(count: Int) {
        state = Locked((count, []))
    }

    /// Waits for a free turn, first come first served.
    func take() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.free > 0, state.waiting.isEmpty else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Gives a turn back, to the longest waiting.
    func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}

private final class DataBox: Sendable {
    private let data = Locked(Data())
    func set(_ value: Data) { data.withLock { $0 = value } }
    func get() -> Data { data.withLock { $0 } }
}
