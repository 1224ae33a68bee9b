@testable import BoxOfficeCore
import Foundation
import Testing

/// `watch --exec` through the built binary, as cron runs it, with the signal handling the shipped
/// program has: SIGTERM and Ctrl-C end the program with the watch (143, 130), and leave no
/// process behind; a program past `--exec-timeout` is ended, its event kept; and SIGKILL at random
/// moments, then a run to the end, tells every event, none more than once more than it was
/// killed. Real time: the server answers yesterday with 2025-10-03's list and any other day with
/// the 2nd's, so yesterday's news is 보스's opening at number one (each test runs again whole if
/// Korean midnight passes meanwhile).
@Suite struct WatchProgramTests {
    typealias Folders = WatchEndToEndTests.Folders

    /// The stand-in KOBIS: `yesterday` as 2025-10-03, any other day as 2025-10-02.
    static func server(yesterday: Day) throws -> LoopbackServer {
        let second = try Fixtures.text("daily_20251002.json")
        let third = try Fixtures.text("daily_20251003.json")
        return try LoopbackServer { request in
            let day = request.query["targetDt"] ?? ""
            return .json(day == yesterday.compact ? third.replacingOccurrences(of: "20251003~20251003", with: "\(day)~\(day)")
                : second.replacingOccurrences(of: "20251002~20251002", with: "\(day)~\(day)"))
        }
    }

    /// A watch on `today` whose last day told is the day before yesterday: the server, its
    /// folders, the environment to run it in, and where its program writes its process number.
    struct Watch {
        let yesterday: Day
        let server: LoopbackServer
        let folders = Folders()
        var environment: [String: String] { WatchEndToEndTests.environment(server, folders).merging(["HOME": folders.root.path]) { $1 } }
        var marker: URL { folders.root.appendingPathComponent("started") }

        init(today: Day) throws {
            yesterday = today.adding(days: -1)
            server = try WatchProgramTests.server(yesterday: yesterday)
            try FileManager.default.createDirectory(at: folders.state, withIntermediateDirectories: true)
            try JSONEncoder().encode(WatchState(deep: false, lastDay: yesterday.adding(days: -1))).write(to: folders.file)
        }

        /// A run whose program, once it has started, sleeps, and that is sent `signal` then.
        func runStopped(by signal: Int32) async throws -> Executable.Result {
            try await Executable.run(["watch", "--rate", "0", "--exec", "/bin/sh", "-c", "echo $$ > \"$0\"; exec sleep 30", marker.path, ";"],
                                     environment: environment, timeLimit: 60) { process in
                await WatchProgramTests.waitFor(marker)
                kill(process.processIdentifier, signal)
            }
        }

        /// The state kept.
        func state() throws -> WatchState {
            try JSONDecoder().decode(WatchState.self, from: Data(contentsOf: folders.file))
        }
    }

    /// Waits (at most half a minute) for a program to write its process number to `marker`.
    static func waitFor(_ marker: URL) async {
        for _ in 0..<600 where pid(in: marker) == nil { try? await Task.sleep(for: .milliseconds(50)) }
    }

