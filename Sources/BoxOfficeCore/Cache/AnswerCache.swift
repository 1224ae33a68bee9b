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

/// KOBIS's successful answers on disk, keyed by request without the key.
///
/// Safe for several processes at once: entries are written to a private temporary file and renamed
/// into place, so a reader sees a whole old entry or a whole new one, never a mix; a file that is
/// not a whole entry (say, from a disk that filled up) is ignored and replaced by the next answer.
///
/// The folder may hold things boxoffice did not put there: only regular files that we own and
/// that are named (and, for answers, headed) as ours are ever read as answers, replaced or removed.
package struct AnswerCache: Sendable {
    /// The cache folder.
    package let folder: URL
    /// Whether boxoffice chose the folder (the XDG default, named `boxoffice`) rather than the user:
    /// only then is it ours to tighten to 0700.
    package let isDefault: Bool

    /// The largest entry read back; KOBIS's largest answers are well under a megabyte.
    static let entryLimit = 32 << 20

    /// The answers' folder's path, made once: an entry's path is made for every answer looked up.
    private let answersPath: String

    package init(folder: URL, isDefault: Bool = false) {
        self.folder = folder
        self.isDefault = isDefault
        answersPath = folder.appendingPathComponent("answers").path
    }

    var answers: URL { folder.appendingPathComponent("answers") }

    /// Why the cache must not be used, or nil when it may (a missing folder is fine: it is made
    /// when first needed). The cache folder itself may be a link the user made; `answers` may not.
    package func unsafeReason() -> String? {
        if let reason = OwnFiles.unsafeFolderReason(folder.path, followLink: true, tighten: isDefault) {
            return "\(folder.path): \(reason)"
        }
        if let reason = OwnFiles.unsafeFolderReason(answers.path, followLink: false, tighten: true) {
            return "\(answers.path): \(reason)"
        }
        return nil
    }

    /// The stored answer for a request, if there is a whole one; throws when the file there cannot
    /// be read or is not ours to read (a link, a FIFO, a folder).
    func entry(for request: String) throws(FileAccessError) -> CacheEntry? {
        guard let data = try OwnFiles.readRegularFile(path(for: request), limit: Self.entryLimit),
              let entry = CacheEntry(data), entry.request == request else { return nil }
        return entry
    }

    /// Stores an answer atomically; failures are returned, never thrown, because a cache that
    /// cannot be written must not fail the command that produced the answer.
    @discardableResult
    func store(_ entry: CacheEntry) -> FileAccessError? {
        do throws(FileAccessError) {
            try Self.makeFolder(folder)
            try Self.makeFolder(answers)
            let target = file(for: entry.request)
            if let info = OwnFiles.linkStatus(target.path), OwnFiles.kind(of: info) != .regularFile || !OwnFiles.isOurs(info) {
                throw FileAccessError(path: target.path, problem: "is not a file boxoffice made; it is left alone")
            }
            guard let encoded = entry.encoded() else {
                throw FileAccessError(path: target.path, problem: "was not written: the clock is out of range")
            }
            try Self.writeAtomically(encoded, to: target)
            if Self.sweepIsDue(answersPath) { removeAbandonedTemporaryFiles() }
            return nil
        } catch {
            return error
        }
    }

    /// Our entries in the cache, their bytes, and how many other things `answers` holds.
    package func usage() throws(FileAccessError) -> CacheUsage {
        try survey(removing: false)
    }

    /// Removes our stored answers and leftover temporary files, and nothing else; returns what was
    /// removed, and how many things that boxoffice did not make were left.
    package func clear() throws(FileAccessError) -> CacheUsage {
        try survey(removing: true)
    }

    /// One pass over `answers`: our entries counted (and removed), our temporary files skipped (and
    /// removed), anything else counted as another's and left alone.
    private func survey(removing: Bool) throws(FileAccessError) -> CacheUsage {
        guard try answersFolderExists() else { return CacheUsage() }
        var usage = CacheUsage()
        for name in try OwnFiles.names(in: answers.path) {
            if let size = entrySize(name) {
                if removing {
                    guard try OwnFiles.removeOwnFile(name, in: answers.path) else { continue }
                }
                usage.entries += 1
                usage.bytes += size
            } else if Self.isTemporaryName(name), OwnFiles.kind(answers.path + "/" + name) == .regularFile {
                if removing { _ = try OwnFiles.removeOwnFile(name, in: answers.path) }
            } else {
                usage.others += 1
            }
        }
        return usage
    }

    /// Whether `answers` is there; an error when it is something other than our folder.
    private func answersFolderExists() throws(FileAccessError) -> Bool {
        switch OwnFiles.kind(answers.path) {
        case .missing: return false
        case .folder: return true
        case .symbolicLink: throw FileAccessError(path: answers.path, problem: "is a symbolic link, which boxoffice does not follow; nothing was changed")
        case let .inaccessible(code): throw FileAccessError(path: answers.path, action: "read", code: code)
        default: throw FileAccessError(path: answers.path, problem: "is not a folder")
        }
    }

    /// The size of `name` when it is one of our entries: a regular file we own, named and headed as ours.
    private func entrySize(_ name: String) -> Int? {
        guard name.hasSuffix(".answer"), !name.hasPrefix("."),
              let info = OwnFiles.linkStatus(answers.path + "/" + name),
              OwnFiles.kind(of: info) == .regularFile, OwnFiles.isOurs(info),
              CacheEntry.hasMagic(atPath: answers.path + "/" + name) else { return nil }
        return Int(info.st_size)
    }

    /// `.tmp-PID-RANDOM`, as `writeAtomically` names its files.
    package static func isTemporaryName(_ name: String) -> Bool {
        guard name.utf8.starts(with: ".tmp-".utf8) else { return false }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0] == ".tmp"
            && parts.dropFirst().allSatisfy { !$0.isEmpty && $0.count <= 10 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// When each answers folder was last swept of abandoned temporary files, by this process.
    private static let lastSweeps = Locked<[String: time_t]>([:])

    /// Whether `folder` is due a sweep: on this process's first write to it, then at most every
    /// ten minutes (a sweep lists the whole folder: after every write, a sync of thousands of
    /// days would list thousands of files thousands of times).
    private static func sweepIsDue(_ folder: String) -> Bool {
        let now = time(nil)
        return lastSweeps.withLock { sweeps in
            if let last = sweeps[folder], now >= last, now - last < 600 { return false }
            sweeps[folder] = now
            return true
        }
    }

    /// Temporary files of writers that died before renaming (Ctrl-C, a crash) are removed after ten minutes.
    private func removeAbandonedTemporaryFiles() {
        let names = (try? OwnFiles.names(in: answers.path)) ?? []
        let cutoff = time(nil) - 600
        for name in names where Self.isTemporaryName(name) {
            guard let info = OwnFiles.linkStatus(answers.path + "/" + name), OwnFiles.modificationSeconds(info) < cutoff else { continue }
            _ = try? OwnFiles.removeOwnFile(name, in: answers.path)
        }
    }

    /// A readable name: the request's bytes, with anything but letters, digits and
    /// `-._=` percent-encoded; long ones (searches in Hangul) end in a hash instead.
    func file(for request: String) -> URL {
        URL(fileURLWithPath: path(for: request))
    }

    /// The path of `file(for:)`, made without a URL.
    func path(for request: String) -> String {
        var name = ""
        for byte in request.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "="):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "&"):
                name += "~"
            default:
                name += cFormat("%%%02X", byte)
            }
        }
        if name.utf8.count > 180 {
            name = String(name.prefix(120)) + "~" + cFormat("%016llx", Self.fnv1a(request))
        }
        return answersPath + "/" + name + ".answer"
    }

    /// Makes a folder of ours (0700) when nothing is there; a folder already there is left as it is.
    package static func makeFolder(_ url: URL) throws(FileAccessError) {
        switch OwnFiles.kind(url.path) {
        case .folder: return
        case .missing: break
        case .symbolicLink:
            // The cache folder itself may be a link to a folder the user chose.
            if OwnFiles.status(url.path).map(OwnFiles.kind(of:)) == .folder { return }
            throw FileAccessError(path: url.path, problem: "is a symbolic link that does not lead to a folder")
        case let .inaccessible(code): throw FileAccessError(path: url.path, action: "read", code: code)
        default: throw FileAccessError(path: url.path, problem: "is not a folder")
        }
        let parent = url.deletingLastPathComponent()
        if OwnFiles.status(parent.path) == nil {
            try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        guard mkdir(url.path, 0o700) == 0 || errno == EEXIST else {
            throw FileAccessError(path: url.path, action: "created", code: errno)
        }
    }

    /// Writes to a private temporary file beside the target, then renames it over the target.
    package static func writeAtomically(_ data: Data, to target: URL) throws(FileAccessError) {
        let folder = target.deletingLastPathComponent().path
        let temporary = folder + "/.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileAccessError(path: folder, action: "written", code: errno) }
        var failure = OwnFiles.writeAll(data, to: descriptor)
        // No fsync: after a crash of the whole machine an entry may be cut short, which reading
        // detects (its header states its length), and the answer is fetched again. Waiting for the
        // disk would add to every network answer for nothing more.
        close(descriptor)
        if failure == 0, rename(temporary, target.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw FileAccessError(path: target.path, action: "written", code: failure)
        }
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }
}

