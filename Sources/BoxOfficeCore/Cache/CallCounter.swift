#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Counts network calls per Korean day, against the key's quota of 3,000 calls a day.
///
/// The count lives in the cache folder as `calls-YYYYMMDD`, updated under an exclusive `flock`
/// so that concurrent processes never lose an increment. Only a regular file of ours is ever
/// opened there: a link, a FIFO or another user's file at that name is left alone and not counted.
public struct CallCounter: Sendable {
    /// Calls a KOBIS key may make each day.
    public static let dailyQuota = 3000
    /// Past this many calls a day, each call warns.
    public static let warningThreshold = dailyQuota * 9 / 10

    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Adds one call to `day`'s count and returns the new count, or why it could not be counted.
    public func record(on day: Day) -> Result<Int, FileAccessError> {
        do throws(FileAccessError) {
            try AnswerCache.makeFolder(folder)
            let path = file(for: day).path
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw errno == ELOOP
                    ? FileAccessError(path: path, problem: "is a symbolic link, which boxoffice does not follow")
                    : FileAccessError(path: path, action: "written", code: errno)
            }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, OwnFiles.kind(of: info) == .regularFile, OwnFiles.isOurs(info), info.st_nlink == 1 else {
                throw FileAccessError(path: path, problem: "is not a file boxoffice made; it is left alone")
            }
            guard flock(descriptor, LOCK_EX) == 0 else { throw FileAccessError(path: path, action: "locked", code: errno) }
            defer { flock(descriptor, LOCK_UN) }
            var buffer = [UInt8](repeating: 0, count: 32)
            let read = pread(descriptor, &buffer, buffer.count, 0)
            // A damaged count restarts; counts only grow within a day, so writing then trimming the
            // file never leaves a smaller number behind if the process dies in between.
            let current = read > 0 ? Self.parse(buffer[0..<read]) : 0
            let next = Array("\(current + 1)\n".utf8)
            guard pwrite(descriptor, next, next.count, 0) == next.count, ftruncate(descriptor, off_t(next.count)) == 0 else {
                throw FileAccessError(path: path, action: "written", code: errno)
            }
            removeOldCounts(before: day)
            return .success(current + 1)
        } catch {
            return .failure(error)
        }
    }

    /// The count for `day` so far (0 when there is none, or the file is not ours to read).
    public func count(on day: Day) -> Int {
        guard let data = try? OwnFiles.readRegularFile(file(for: day).path, limit: 64) else { return 0 }
        return Self.parse(data[...])
    }

    /// A count as written, else 0; never more than a billion, whatever the file says.
    private static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        let text = String(decoding: bytes, as: UTF8.self).trimmingBlanksAndNewlines()
        return min(max(Int(text) ?? 0, 0), 1_000_000_000)
    }

    private func file(for day: Day) -> URL {
        folder.appendingPathComponent("calls-\(day.compact)")
    }

    /// Keeps a week of counts, so the folder does not grow for ever: only regular files of ours named
    /// exactly `calls-YYYYMMDD` are removed.
    private func removeOldCounts(before day: Day) {
        let oldest = "calls-\(day.adding(days: -7).compact)"
        let names = (try? OwnFiles.names(in: folder.path)) ?? []
        for name in names where Self.isCountName(name) && name < oldest {
            _ = try? OwnFiles.removeOwnFile(name, in: folder.path)
        }
    }

    static func isCountName(_ name: String) -> Bool {
        let digits = name.utf8.dropFirst(6)
        return name.hasPrefix("calls-") && digits.count == 8 && digits.allSatisfy { (0x30...0x39).contains($0) }
    }
}
