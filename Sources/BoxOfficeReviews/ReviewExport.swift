import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reviews document `review export` prints and `review import` reads: version 2, each review
/// with the keys `review list --json` shows (times in ISO 8601), its password as the hash record
/// (never a password), so a review keeps its protection on another machine. Version 1, which
/// earlier versions exported (times in seconds since 1970), still imports.
package enum ReviewExport {
    /// The version `json` writes.
    package static let version = 2

    /// The document for `reviews`.
    package static func json(_ reviews: [Review]) -> JSONValue {
        .object([("version", .int(Int64(version))), ("reviews", .array(reviews.map(\.exportJSON)))])
    }

    /// The reviews of an exported document, of this version or an earlier one, in its order;
    /// their fields are as the file has them (checking them is the importer's part).
    package static func reviews(in data: Data) throws(ReviewImportError) -> [Review] {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw .notAnExport
        }
        guard (1...version).contains(document.version) else { throw .newerVersion(document.version) }
        var reviews: [Review] = []
        for (index, entry) in document.reviews.enumerated() {
            guard let created = entry.created.seconds else { throw .badTime(number: index + 1, field: "created") }
            var edited: Int64?
            if let time = entry.edited {
                guard let seconds = time.seconds else { throw .badTime(number: index + 1, field: "edited") }
                edited = seconds
            }
            reviews.append(Review(id: entry.id, movieCode: entry.movieCode, rating: entry.rating, nickname: entry.nickname,
                                  text: entry.text, created: created, edited: edited, password: entry.password))
        }
        return reviews
    }

    private struct Document: Decodable {
        var version: Int
        var reviews: [Entry]
    }

    private struct Entry: Decodable {
        var id: String
        var movieCode: String
        var rating: Double
        var nickname: String?
        var text: String
        var created: Time
        var edited: Time?
        var password: PasswordRecord?
    }

    /// ISO 8601 text (version 2) or seconds since 1970 (version 1).
    private enum Time: Decodable {
        case seconds(Int64)
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Int64.self) {
                self = .seconds(seconds)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        var seconds: Int64? {
            switch self {
            case let .seconds(seconds): seconds
            case let .text(text): ReviewTimestamp.seconds(text)
            }
        }
    }
}

/// Why a file cannot be imported as a whole; nothing of it is.
package enum ReviewImportError: Error, Sendable, Equatable {
    /// Not JSON, or not shaped as an export.
    case notAnExport
    /// An export from a later boxoffice.
    case newerVersion(Int)
    /// The review at `number` (from 1) has a time that is neither ISO 8601 nor seconds.
    case badTime(number: Int, field: String)
}

extension Review {
    /// The review as `review export` writes it: `review list --json`'s keys, with the password as
    /// its hash record instead of `hasPassword`.
    var exportJSON: JSONValue {
        .object([
            ("id", .string(id)), ("movieCode", .string(movieCode)), ("rating", .double(rating)), ("nickname", JSONValue(nickname)),
            ("text", .string(text)), ("created", .string(ReviewTimestamp.text(created))),
            ("edited", JSONValue(edited.map(ReviewTimestamp.text))), ("password", password?.json ?? .null),
        ])
    }
}

extension PasswordRecord {
    /// The record as stored and exported.
    var json: JSONValue {
        .object([("algorithm", .string(algorithm)), ("iterations", .int(Int64(iterations))), ("salt", .string(salt)), ("hash", .string(hash))])
    }
}
