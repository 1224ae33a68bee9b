import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A watch's state as the command line keeps it: `watch-NAME.json` in the state folder
/// (`${XDG_STATE_HOME:-~/.local/state}/boxoffice`), changed only under an exclusive lock
/// (`watch-NAME.lock`).
///
/// Each state is written whole to a temporary file, synced to the disk, and renamed over the
/// state it replaces, which is kept as `watch-NAME.json.prev`; the folder is synced after, so a
/// crash at any moment leaves either state whole. A state found empty or cut short (a crash of
/// the machine on a file system that lost its last write) gives way to `.prev`, and says so;
/// one that cannot be read otherwise is set aside beside it, never read as empty and never
/// overwritten; one a newer boxoffice wrote is refused where it is. Anything but a plain file of
/// ours at these names is left as it is. Temporary files a killed run left are swept.
package final class FolderWatchStore: WatchStore {
    package let folder: URL
    package let name: String
    /// Whether boxoffice chose the folder (the XDG default), so may make it private (0700).
    let ownFolder: Bool
    /// The time now, for the name of a file set aside.
    let now: @Sendable () -> Date
    /// Told when the state was cut short and `.prev` is read instead.
    let recovered: @Sendable (WatchStateRecovery) -> Void

    /// What the run knows of the file between its read and its keeps: the bytes of the state
    /// kept (what `.prev` is to hold once it is replaced), and whether the file itself is cut
    /// short (it is then replaced, and `.prev` kept as it is).
    private let run = Locked<(kept: Data?, fileIsCut: Bool)>((nil, false))

    /// The largest state read.
    static let limit = 16 << 20

    package init(folder: URL, name: String, ownFolder: Bool, now: @escaping @Sendable () -> Date = Date.init,
                 recovered: @escaping @Sendable (WatchStateRecovery) -> Void = { _ in }) {
        self.folder = folder
        self.name = name
        self.ownFolder = ownFolder
        self.now = now
        self.recovered = recovered
    }

    /// `BOXOFFICE_STATE_DIR`, else `${XDG_STATE_HOME:-~/.local/state}/boxoffice`; nil without a home.
    package static func chosen(name: String, environment: [String: String],
                               recovered: @escaping @Sendable (WatchStateRecovery) -> Void = { _ in }) -> FolderWatchStore? {
        if let variable = environment["BOXOFFICE_STATE_DIR"], !variable.isEmpty {
            return FolderWatchStore(folder: URL(fileURLWithPath: variable), name: name, ownFolder: false, recovered: recovered)
        }
        return XDGFolder.boxoffice("XDG_STATE_HOME", fallback: ".local/state", environment: environment).map {
            FolderWatchStore(folder: $0, name: name, ownFolder: true, recovered: recovered)
        }
    }

    package var file: String { folder.path + "/watch-\(name).json" }
    /// The state the last one written replaced.
    package var previousFile: String { file + ".prev" }
    var lockFile: String { folder.path + "/watch-\(name).lock" }

    package func exclusively<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try makeFolder()
        let lock = try await holdLock()
        defer { OwnFiles.unlock(lock) }
        sweepTemporaryFiles()
        run.withLock { $0 = (nil, false) }
        return try await body()
    }

    /// The lock, once no other run holds it: asked again every 50 ms (never blocking a thread), for
    /// as long as a run of a watch may take (10 minutes), then given up with a message.
    private func holdLock() async throws -> Int32 {
        let started = ContinuousClock.now
        while true {
            do {
                if let lock = try OwnFiles.lockExclusively(lockFile, wait: false) { return lock }
            } catch {
                throw WatchStateError.unusable(path: lockFile, reason: error.problem)
            }
            guard ContinuousClock.now - started < .seconds(600) else { throw WatchStateError.busy(path: lockFile) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// What a kept file holds.
    enum Reading {
        case state(WatchState)
        /// Written by a newer boxoffice: its version.
        case newer(Int)
        /// Empty or cut short (no closing brace): what a crash leaves.
        case cut(String)
        /// Whole, but not a state this boxoffice can read.
        case damaged(String)
    }

    /// Reads `data` as a state. JSON that ends before its outermost object closes is cut short,
    /// wherever the cut fell (after an inner brace too), as is a file that holds nothing but zero
    /// bytes or blanks (one whose data never reached the disk); whole JSON that is not a state is damaged.
    static func reading(_ data: Data) -> Reading {
        if let version = WatchState.version(of: data), version > WatchState.currentVersion { return .newer(version) }
        do {
            return .state(try JSONDecoder().decode(WatchState.self, from: data))
        } catch {
            let meaningful = data.reversed().drop { $0 == 0 || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            if meaningful.isEmpty { return .cut(data.isEmpty ? "it is empty" : "it holds nothing but blanks and zero bytes") }
            if Self.isUnfinished(data) { return .cut("it is cut short") }
            return .damaged("it is not a watch's state boxoffice can read (edited by hand, or damaged)")
        }
    }

    /// Whether JSON text ends inside a string or before every object and array it opened is closed.
    static func isUnfinished(_ data: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return inString || depth > 0
    }

    package func read() throws -> WatchState? {
        // A .prev that is not ours would stop every state from being kept: said before any event is told.
        if let problem = foreignPrevious() { throw WatchStateError.unusable(path: previousFile, reason: problem) }
        guard let data = try readFile(file) else { return nil }
        switch Self.reading(data) {
        case let .state(state):
            run.withLock { $0 = (data, false) }
            return state
        case let .newer(version):
            throw WatchStateError.newer(path: file, version: version)
        case let .cut(problem):
            // The state before it, whole: the events told since are told again, none is lost.
            if let state = previousState() {
                recovered(WatchStateRecovery(path: file, problem: problem, previous: previousFile))
                return state
            }
            throw WatchStateError.damaged(path: file, setAside: setAside(), reason: problem + ", and there is no whole state before it (\(previousFile)) to go back to")
        case let .damaged(problem):
            throw WatchStateError.damaged(path: file, setAside: setAside(), reason: problem)
        }
    }

    /// The state `.prev` holds, when it is whole; the run then goes on from it.
    private func previousState() -> WatchState? {
        guard let previous = try? readFile(previousFile), case let .state(state) = Self.reading(previous) else { return nil }
        run.withLock { $0 = (previous, true) }
        return state
    }

    /// Why `watch-NAME.json.prev` cannot be replaced, when it cannot: it is not a regular file of ours.
    private func foreignPrevious() -> String? {
        switch OwnFiles.kind(previousFile) {
        case .missing: return nil
        case .regularFile:
            if let info = OwnFiles.linkStatus(previousFile), OwnFiles.isOurs(info) { return nil }
            fallthrough
        default:
            return "is not a file boxoffice made; it is left as it is, and the watch cannot keep its state beside it until it is moved away"
        }
    }

    private func readFile(_ path: String) throws(WatchStateError) -> Data? {
        do {
            return try OwnFiles.readRegularFile(path, limit: Self.limit)
        } catch {
            throw .unusable(path: path, reason: error.problem)
        }
    }

    /// Moves the file that could not be read beside it, `watch-NAME.json.damaged-YYYYMMDDHHMM` (Korean
    /// time; `-2`, `-3` … after it when that name is taken), so that the next run starts afresh and
    /// nothing is lost; nil when it could not be moved.
    private func setAside() -> String? {
        let stamp = Day.koreanTimestamp(now()).filter { $0.isNumber }
        var target = file + ".damaged-" + stamp
        var attempt = 1
        while OwnFiles.kind(target) != .missing, attempt < 100 {
            attempt += 1
            target = file + ".damaged-\(stamp)-\(attempt)"
        }
        guard OwnFiles.kind(target) == .missing, rename(file, target) == 0 else { return nil }
        return target
    }

    package func keep(_ state: WatchState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(state) + Data("\n".utf8)
        } catch {
            throw WatchStateError.unusable(path: file, reason: "cannot be written (\(error))")
        }
        let (kept, fileIsCut) = run.withLock { $0 }
        do {
            // The new state whole on the disk first; then the one it replaces kept as .prev (a cut
            // file is not: .prev stays the whole state it came from); then the rename; then the folder.
            let written = try writeSynced(data)
            if !fileIsCut, let kept {
                do {
                    try keepPrevious(kept)
                } catch {
                    unlink(written)
                    throw error
                }
            }
            guard rename(written, file) == 0 else {
                let code = errno
                unlink(written)
                throw FileAccessError(path: file, action: "written", code: code)
            }
            try OwnFiles.syncFolder(folder.path)
        } catch let error as FileAccessError {
            throw WatchStateError.unusable(path: error.path, reason: error.problem)
        }
        run.withLock { $0 = (data, false) }
    }

    /// `watch-NAME.json.prev` made the state the file holds now: a second name for the file where
    /// the file system allows (it is never changed in place, only replaced), else a copy of its bytes.
    private func keepPrevious(_ kept: Data) throws(FileAccessError) {
        if let problem = foreignPrevious() { throw FileAccessError(path: previousFile, problem: problem) }
        let temporary = temporaryName()
        if link(file, folder.path + "/" + temporary) != 0 {
            let copy = try writeSynced(kept)
            guard rename(copy, folder.path + "/" + temporary) == 0 else {
                let code = errno
                unlink(copy)
                throw FileAccessError(path: previousFile, action: "written", code: code)
            }
        }
        guard rename(folder.path + "/" + temporary, previousFile) == 0 else {
            let code = errno
            unlink(folder.path + "/" + temporary)
            throw FileAccessError(path: previousFile, action: "written", code: code)
        }
    }

    /// Writes `data` to a new temporary file of this watch in the folder, synced to the disk; its path.
    private func writeSynced(_ data: Data) throws(FileAccessError) -> String {
        let path = folder.path + "/" + temporaryName()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileAccessError(path: folder.path, action: "written", code: errno) }
        var failure = OwnFiles.writeAll(data, to: descriptor)
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(path)
            throw FileAccessError(path: file, action: "written", code: failure)
        }
        return path
    }

    /// `watch-NAME.json.tmp-PID-RANDOM`: a name no state, lock or file set aside can have.
    private func temporaryName() -> String {
        "watch-\(name).json.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Whether `entry` is a temporary file of this watch: `watch-NAME.json.tmp-`, then digits, `-`, digits.
    func isTemporary(_ entry: String) -> Bool {
        let prefix = "watch-\(name).json.tmp-"
        guard entry.hasPrefix(prefix) else { return false }
        let parts = entry.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.count <= 10 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// Removes this watch's temporary files that a run killed before its rename left behind (the
    /// lock is held: no run of the watch is writing one), and those of earlier boxoffices
    /// (`.tmp-PID-RANDOM`) once they are ten minutes old; only regular files of ours.
    private func sweepTemporaryFiles() {
        let names = (try? OwnFiles.names(in: folder.path)) ?? []
        let cutoff = time(nil) - 600
        for entry in names {
            if isTemporary(entry) {
                _ = try? OwnFiles.removeOwnFile(entry, in: folder.path)
            } else if AnswerCache.isTemporaryName(entry), let info = OwnFiles.linkStatus(folder.path + "/" + entry),
                      OwnFiles.modificationSeconds(info) < cutoff {
                _ = try? OwnFiles.removeOwnFile(entry, in: folder.path)
            }
        }
    }

    /// The folder, made if missing; made private (0700) when boxoffice chose it.
    private func makeFolder() throws(WatchStateError) {
        do {
            try OwnFiles.prepareFolder(folder, own: ownFolder)
        } catch {
            switch error {
            case .cannotBeCreated: throw .unusable(path: folder.path, reason: "cannot be created")
            case let .unsafe(reason): throw .unsafeFolder(path: folder.path, reason: reason)
            }
        }
    }
}

/// A state found cut short (a crash), and the one before it read instead.
package struct WatchStateRecovery: Sendable, Equatable {
    /// The state file.
    package let path: String
    /// What is wrong with it: "it is empty", "it is cut short".
    package let problem: String
    /// The state before it, read instead.
    package let previous: String
}

/// Why a watch's state cannot be used; nothing was reported.
package enum WatchStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read as a state: set aside at `setAside` (nil when it could not be moved).
    case damaged(path: String, setAside: String?, reason: String)
    /// The file was written by a newer boxoffice, of its form's `version`: left as it is.
    case newer(path: String, version: Int)
    /// The folder, the file or its lock cannot be used (`reason` says why: "is a symbolic link; …").
    case unusable(path: String, reason: String)
    /// The folder is not safe to keep a state in (`reason`: "it belongs to another user (uid 0)").
    case unsafeFolder(path: String, reason: String)
    /// Another run of the same watch held its lock for 10 minutes.
    case busy(path: String)

    package var description: String {
        switch self {
        case let .damaged(path, setAside?, reason): "the watch's state \(path) cannot be read: \(reason); it was moved to \(setAside), and the next run starts afresh"
        case let .damaged(path, nil, reason): "the watch's state \(path) cannot be read: \(reason); it could not be moved aside, so it is left as it is"
        case let .newer(path, version):
            "the watch's state \(path) was written by a newer boxoffice (its version \(version); this one reads up to \(WatchState.currentVersion)); it is left as it is"
        case let .unusable(path, reason): "the watch's state cannot be kept: \(path) \(reason)"
        case let .unsafeFolder(path, reason): "boxoffice does not keep a watch's state in \(path): \(reason)"
        case let .busy(path): "another run of the same watch has held \(path) for 10 minutes; this one gives way, and the next goes on"
        }
    }
}
