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
        let server = try Hostile.dailyServer()
        let fifo = server.cacheFile("boxoffice/searchDailyBoxOfficeList?targetDt=20230327", in: cache)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(at: server.cacheFile("boxoffice/searchDailyBoxOfficeList?targetDt=20230328", in: cache),
                                                   withDestinationURL: victim)
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
