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

/// Careful file-system access for folders that may hold things boxoffice did not put there.
///
/// Nothing here follows a symbolic link to a file it opens, blocks on a FIFO, reads without a
/// limit, or touches a file that is not a regular file owned by the user running boxoffice.
package enum OwnFiles {
    /// What is at a path, without following a symbolic link there.
    package enum Kind: Equatable, Sendable {
        case missing
        case folder
        case regularFile
        case symbolicLink
        /// A FIFO, socket or device.
        case other
        /// Something that cannot be looked at (a folder on the way without permission, a path too long…),
        /// with the system's error number: never to be taken for "missing".
        case inaccessible(Int32)
    }

    /// The status of `path` itself (`lstat`), or nil with `errno` set.
    package static func linkStatus(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// The status of what `path` leads to (`stat`, following links), or nil with `errno` set.
    package static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// What is at `path`, not following a final symbolic link.
    package static func kind(_ path: String) -> Kind {
        guard let info = linkStatus(path) else { return errno == ENOENT ? .missing : .inaccessible(errno) }
        return kind(of: info)
    }

    package static func kind(of info: stat) -> Kind {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .regularFile
        case S_IFLNK: .symbolicLink
        default: .other
        }
    }

    /// Whether the running user owns what `info` describes.
    package static func isOurs(_ info: stat) -> Bool {
        info.st_uid == geteuid()
    }

    /// Why a folder that is to hold our files is not safe to use, or nil when it is (or is missing).
    ///
    /// A folder owned by another user, or writable by group or others, could have had links or
    /// files planted in it; boxoffice does not use it. With `tighten`, for a folder boxoffice names
    /// itself, our own folder that others can read or enter is tightened to 0700 (never through a link).
    package static func unsafeFolderReason(_ path: String, followLink: Bool, tighten: Bool) -> String? {
        guard let info = followLink ? status(path) : linkStatus(path) else {
            return errno == ENOENT ? nil : "it cannot be read (\(reason(errno)))"
        }
        switch kind(of: info) {
        case .folder: break
        case .symbolicLink: return "it is a symbolic link, which boxoffice does not follow"
        default: return "it is not a folder"
        }
        guard isOurs(info) else { return "it belongs to another user (uid \(info.st_uid))" }
        if info.st_mode & 0o022 != 0 {
            return "other users can write to it (mode \(String(info.st_mode & 0o777, radix: 8)))"
        }
        if tighten, info.st_mode & 0o077 != 0, kind(path) == .folder {
            _ = chmod(path, 0o700)
        }
        return nil
    }

    /// The names in a folder, or an error naming the path and the system's reason.
    package static func names(in path: String) throws(FileAccessError) -> [String] {
        guard let directory = opendir(path) else { throw FileAccessError(path: path, action: "read", code: errno) }
        defer { closedir(directory) }
        // The kernel's record is only `d_reclen` bytes long, often much shorter than `struct dirent`:
        // copying the struct (`entry.pointee`) reads past the record, and past the directory buffer
        // when that ends at a page boundary. The name is read in place, through a pointer to its field.
        guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else {
            throw FileAccessError(path: path, problem: "cannot be listed on this system")
        }
        var names: [String] = []
        while let entry = readdir(directory) {
            let field = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let name = String(cString: field)
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Reads a regular file of at most `limit` bytes; nil when nothing is there.
    ///
    /// - Parameter followLink: whether a symbolic link at `path` is followed (a config file may be a
    ///   link into a dotfiles folder; our own cache files never are).
    package static func readRegularFile(_ path: String, limit: Int, followLink: Bool = false) throws(FileAccessError) -> Data? {
        try readRegularFile(path, limit: limit, followLink: followLink, upTo: nil)?.data
    }

    /// The first `head` bytes of a regular file (never through a symbolic link), and its size;
    /// nil when nothing is there. The same checks as ``readRegularFile(_:limit:followLink:)``.
    package static func readRegularFileHead(_ path: String, head: Int, limit: Int) throws(FileAccessError) -> (head: Data, size: Int)? {
        try readRegularFile(path, limit: limit, followLink: false, upTo: head).map { ($0.data, $0.size) }
    }

    /// The file's first `upTo` bytes (all of them when nil) and its size, after its checks: a regular
    /// file, no link unless `followLink`, at most `limit` bytes.
    private static func readRegularFile(_ path: String, limit: Int, followLink: Bool, upTo: Int?) throws(FileAccessError) -> (data: Data, size: Int)? {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLink ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP {
                throw FileAccessError(path: path, problem: followLink ? "is a loop of symbolic links" : "is a symbolic link, which boxoffice does not follow")
            }
            throw FileAccessError(path: path, action: "read", code: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileAccessError(path: path, action: "read", code: errno) }
        switch kind(of: info) {
        case .regularFile: break
        case .folder: throw FileAccessError(path: path, problem: "is a folder, not a file")
        default: throw FileAccessError(path: path, problem: "is not a regular file (a FIFO, socket or device)")
        }
        guard info.st_size <= limit else {
            throw FileAccessError(path: path, problem: "is larger than \(NumberFormat.bytes(limit))")
        }
        let size = Int(info.st_size)
        var data = Data(count: min(upTo ?? size, size))
        var total = 0
        while total < data.count {
            let count = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw FileAccessError(path: path, action: "read", code: errno) }
            if count == 0 { break }
            total += count
        }
        return (data.prefix(total), size)
    }

    /// Opens the lock file at `path` (made when missing; never through a link, never another's
    /// file) and holds it exclusively, waiting for any other holder (or, without `wait`, giving nil
    /// while another holds it); gives its descriptor, which `unlock(_:)` lets go of. Two processes
    /// (or two opens in one) holding the same file never overlap.
    package static func lockExclusively(_ path: String, wait: Bool = true) throws(FileAccessError) -> Int32? {
        let lock = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw FileAccessError(path: path, action: "opened", code: errno) }
        var info = stat()
        guard fstat(lock, &info) == 0, kind(of: info) == .regularFile, isOurs(info) else {
            close(lock)
            throw FileAccessError(path: path, problem: "is not a file boxoffice made; it is left as it is")
        }
        while flock(lock, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(lock)
            if code == EWOULDBLOCK, !wait { return nil }
            throw FileAccessError(path: path, action: "locked", code: code)
        }
        return lock
    }

    /// Why a store's folder cannot be used: it could not be made, or `unsafeFolderReason` refuses it.
    package enum FolderProblem: Error, Equatable, Sendable {
        case cannotBeCreated
        case unsafe(String)
    }

    /// Makes a store's folder when it is missing (0700, with the folders above it), then checks it
    /// as ``unsafeFolderReason(_:followLink:tighten:)`` does: a folder boxoffice chose (`own`) is
    /// tightened to 0700 and never reached through a link; one the user named may be a link.
    package static func prepareFolder(_ folder: URL, own: Bool) throws(FolderProblem) {
        if case .missing = kind(folder.path) {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotBeCreated
            }
        }
        if let reason = unsafeFolderReason(folder.path, followLink: !own, tighten: own) { throw .unsafe(reason) }
    }

    /// Syncs a folder's entries to the disk: a file renamed in it stays renamed after a crash
    /// once this returns. A file system that cannot sync a folder (EINVAL) has nothing to sync.
    package static func syncFolder(_ path: String) throws(FileAccessError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileAccessError(path: path, action: "synced", code: errno) }
        defer { close(descriptor) }
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            if errno == EINVAL { return }
            throw FileAccessError(path: path, action: "synced", code: errno)
        }
    }

    /// Lets go of a lock `lockExclusively(_:)` took.
    package static func unlock(_ lock: Int32) {
        flock(lock, LOCK_UN)
        close(lock)
    }

    /// Removes `name` from `folder` only when it is a regular file we own (never a link, a folder or
    /// another user's file); returns whether it did.
    package static func removeOwnFile(_ name: String, in folder: String) throws(FileAccessError) -> Bool {
        let path = folder + "/" + name
        guard let info = linkStatus(path), kind(of: info) == .regularFile, isOurs(info) else { return false }
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw FileAccessError(path: path, action: "remove", code: errno)
        }
        return true
    }

    /// The folder part of a path (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes a file the user named (`--svg FILE`): whole or not at all, through a temporary file
    /// beside it that is renamed over it. A symbolic link, a folder or anything but a plain file at
    /// that name is refused and left as it is.
    package static func writeUserFile(_ data: Data, to path: String) throws(FileAccessError) {
        if let info = linkStatus(path) {
            switch kind(of: info) {
            case .regularFile: break
            case .symbolicLink: throw FileAccessError(path: path, problem: "is a symbolic link; boxoffice writes only a plain file there (remove the link, or choose another name)")
            default: throw FileAccessError(path: path, problem: "is not a plain file; it is left as it is")
            }
        }
        let folder = Self.folder(of: path)
        let temporary = folder + "/.boxoffice-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileAccessError(path: path, action: "written", code: errno) }
        var failure = writeAll(data, to: descriptor)
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw FileAccessError(path: path, action: "written", code: failure)
        }
    }

    /// Writes all of `data` to `descriptor`, retrying short writes and interruptions; returns 0, or
    /// the `errno` of the failure. For a socket, `MSG_NOSIGNAL` makes a peer that has gone away an
    /// EPIPE here rather than a SIGPIPE.
    package static func writeAll(_ data: some ContiguousBytes, to descriptor: Int32, socket: Bool = false) -> Int32 {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let start = bytes.baseAddress! + offset, count = bytes.count - offset
                let written = socket ? send(descriptor, start, count, noSignal) : write(descriptor, start, count)
                if written < 0, errno == EINTR { continue }
                if written < 0 { return errno }
                // Nothing written for a non-empty request: give up rather than spin.
                if written == 0 { return EIO }
                offset += written
            }
            return 0
        }
    }

    /// `send`'s flag that makes a peer that has gone away an EPIPE rather than a SIGPIPE; Darwin has
    /// none (a socket there says so once, with SO_NOSIGPIPE, and boxoffice ignores SIGPIPE anyway).
    #if os(Linux)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif

    /// When a file was last changed, in seconds since 1970, from its status.
    package static func modificationSeconds(_ info: stat) -> Int {
        #if os(Linux)
        Int(info.st_mtim.tv_sec)
        #else
        Int(info.st_mtimespec.tv_sec)
        #endif
    }

    /// The system's text for an error number, e.g. "Permission denied".
    package static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A file or folder could not be read, written or removed; the message names it and says why.
package struct FileAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    /// What is wrong, after the path: "cannot be read (Permission denied)", "is a folder, not a file".
    package let problem: String

    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    package init(path: String, action: String, code: Int32) {
        self.init(path: path, problem: "cannot be \(action == "read" ? "read" : action == "remove" ? "removed" : action) (\(OwnFiles.reason(code)))")
    }

    package var description: String { "\(path) \(problem)" }
}
