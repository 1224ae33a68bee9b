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

// What a hostile probe found (issue 7), each as the built binary meets it; `Hostile` has the
// probe's tools.
// MARK: - The config file

@Suite struct ConfigFileHardeningTests {
    private func configFolder() throws -> (URL, URL) {
        let folder = Hostile.folder("config")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("boxoffice"), withIntermediateDirectories: true)
        return (folder, folder.appendingPathComponent("boxoffice/config"))
    }

    @Test func crlfCrAndBOMConfigsGiveTheSameKey() throws {
        for text in ["# my key\r\nkey = abc123\r\n", "key = abc123\r\n# later\r\n", "# c\rkey = abc123\r# later\r", "\u{FEFF}key = abc123\n",
                     "\u{FEFF}# c\r\n\r\nkey=abc123\r\n"] {
            #expect(try KeySource.key(inConfig: text, path: "c") == "abc123", "\(text.debugDescription)")
        }
        #expect(throws: ConfigError(path: "c", problem: "line 3 is not of the form 'key = VALUE'")) {
            try KeySource.key(inConfig: "key = a\r\n\r\nwhat is this\r\n", path: "c")
        }
    }

    @Test func aCRLFConfigSendsTheKeyAsWritten() async throws {
        let (folder, config) = try configFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Hostile.write("# KOBIS key\r\nkey = \(Hostile.key)\r\n# written on Windows\r\n", to: config)
        chmod(config.path, 0o600)
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["daily", "--date", "20230423", "--json", "--pretty"],
                                              environment: ["XDG_CONFIG_HOME": folder.path, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(server.requests.first?.query["key"] == Hostile.key)
    }

    @Test func configPermissionsAndKinds() async throws {
        let (folder, config) = try configFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path, "BOXOFFICE_BASE_URL": "http://127.0.0.1:9"]
        try Hostile.write("key = \(Hostile.key)\n", to: config)
        chmod(config.path, 0o644)
        let readable = try await Executable.run(["daily", "--date", "20230423", "--retries", "0"], environment: environment)
        #expect(readable.standardError.hasPrefix("""
            boxoffice: warning: other users can read the key in \(config.path) (mode 644); run 'chmod 600 \(config.path)'.
            boxoffice: could not connect to 127.0.0.1
            """), "warned once, then used")
        chmod(config.path, 0o666)
        let writable = try await Executable.run(["daily", "--date", "20230423"], environment: environment)
        #expect(writable.status == 77)
        #expect(writable.standardError.hasPrefix(
            "boxoffice: the config file \(config.path) can be changed by other users (mode 666), so its key is not used; run 'chmod 600 \(config.path)'.\n"))
        try FileManager.default.removeItem(at: config)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let isFolder = try await Executable.run(["daily", "--date", "20230423"], environment: environment)
        #expect(isFolder.status == 77)
        #expect(isFolder.standardError.hasPrefix("boxoffice: the config file \(config.path) is a folder, not a file.\n"))
        try FileManager.default.removeItem(at: config)
        #expect(mkfifo(config.path, 0o600) == 0)
        let fifo = try await Executable.run(["daily", "--date", "20230423"], environment: environment, timeLimit: 60)
        #expect(fifo.finished, "a FIFO is never waited on")
        #expect(fifo.status == 77)
        #expect(fifo.standardError.hasPrefix("boxoffice: the config file \(config.path) is not a regular file (a FIFO, socket or device).\n"))
    }

    @Test func anUnreadableConfigSaysSo() async throws {
        let (folder, config) = try configFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Hostile.write("key = \(Hostile.key)\n", to: config)
        if geteuid() == 0 {
            chown(folder.path, 65534, 65534)
            chown(folder.appendingPathComponent("boxoffice").path, 65534, 65534)
            chown(config.path, 65534, 65534)
        }
        chmod(config.path, 0o000)
        let result = try await Hostile.runAsNobody(["daily", "--date", "20230423"], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(result.status == 77)
        #expect(result.standardError.hasPrefix("boxoffice: the config file \(config.path) cannot be read (Permission denied).\n"))
    }
}
