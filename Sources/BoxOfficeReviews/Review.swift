import BoxOfficeCore
import BoxOfficeCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A user's review of a movie, kept on their own disk.
package struct Review: Sendable, Equatable, Codable {
    /// 8 hex digits, made at random.
    package var id: String
    package var movieCode: String
    /// 0.5 to 5, in steps of 0.5.
    package var rating: Double
    package var nickname: String?
    package var text: String
    /// Seconds since 1970.
    package var created: Int64
    package var edited: Int64?
    /// A salted, slow hash of the password, when the review has one; never the password.
    package var password: PasswordRecord?

    package init(id: String, movieCode: String, rating: Double, nickname: String?, text: String, created: Int64,
                edited: Int64? = nil, password: PasswordRecord? = nil) {
        self.id = id
        self.movieCode = movieCode
        self.rating = rating
        self.nickname = nickname
        self.text = text
        self.created = created
        self.edited = edited
        self.password = password
    }

    /// Whether `rating` is one the store accepts.
    package static func isValidRating(_ rating: Double) -> Bool {
        rating.isFinite && rating >= 0.5 && rating <= 5 && (rating * 2).rounded() == rating * 2
    }

    /// Whether `id` is one `review add` makes: 8 hex digits in lowercase.
    package static func isValidID(_ id: String) -> Bool {
        id.utf8.count == 8 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A new random id that none of `taken` has.
    package static func newID(avoiding taken: Set<String>) -> String {
        while true {
            let id = cFormat("%08x", UInt32.random(in: 0...UInt32.max))
            if !taken.contains(id) { return id }
        }
    }
}

/// PBKDF2-HMAC-SHA256 of a review's password with its own salt and iteration count.
package struct PasswordRecord: Sendable, Equatable, Codable {
    package var algorithm: String
    package var iterations: Int
    /// Hex.
    package var salt: String
    /// Hex.
    package var hash: String

    package static let algorithmName = "pbkdf2-sha256"

    /// A record for `password`, with a fresh 16-byte salt.
    package init(password: String, iterations: Int = PasswordHash.iterations) {
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255) }
        algorithm = Self.algorithmName
        self.iterations = iterations
        self.salt = Self.hex(salt)
        hash = Self.hex(PasswordHash.pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations))
    }

    /// Whether this version can check a password against the record: its algorithm, a sane
    /// number of rounds, a hex salt of 1 to 64 bytes and a hex hash of 32.
    package var isCheckable: Bool {
        guard algorithm == Self.algorithmName, (1...10_000_000).contains(iterations), let salt = Self.bytes(salt),
              (1...64).contains(salt.count), Self.bytes(hash)?.count == 32 else { return false }
        return true
    }

    /// Whether `password` is the one, compared in constant time; false for a record this
    /// version cannot check (another algorithm, a damaged field).
    package func matches(_ password: String) -> Bool {
        guard isCheckable, let salt = Self.bytes(salt), let expected = Self.bytes(hash) else { return false }
        let derived = PasswordHash.pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations)
        return PasswordHash.constantTimeEquals(derived, expected)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { cFormat("%02x", $0) }.joined()
    }

    static func bytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexDigitValue(digits[index]), let low = hexDigitValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
