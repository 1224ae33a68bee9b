import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts network calls per Korean day, against the key's quota of 3,000 calls a day.
///
/// The count lives in the cache folder as `calls-YYYYMMDD`, updated under an exclusive `flock`
/// so that concurrent processes never lose an increment. Only a regular file of ours is ever
/// opened there: a link, a FIFO or another user's file at that name is left alone and not counted.
package struct CallCounter: Sendable {
    package let folder: URL
    /// Which key the count is for, when there are several: 8 hex digits of a hash of the key
    /// (never the key), in the file name `calls-YYYYMMDD-TAG`; nil for the one key (`calls-YYYYMMDD`).
    package let tag: String?

    package init(folder: URL, tag: String? = nil) {
        self.folder = folder
        self.tag = tag
    }

    /// The tag for a key: 8 hex digits of its FNV-1a hash, so no file name holds the key.
    package static func tag(for key: String) -> String { KeyTag.of(key) }

    /// What the file holds for a day: the calls counted, and when KOBIS said the quota was spent.
    /// Written as `13`, and `spent 1764312345` (seconds since 1970) on a line of its own.
    private struct Record {
        var count = 0
        var spent: Date?
    }

    /// Adds one call to `day`'s count and returns the new count, or why it could not be counted.
    package func record(on day: Day) -> Result<Int, FileAccessError> {
        update(on: day) { $0.count += 1 }.map(\.count)
    }

    /// Records that KOBIS said at `time` that the key's quota for `day` is spent (fault 320011),
    /// so later runs that day do not spend a call to hear it again; the count stays as counted.
    @discardableResult
    package func markSpent(on day: Day, at time: Date) -> Result<Int, FileAccessError> {
        update(on: day) { record in
            if record.spent == nil { record.spent = time }
        }.map(\.count)
    }

    /// When KOBIS said the quota for `day` was spent, if it did.
    package func spent(on day: Day) -> Date? {
        read(on: day).spent
    }

    /// Changes `day`'s record under the lock and returns the new one.
    private func update(on day: Day, _ change: (inout Record) -> Void) -> Result<Record, FileAccessError> {
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
            var buffer = [UInt8](repeating: 0, count: 64)
            let read = pread(descriptor, &buffer, buffer.count, 0)
            // A damaged count restarts; counts only grow within a day, so writing then trimming the
            // file never leaves a smaller number behind if the process dies in between.
            var updated = read > 0 ? Self.parse(buffer[0..<read]) : Record()
            change(&updated)
            let next = Array(Self.text(of: updated).utf8)
            guard pwrite(descriptor, next, next.count, 0) == next.count, ftruncate(descriptor, off_t(next.count)) == 0 else {
                throw FileAccessError(path: path, action: "written", code: errno)
            }
            removeOldCounts(before: day)
            return .success(updated)
        } catch {
            return .failure(error)
        }
    }

    /// The count for `day` so far (0 when there is none, or the file is not ours to read).
    package func count(on day: Day) -> Int {
        read(on: day).count
    }

    private func read(on day: Day) -> Record {
        guard let data = try? OwnFiles.readRegularFile(file(for: day).path, limit: 64) else { return Record() }
        return Self.parse(data[...])
    }

    /// A record as written, else an empty one: a count never more than a billion and a time
    /// within the years 2000 to 9999, whatever the file says.
    private static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Record {
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map { String($0).trimmingBlanks() }
        var record = Record()
        record.count = min(max(lines.first.flatMap { Int($0) } ?? 0, 0), 1_000_000_000)
        if let line = lines.dropFirst().first(where: { $0.hasPrefix("spent ") }), let seconds = Int(line.dropFirst(6)),
           (946_684_800...253_402_300_799).contains(seconds) {
            record.spent = Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return record
    }

    private static func text(of record: Record) -> String {
        "\(record.count)\n" + (record.spent.map { "spent \(Int($0.timeIntervalSince1970))\n" } ?? "")
    }

    private func file(for day: Day) -> URL {
        folder.appendingPathComponent("calls-\(day.compact)" + (tag.map { "-" + $0 } ?? ""))
    }

    /// Today's calls of every key counted in this folder.
    package func countOfAllKeys(on day: Day) -> Int {
        let names = (try? OwnFiles.names(in: folder.path)) ?? []
        return names.filter { Self.isCountName($0) && $0.hasPrefix("calls-\(day.compact)") }.reduce(0) { total, name in
            let tag = name.count > 14 ? String(name.dropFirst(15)) : nil
            return total + CallCounter(folder: folder, tag: tag).count(on: day)
        }
    }

    /// When KOBIS said a key's quota was spent on `day`, the earliest such time of any key counted in this folder.
    package func spentOfAnyKey(on day: Day) -> Date? {
        let names = (try? OwnFiles.names(in: folder.path)) ?? []
        return names.filter { Self.isCountName($0) && $0.hasPrefix("calls-\(day.compact)") }.compactMap { name in
            CallCounter(folder: folder, tag: name.count > 14 ? String(name.dropFirst(15)) : nil).spent(on: day)
        }.min()
    }

    /// Keeps a week of counts, so the folder does not grow for ever: only regular files of ours named
    /// exactly `calls-YYYYMMDD` are removed.
    private func removeOldCounts(before day: Day) {
        let oldest = "calls-\(day.adding(days: -7).compact)"
        let names = (try? OwnFiles.names(in: folder.path)) ?? []
        for name in names where Self.isCountName(name) && name.prefix(14) < oldest {
            _ = try? OwnFiles.removeOwnFile(name, in: folder.path)
        }
    }

    /// `calls-YYYYMMDD`, or `calls-YYYYMMDD-` and 8 lower-case hex digits: exactly, nothing else.
    static func isCountName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard name.hasPrefix("calls-"), bytes.count == 14 || bytes.count == 23 else { return false }
        let digits = bytes[6..<14].allSatisfy { (0x30...0x39).contains($0) }
        guard bytes.count == 23 else { return digits }
        return digits && bytes[14] == UInt8(ascii: "-") && bytes[15...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// The calls of every key of a run, counted in the cache folder: the plain `calls-YYYYMMDD` file
/// for a single key, a tagged one for each of several.
package struct FolderCallCounts: CallCountStore {
    private let folder: URL
    private let several: Bool

    package init(folder: URL, keys: Int) {
        self.folder = folder
        several = keys > 1
    }

    /// The counter of the key tagged `tag`: the plain `calls-YYYYMMDD` for the one key of a run.
    private func counter(for tag: String) -> CallCounter {
        CallCounter(folder: folder, tag: several ? tag : nil)
    }

    package func count(key: String, on day: Day) -> Int {
        counter(for: key).count(on: day)
    }

    package func record(key: String, on day: Day) throws -> Int {
        try counter(for: key).record(on: day).get()
    }

    package func markSpent(key: String, on day: Day) {
        markSpent(key: key, on: day, at: Date())
    }

    package func markSpent(key: String, on day: Day, at time: Date) {
        counter(for: key).markSpent(on: day, at: time)
    }

    package func quotaSpent(key: String, on day: Day) -> Date? {
        counter(for: key).spent(on: day)
    }
}
