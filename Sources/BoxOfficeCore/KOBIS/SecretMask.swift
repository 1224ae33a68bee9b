#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Replaces secrets (the API key) with `***` wherever they appear, however they are written.
///
/// Matching is on UTF-8 bytes, so a combining mark or joiner a server puts beside the key cannot
/// hide it (Swift's `String` would see one different character). Each byte of a secret may appear
/// as itself, percent-encoded in either case (`%2F`, `%2f`, even `%61` for `a`), as `+` for a
/// space, or JSON-escaped (`\\`, `\"`, `\/`, `\u0061`).
package struct SecretMask: Sendable {
    private let secrets: [[UInt8]]

    package init(_ secrets: [String]) {
        // Longer first, so that a secret containing another is hidden whole.
        self.secrets = Set(secrets.filter { !$0.isEmpty }).map { Array($0.utf8) }.sorted { $0.count > $1.count }
    }

    package func apply(to text: String) -> String {
        guard !secrets.isEmpty else { return text }
        let bytes = Array(text.utf8)
        guard let masked = mask(bytes) else { return text }
        return String(decoding: masked, as: UTF8.self)
    }

    package func apply(to data: Data) -> Data {
        guard !secrets.isEmpty, let masked = mask(Array(data)) else { return data }
        return Data(masked)
    }

    /// The bytes with every secret replaced, or nil when there was none.
    private func mask(_ bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        var index = 0
        var found = false
        while index < bytes.count {
            if let end = firstMatch(in: bytes, at: index) {
                if !found {
                    output.reserveCapacity(bytes.count)
                    output.append(contentsOf: bytes[..<index])
                    found = true
                }
                output.append(contentsOf: Array("***".utf8))
                index = end
            } else {
                if found { output.append(bytes[index]) }
                index += 1
            }
        }
        return found ? output : nil
    }

    /// Where the first secret (longest first) that matches at `start` ends, or nil. A plain loop:
    /// this runs for every byte of every answer.
    private func firstMatch(in bytes: [UInt8], at start: Int) -> Int? {
        for secret in secrets {
            if let end = Self.match(secret, in: bytes, at: start) { return end }
        }
        return nil
    }

    /// Where a match of `secret` starting at `start` ends, or nil.
    private static func match(_ secret: [UInt8], in bytes: [UInt8], at start: Int) -> Int? {
        var position = start
        for byte in secret {
            guard position < bytes.count else { return nil }
            let current = bytes[position]
            // A JSON escape of a backslash (`\\`) is tried before a literal backslash.
            if current == UInt8(ascii: "\\"), byte == current, position + 1 < bytes.count, bytes[position + 1] == byte {
                position += 2
            } else if current == byte {
                position += 1
            } else if current == UInt8(ascii: "%"), position + 2 < bytes.count,
                      let high = hex(bytes[position + 1]), let low = hex(bytes[position + 2]), high << 4 | low == byte {
                position += 3
            } else if current == UInt8(ascii: "+"), byte == 0x20 {
                position += 1
            } else if current == UInt8(ascii: "\\"), position + 1 < bytes.count {
                let escaped = bytes[position + 1]
                if escaped == byte, [UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "/")].contains(byte) {
                    position += 2
                } else if escaped == UInt8(ascii: "u"), position + 5 < bytes.count, byte < 0x80,
                          let a = hex(bytes[position + 2]), let b = hex(bytes[position + 3]),
                          let c = hex(bytes[position + 4]), let d = hex(bytes[position + 5]),
                          a == 0, b == 0, c << 4 | d == byte {
                    position += 6
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        return position
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        hexDigitValue(byte)
    }
}

/// Replaces the keys, and any other secret of the request, with `***` in every answer's body,
/// however the server wrote them (echoed, percent-encoded, JSON-escaped), before anything reads,
/// keeps or shows the answer. A client puts it outermost, in front of every other middleware;
/// ``BoxOfficeClient`` always has one for its key.
public struct SecretMaskMiddleware: BoxOfficeMiddleware {
    private let secrets: [String]

    /// Masks `secrets` (the keys), and the secrets each operation carries besides.
    public init(secrets: [String]) {
        self.secrets = secrets
    }

    /// Sends the request on, and masks the secrets in the answer's body.
    public func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                          next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        var response = try await next(request)
        response.body = SecretMask(secrets + operation.secrets).apply(to: response.body)
        return response
    }
}