/// Entries and bytes of our answers, and the count of other things found beside them.
package struct CacheUsage: Sendable, Equatable {
    package var entries = 0
    package var bytes = 0
    /// Files or folders in `answers` that boxoffice did not make; never touched.
    package var others = 0

    package init(entries: Int = 0, bytes: Int = 0, others: Int = 0) {
        self.entries = entries
        self.bytes = bytes
        self.others = others
    }
}

extension AnswerCache: AnswerStore {
    package func answer(for request: String) throws -> StoredAnswer? {
        try entry(for: request).map { StoredAnswer(request: $0.request, stored: $0.stored, body: $0.body) }
    }

    /// When the answer was stored, from its file's header (the body is not read); a header longer
    /// than the first kilobyte is read whole.
    package func storedAt(for request: String) throws -> Date? {
        let path = path(for: request)
        guard let (head, size) = try OwnFiles.readRegularFileHead(path, head: 1024, limit: Self.entryLimit) else { return nil }
        if let stored = CacheEntry.stored(head: head, size: size, request: request) { return stored }
        return head.firstOffset(of: "\n\n".utf8) == nil ? try entry(for: request)?.stored : nil
    }

    package func store(_ answer: StoredAnswer) throws {
        if let failure = store(CacheEntry(request: answer.request, stored: answer.stored, body: answer.body)) { throw failure }
    }
}
