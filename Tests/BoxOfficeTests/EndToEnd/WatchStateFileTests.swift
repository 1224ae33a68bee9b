@testable import BoxOfficeCLI
@testable import BoxOfficeCore
import Foundation
import Testing

/// A watch's state file, as cron's runs meet it: damaged, cut short by a crash (the state
/// before it, `.prev`, read instead), written by a newer boxoffice (left where it is), temporary
/// files a killed run left (swept), a folder others can write to (not used). Run in process with
/// the season's clock, through the real transport, as `WatchEndToEndTests` runs the watch.
@Suite struct WatchStateFileTests {
    typealias Folders = WatchEndToEndTests.Folders

    static func korean(_ month: Int, _ day: Int, hour: Int = 10) -> Date { WatchEndToEndTests.korean(month, day, hour: hour) }
    static func environment(_ server: LoopbackServer, _ folders: Folders) -> [String: String] { WatchEndToEndTests.environment(server, folders) }
    static func run(_ arguments: [String], at now: Date, _ environment: [String: String]) async -> RunResult {
        await WatchEndToEndTests.run(arguments, at: now, environment)
    }

    /// A watch started on 2025-10-02, then run on the 4th: the first state, and what that run told.
    static func firstThenTold(_ folders: Folders, _ environment: [String: String]) async -> (first: Data, told: RunResult) {
        _ = await run(["watch", "--rate", "0"], at: korean(10, 2), environment)
        let first = (try? Data(contentsOf: folders.file)) ?? Data()
        let told = await run(["watch", "--format", "jsonl", "--rate", "0"], at: korean(10, 4), environment)
        #expect(told.status == .success && !told.standardOutput.isEmpty, "\(told.standardError)")
        return (first, told)
    }