    static func pid(in marker: URL) -> pid_t? {
        (try? String(contentsOf: marker, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The processes of a process group still running (not ended, nor ended and unreaped).
    static func running(inGroup group: pid_t) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(pid_t.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // After "(name)": state, parent, process group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && pid_t(fields[2]) == group
        }
    }

    /// Waits (at most ten seconds) for a group's processes to be gone; those left.
    static func left(inGroup group: pid_t) async -> [pid_t] {
        for _ in 0..<200 where !running(inGroup: group).isEmpty { try? await Task.sleep(for: .milliseconds(50)) }
        return running(inGroup: group)
    }

    /// SIGTERM (143) and Ctrl-C's SIGINT (130) to a watch whose program sleeps: the program is
    /// ended with it, in its own group, nothing of it left; the event is not told, so the state
    /// is as it was and the next run tells it.
    @Test(arguments: [(SIGTERM, 143, "terminated"), (SIGINT, 130, "interrupted")])
    func aSignalEndsTheProgramWithTheWatch(signal: Int32, status: Int32, word: String) async throws {
        _ = try await KoreanDay.steady { today in
            let watch = try Watch(today: today)
            let before = try Data(contentsOf: watch.folders.file)
            let result = try await watch.runStopped(by: signal)
            #expect(result.status == status, "\(result.standardError)")
            #expect(result.standardError.hasSuffix("boxoffice: \(word)\n"), "\(result.standardError)")
            let program = try #require(Self.pid(in: watch.marker))
            #expect(await Self.left(inGroup: program) == [], "the program is ended with the watch")
            #expect(try Data(contentsOf: watch.folders.file) == before)
        }
    }

    /// Each event reaches its program as one line of JSON (a shell's `read` takes it whole), and
    /// how the program ended is learned even when boxoffice was started with SIGCHLD ignored
    /// (which a program inherits, and which would have the kernel reap the program unseen):
    /// every event is delivered, none kept.
    @Test(.enabled(if: InstalledTools.python, "python3 starts boxoffice with SIGCHLD ignored"))
    func eachEventIsALineAndAProgramsEndIsLearnedWithSIGCHLDIgnored() async throws {
        _ = try await KoreanDay.steady { today in
            let watch = try Watch(today: today)
            let lines = watch.folders.root.appendingPathComponent("lines")
            let ignoring = "import os, signal, sys; signal.signal(signal.SIGCHLD, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])"
            let result = try await Executable.run(["-c", ignoring, Executable.url.path, "watch", "--rate", "0",
                                                   "--exec", "/bin/sh", "-c", #"IFS= read -r line && printf '%s\n' "$line" >> "$0""#, lines.path, ";"],
                                                  environment: watch.environment, timeLimit: 60, program: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(result.status == 0, "\(result.standardError)")
            let told = (try? String(contentsOf: lines, encoding: .utf8)) ?? ""
            let events = try told.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            #expect(events.contains { $0["kind"] as? String == "newNumberOne" && $0["title"] as? String == "보스" }, "\(told)")
            let state = try watch.state()
            #expect(state.lastDay == watch.yesterday && state.pending.isEmpty)
        }
    }

    /// A program that ignores SIGTERM (and what it started, which inherits that) is killed after
    /// the grace: SIGTERM to the watch leaves nothing behind all the same.
    @Test func aProgramDeafToSIGTERMIsKilled() async throws {
        _ = try await KoreanDay.steady { today in
            let watch = try Watch(today: today)
            let result = try await Executable.run(["watch", "--rate", "0", "--exec", "/bin/sh", "-c", "trap '' TERM; sleep 30 & echo $$ > \"$0\"; wait; echo survived", watch.marker.path, ";"],
                                                  environment: watch.environment, timeLimit: 60) { process in
                await Self.waitFor(watch.marker)
                kill(process.processIdentifier, SIGTERM)
            }
            #expect(result.status == 143, "\(result.standardError)")
            #expect(!result.standardOutput.contains("survived"))
            let program = try #require(Self.pid(in: watch.marker))
            #expect(await Self.left(inGroup: program) == [], "the shell and its sleep are killed")
        }
    }

    /// A program that runs past `--exec-timeout` is ended (its group with it) and reported; its
    /// event is kept for the next run, and the other events are delivered.
    @Test func aProgramPastItsTimeLimitIsEnded() async throws {
        _ = try await KoreanDay.steady { today in
            let watch = try Watch(today: today)
            let result = try await Executable.run(["watch", "--rate", "0", "--exec-timeout", "1", "--exec", "/bin/sh", "-c",
                                                   #"if [ "$BOXOFFICE_EVENT_KIND" = newNumberOne ]; then echo $$ > "$0"; exec sleep 30; fi"#, watch.marker.path, ";"],
                                                  environment: watch.environment, timeLimit: 60)
            #expect(result.status == 1, "\(result.standardError)")
            #expect(result.standardError.hasSuffix("""
                ran past --exec-timeout 1 s and was stopped for \(watch.yesterday.iso) newNumberOne '보스'.
                That event is kept, and given to the program again on the next run.

                """), "\(result.standardError)")
            let program = try #require(Self.pid(in: watch.marker))
            #expect(await Self.left(inGroup: program) == [])
            let state = try watch.state()
            #expect(state.lastDay == watch.yesterday && state.pending.map(\.kind) == [.newNumberOne])
            let bad = try await Executable.run(["watch", "--exec-timeout", "0", "--exec", "true", ";"], environment: watch.environment)
            #expect(bad.status == 64 && bad.standardError.contains("--exec-timeout '0' is not a number of seconds from 0.1 to 86,400"), "\(bad.standardError)")
        }
    }

    /// Killed (SIGKILL) at random moments, then run to the end: every event of the day reaches the
    /// program, and no event more than once more than the runs that were killed (each kill
    /// re-tells at most the event in flight); the state is whole after each kill, and a last
    /// run has nothing left to tell.
    @Test func killedAtRandomMomentsNoEventIsLostOrDoubled() async throws {
        _ = try await KoreanDay.steady { today in
            let watch = try Watch(today: today)
            let environment = watch.environment
            let received = watch.folders.root.appendingPathComponent("received.jsonl")
            // One write a line (an event is far under PIPE_BUF), so a program a killed run left
            // behind never splits another's line.
            let arguments = ["watch", "--rate", "0", "--exec", "/bin/sh", "-c", #"line=$(cat); printf '%s\n' "$line" >> "$0"; sleep 0.1"#, received.path, ";"]
            var kills = 0
            for _ in 0..<5 {
                let delay = Int.random(in: 10...700)
                let run = try await Executable.run(arguments, environment: environment, timeLimit: 60) { process in
                    try? await Task.sleep(for: .milliseconds(delay))
                    kill(process.processIdentifier, SIGKILL)
                }
                if run.status == SIGKILL { kills += 1 } else { #expect(run.status == 0, "\(run.standardError)") }
                // Whole after each kill: the state or the one before it.
                #expect((try? watch.state()) != nil)
                try await Task.sleep(for: .milliseconds(200))
            }
            let last = try await Executable.run(arguments, environment: environment)
            #expect(last.status == 0, "\(last.standardError)")
            let news = try await Executable.run(["news", "--date", watch.yesterday.iso, "--format", "jsonl", "--rate", "0"], environment: environment)
            func keys(_ text: String) throws -> [String] {
                try text.split(separator: "\n").map { line in
                    let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    return "\(event["kind"] ?? "") \(event["movieCode"] ?? "") \(event["milestone"] ?? "")"
                }
            }
            let told = try keys(String(contentsOf: received, encoding: .utf8))
            let expected = try keys(news.standardOutput)
            #expect(!expected.isEmpty && Set(told) == Set(expected), "\(told) \(expected)")
            #expect(told.count - expected.count <= kills, "\(told.count) told for \(expected.count) events and \(kills) kills")
            #expect(try watch.state().pending.isEmpty)
        }
    }

    /// The built binary killed while it hands an event to its program (before the state is kept)
    /// loses nothing: the state is whole, as it was, and the next run tells the same events again.
    /// Real time: the server answers yesterday with 2025-10-03's list and any other day with the
    /// 2nd's (run again whole if Korean midnight passed meanwhile).
    @Test func aRunKilledMidWayLosesNothing() async throws {
        _ = try await KoreanDay.steady { today in
            let watch = try Watch(today: today)
            let before = try Data(contentsOf: watch.folders.file)
            let killed = try await watch.runStopped(by: SIGKILL)
            // The program, left on its own, is ended too.
            if let pid = Self.pid(in: watch.marker) { kill(pid, SIGKILL) }
            #expect(killed.status == SIGKILL)
            #expect(try Data(contentsOf: watch.folders.file) == before, "the state is as it was")
            let again = try await Executable.run(["watch", "--rate", "0", "--format", "jsonl"], environment: watch.environment)
            #expect(again.status == 0, "\(again.standardError)")
            #expect(again.standardOutput.contains(#""kind":"newNumberOne","movieCode":"20228988","title":"보스","#), "\(again.standardOutput)")
            #expect(try watch.state().lastDay == watch.yesterday)
        }
    }
}

