import Foundation
import BoxOfficeCore

/// How long the tests wait for the built binary, and what its environment carries, in one place.
///
/// A sanitized binary runs several times slower than a plain debug build, so the sanitized runs in
/// `.ci/run` set `BOXOFFICE_TEST_TIME_SCALE` and every limit against a hang grows by that factor.
/// Nothing that a test asserts about the program's behaviour depends on it: the program's schedule
/// is checked by counting requests and by the server's arrival log against the configured rate,
/// never by how fast this machine is today.
enum TestTime {
    /// The factor from `BOXOFFICE_TEST_TIME_SCALE`, at least 1.
    static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["BOXOFFICE_TEST_TIME_SCALE"],
              let value = Double(text), value.isFinite, value >= 1 else { return 1 }
        return value
    }()

    /// A bound on memory, in KiB: doubled in a sanitized run (a scale above 1), whose shadow
    /// memory the measure includes.
    static func memoryLimit(_ kibibytes: Int) -> Int {
        scale > 1 ? kibibytes * 2 : kibibytes
    }

    /// A wait against a hang: `seconds`, scaled.
    static func limit(_ seconds: Double) -> Double {
        seconds * scale
    }

    /// A wait against a hang: `duration`, scaled.
    static func limit(_ duration: Duration) -> Duration {
        duration * scale
    }
}

/// How the programs under test were linked.
enum Build {
    /// Whether the Swift libraries stay shared (`BOXOFFICE_DYNAMIC_STDLIB=1`, set for the whole
    /// ThreadSanitizer stage of `.ci/run`, see Package.swift) instead of being built in.
    static let sharesSwiftLibraries = ProcessInfo.processInfo.environment["BOXOFFICE_DYNAMIC_STDLIB"] == "1"

    /// Whether the programs under test are built with ThreadSanitizer (`BOXOFFICE_TEST_SANITIZER=thread`,
    /// set by both ThreadSanitizer stages of `.ci/run`): their resident memory is then mostly the
    /// sanitizer's.
    static let threadSanitized = ProcessInfo.processInfo.environment["BOXOFFICE_TEST_SANITIZER"] == "thread"

    /// Whether the programs under test are sanitized at all (every sanitized stage of `.ci/run`
    /// scales its waits, `BOXOFFICE_TEST_TIME_SCALE`).
    static let sanitized = threadSanitized || TestTime.scale > 1
}

/// The environment every process the tests start gets besides its own variables.
enum ChildEnvironment {
    /// The checked-in suppressions (`Tests/Sanitizers`, found from this file's place), copied to a
    /// folder anyone may read: some tests run the program as another user, who may not be able to
    /// read the clone (a sanitized program that cannot read its suppressions stops). Only in a
    /// sanitized run (a time scale above 1): other programs ignore the options.
    static let sanitizers: URL = {
        let checkedIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sanitizers")
        guard TestTime.scale > 1 else { return checkedIn }
        guard let readable = try? ProcessFolder.make("boxoffice-sanitizers-") else { return checkedIn }
        for name in ["lsan.supp", "tsan.supp"] {
            let copy = readable.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.copyItem(at: checkedIn.appendingPathComponent(name), to: copy)
            chmod(copy.path, 0o644)
        }
        return readable
    }()

    /// PATH, a private HOME, and the sanitizers' options, which a build without them ignores: the
    /// suppressions for what is still held at exit (quietly: stderr is part of what tests check),
    /// and a smaller store of freed blocks, so memory bounds measure the program, not AddressSanitizer.
    static func base(home: URL) -> [String: String] {
        _ = ignoringBrokenPipes
        return [
            "PATH": "/usr/bin:/bin",
            "HOME": home.path,
            // A sanitized program's helper starts slowly on a busy machine: its hello gets the
            // tests' time scale, as every limit against a hang does (the program waits 10 s).
            "BOXOFFICE_HELPER_WAIT": String(Int(10 * TestTime.scale)),
            "ASAN_OPTIONS": "quarantine_size_mb=32",
            "LSAN_OPTIONS": "suppressions=\(sanitizers.appendingPathComponent("lsan.supp").path):print_suppressions=0",
            "TSAN_OPTIONS": "suppressions=\(sanitizers.appendingPathComponent("tsan.supp").path)",
        ]
    }
}

/// Writing to a child that has already ended is an error for the test that does it (EPIPE,
/// thrown), never a SIGPIPE that ends the whole test process; set before the first child starts.
private let ignoringBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
}()

/// Turns LeakSanitizer's exit-time check off for the test process alone (it looks this function
/// up when the process ends). The test process keeps XCTest's objects and the processes, pipes
/// and servers of hundreds of tests until it exits; the programs it starts are what is checked:
/// every `boxoffice` and helper a test runs reports its own leaks when it exits.
@_cdecl("__lsan_is_turned_off")
public func leakCheckIsOffForTheTestProcess() -> Int32 {
    1
}

/// The Korean day a test's programs ran on, when the test compares what they say of "today" with
/// its own clock: the body runs again (once more is always enough) if Korean midnight passed while
/// it ran, so the test never fails because the programs and the test saw different days.
enum KoreanDay {
    static func steady<T>(_ body: (Day) async throws -> T) async rethrows -> (value: T, day: Day) {
        while true {
            let day = Day.korean(at: Date())
            let value = try await body(day)
            if Day.korean(at: Date()) == day { return (value, day) }
        }
    }
}

/// A folder of the temporary directory that belongs to this test process (`PREFIX` and its
/// process number), for what its children share while it runs; made empty, readable by anyone.
/// The folders of processes that have ended are removed first, so runs leave none behind.
enum ProcessFolder {
    static func make(_ prefix: String) throws -> URL {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            if let owner = Int32(name.dropFirst(prefix.count)), kill(owner, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let folder = temporary.appendingPathComponent(prefix + String(getpid()))
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        chmod(folder.path, 0o755)
        return folder
    }
}
