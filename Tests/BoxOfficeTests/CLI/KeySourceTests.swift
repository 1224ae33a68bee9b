@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import BoxOfficeCore
import Foundation
import Testing

/// Where the key comes from, in order: --key, KOBIS_API_KEY, the config file.
@Suite struct KeySourceTests {
    @Test func flagThenEnvironmentThenFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keysource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("boxoffice"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "key = FROMFILE\n".write(to: folder.appendingPathComponent("boxoffice/config"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder.path, "KOBIS_API_KEY": "FROMENV"]
        #expect(try KeySource.key(option: "FROMFLAG", environment: environment) == "FROMFLAG")
        #expect(try KeySource.key(option: nil, environment: environment) == "FROMENV")
        #expect(try KeySource.key(option: " ", environment: environment.merging(["KOBIS_API_KEY": ""]) { $1 }) == "FROMFILE")
        #expect(try KeySource.key(option: nil, environment: ["HOME": folder.path]) == nil)
    }

    /// Commas and blanks alone are no key: the next place is looked at, and a config file whose
    /// `key =` lines hold only commas has no key either.
    @Test func aListOfOnlySeparatorsIsNoKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keysource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("boxoffice"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path]
        #expect(try KeySource.key(option: ",", environment: environment.merging(["KOBIS_API_KEY": "FROMENV"]) { $1 }) == "FROMENV")
        #expect(try KeySource.key(option: ", ,", environment: environment) == nil)
        try "key = ,\nkey = ,,\n".write(to: folder.appendingPathComponent("boxoffice/config"), atomically: true, encoding: .utf8)
        #expect(try KeySource.key(option: ",", environment: environment.merging(["KOBIS_API_KEY": ","]) { $1 }) == nil)
        #expect(try KeySource.resolveAll(option: "K1,,K2,K1", environment: environment).keys == ["K1", "K2"])
    }

    @Test func configFileFollowsXDGRules() {
        #expect(KeySource.configFile(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/home/u"]) == "/x/boxoffice/config")
        #expect(KeySource.configFile(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.config/boxoffice/config")
        #expect(KeySource.configFile(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"]) == "/home/u/.config/boxoffice/config")
        #expect(KeySource.configFile(environment: [:]) == nil)
    }

    @Test func configFileForms() throws {
        #expect(try KeySource.key(inConfig: "key=abc", path: "c") == "abc")
        #expect(try KeySource.key(inConfig: "# comment\n\n  key = \"abc\"  # trailing\n", path: "c") == "abc")
        #expect(try KeySource.key(inConfig: "abc123\n", path: "c") == "abc123")
        #expect(try KeySource.key(inConfig: "timeout = 3\n", path: "c") == nil)
        #expect(throws: ConfigError(path: "c", problem: "line 2 is not of the form 'key = VALUE'")) {
            try KeySource.key(inConfig: "key = a\nwhat is this\n", path: "c")
        }
    }

    @Test func unreadableConfigExits77WithoutQuotingIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keysource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("boxoffice"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "secret value with spaces\n".write(to: folder.appendingPathComponent("boxoffice/config"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.appendingPathComponent("boxoffice/config").path)
        let result = await run(["daily"], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(result.status == .noPermission)
        #expect(result.standardError == "boxoffice: the config file \(folder.path)/boxoffice/config line 1 is not of the form 'key = VALUE'.\nFix the file, or pass the key with --key or KOBIS_API_KEY.\n")
    }

    /// The progress line's estimate covers what can run before the keys' quota stops the run.
    @Test func theEstimateStopsAtTheQuota() {
        #expect(ProgressLine.remainingToday(total: 365, done: 65, fetched: 60, callsLeft: nil) == (300, false))
        #expect(ProgressLine.remainingToday(total: 365, done: 65, fetched: 60, callsLeft: 160) == (100, true))
        #expect(ProgressLine.remainingToday(total: 365, done: 65, fetched: 60, callsLeft: 1_000) == (300, false))
        #expect(ProgressLine.remainingToday(total: 365, done: 65, fetched: 60, callsLeft: 10) == (0, true))
    }

    /// Two films' runs read one after the other (a trend by opening): the second's days add to
    /// the total, so the count never passes it; the demo's recordings are read, not fetched.
    @Test func theProgressOfRunsReadInTurnNeverPassesItsTotal() {
        let drawn = Locked<[String]>([])
        let line = ProgressLine(enabled: true, width: 100, write: { text in drawn.withLock { $0.append(text) } })
        line.countsSamples()
        line.beginRange(total: 25, unit: "days")
        for _ in 0..<25 { line.finished(fromCache: false) }
        line.beginRange(total: 32, unit: "days")
        for _ in 0..<20 { line.finished(fromCache: false) }
        line.draw()
        let shown = drawn.withLock { $0 }.last ?? ""
        #expect(shown.contains(" 45/57 days · from the sample data · "), "\(shown)")
        #expect(!shown.contains("fetched"))
    }
}
