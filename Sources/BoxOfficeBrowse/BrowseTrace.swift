import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `BOXOFFICE_BROWSE_TRACE=FILE`: what `browse` does, a line each (the keys and answers it gets,
/// the effects it starts, each request begun and ended), appended to FILE: the `--verbose` a
/// full-screen view cannot print. The tests give one to every view they run, and show it when a
/// step does not come. It holds no key: requests are named by what they ask (codes, days), and
/// failures in the words of the status line.
struct BrowseTrace: Sendable {
    private let descriptor: Int32?
    private let started = ContinuousClock.now

    init(path: String?) {
        guard let path, !path.isEmpty else {
            descriptor = nil
            return
        }
        // A file of our own, never through a link.
        let opened = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        descriptor = opened >= 0 ? opened : nil
    }

    /// Appends a line, with the seconds since the view started.
    func say(_ line: @autoclosure () -> String) {
        guard let descriptor else { return }
        let elapsed = started.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        _ = OwnFiles.writeAll(Array((cFormat("%8.3f ", seconds) + line() + "\n").utf8), to: descriptor)
    }
}
