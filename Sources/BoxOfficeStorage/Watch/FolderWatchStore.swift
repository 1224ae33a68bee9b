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
/// (`watch-NAME.lock`) and written whole through a temporary file renamed over it. A file that
/// cannot be read as a state (damaged, or of a version this boxoffice does not know) is set aside
/// beside it, never read as empty and never overwritten; anything but a plain file of ours at
/// that name is left as it is.
package struct FolderWatchStore: WatchStore {
    package let folder: URL
    package let name: String
    /// Whether boxoffice chose the folder (the XDG default), so may make it private (0700).
    let ownFolder: Bool
    /// The time now, for the name of a file set aside.
    let now: @Sendable () -> Date

    /// The largest state read.
    static let limit = 16 << 20

    package init(folder: URL, name: String, ownFolder: Bool, now: @escaping @Sendable () -> Date = Date.init) {
        self.folder = folder
        self.name = name
        self.ownFolder = ownFolder
        self.now = now
    }

    /// `BOXOFFICE_STATE_DIR`, else `${XDG_STATE_HOME:-~/.local/state}/boxoffice`; nil without a home.
    package static func chosen(name: String, environment: [String: String]) -> FolderWatchStore? {
        if let variable = environment["BOXOFFICE_STATE_DIR"], !variable.isEmpty {
            return FolderWatchStore(folder: URL(fileURLWithPath: variable), name: name, ownFolder: false)
        }
        return XDGFolder.boxoffice("XDG_STATE_HOME", fallback: ".local/state", environment: environment).map {
            FolderWatchStore(folder: $0, name: name, ownFolder: true)
        }
    }

    package var file: String { folder.path + "/watch-\(name).json" }
    var lockFile: String { folder.path + "/watch-\(name).lock" }

    package func update<Result: Sendable>(_ body: (WatchState?) async throws -> (WatchState, Result)) async throws -> Result {
        try makeFolder()
        let lock = try await holdLock()
        defer { OwnFiles.unlock(lock) }
        let state = try read()
        let (next, result) = try await body(state)
        if next != state { try write(next) }
        return result
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

    /// The state kept, nil when there is none yet.
    func read() throws(WatchStateError) -> WatchState? {
        let data: Data
        do {
            guard let read = try OwnFiles.readRegularFile(file, limit: Self.limit) else { return nil }
            data = read
        } catch {
            throw .unusable(path: file, reason: error.problem)
        }
        let problem: String
        do {
            let state = try JSONDecoder().decode(WatchState.self, from: data)
            if state.version == WatchState.currentVersion { return state }
            problem = "it is version \(state.version) of the watch's state; this boxoffice reads version \(WatchState.currentVersion)"
        } catch {
            // A newer form may not decode as this one, yet say its version.
            if let version = try? JSONDecoder().decode(Version.self, from: data).version, version != WatchState.currentVersion {
                problem = "it is version \(version) of the watch's state; this boxoffice reads version \(WatchState.currentVersion)"
            } else {
                problem = data.isEmpty ? "it is empty" : "it is not a whole watch state (cut short, or edited by hand)"
            }
        }
        throw .damaged(path: file, setAside: setAside(), reason: problem)
    }

    /// Moves the file that could not be read beside it, `watch-NAME.json.damaged-YYYYMMDDHHMM` (Korean
    /// time; `-2`, `-3` … after it when that name is taken),
    /// so that the next run starts afresh and nothing is lost; nil when it could not be moved.
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

    private func write(_ state: WatchState) throws(WatchStateError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let data = try encoder.encode(state)
            try AnswerCache.writeAtomically(data + Data("\n".utf8), to: URL(fileURLWithPath: file))
        } catch let error as FileAccessError {
            throw .unusable(path: file, reason: error.problem)
        } catch {
            throw .unusable(path: file, reason: "cannot be written (\(error))")
        }
    }

    /// The folder, made if missing; made private (0700) when boxoffice chose it.
    private func makeFolder() throws(WatchStateError) {
        do {
            try OwnFiles.prepareFolder(folder, own: ownFolder)
        } catch {
            switch error {
            case .cannotBeCreated: throw .unusable(path: folder.path, reason: "cannot be created")
            case let .unsafe(reason): throw .unusable(path: folder.path, reason: reason)
            }
        }
    }

    private struct Version: Decodable {
        var version: Int
    }
}

/// Why a watch's state cannot be used; nothing was reported, and nothing kept is lost.
package enum WatchStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read as a state: set aside at `setAside` (nil when it could not be moved).
    case damaged(path: String, setAside: String?, reason: String)
    /// The folder, the file or its lock cannot be used (`reason` says why: "is a symbolic link; …").
    case unusable(path: String, reason: String)
    /// Another run of the same watch held its lock for 10 minutes.
    case busy(path: String)

    package var description: String {
        switch self {
        case let .damaged(path, setAside?, reason): "the watch's state \(path) cannot be read: \(reason); it was moved to \(setAside), and the next run starts afresh"
        case let .damaged(path, nil, reason): "the watch's state \(path) cannot be read: \(reason); it could not be moved aside, so it is left as it is"
        case let .unusable(path, reason): "the watch's state cannot be kept: \(path) \(reason)"
        case let .busy(path): "another run of the same watch has held \(path) for 10 minutes; this one gives way, and the next goes on"
        }
    }
}
