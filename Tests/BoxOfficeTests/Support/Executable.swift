import Foundation

/// The built `boxoffice` binary, run as a user would run it.
enum Executable {
    /// Beside the test bundle in the build folder (`swift test` builds it), or `BOXOFFICE_BINARY`.
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["BOXOFFICE_BINARY"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents" || folder.lastPathComponent == "MacOS" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("boxoffice")
    }

    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
        /// Whether the process ended by itself (not killed by the time limit).
        let finished: Bool
    }

    /// Runs the binary with only the given environment (plus PATH and a private HOME).
    static func run(_ arguments: [String], environment: [String: String] = [:], timeLimit: Double = 30,
                    program: URL = url, whileRunning: (@Sendable (Process) -> Void)? = nil) throws -> Result {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": home.path].merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        whileRunning?(process)
        let outputData = Reader(output.fileHandleForReading)
        let errorData = Reader(error.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeLimit)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        let finished = !process.isRunning
        if !finished { process.terminate() }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardOutput: outputData.text(), standardError: errorData.text(),
                      finished: finished)
    }

    /// Drains a pipe on another thread so a chatty process never blocks on a full pipe.
    private final class Reader: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let box = DataBox()

        init(_ handle: FileHandle) {
            let box = box, done = done
            Thread.detachNewThread {
                box.set(handle.readDataToEndOfFile())
                done.signal()
            }
        }

        func text() -> String {
            done.wait()
            return String(decoding: box.get(), as: UTF8.self)
        }
    }
}

import Synchronization

private final class DataBox: Sendable {
    private let data = Mutex(Data())
    func set(_ value: Data) { data.withLock { $0 = value } }
    func get() -> Data { data.withLock { $0 } }
}
