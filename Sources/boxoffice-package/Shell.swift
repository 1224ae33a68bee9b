import Foundation

/// Running the tools a package is made with (swift, strip, dpkg-deb, tar), and writing files.
enum Shell {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments` (found on PATH) and returns its standard output; throws with its stderr
    /// when it fails.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL? = nil, input: Data? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe(), feed = Pipe()
        // Errors go to a file, so that neither stream can fill while the other is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-package-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw Failure(description: "cannot write in \(errorFile.deletingLastPathComponent().path)")
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        try process.run()
        if let input {
            feed.fileHandleForWriting.write(input)
            try feed.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // swift build prints its errors on stdout: both are shown, the end of each.
            let said = [String(decoding: data, as: UTF8.self), (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""]
                .map { $0.split(separator: "\n").suffix(20).joined(separator: "\n") }
            let message = said.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus))\(message.isEmpty ? "" : ":\n" + message)")
        }
        return data
    }

    /// The output of `arguments` as text, without its final line end.
    static func text(_ arguments: [String], in folder: URL? = nil) throws -> String {
        String(decoding: try run(arguments, in: folder), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `data` at `path` below `root`, making its folders (0755), with the given mode.
    static func write(_ data: Data, to path: String, below root: URL, mode: Int = 0o644) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try data.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    }

    /// `data` compressed as `gzip -9n` does (no name, no time stamp: the same bytes every time).
    static func gzip(_ data: Data) throws -> Data {
        try run(["gzip", "-9nc"], input: data)
    }
}
