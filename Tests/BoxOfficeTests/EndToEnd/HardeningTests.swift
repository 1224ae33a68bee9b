@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCLI
@testable import BoxOfficeCore
@testable import BoxOfficeTransports
import Foundation
import Glibc
import Testing

/// What a hostile probe found (issue 7), each as the built binary meets it: files that are not
/// ours in our folders, leaks, traps, runaway answers, exit codes that lie, and unhelpful messages.
enum Hostile {
    static let key = KOBISEmulator.key
    static var today: String { Day.korean(at: Date()).compact }

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
            // a shared machine) never replace each other's copy while it runs; the folders of
            // processes that have ended are removed, so runs leave no copies behind.
            let temporary = FileManager.default.temporaryDirectory
            let prefix = "boxoffice-tests-as-nobody-"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
                if let owner = Int32(name.dropFirst(prefix.count)), kill(owner, 0) != 0, errno == ESRCH {
                    try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
                }
            }
            let folder = temporary.appendingPathComponent(prefix + String(getpid()))
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
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

// MARK: - Data loss: the cache folder may hold things that are not ours

@Suite struct ForeignFilesInTheCacheTests {
    @Test func callCounterNeverFollowsALinkPlantedAtItsName() async throws {
        let cache = Hostile.folder(), victim = Hostile.folder("victim").appendingPathComponent("precious.txt")
        defer { try? FileManager.default.removeItem(at: cache); try? FileManager.default.removeItem(at: victim.deletingLastPathComponent()) }
        try Hostile.write("precious data\n", to: victim)
        let server = try Hostile.dailyServer()
        let (result, day) = try await KoreanDay.steady { day in
            try? FileManager.default.removeItem(at: cache.appendingPathComponent("calls-\(day.adding(days: -1).compact)"))
            try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent("calls-\(day.compact)"), withDestinationURL: victim)
            return try await Executable.run(["daily", "--date", "20230327"], environment: Hostile.environment(server, cache: cache))
        }
        let link = "calls-\(day.compact)"
        #expect(result.status == 0)
        #expect(Hostile.read(victim) == "precious data\n", "the link's target was changed")
        #expect(result.standardError == """
            boxoffice: warning: the cache is not used: \(cache.path)/\(link) is a symbolic link, which boxoffice does not follow; answers are not kept and calls are not counted.

            """)
        #expect(OwnFiles.kind(cache.appendingPathComponent(link).path) == .symbolicLink, "the link itself is left too")
    }

    @Test func cacheClearRemovesOnlyOurOwnEntriesAndSaysWhatItLeft() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try Hostile.dailyServer()
        let environment = Hostile.environment(server, cache: cache)
        _ = try await Executable.run(["daily", "--date", "20230327"], environment: environment)
        let answers = cache.appendingPathComponent("answers")
        try Hostile.write("mine\n", to: answers.appendingPathComponent("notes.txt"))
        try Hostile.write("not an entry\n", to: answers.appendingPathComponent("fake.answer"))
        try Hostile.write("hidden\n", to: answers.appendingPathComponent(".hidden"))
        try FileManager.default.createDirectory(at: answers.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Hostile.write("deep\n", to: answers.appendingPathComponent("sub/deep.answer"))
        let info = try await Executable.run(["cache", "info", "--json", "--pretty"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        #expect(object["entries"] as? Int == 1)
        #expect(object["otherItems"] as? Int == 4)
        let clear = try await Executable.run(["cache", "clear"], environment: environment)
        #expect(clear.status == 0)
        #expect(clear.standardOutput.hasPrefix("Removed 1 answer ("))
        #expect(clear.standardOutput.hasSuffix("""
             from \(cache.path).
            Left 4 other items in answers/ that boxoffice did not create.
            Today's count of calls is kept.

            """))
        let left = try FileManager.default.contentsOfDirectory(atPath: answers.path).sorted()
        #expect(left == [".hidden", "fake.answer", "notes.txt", "sub"])
        #expect(Hostile.read(answers.appendingPathComponent("sub/deep.answer")) == "deep\n")
    }

    @Test func cacheClearNeverFollowsALinkedAnswersFolder() async throws {
        let cache = Hostile.folder(), victim = Hostile.folder("victim")
        defer { try? FileManager.default.removeItem(at: cache); try? FileManager.default.removeItem(at: victim) }
        try Hostile.write("keep me\n", to: victim.appendingPathComponent("a.answer"))
        try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent("answers"), withDestinationURL: victim)
        let clear = try await Executable.run(["cache", "clear"], environment: ["BOXOFFICE_CACHE_DIR": cache.path])
        #expect(clear.status == 1)
        #expect(clear.standardOutput.isEmpty)
        #expect(clear.standardError == """
            boxoffice: boxoffice does not use the cache at \(cache.path)/answers: it is a symbolic link, which boxoffice does not follow.
            Use a folder of your own that only you can write (chmod 700), or pass --cache-dir DIR.

