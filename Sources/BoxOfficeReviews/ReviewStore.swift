import BoxOfficeCore
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The reviews file, `reviews.json` in the data folder, changed only under an exclusive lock
/// (`reviews.lock`) and written whole through a temporary file that is renamed over it, so two
/// processes adding at once both land and a crash never leaves half a file. A store that cannot be
/// read is reported and never overwritten.
package struct ReviewStore: Sendable {
    package let folder: URL
    /// Whether boxoffice chose the folder (the XDG default), so may make it private (0700).
    let ownFolder: Bool

    static let fileName = "reviews.json"
    static let lockName = "reviews.lock"
    /// The largest store read.
    static let limit = 64 << 20
    /// The largest file `review import` reads.
    package static let importLimit = 64 << 20

    package var file: URL { folder.appendingPathComponent(Self.fileName) }

    package init(folder: URL, ownFolder: Bool) {
        self.folder = folder
        self.ownFolder = ownFolder
    }

    /// `--data-dir`, else `BOXOFFICE_DATA_DIR`, else `${XDG_DATA_HOME:-~/.local/share}/boxoffice`.
    package static func chosen(option: String?, environment: [String: String]) -> ReviewStore? {
        if let option, !option.isEmpty { return ReviewStore(folder: URL(fileURLWithPath: option), ownFolder: false) }
        if let variable = environment["BOXOFFICE_DATA_DIR"], !variable.isEmpty {
            return ReviewStore(folder: URL(fileURLWithPath: variable), ownFolder: false)
        }
        return XDGFolder.boxoffice("XDG_DATA_HOME", fallback: ".local/share", environment: environment).map {
            ReviewStore(folder: $0, ownFolder: true)
        }
    }

    /// Every review, in the order they were added; none when there is no store yet.
    package func all() throws(ReviewStoreError) -> [Review] {
        try read()
    }

    /// Adds a review of `movieCode`, protected by `password` when one is given (hashed before the
    /// lock is taken: hashing is slow on purpose); gives the review and all of its film's reviews.
    package func add(movieCode: String, rating: Double, nickname: String?, text: String, password: String?,
                     created: Int64) throws -> (review: Review, movieReviews: [Review]) {
        let record = password.map { PasswordRecord(password: $0) }
        return try update { reviews -> (changed: Bool, result: (review: Review, movieReviews: [Review])) in
            let review = Review(id: Review.newID(avoiding: Set(reviews.map(\.id))), movieCode: movieCode, rating: rating, nickname: nickname,
                                text: text, created: created, password: record)
            reviews.append(review)
            return (true, (review, reviews.filter { $0.movieCode == movieCode }))
        }
    }

    /// Changes the reviews under the lock: `change` gets them and returns what it wants back;
    /// the store is written only when `change` says it changed something.
    package func update<Result>(_ change: (inout [Review]) throws -> (changed: Bool, result: Result)) throws -> Result {
        try makeFolder()
        let lockPath = folder.appendingPathComponent(Self.lockName).path
        let held: Int32?
        do {
            held = try OwnFiles.lockExclusively(lockPath)
        } catch {
            throw ReviewStoreError.unusable(path: lockPath, reason: "it " + error.problem)
        }
        // Waiting for the lock, it is always had.
        guard let lock = held else { throw ReviewStoreError.unusable(path: lockPath, reason: "it cannot be locked") }
        defer { OwnFiles.unlock(lock) }
        var reviews = try read()
        let before = reviews
        let outcome = try change(&reviews)
        guard outcome.changed else { return outcome.result }
        // Every review written anew must be one the rules accept, in its stored form; one already
        // in the file (written by an older boxoffice, or by hand) is kept as it is, and so is the
        // id of one edited there.
        let storedIDs = Set(before.map(\.id))
        for review in reviews where !before.contains(review) {
            let stored = try? review.stored(latest: .max, keepingID: storedIDs.contains(review.id))
            guard stored == review else {
                let problem = stored == nil ? "it breaks the rules for a review" : "it is not in its stored form"
                throw ReviewStoreError.refused(id: review.id, reason: problem)
            }
        }
        try write(reviews)
        return outcome.result
    }

    private func read() throws(ReviewStoreError) -> [Review] {
        let data: Data
        do {
            guard let read = try OwnFiles.readRegularFile(file.path, limit: Self.limit) else { return [] }
            data = read
        } catch {
            throw .unusable(path: file.path, reason: "it " + error.problem)
        }
        do {
            let document = try JSONDecoder().decode(Document.self, from: data)
            guard document.version == 1 else {
                throw ReviewStoreError.unreadable(path: file.path, reason: "it is version \(document.version) of the format; this boxoffice reads version 1")
            }
            return document.reviews
        } catch let error as ReviewStoreError {
            throw error
        } catch {
            throw .unreadable(path: file.path, reason: data.isEmpty ? "it is empty" : "it is not a whole reviews file (cut short, or edited by hand)")
        }
    }

    private func write(_ reviews: [Review]) throws {
        var text = Document.json(reviews).serialized()
        if text.isEmpty { text = "{}\n" }
        do {
            try AnswerCache.writeAtomically(Data(text.utf8), to: file)
        } catch {
            throw ReviewStoreError.unusable(path: file.path, reason: "it " + error.problem)
        }
    }

    /// The folder, made if missing; made private (0700) when boxoffice chose it.
    private func makeFolder() throws(ReviewStoreError) {
        do {
            try OwnFiles.prepareFolder(folder, own: ownFolder)
        } catch {
            switch error {
            case .cannotBeCreated: throw .unusable(path: folder.path, reason: "it cannot be created")
            case let .unsafe(reason): throw .unusable(path: folder.path, reason: reason)
            }
        }
    }

    /// The file as written: a version and the reviews.
    struct Document: Decodable {
        var version: Int
        var reviews: [Review]

        static func json(_ reviews: [Review]) -> JSONValue {
            .object([("version", .int(1)), ("reviews", .array(reviews.map(\.storedJSON)))])
        }
    }
}

/// Why the reviews cannot be used; the store is left as it is.
package enum ReviewStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is there but is not a reviews file boxoffice can read.
    case unreadable(path: String, reason: String)
    /// The folder or the file cannot be opened or written; `reason` is a clause, "it is a folder, not a file".
    case unusable(path: String, reason: String)
    /// A review given to be stored breaks the rules; nothing was written.
    case refused(id: String, reason: String)

    package var description: String {
        switch self {
        case let .unreadable(path, reason): "the reviews in \(path) cannot be read: \(reason); it is left as it is"
        case let .unusable(path, reason): "the reviews at \(path) cannot be used: \(reason)"
        case let .refused(id, reason): "review \(id) was not stored: \(reason); nothing was written"
        }
    }
}

extension Review {
    /// The review as stored (the password as its hash record).
    var storedJSON: JSONValue {
        .object([
            ("id", .string(id)), ("movieCode", .string(movieCode)), ("rating", .double(rating)), ("nickname", JSONValue(nickname)),
            ("text", .string(text)), ("created", .int(created)), ("edited", JSONValue(edited)),
            ("password", password?.json ?? .null),
        ])
    }
}
