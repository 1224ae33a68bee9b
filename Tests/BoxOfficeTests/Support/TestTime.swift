import Foundation

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

    /// A wait against a hang: `seconds`, scaled.
    static func limit(_ seconds: Double) -> Double {
        seconds * scale
    }

    /// A wait against a hang: `duration`, scaled.
    static func limit(_ duration: Duration) -> Duration {
        duration * scale
    }
}

/// The environment every process the tests start gets besides its own variables.
enum ChildEnvironment {
    /// The checked-in suppressions, next to this file's folder.
    static let sanitizers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sanitizers")

    /// PATH, a private HOME, and the sanitizers' options (inert for a build without them): the
    /// suppressions for what is still held at exit, and the test run's own options passed on, so a
    /// sanitized child reports what it finds the way the run asked.
    static func base(home: URL) -> [String: String] {
        let own = ProcessInfo.processInfo.environment
        var environment = ["PATH": "/usr/bin:/bin", "HOME": home.path]
        for (name, file) in [("LSAN_OPTIONS", "lsan.supp"), ("TSAN_OPTIONS", "tsan.supp")] {
            let suppressions = "suppressions=" + sanitizers.appendingPathComponent(file).path
            environment[name] = [own[name], suppressions].compactMap { $0 }.joined(separator: ":")
        }
        if let options = own["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options }
        return environment
    }
}