            """)
        #expect(Hostile.read(victim.appendingPathComponent("a.answer")) == "keep me\n")
    }

    @Test func pruningTouchesOnlyRegularFilesNamedAsOurCounts() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let victim = cache.appendingPathComponent("victim.txt")
        try Hostile.write("victim\n", to: victim)
        try Hostile.write("2024 export\n", to: cache.appendingPathComponent("calls-2024.csv"))
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("calls-2019-archive"), withIntermediateDirectories: true)
        try Hostile.write("old\n", to: cache.appendingPathComponent("calls-2019-archive/jan"))
        try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent("calls-20000101"), withDestinationURL: victim)
        try Hostile.write("7\n", to: cache.appendingPathComponent("calls-20000102"))
        let server = try Hostile.dailyServer()
        let (result, day) = try await KoreanDay.steady { _ in
            try await Executable.run(["daily", "--date", "20230327", "--refresh"], environment: Hostile.environment(server, cache: cache))
        }
        #expect(result.status == 0)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: cache.path))
        #expect(names == ["answers", "victim.txt", "calls-2024.csv", "calls-2019-archive", "calls-20000101", "calls-\(day.compact)"],
                "only our old count calls-20000102 is pruned")
        #expect(Hostile.read(cache.appendingPathComponent("calls-2019-archive/jan")) == "old\n")
        #expect(Hostile.read(victim) == "victim\n")
    }

    @Test func aWorldWritableCacheIsNotUsedAndSaysHowToFixIt() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        chmod(cache.path, 0o777)
        let server = try Hostile.dailyServer()
        let environment = Hostile.environment(server, cache: cache)
        let result = try await Executable.run(["daily", "--date", "20230327", "--json", "--pretty"], environment: environment)
        #expect(result.status == 0, "the command still answers, from the network")
        #expect(!result.standardOutput.isEmpty)
        #expect(result.standardError == """
            boxoffice: warning: boxoffice does not use the cache at \(cache.path): other users can write to it (mode 777). Use a folder of your own that only you can write (chmod 700), or pass --cache-dir DIR. Until then, answers are not kept and calls are not counted.

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty, "nothing was written there")
        #expect(Hostile.mode(cache) == 0o777, "a folder we refuse is not changed either")
        let offline = try await Executable.run(["daily", "--date", "20230327", "--offline"], environment: environment)
        #expect(offline.status == 1)
        #expect(offline.standardError.hasPrefix("boxoffice: boxoffice does not use the cache at \(cache.path): other users can write to it (mode 777).\n"))
        let clear = try await Executable.run(["cache", "clear"], environment: environment)
        #expect(clear.status == 1)
    }

    @Test func aCacheOwnedByAnotherUserIsNotUsed() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try Hostile.dailyServer()
        if geteuid() == 0 {
            // As root: the folder is nobody's.
            #expect(chown(cache.path, 65534, 65534) == 0)
            let result = try await Executable.run(["daily", "--date", "20230327"], environment: Hostile.environment(server, cache: cache))
            #expect(result.status == 0)
            #expect(result.standardError.hasPrefix("boxoffice: warning: boxoffice does not use the cache at \(cache.path): it belongs to another user (uid 65534)."))
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty)
        } else {
            // Not root: another user cannot be simulated; the mode bits are checked instead.
            #expect(OwnFiles.unsafeFolderReason("/", followLink: true, tighten: false)?.hasPrefix("it belongs to another user") == true)
        }
    }

    @Test func foldersBoxofficeNamesAreTightenedButAFolderTheUserChoseIsNot() async throws {
        let home = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let ours = home.appendingPathComponent("boxoffice")
        try FileManager.default.createDirectory(at: ours.appendingPathComponent("answers"), withIntermediateDirectories: true)
        chmod(ours.path, 0o755)
        chmod(ours.appendingPathComponent("answers").path, 0o755)
        let server = try Hostile.dailyServer()
        let environment = ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "XDG_CACHE_HOME": home.path]
        let result = try await Executable.run(["daily", "--date", "20230327"], environment: environment)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(Hostile.mode(ours) == 0o700, "the default folder is ours")
        #expect(Hostile.mode(ours.appendingPathComponent("answers")) == 0o700)
        let chosen = Hostile.folder("chosen")
        defer { try? FileManager.default.removeItem(at: chosen) }
        chmod(chosen.path, 0o755)
        let given = try await Executable.run(["daily", "--date", "20230327", "--cache-dir", chosen.path], environment: environment)
        #expect(given.status == 0)
        #expect(Hostile.mode(chosen) == 0o755, "a folder the user chose is theirs: never changed")
        #expect(Hostile.mode(chosen.appendingPathComponent("answers")) == 0o700)
    }

    @Test func aCachePathThatCannotBeLookedAtIsAnErrorNotEmpty() async throws {
        let info = try await Executable.run(["cache", "info", "--cache-dir", "/etc/passwd/cache"])
        #expect(info.status == 1)
        #expect(info.standardError.hasPrefix("boxoffice: boxoffice does not use the cache at /etc/passwd/cache: it cannot be read (Not a directory).\n"))
        let cache = Hostile.folder()
        defer { chmod(cache.path, 0o700); try? FileManager.default.removeItem(at: cache) }
        if geteuid() == 0 { #expect(chown(cache.path, 65534, 65534) == 0) }
        chmod(cache.path, 0o000)
        let closed = try await Hostile.runAsNobody(["cache", "clear"], environment: ["BOXOFFICE_CACHE_DIR": cache.path])
        #expect(closed.status == 1)
        #expect(closed.standardError.hasPrefix("boxoffice: boxoffice does not use the cache at \(cache.path)/answers: it cannot be read (Permission denied).\n"))
    }

    @Test func anUnreadableCacheIsReportedWithItsPathNotAsEmpty() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let answers = cache.appendingPathComponent("answers")
        try FileManager.default.createDirectory(at: answers, withIntermediateDirectories: true)
        let entry = answers.appendingPathComponent("boxoffice~searchDailyBoxOfficeList~targetDt=20230327.answer")
        try Hostile.write("x", to: entry)
        chmod(entry.path, 0o000)
        if geteuid() == 0 {
            #expect(chown(cache.path, 65534, 65534) == 0 && chown(answers.path, 65534, 65534) == 0)
        }
        chmod(cache.path, 0o700)
        chmod(answers.path, 0o300)  // enter and write, but not list or read
        let environment = ["BOXOFFICE_CACHE_DIR": cache.path]
        let info = try await Hostile.runAsNobody(["cache", "info"], environment: environment)
        #expect(info.status == 1)
        #expect(info.standardError == """
            boxoffice: cannot use the cache: \(answers.path) cannot be read (Permission denied).
            Check the folder's owner and permissions, or pass --cache-dir DIR.

            """)
        let clear = try await Hostile.runAsNobody(["cache", "clear"], environment: environment)
        #expect(clear.status == 1)
        #expect(clear.standardError == info.standardError)
        chmod(answers.path, 0o100)  // enter only: the entry cannot be opened
        let offline = try await Hostile.runAsNobody(["daily", "--date", "20230327", "--offline"], environment: environment)
        #expect(offline.status == 1)
        #expect(offline.standardError == """
            boxoffice: the cache cannot be read: \(answers.path)/boxoffice~searchDailyBoxOfficeList~targetDt=20230327.answer cannot be read (Permission denied).
            Check the folder's owner and permissions, or pass --cache-dir DIR.

            """)
    }

    @Test func aReadOnlyCacheSaysWhatCannotBeRemovedInOneLine() async throws {
        let cache = Hostile.folder()
        defer { chmod(cache.appendingPathComponent("answers").path, 0o700); try? FileManager.default.removeItem(at: cache) }
        let server = try Hostile.dailyServer()
        let environment = Hostile.environment(server, cache: cache)
        let answers = cache.appendingPathComponent("answers")
        if geteuid() == 0 {
            #expect(chown(cache.path, 65534, 65534) == 0)
        }
        let first = try await Hostile.runAsNobody(["daily", "--date", "20230327"], environment: environment)
        try #require(first.status == 0, "\(first.standardError)")
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: answers.path).first)
        chmod(answers.path, 0o500)
        let clear = try await Hostile.runAsNobody(["cache", "clear"], environment: environment)
        #expect(clear.status == 1)
        #expect(clear.standardError == """
            boxoffice: cannot use the cache: \(answers.path)/\(entry) cannot be removed (Permission denied).
            Check the folder's owner and permissions, or pass --cache-dir DIR.

            """)
        let again = try await Hostile.runAsNobody(["daily", "--date", "20230328"], environment: environment)
        #expect(again.status == 0, "an unwritable cache does not fail the command")
        #expect(again.standardError == """
            boxoffice: warning: the cache is not used: \(answers.path) cannot be written (Permission denied); answers are not kept and calls are not counted.

            """, "said once, although the answer and the count both failed")
    }

    @Test func aPlantedFIFOOrLinkAtAnEntryNameIsNeitherWaitedOnNorReplaced() async throws {
        let cache = Hostile.folder(), victim = Hostile.folder("victim").appendingPathComponent("v.txt")
        defer { try? FileManager.default.removeItem(at: cache); try? FileManager.default.removeItem(at: victim.deletingLastPathComponent()) }
        try Hostile.write("victim\n", to: victim)
        let answers = cache.appendingPathComponent("answers")
        try FileManager.default.createDirectory(at: answers, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let fifo = answers.appendingPathComponent("boxoffice~searchDailyBoxOfficeList~targetDt=20230327.answer")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(at: answers.appendingPathComponent("boxoffice~searchDailyBoxOfficeList~targetDt=20230328.answer"),
                                                   withDestinationURL: victim)
        let server = try Hostile.dailyServer()
        let environment = Hostile.environment(server, cache: cache)
        let first = try await Executable.run(["daily", "--date", "20230327"], environment: environment, timeLimit: 60)
        #expect(first.finished && first.status == 0)
        #expect(OwnFiles.kind(fifo.path) == .other, "the FIFO is left where it was")
        let second = try await Executable.run(["daily", "--date", "20230328"], environment: environment, timeLimit: 60)
        #expect(second.status == 0)
        #expect(Hostile.read(victim) == "victim\n")
        #expect(second.standardError.contains("is a symbolic link, which boxoffice does not follow"))
    }
}

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

// MARK: - Leaks

@Suite struct LeakTests {
    @Test(arguments: ["TESTKEY9", "k3y+/=&한"])
    func aShortOrOddKeyEchoedByTheServerIsMaskedEverywhere(key: String) async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let encoded = KOBISOperation.percentEncoded(key)
        let recording = try Fixtures.text("daily_20230423.json")
        let server = try LoopbackServer { request in
            if request.query["targetDt"] == "20230423" {
                // The key in a title, raw and percent-encoded.
                return .json(recording.replacingOccurrences(of: "\"movieNm\": \"", with: "\"movieNm\": \"\(key) \(encoded) "))
            }
            return .json(#"{"faultInfo":{"message":"bad key \#(key) (\#(encoded))","errorCode":"320999"}}"#)
        }
        let environment = Hostile.environment(server, cache: cache, key: key)
        let data = try await Executable.run(["daily", "--date", "20230423", "--json", "--pretty", "--verbose"], environment: environment)
        #expect(data.status == 0)
        let fault = try await Executable.run(["daily", "--date", "20230424", "--verbose"], environment: environment)
        #expect(fault.status == 1)
        #expect(fault.standardError.contains("bad key *** (***)"))
        for text in [data.standardOutput, data.standardError, fault.standardOutput, fault.standardError] {
            #expect(!text.contains(key) && !text.contains(encoded), "the key leaked: \(text.prefix(300))")
        }
        #expect(data.standardOutput.contains("\"title\": \"*** *** "))
    }

    @Test func userinfoInTheBaseURLIsRefusedWithoutPrintingThePassword() async throws {
        let result = try await Executable.run(["daily", "--date", "20230423", "--verbose"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": "http://alice:s3cret@127.0.0.1:9"])
        #expect(result.status == 64)
        #expect(result.standardError == """
            boxoffice: BOXOFFICE_BASE_URL 'http://***@127.0.0.1:9' holds a user name or password, which boxoffice does not send (it would be shown with every request).
            Run 'boxoffice help' for usage.

            """)
    }

    @Test func aRedirectToAnotherHostIsRefusedAndNothingIsCached() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer { request in
            .respond(status: 302, headers: ["Location": "http://127.0.0.2:\(request.headers["host"]?.split(separator: ":").last ?? "80")\(request.target)"], body: Data())
        }
        let environment = Hostile.environment(server, cache: cache)
        let result = try await Executable.run(["daily", "--date", "20230423"], environment: environment)
        #expect(result.status == 1)
        #expect(result.standardError == """
            boxoffice: 127.0.0.1 redirected the request (HTTP 302) to another server (127.0.0.2); boxoffice follows redirects only on the same server.
            Check --base-url: it should be the server root, e.g. https://www.kobis.or.kr.

            """)
        #expect(server.requestCount == 1, "not retried, not followed")
        #expect(try AnswerCache(folder: cache).usage().entries == 0)
    }

    @Test func redirectsOnTheSameServerAreFollowedAndShown() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let emulator = KOBISEmulator.handler()
        let server = try LoopbackServer { request in
            guard request.path.hasPrefix("/moved") else {
                return .respond(status: 301, headers: ["Location": "/moved" + request.target], body: Data())
            }
            var inner = request
            inner.path = String(request.path.dropFirst("/moved".count))
            return emulator(inner)
        }
        let result = try await Executable.run(["daily", "--date", "20230423", "--verbose"], environment: Hostile.environment(server, cache: cache))
        #expect(result.status == 0)
        #expect(result.standardError.contains(
            "boxoffice: HTTP 301: redirected to \(server.baseURL.absoluteString)/moved/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=***&targetDt=20230423\n"))
        #expect(server.requestCount == 2)
        let info = try await Executable.run(["cache", "info", "--json", "--pretty"], environment: Hostile.environment(server, cache: cache))
        #expect(info.standardOutput.contains("\"callsToday\": 2"))
    }

    @Test func aRedirectToAFileAddressIsNamedNotAnURLErrorNumber() async throws {
        let server = try LoopbackServer { _ in .respond(status: 302, headers: ["Location": "file:///etc/passwd"], body: Data()) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--date", "20230423"], environment: Hostile.environment(server, cache: cache))
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("boxoffice: 127.0.0.1 redirected the request (HTTP 302) to a file: address; boxoffice follows redirects only on the same server.\n"))
    }
}

// MARK: - Traps and runaway answers

@Suite struct RunawayAnswerTests {
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "253402300800", "-1", "99999999999999999999"])
    func extremeStoredValuesAreDamageNotATrap(stored: String) async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let answers = cache.appendingPathComponent("answers")
        try FileManager.default.createDirectory(at: answers, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let body = try Fixtures.text("daily_20230423.json")
        let entry = "boxoffice-cache 1\nrequest boxoffice/searchDailyBoxOfficeList?targetDt=20230423\nstored \(stored)\nbytes \(body.utf8.count)\n\n\(body)"
        let file = answers.appendingPathComponent("boxoffice~searchDailyBoxOfficeList~targetDt=20230423.answer")
        try Hostile.write(entry, to: file)
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let environment = Hostile.environment(server, cache: cache)
        let offline = try await Executable.run(["daily", "--date", "20230423", "--offline"], environment: environment)
        #expect(offline.status == 69, "damaged, so not an answer; never a trap (132)")
        #expect(offline.standardError.hasPrefix("boxoffice: --offline: the cache holds no answer for"))
        let online = try await Executable.run(["daily", "--date", "20230423"], environment: environment)
        #expect(online.status == 0)
        #expect(server.requestCount == 1)
        #expect(Hostile.read(file)?.contains("\nstored \(stored)\n") == false, "the damaged entry was replaced")
    }

    @Test func instantsFarOutsideTheCalendarNeverTrap() {
        for seconds in [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan, 9.3e18, -9.3e18] {
            let instant = Date(timeIntervalSince1970: seconds)
            _ = Day.korean(at: instant)
            _ = Day.koreanTimestamp(instant)
            _ = Freshness.boxOffice(lastDay: Day(year: 2023, month: 4, day: 23)!).isSettled(stored: instant)
        }
        #expect(Day.korean(at: Date(timeIntervalSince1970: 1e300)).year == 9999)
        #expect(CacheEntry(request: "r", stored: Date(timeIntervalSince1970: 1e300), body: Data("{}".utf8)).encoded() == nil)
    }

    /// Whatever receives the bytes keeps at most the limit and a bounded margin: an endless
    /// answer sent as fast as loopback goes ends with the size error every time, long before the
    /// timeout, in a process that never passes 64 MiB. The plain build measures the memory; a
    /// sanitized one only the outcome, as its resident size is the sanitizer's (AddressSanitizer
    /// keeps freed blocks in a quarantine of 256 MiB; ThreadSanitizer keeps its own state).
    static let endlessRuns = 20
    /// Runs whose memory is measured.
    static let memoryRuns = 5

    /// As fast as loopback goes for the plain build. A sanitized helper runs several times slower,
    /// and its cut-off waits for a turn of the queue the endless socket keeps busy: there the
    /// server slows down by the runs' time scale (64 MiB a second at a scale of 1).
    static var endlessInterval: Double { Build.sanitized ? 0.001 * TestTime.scale : 0 }

    @Test func anEndlessAnswerIsCutOffBeforeTheTimeout() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in 1...Self.endlessRuns {
            let result = try await Executable.run(["daily", "--date", "20230423", "--refresh", "--timeout", "15"],
                                                                             environment: Hostile.environment(server, cache: cache), timeLimit: 60)
            #expect(result.finished)
            #expect(result.status == 65, "run \(run)")
            #expect(result.standardError == """
                boxoffice: KOBIS's answer is longer than 16 MiB, far more than KOBIS ever sends; it was cut off.
                KOBIS may be under maintenance; try again later, or use --verbose to see the request.

                """, "run \(run): the size ended it, not the timeout")
        }
        #expect(server.requestCount == Self.endlessRuns, "none retried")
    }

    /// The memory of the runs above, measured where it means something (see `endlessRuns`).
    @Test(.enabled(if: !Build.sanitized, "a sanitized program's resident size is the sanitizer's, not the program's"))
    func anEndlessAnswerKeepsBoxofficeWithin64MiB() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in 1...Self.memoryRuns {
            let (result, peak) = try await Executable.runMeasuringPeakMemory(["daily", "--date", "20230423", "--refresh", "--timeout", "15"],
                                                                             environment: Hostile.environment(server, cache: cache), timeLimit: 60)
            #expect(result.status == 65, "run \(run)")
            #expect(peak > 0 && peak <= 64 * 1024, "run \(run): boxoffice and its helper each stayed within 64 MiB: \(peak) KiB")
        }
    }

    /// Eight endless answers at once, on one transport: each is cut off at its own limit, so the
    /// first size error ends the range at once (one shared session's queue kept the cut-offs
    /// waiting until the timeout, which then took the blame) and memory holds at most the eight
    /// limits.
    @Test func endlessAnswersTogetherAreEachCutOff() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in 1...5 {
            let result = try await Executable.run(
                ["daily", "--from", "20230401", "--to", "20230408", "--jobs", "8", "--rate", "100", "--refresh", "--retries", "0", "--timeout", "30"],
                environment: Hostile.environment(server, cache: cache), timeLimit: 60)
            #expect(result.finished)
            #expect(result.status == 65, "run \(run)")
            #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer is longer than 16 MiB, far more than KOBIS ever sends; it was cut off.\n"),
                    "run \(run): the size ended it, not the timeout: \(result.standardError)")
        }
    }

    /// The memory of the runs above, measured where it means something (see `endlessRuns`): at
    /// most the eight limits and a margin.
    @Test(.enabled(if: !Build.sanitized, "a sanitized program's resident size is the sanitizer's, not the program's"))
    func endlessAnswersTogetherKeepBoxofficeWithinTheirLimits() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in 1...2 {
            let (result, peak) = try await Executable.runMeasuringPeakMemory(
                ["daily", "--from", "20230401", "--to", "20230408", "--jobs", "8", "--rate", "100", "--refresh", "--retries", "0", "--timeout", "30"],
                environment: Hostile.environment(server, cache: cache), timeLimit: 60)
            #expect(result.status == 65, "run \(run)")
            #expect(peak > 0 && peak <= (8 * 16 + 64) * 1024, "run \(run): at most the eight limits and a margin: \(peak) KiB")
        }
    }

    /// The same through the library alone: README's example over URLSessionTransport.
    @Test func anEndlessAnswerIsCutOffThroughTheLibrary() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        for run in 1...Self.endlessRuns {
            let result = try await Executable.run(
                ["20230423"], environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString],
                timeLimit: 60, program: LibraryExampleTests.program)
            #expect(result.finished)
            #expect(result.status == 1, "run \(run)")
            #expect(result.standardError == "error: KOBIS's answer is longer than 16 MiB, far more than KOBIS ever sends; it was cut off\n", "run \(run)")
        }
    }

    /// The memory of the library's runs, measured where it means something (see `endlessRuns`).
    @Test(.enabled(if: !Build.sanitized, "a sanitized program's resident size is the sanitizer's, not the program's"))
    func anEndlessAnswerKeepsALibraryProgramWithin64MiB() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(repeating: UInt8(ascii: " "), count: 64 * 1024), interval: Self.endlessInterval) }
        for run in 1...Self.memoryRuns {
            let (result, peak) = try await Executable.runMeasuringPeakMemory(
                ["20230423"], environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString],
                timeLimit: 60, program: LibraryExampleTests.program)
            #expect(result.status == 1, "run \(run)")
            #expect(peak > 0 && peak <= 64 * 1024, "run \(run): the program stayed within 64 MiB: \(peak) KiB")
        }
    }

    @Test func theTimeoutBoundsATryEvenWhileDataFlows() async throws {
        let server = try LoopbackServer { _ in .endless(chunk: Data(" ".utf8), interval: 0.05) }
        let result = try await Executable.run(["daily", "--date", "20230423", "--timeout", "1", "--retries", "1"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString], timeLimit: 60)
        let elapsed = try #require(server.firstArrival).duration(to: .now)
        #expect(result.status == 69)
        #expect(result.standardError.hasPrefix("boxoffice: 127.0.0.1 did not answer within the time allowed (tried 2 times).\n"))
        // The answer is endless, so only the timeout ends a try (the message says so); the bound
        // only rules out a hang.
        #expect(elapsed < TestTime.limit(.seconds(60)), "not an endless wait: \(elapsed)")
    }

    @Test(arguments: [
        ("eleven", "boxOfficeResult.dailyBoxOfficeList[10]: more than 10 rows; KOBIS ranks at most 10"),
        ("duplicate", "dailyBoxOfficeList holds rank 1 twice"),
    ])
    func rankingsKOBISCannotSendAreUnreadable(kind: String, detail: String) async throws {
        let rows = (1...(kind == "eleven" ? 11 : 2)).map { index in
            #"{"rnum":"\#(index)","rank":"\#(kind == "eleven" ? index : 1)","rankInten":"0","rankOldAndNew":"OLD","movieCd":"2023000\#(index % 10)","movieNm":"m","openDt":"2023-01-01","salesAmt":"1","salesShare":"1.0","salesInten":"0","salesChange":"0","salesAcc":"1","audiCnt":"1","audiInten":"0","audiChange":"0","audiAcc":"1","scrnCnt":"1","showCnt":"1"}"#
        }
        let body = #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20230423~20230423","dailyBoxOfficeList":[\#(rows.joined(separator: ","))]}}"#
        let server = try LoopbackServer { _ in .json(body) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--date", "20230423"], environment: Hostile.environment(server, cache: cache))
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer does not have the expected shape: \(detail).\n"))
        #expect(try AnswerCache(folder: cache).usage().entries == 0, "nothing unreadable is cached")
    }

    @Test func aMillionRowAnswerIsRefusedQuickly() async throws {
        // 1,000,000 rows would be 292 MB; the first 16 MiB of it are enough to refuse it.
        let row = Data(#"{"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20230001","movieNm":"m","openDt":"2023-01-01","salesAmt":"1","salesShare":"1.0","salesInten":"0","salesChange":"0","salesAcc":"1","audiCnt":"1","audiInten":"0","audiChange":"0","audiAcc":"1","scrnCnt":"1","showCnt":"1"},"#.utf8)
        let server = try LoopbackServer { _ in .endless(chunk: Array(repeating: row, count: 200).reduce(Data(), +), interval: 0.001) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        // The size refuses it, never the clock: no request timeout a loaded machine could reach (a
        // helper built with ThreadSanitizer, among six busy loops, took over 15 s for 16 MiB), and
        // the time limit only rules out a hang.
        let result = try await Executable.run(["daily", "--date", "20230423", "--timeout", "600"],
                                              environment: Hostile.environment(server, cache: cache), timeLimit: 60)
        #expect(result.finished)
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer is longer than 16 MiB"))
        #expect(try AnswerCache(folder: cache).usage().entries == 0)
    }
}

// MARK: - Exit codes that lie

@Suite struct StreamFailureTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aFullDiskOnStdoutExits74() async throws {
        let result = try await Executable.run(["-c", #"exec "$0" daily --demo --date 20230423 --quiet > /dev/full"#, Executable.url.path], program: shell)
        #expect(result.status == 74)
        #expect(result.standardError == """
            boxoffice: cannot write the output: No space left on device.
            Check where standard output goes (a full disk, a closed descriptor).

            """)
    }

    @Test func aClosedStdoutExits74() async throws {
        let result = try await Executable.run(["-c", #"exec "$0" daily --demo --date 20230423 --quiet >&-"#, Executable.url.path], program: shell)
        #expect(result.status == 74)
        #expect(result.standardError.hasPrefix("boxoffice: cannot write the output: Bad file descriptor.\n"))
    }

    @Test func aClosedPipeOnStdoutEndsQuietly() async throws {
        let result = try await Executable.run(["-c", #""$0" daily --demo --date 20230423 --quiet | head -c 10 > /dev/null; exit 0"#, Executable.url.path], program: shell)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
    }

    @Test func aBrokenStderrChangesNeitherTheStatusNorStdout() async throws {
        func brokenPipe() throws -> FileHandle {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            return pipe.fileHandleForWriting
        }
        let usage = try await Executable.run(["dailyy"], standardError: try brokenPipe())
        #expect(usage.status == 64)
        let demo = try await Executable.run(["daily", "--demo", "--date", "20230423"], standardError: try brokenPipe())
        #expect(demo.status == 0)
        let quiet = try await Executable.run(["daily", "--demo", "--date", "20230423", "--quiet"])
        #expect(demo.standardOutput == quiet.standardOutput, "the note that failed to print did not drop the data")
        let closed = try await Executable.run(["-c", #"exec "$0" dailyy 2>&-"#, Executable.url.path], program: shell)
        #expect(closed.status == 64)
    }
}

// MARK: - --base-url values that pass a loose check but can never work

@Suite struct ServerAddressTests {
    @Test(arguments: [
        ("HTTP://KOBIS.example:8080/", "http://kobis.example:8080/"),
        ("https://www.kobis.or.kr", "https://www.kobis.or.kr"),
        ("Https://Host/prefix/", "https://host/prefix/"),
        ("http://[::1]:8080", "http://[::1]:8080"),
        ("http://[2001:DB8::1]", "http://[2001:db8::1]"),
        ("http://127.0.0.1:65535", "http://127.0.0.1:65535"),
    ])
    func validAddressesAreNormalised(text: String, expected: String) throws {
        #expect(try ServerAddress.normalised(text).absoluteString == expected)
    }

    @Test(arguments: [
        ("http://host:65536", "has port '65536', which is not a number from 1 to 65535"),
        ("http://host:0", "has port '0', which is not a number from 1 to 65535"),
        ("http://host:99999999999999999999", "has port '999999999999', which is not a number from 1 to 65535"),
        ("http://host:", "has port '', which is not a number from 1 to 65535"),
        ("http://host/#frag", "has a #fragment, which a server never sees; remove it"),
        ("http://host/?a=b", "has a ?query; give only the server root, e.g. https://www.kobis.or.kr"),
        ("ftp://host", "is not an http(s) server address such as https://www.kobis.or.kr"),
        ("host", "is not an http(s) server address such as https://www.kobis.or.kr"),
        ("http://", "has no server name"),
        ("http://ho st", "contains spaces or control characters"),
        ("http://[::1", "has an IPv6 address without its closing ']'"),
        ("http://[zz]", "has '[zz]', which is not an IPv6 address"),
        ("https://[::1]", "pairs https:// with an IPv6 address, which this build's URLSession cannot reach (swift-corelibs-foundation #5496); use a host name for it"),
        ("http://u:p@host", "holds a user name or password, which boxoffice does not send (it would be shown with every request)"),
    ])
    func impossibleAddressesAreRefusedWithTheReason(text: String, reason: String) {
        do {
            _ = try ServerAddress.normalised(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func anUpperCaseSchemeReachesTheServer() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let address = server.baseURL.absoluteString.replacingOccurrences(of: "http://", with: "HTTP://")
        let result = try await Executable.run(["daily", "--date", "20230423", "--json", "--pretty"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": address, "BOXOFFICE_CACHE_DIR": cache.path])
        #expect(result.status == 0)
        #expect(server.requestCount == 1)
    }

    @Test func anIPv6LiteralServerAnswersAndFailsLikeAnyOther() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer(ipv6: true, handler: KOBISEmulator.handler())
        let environment = Hostile.environment(server, cache: cache)
        let ipv4 = try LoopbackServer(handler: KOBISEmulator.handler())
        let ipv4Cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: ipv4Cache) }
        let expected = try await Executable.run(["daily", "--date", "20230423"], environment: Hostile.environment(ipv4, cache: ipv4Cache))
        let result = try await Executable.run(["daily", "--date", "20230423", "--refresh"], environment: environment)
        #expect(result.status == 0)
        #expect(result.standardOutput == expected.standardOutput)
        #expect(server.requests.first?.query["key"] == Hostile.key)
        #expect(server.requests.first?.headers["host"] == "[::1]:\(server.port)")
        let movie = try await Executable.run(["movie", "20124079", "--json", "--pretty"], environment: environment)
        #expect(movie.status == 0 && movie.standardOutput.contains("\"movieCode\": \"20124079\""))
        // Only the answer that never comes is ended by the timeout; the others get time enough to
        // fail their own way (the endless answer to pass 16 MiB) even on a busy machine.
        let faults: [(LoopbackReply, Int32, String, String)] = [
            (.respond(status: 503, body: Data()), 69, "boxoffice: ::1 answered HTTP 503 Service Unavailable (tried 2 times).\n", "20"),
            (.reset, 69, "boxoffice: the connection to ::1 broke off before the answer was complete (tried 2 times).\n", "20"),
            (.truncated(status: 200, body: Data("{\"boxOfficeResult\":{}}".utf8), bytes: 5), 69, "boxoffice: the connection to ::1 broke off", "20"),
            (.endless(chunk: Data(repeating: 32, count: 65_536), interval: 0.001), 65, "boxoffice: KOBIS's answer is longer than 16 MiB", "20"),
            (.delayed(seconds: 3600, then: .close), 69, "boxoffice: ::1 did not answer within the time allowed (tried 2 times).\n", "0.5"),
        ]
        for (reply, status, message, timeout) in faults {
            let failing = try LoopbackServer(ipv6: true) { _ in reply }
            let outcome = try await Executable.run(["daily", "--date", "20230423", "--retries", "1", "--timeout", timeout],
                                                   environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": failing.baseURL.absoluteString])
            #expect(outcome.status == status, "\(reply)")
            #expect(outcome.standardError.hasPrefix(message), "\(reply)")
        }
        let refused = try await Executable.run(["daily", "--date", "20230423", "--retries", "0"],
                                               environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": "http://[::1]:9"])
        #expect(refused.standardError.hasPrefix("boxoffice: could not connect to ::1: connection refused.\n"))
    }

    @Test(arguments: ["http://127.0.0.1:70000", "http://127.0.0.1/#top"])
    func impossibleAddressesExit64(address: String) async throws {
        let result = try await Executable.run(["daily", "--date", "20230423", "--base-url", address], environment: ["KOBIS_API_KEY": Hostile.key])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --base-url '\(address)' "))
    }
}

// MARK: - Messages that say what happened

@Suite struct HardeningMessageTests {
    @Test func httpsAgainstAPlainServerSaysItIsNotTLSAndIsNotRetried() async throws {
        let server = try RawServer(reply: Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        let result = try await Executable.run(["daily", "--date", "20230423"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": "https://127.0.0.1:\(server.port)"])
        #expect(result.status == 69)
        #expect(result.standardError == """
            boxoffice: 127.0.0.1 does not speak TLS: it answered the https:// request in plain text.
            If that server speaks plain HTTP, give --base-url an http:// address.

            """)
    }

    @Test func aHugeBadArgumentIsShortened() async throws {
        let huge = String(repeating: "x", count: 100_000)
        let result = try await Executable.run(["daily", "--date", huge])
        #expect(result.status == 64)
        #expect(result.standardError == """
            boxoffice: --date '\(String(repeating: "x", count: 40))…' (100,000 characters) is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd.
            Run 'boxoffice help daily' for usage.

            """)
        let command = try await Executable.run([huge])
        #expect(command.standardError.utf8.count < 200)
    }

    @Test func negativeInfinityIsAValueThatIsNotATimeout() async throws {
        let result = try await Executable.run(["daily", "--timeout", "-inf"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --timeout '-inf' is not a number of seconds from 0.01 to 3,600.\n"))
    }

    @Test func aRelativeHomeIsNamedAsSuch() async throws {
        let result = try await Executable.run(["cache", "info"], environment: ["HOME": "relative/home"])
        #expect(result.status == 1)
        #expect(result.standardError == """
            boxoffice: there is no cache folder: HOME (relative/home) is not an absolute path.
            Pass --cache-dir DIR or set BOXOFFICE_CACHE_DIR.

            """)
        let server = try Hostile.dailyServer()
        let daily = try await Executable.run(["daily", "--date", "20230327"],
                                             environment: ["HOME": "relative/home", "KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        #expect(daily.status == 0)
        #expect(daily.standardError == """
            boxoffice: warning: there is no cache folder: HOME (relative/home) is not an absolute path. Pass --cache-dir DIR or set BOXOFFICE_CACHE_DIR. Until then, answers are not kept and calls are not counted.

            """)
    }
}

// MARK: - Found by a second probe of the hardened binary

@Suite struct SecondProbeTests {
    @Test func theKeyIsFoundHoweverItIsSpelled() {
        let mask = SecretMask(["ab/c+d=e&f", "SECRETKEY123"])
        let cases: [(String, String)] = [
            ("SECRETKEY123\u{0301}", "***\u{0301}"),        // a combining mark after it
            ("\u{0600}SECRETKEY123", "\u{0600}***"),        // a prepended character before it
            ("SECRETKEY123\u{200D}x", "***\u{200D}x"),      // a joiner after it
            ("bad ab%2fc%2bd%3de%26f!", "bad ***!"),         // lower-case percent-encoding
            ("%61%62%2F%63%2B%64%3D%65%26%66", "***"),       // every byte encoded
            (#"title "ab\/c+d=e&f""#, #"title "***""#),       // JSON-escaped slash
            (#"\u0053ECRETKEY123"#, "***"),                   // JSON \u escape
            ("SECRETKEY12", "SECRETKEY12"),                   // not the key
        ]
        for (text, expected) in cases {
            #expect(mask.apply(to: text) == expected, "\(text.debugDescription)")
        }
        #expect(SecretMask([#"a\b"#]).apply(to: #"x "a\\b" y"#) == #"x "***" y"#)
    }

    @Test func anEchoedKeyIsMaskedBeforeItIsRenderedOrCached() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let key = "0123456789abcdef0123456789abcdef"
        let recording = try Fixtures.text("daily_20230423.json")
        let server = try LoopbackServer { _ in
            .json(recording.replacingOccurrences(of: "\"movieNm\": \"", with: "\"movieNm\": \"\(key)\u{0301}"))
        }
        let environment = Hostile.environment(server, cache: cache, key: key)
        let table = try await Executable.run(["daily", "--date", "20230423"], environment: environment)
        #expect(table.status == 0)
        var keyless = environment
        keyless["KOBIS_API_KEY"] = nil
        let offline = try await Executable.run(["daily", "--date", "20230423", "--offline", "--json", "--pretty"], environment: keyless)
        #expect(offline.status == 0)
        #expect(offline.standardOutput.contains("\"title\": \"***\u{0301}"))
        let stored = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("answers").path)
            .compactMap { Hostile.read(cache.appendingPathComponent("answers/\($0)")) }.joined()
        for text in [table.standardOutput, table.standardError, offline.standardOutput, stored] {
            #expect(!text.utf8.elementsEqual(key.utf8) && text.range(of: key) == nil && !Data(text.utf8).contains(Data(key.utf8)))
        }
        #expect(!stored.isEmpty)
    }

    @Test func redirectsToAnotherPortOrWithAUserNameAreRefused() async throws {
        let other = try LoopbackServer(handler: KOBISEmulator.handler())
        let toPort = try LoopbackServer { request in
            .respond(status: 302, headers: ["Location": "http://127.0.0.1:\(other.port)\(request.target)"], body: Data())
        }
        let result = try await Executable.run(["daily", "--date", "20230423"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": toPort.baseURL.absoluteString])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("boxoffice: 127.0.0.1 redirected the request (HTTP 302) to another port (\(other.port)) on the same server;"))
        #expect(other.requestCount == 0, "the key never reached the other port")
        let withUser = try LoopbackServer { request in
            .respond(status: 302, headers: ["Location": "http://user:pw@127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "")/x"], body: Data())
        }
        let user = try await Executable.run(["daily", "--date", "20230423", "--verbose"],
                                            environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": withUser.baseURL.absoluteString])
        #expect(user.status == 1)
        #expect(user.standardError.contains("to an address with a user name;"))
        #expect(!user.standardError.contains("pw"))
    }

    @Test func aChainOfSlowRedirectsCannotStretchTheTimeout() async throws {
        let server = try LoopbackServer { request in
            .delayed(seconds: 0.6, then: .respond(status: 302, headers: ["Location": request.target + "&r"], body: Data()))
        }
        let result = try await Executable.run(["daily", "--date", "20230423", "--timeout", "1", "--retries", "0"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        let elapsed = try #require(server.firstArrival).duration(to: .now)
        #expect(result.status == 69)
        #expect(result.standardError.hasPrefix("boxoffice: 127.0.0.1 did not answer within the time allowed.\n"))
        // With a second for each hop, six hops would go out (0.6 s each) and the sixth redirect be
        // refused; with one second for the chain, the second hop (if the machine gets it out in the
        // 0.4 s left) is the last.
        #expect((1...2).contains(server.requestCount), "the second hop used the rest of the one second")
        // The time only rules out a hang.
        #expect(elapsed < TestTime.limit(.seconds(60)), "not a hang")
    }

    @Test func millionsOfEmptyRowsAreRefusedBeforeTheyAreBuilt() async throws {
        let body = #"{"boxOfficeResult":{"showRange":"20230423~20230423","dailyBoxOfficeList":["# + Array(repeating: "{}", count: 1_000_000).joined(separator: ",") + "]}}"
        let server = try LoopbackServer { _ in .json(body) }
        let result = try await Executable.run(["daily", "--date", "20230423", "--retries", "0"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer does not have the expected shape: boxOfficeResult.dailyBoxOfficeList[10]: more than 10 rows"))
    }

    @Test func aWrongContentEncodingIsUnreadableNotRetried() async throws {
        let server = try LoopbackServer { _ in
            .respond(status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: Data(#"{"boxOfficeResult":{}}"#.utf8))
        }
        let result = try await Executable.run(["daily", "--date", "20230423"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer is not encoded as its Content-Encoding header says.\n"))
        #expect(server.requestCount == 1)
    }

    /// The plain-HTTP client for IPv6 servers, against raw answers no real server should send.
    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nabc", "the server sent an invalid Content-Length"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: -1\r\n\r\nabcde", "the server sent two different Content-Length values"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\nabc", "lost"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", "the server's chunked body is malformed"),
        ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", "200"),
        ("garbage\r\n\r\n", "the server did not answer in HTTP/1.1"),
    ])
    func thePlainClientNeverTrapsOnABadAnswer(reply: String, outcome: String) async throws {
        let server = try RawServer(reply: Data(reply.utf8))
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/x")!, timeout: 5)
        do {
            let response = try await PlainHTTPTransport().send(request)
            #expect(outcome == "\(response.status)")
            #expect(response.body == Data("{}".utf8))
        } catch let error as TransportError {
            switch error {
            case let .other(detail): #expect(detail == outcome)
            case .connectionLost: #expect(outcome == "lost")
            default: Issue.record("unexpected \(error)")
            }
        }
    }
}
