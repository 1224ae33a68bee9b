import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Counts network calls per Korean day, against the key's quota of 3,000 calls a day.
///
/// The count lives in the cache folder as `calls-YYYYMMDD`, updated under an exclusive `flock`
/// so that concurrent processes never lose an increment.
public struct CallCounter: Sendable {
    /// Calls a KOBIS key may make each day.
    public static let dailyQuota = 3000
    /// Past this many calls a day, each call warns.
    public static let warningThreshold = dailyQuota * 9 / 10

    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Adds one call to `day`'s count and returns the new count, or nil when the folder is not writable.
    public func record(on day: Day) -> Int? {
        guard (try? AnswerCache.makeFolder(folder)) != nil else { return nil }
        let path = file(for: day).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { return nil }
        defer { flock(descriptor, LOCK_UN) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let read = pread(descriptor, &buffer, buffer.count, 0)
        let text = read > 0 ? String(decoding: buffer[0..<read], as: UTF8.self) : ""
        // A damaged count restarts; counts only grow within a day, so writing then trimming the
        // file never leaves a smaller number behind if the process dies in between.
        let current = min(max(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 0), 1_000_000_000)
        let next = Array("\(current + 1)\n".utf8)
        guard pwrite(descriptor, next, next.count, 0) == next.count, ftruncate(descriptor, off_t(next.count)) == 0 else { return nil }
        removeOldCounts(before: day)
        return current + 1
    }

    /// The count for `day` so far.
    public func count(on day: Day) -> Int {
        guard let data = FileManager.default.contents(atPath: file(for: day).path) else { return 0 }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    private func file(for day: Day) -> URL {
        folder.appendingPathComponent("calls-\(day.compact)")
    }

    /// Keeps a week of counts, so the folder does not grow for ever.
    private func removeOldCounts(before day: Day) {
        let oldest = "calls-\(day.adding(days: -7).compact)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix("calls-") && name < oldest {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
