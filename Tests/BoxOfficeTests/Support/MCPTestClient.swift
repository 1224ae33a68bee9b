import Foundation
import BoxOfficeCore
import Testing

/// A small MCP client over pipes, driving the built binary as an assistant's client would.
final class MCPTestClient: Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let state = Locked<(buffer: Data, lines: [Data], errorText: String)>((Data(), [], ""))
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-mcp-\(UUID().uuidString)")

    init(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        process.executableURL = Executable.url
        process.arguments = arguments + ["mcp"]
        process.environment = ChildEnvironment.base(home: home).merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.state.withLock { state in
                state.buffer.append(data)
                while let newline = state.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    state.lines.append(Data(state.buffer[state.buffer.startIndex..<newline]))
                    state.buffer = Data(state.buffer[(newline + 1)...])
                }
            }
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.state.withLock { $0.errorText += String(decoding: data, as: UTF8.self) }
        }
        try Executable.launch(process)
    }

    func send(_ message: [String: Any]) throws {
        try sendLine(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
    }

    func sendLine(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    func sendData(_ data: Data) throws {
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    /// The first message (from the start) that matches, waiting up to `seconds`.
    func message(timeout seconds: Double = 60, where matches: ([String: Any]) -> Bool) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(TestTime.limit(seconds))
        while ContinuousClock.now < deadline {
            if let found = messages.first(where: matches) { return found }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TimedOut(what: "no matching message; stderr: \(errorText)")
    }

    func response(_ id: Int, timeout: Double = 60) async throws -> [String: Any] {
        do {
            return try await message(timeout: timeout) { ($0["id"] as? Int) == id }
        } catch let error as TimedOut {
            throw TimedOut(what: "no answer to request \(id): \(error.what)")
        }
    }

    /// The server's process id, for reading its memory.
    var processIdentifier: Int32 { process.processIdentifier }

    /// How many lines the server has written so far.
    var lineCount: Int { state.withLock { $0.lines.count } }

    /// The lines received so far, unparsed, taken out (so that many calls keep the client small).
    func takeLines() -> [Data] {
        state.withLock { state in
            defer { state.lines.removeAll() }
            return state.lines
        }
    }

    /// Every message so far, parsed.
    var messages: [[String: Any]] {
        state.withLock { $0.lines }.map { line in
            (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] ?? ["unparsable": String(decoding: line, as: UTF8.self)]
        }
    }
    var errorText: String { state.withLock { $0.errorText } }

    /// Closes stdin and waits for the server to end; its exit status.
    func finish() async throws -> Int32 {
        try input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + .seconds(TestTime.limit(60))
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        // A server that does not end when its stdin does fails the test (status 15, or 9).
        if process.isRunning { process.terminate() }
        let grace = ContinuousClock.now + .seconds(TestTime.limit(5))
        while process.isRunning, ContinuousClock.now < grace { try await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        try? FileManager.default.removeItem(at: home)
        return process.terminationStatus
    }

    func initialize(_ version: String = "2025-11-25") async throws -> [String: Any] {
        try send(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": ["protocolVersion": version, "capabilities": [:] as [String: Any], "clientInfo": ["name": "test", "version": "1"]]])
        let response = try await response(1)
        try send(["jsonrpc": "2.0", "method": "notifications/initialized"])
        return response
    }

    struct TimedOut: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }
}
