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

/// One cached answer as stored on disk: a short text header, a blank line, then KOBIS's bytes.
///
/// ```
/// boxoffice-cache 1
/// request boxoffice/searchDailyBoxOfficeList?targetDt=20230327
/// stored 1795284000
/// bytes 7267
///
/// {"boxOfficeResult":…
/// ```
/// The request (never the key) and the byte count let a reader reject a truncated or foreign file.
struct CacheEntry: Equatable {
    let request: String
    let stored: Date
    let body: Data

    private static let magic = "boxoffice-cache 1"

    /// Stored times are whole seconds from 1970 to the end of year 9999; anything else is damage.
    static let storedRange: ClosedRange<Int64> = 0...253_402_300_799

    /// The bytes to store, or nil when the clock reads a time outside `storedRange`.
    func encoded() -> Data? {
        let seconds = stored.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, let whole = Int64(exactly: seconds), Self.storedRange.contains(whole) else { return nil }
        let header = "\(Self.magic)\nrequest \(request)\nstored \(whole)\nbytes \(body.count)\n\n"
        return Data(header.utf8) + body
    }

    /// Whether the file at `path` (not followed if it is a link) starts as our entries do.
    static func hasMagic(atPath path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let expected = Array((magic + "\n").utf8)
        var buffer = [UInt8](repeating: 0, count: expected.count)
        return read(descriptor, &buffer, buffer.count) == buffer.count && buffer == expected
    }

    /// When the entry for `request` whose file is `size` bytes and starts with `head` was stored,
    /// read from its header alone: nil unless the header is whole and valid, names `request`, and
    /// its byte count is the rest of the file (what reading the whole entry would check).
    static func stored(head: Data, size: Int, request: String) -> Date? {
        guard let offset = head.firstOffset(of: "\n\n".utf8),
              let header = String(data: head[head.startIndex..<head.startIndex + offset], encoding: .utf8) else { return nil }
        let lines = header.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == magic, lines[1] == "request " + request, lines[2].hasPrefix("stored "), lines[3].hasPrefix("bytes "),
              let seconds = Int64(lines[2].dropFirst(7)), storedRange.contains(seconds),
              let count = Int(lines[3].dropFirst(6)), count > 0, offset + 2 + count == size else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Reads an entry, or nil when the file is not a whole, valid entry.
    init?(_ data: Data) {
        guard let offset = data.firstOffset(of: "\n\n".utf8),
              let header = String(data: data[data.startIndex..<data.startIndex + offset], encoding: .utf8) else { return nil }
        let lines = header.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == Self.magic,
              lines[1].hasPrefix("request "), lines[2].hasPrefix("stored "), lines[3].hasPrefix("bytes "),
              let seconds = Int64(lines[2].dropFirst(7)), Self.storedRange.contains(seconds),
              let count = Int(lines[3].dropFirst(6)) else { return nil }
        let body = data[(data.startIndex + offset + 2)...]
        guard body.count == count, count > 0 else { return nil }
        self.request = String(lines[1].dropFirst(8))
        self.stored = Date(timeIntervalSince1970: TimeInterval(seconds))
        self.body = Data(body)
    }

    init(request: String, stored: Date, body: Data) {
        self.request = request
        self.stored = stored
        self.body = body
    }
}