    /// A state that cannot be read is moved aside with a message (exit 65), never read as empty
    /// and never overwritten, and the next run starts afresh: one cut short or empty with no
    /// whole state before it to go back to, and one whole but not a state.
    @Test(arguments: [("{\"version\":2,\"deep\":fal", "it is cut short, and there is no whole state before it"),
                      ("{\"version\":2,\"seen\":[{\"day\":\"2025-10-01\"}\n", "it is cut short, and there is no whole state before it"),
                      ("", "it is empty, and there is no whole state before it"),
                      ("\u{0}\u{0}\u{0}\u{0}", "it holds nothing but blanks and zero bytes, and there is no whole state before it"),
                      ("{\"version\":2,\"deep\":\"no\"}\n", "it is not a watch's state boxoffice can read (edited by hand, or damaged)")])
    func aDamagedStateIsSetAside(contents: String, reason: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        try FileManager.default.createDirectory(at: folders.state, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: folders.file)
        let result = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 5), environment)
        #expect(result.status == .dataError)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("the watch's state \(folders.file.path) cannot be read: \(reason)"), "\(result.standardError)")
        #expect(result.standardError.contains("it was moved to \(folders.file.path).damaged-"), "\(result.standardError)")
        #expect(result.standardError.contains("Nothing was told, and the file is kept as it was"), "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folders.state.path)
        let aside = try #require(names.first { $0.hasPrefix("watch-default.json.damaged-") })
        #expect(try Data(contentsOf: folders.state.appendingPathComponent(aside)) == Data(contents.utf8))
        #expect(!names.contains("watch-default.json"))
        let afresh = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 5), environment)
        #expect(afresh.status == .success && afresh.standardError.contains("started"), "\(afresh.standardError)")
    }

    /// A state written by a newer boxoffice is refused where it is (exit 65): not moved, not
    /// changed, nothing told, no `.prev` made.
    @Test func aNewerStateIsLeftWhereItIs() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        try FileManager.default.createDirectory(at: folders.state, withIntermediateDirectories: true)
        let newer = Data(#"{"version":7,"deep":false,"lastDay":"2025-10-01","somethingNew":[1,2,3]}"#.utf8)
        try newer.write(to: folders.file)
        let result = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 5), environment)
        #expect(result.status == .dataError)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == """
            boxoffice: the watch's state \(folders.file.path) was written by a newer boxoffice (its version 7; this one reads up to 2); it is left as it is.
            Nothing was told: run this watch with the newer boxoffice, or give this one another --name.

            """, "\(result.standardError)")
        #expect(try Data(contentsOf: folders.file) == newer)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.state.path).sorted() == ["watch-default.json", "watch-default.lock"])
    }

    /// A state cut short by a crash gives way to the one before it (`.prev`), with a note: the
    /// events since are told again, none is lost; and the next keep writes a whole state while
    /// `.prev` stays the whole one it came from.
    @Test func aStateCutShortGivesWayToTheOneBefore() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let (first, told) = await Self.firstThenTold(folders, environment)
        // After the run, .prev is the state the last keep replaced, whole.
        let previous = try Data(contentsOf: URL(fileURLWithPath: folders.file.path + ".prev"))
        #expect(try JSONDecoder().decode(WatchState.self, from: previous).lastDay.iso == "2025-10-03")
        // A crash that cut the state short, and one run later: the state the crash cut short was
        // the first run's (a .prev of the first state), so every event since is told again.
        try first.write(to: URL(fileURLWithPath: folders.file.path + ".prev"))
        try Data(try Data(contentsOf: folders.file).prefix(40)).write(to: folders.file)
        let again = await Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 4, hour: 11), environment)
        #expect(again.status == .success, "\(again.standardError)")
        #expect(again.standardError.contains("boxoffice: the watch's state \(folders.file.path) cannot be read: it is cut short (a crash while it was written); going on from the state before it, \(folders.file.path).prev: events told since then are told again, none is lost."),
                "\(again.standardError)")
        #expect(again.standardOutput == told.standardOutput)
        #expect(try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file)).lastDay.iso == "2025-10-03")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.state.path).allSatisfy { !$0.contains("damaged") })
    }

    /// A state cut just after an inner brace (so it ends with `}`) is cut short all the same, not
    /// damaged: it gives way to the whole state before it, and the events since are told again.
    @Test func aStateCutAfterAnInnerBraceGivesWayToTheOneBefore() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        let (first, told) = await Self.firstThenTold(folders, environment)
        try first.write(to: URL(fileURLWithPath: folders.file.path + ".prev"))
        let kept = try Data(contentsOf: folders.file)
        let inner = try #require(kept.indices.dropFirst().first { kept[$0] == UInt8(ascii: "}") })
        try Data(kept[...inner] + Data("\n".utf8)).write(to: folders.file)
        let again = await Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 4, hour: 11), environment)
        #expect(again.status == .success, "\(again.standardError)")
        #expect(again.standardError.contains("boxoffice: the watch's state \(folders.file.path) cannot be read: it is cut short (a crash while it was written); going on from the state before it"),
                "\(again.standardError)")
        #expect(again.standardOutput == told.standardOutput)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.state.path).allSatisfy { !$0.contains("damaged") })
    }

    /// A `.prev` that is not a file of ours (here a link to someone's file) is never replaced; the
    /// run says so before it tells anything, so no event is told again run after run.
    @Test func aForeignPreviousStateStopsTheRunBeforeAnyEvent() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        let state = try Data(contentsOf: folders.file)
        let theirs = folders.root.appendingPathComponent("theirs.txt")
        try Data("mine\n".utf8).write(to: theirs)
        let previous = URL(fileURLWithPath: folders.file.path + ".prev")
        try? FileManager.default.removeItem(at: previous)
        try FileManager.default.createSymbolicLink(at: previous, withDestinationURL: theirs)
        let result = await Self.run(["watch", "--format", "jsonl", "--rate", "0"], at: Self.korean(10, 4), environment)
        #expect(result.status != .success)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("\(previous.path) is not a file boxoffice made; it is left as it is, and the watch cannot keep its state beside it until it is moved away"),
                "\(result.standardError)")
        #expect(try Data(contentsOf: folders.file) == state)
        #expect(try Data(contentsOf: theirs) == Data("mine\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: previous.path) == theirs.path)
    }

    /// Temporary files a killed run left beside the state are swept; a file of another name, or
    /// not a plain file of ours, is left as it is.
    @Test func leftoverTemporaryFilesAreSwept() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        _ = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2), environment)
        let leftover = folders.state.appendingPathComponent("watch-default.json.tmp-4242-123456")
        let foreign = folders.state.appendingPathComponent("watch-default.json.tmp-notes")
        let otherWatch = folders.state.appendingPathComponent("watch-other.json.tmp-4242-123456")
        for file in [leftover, foreign, otherWatch] { try Data("{".utf8).write(to: file) }
        let linked = folders.state.appendingPathComponent("watch-default.json.tmp-1-2")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: foreign)
        let result = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 2, hour: 11), environment)
        #expect(result.status == .success, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folders.state.path)
        #expect(!names.contains(leftover.lastPathComponent))
        #expect(names.contains(foreign.lastPathComponent) && names.contains(otherWatch.lastPathComponent) && names.contains(linked.lastPathComponent))
    }

    /// A state folder that others can write to is not used, in a sentence that says so.
    @Test func aStateFolderOthersCanWriteIsNotUsed() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let folders = Folders()
        let environment = Self.environment(server, folders)
        try FileManager.default.createDirectory(at: folders.state, withIntermediateDirectories: true)
        chmod(folders.state.path, 0o777)
        let result = await Self.run(["watch", "--rate", "0"], at: Self.korean(10, 5), environment)
        #expect(result.status == .failure)
        #expect(result.standardError.hasPrefix("boxoffice: boxoffice does not keep a watch's state in \(folders.state.path): other users can write to it (mode 777).\n"),
                "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.state.path).isEmpty)
    }
}
