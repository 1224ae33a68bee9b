@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
@testable import BoxOfficeTransports
import Foundation
import Glibc
import Testing

/// What a hostile probe found (issue 7), each as the built binary meets it: files that are not
/// ours in our folders, leaks, traps, runaway answers, exit codes that lie, and unhelpful messages.

enum Hostile {
    static let key = KOBISEmulator.key

    static func folder(_ name: String = "hostile") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }

    static func environment(_ server: LoopbackServer, cache: URL, key: String = key) -> [String: String] {
        ["KOBIS_API_KEY": key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_CACHE_DIR": cache.path]
    }

    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    static func read(_ url: URL) -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A server answering every daily request with a recorded day relabelled as the day asked for.
    static func dailyServer() throws -> LoopbackServer {
        let recording = try Fixtures.text("daily_20230423.json")
        return try LoopbackServer { request in
            let day = request.query["targetDt"] ?? ""
            return .json(recording.replacingOccurrences(of: "20230423~20230423", with: "\(day)~\(day)"))
        }
    }

    /// Runs the binary as user `nobody` when the tests run as root (through setpriv), else as ourselves.
    static func runAsNobody(_ arguments: [String], environment: [String: String]) async throws -> Executable.Result {
        guard geteuid() == 0 else { return try await Executable.run(arguments, environment: environment) }
        return try await Executable.run(["--reuid=65534", "--regid=65534", "--clear-groups", try binaryForNobody().path] + arguments,
                                        environment: environment, program: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    /// A copy of the binary (and its helper) that `nobody` can run: the checkout may sit in a folder only root can enter.
    private static func binaryForNobody() throws -> URL {
        try nobodyCopy.withLock { copy in
            if let copy { return copy }
            // One folder per test process, so that test runs at the same time (other checkouts on
            // a shared machine) never replace each other's copy while it runs.
            let folder = try ProcessFolder.make("boxoffice-tests-as-nobody-")
            let binary = folder.appendingPathComponent("boxoffice")
            try Executable.copyProgram(Executable.url, to: binary)
            try Executable.copyProgram(Executable.helperURL, to: folder.appendingPathComponent("boxoffice-http"))
            copy = binary
            return binary
        }
    }

    private static let nobodyCopy = Locked<URL?>(nil)

    static func mode(_ url: URL) -> Int {
        var info = stat()
        return lstat(url.path, &info) == 0 ? Int(info.st_mode & 0o7777) : -1
    }
}
