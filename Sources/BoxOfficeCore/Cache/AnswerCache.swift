import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// KOBIS's successful answers on disk, keyed by request without the key.
///
/// Safe for several processes at once: entries are written to a private temporary file and renamed
/// into place, so a reader sees a whole old entry or a whole new one, never a mix; a file that is
/// not a whole entry (say, from a disk that filled up) is ignored and replaced by the next answer.
public struct AnswerCache: Sendable {
    /// The cache folder.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// `--cache-dir`, else `BOXOFFICE_CACHE_DIR`, else `${XDG_CACHE_HOME:-~/.cache}/boxoffice`
    /// (an empty or relative `XDG_CACHE_HOME` is ignored, as the XDG spec says); nil without a home.
    public static func folder(option: String?, environment: [String: String]) -> URL? {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
        if let variable = environment["BOXOFFICE_CACHE_DIR"], !variable.isEmpty { return URL(fileURLWithPath: variable) }
        return XDGFolder.boxoffice("XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }

    var answers: URL { folder.appendingPathComponent("answers") }

    /// Throws when the cache's path holds something that is not a folder; a missing folder is fine.
    public func checkFolder() throws {
        for url in [folder, answers] {
            _ = try Self.folderExists(url)
        }
    }

    /// Whether `url` is a folder; false when nothing is there, an error when something else is.
    private static func folderExists(_ url: URL) throws -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return false }
        guard isFolder.boolValue else { throw CacheWriteError(path: url.path, reason: "it is not a folder") }
        return true
    }

    /// The stored answer for a request, if there is a whole one.
    func entry(for request: String) -> CacheEntry? {
        guard let data = FileManager.default.contents(atPath: file(for: request).path),
              let entry = CacheEntry(data), entry.request == request else { return nil }
        return entry
    }

    /// Stores an answer atomically; failures are returned, never thrown, because a cache that
    /// cannot be written must not fail the command that produced the answer.
    @discardableResult
    func store(_ entry: CacheEntry) -> CacheWriteError? {
        do {
            try Self.makeFolder(answers)
            let target = file(for: entry.request)
            try Self.writeAtomically(entry.encoded(), to: target)
            removeAbandonedTemporaryFiles()
            return nil
        } catch let error as CacheWriteError {
            return error
        } catch {
            return CacheWriteError(path: folder.path, reason: "\(error)")
        }
    }

    /// Entries and bytes in the cache.
    public func usage() -> (entries: Int, bytes: Int) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: answers.path)) ?? []
        return names.filter { $0.hasSuffix(".answer") }.reduce(into: (0, 0)) { total, name in
            let size = (try? FileManager.default.attributesOfItem(atPath: answers.appendingPathComponent(name).path)[.size] as? Int) ?? 0
            total.0 += 1
            total.1 += size
        }
    }

    /// Removes every stored answer (and any leftover temporary file); returns what was removed.
    public func clear() throws -> (entries: Int, bytes: Int) {
        let removed = usage()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: answers.path)) ?? []
        for name in names {
            try FileManager.default.removeItem(at: answers.appendingPathComponent(name))
        }
        return removed
    }

    /// Temporary files of writers that died before renaming (Ctrl-C, a crash) are removed after ten minutes.
    private func removeAbandonedTemporaryFiles() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: answers.path)) ?? []
        let cutoff = Date().addingTimeInterval(-600)
        for name in names where name.hasPrefix(".tmp-") {
            let path = answers.appendingPathComponent(name).path
            if let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, modified < cutoff {
                unlink(path)
            }
        }
    }

    /// A readable name: the request's bytes, with anything but letters, digits and
    /// `-._=` percent-encoded; long ones (searches in Hangul) end in a hash instead.
    func file(for request: String) -> URL {
        var name = ""
        for byte in request.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "="):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "&"):
                name += "~"
            default:
                name += String(format: "%%%02X", byte)
            }
        }
        if name.utf8.count > 180 {
            name = String(name.prefix(120)) + "~" + String(format: "%016llx", Self.fnv1a(request))
        }
        return answers.appendingPathComponent(name + ".answer")
    }

    static func makeFolder(_ url: URL) throws {
        if try folderExists(url) { return }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CacheWriteError(path: url.path, reason: "it cannot be created")
        }
    }

    /// Writes to a private temporary file beside the target, then renames it over the target.
    static func writeAtomically(_ data: Data, to target: URL) throws {
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CacheWriteError(path: target.deletingLastPathComponent().path, reason: "it is not writable") }
        let written = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary.path, target.path) == 0 else {
            unlink(temporary.path)
            throw CacheWriteError(path: target.path, reason: "it could not be written (is the disk full?)")
        }
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }
}

/// The cache could not be written; the command still succeeds, and `--verbose` says why.
public struct CacheWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot write the cache at \(path): \(reason)" }
}
