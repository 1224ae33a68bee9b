#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// MCP's stdio framing: one JSON-RPC message a line, in on stdin, out on stdout.
enum MCPFraming {
    enum Event: Sendable {
        case message(Data)
        /// A line longer than `longestMessage`, skipped to its end and never held in memory.
        case tooLong
    }

    /// The longest message read; a longer line is refused with an error, and the server goes on.
    static let longestMessage = 4 << 20

    /// Reads `descriptor`'s lines until it ends, handing each to `deliver` on the calling thread,
    /// in order; blank lines are passed over.
    static func readLines(from descriptor: Int32, limit: Int = longestMessage, deliver: (Event) -> Void) {
        var line = Data()
        var skipping = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                if !skipping { line.append(contentsOf: buffer[start..<index]) }
                if skipping {
                    skipping = false
                } else if !isBlank(line) {
                    deliver(.message(line))
                }
                line = Data()
                start = index + 1
            }
            if !skipping { line.append(contentsOf: buffer[start..<count]) }
            if !skipping, line.count > limit {
                deliver(.tooLong)
                skipping = true
                line = Data()
            }
        }
        if !skipping, !isBlank(line) { deliver(.message(line)) }
    }

    private static func isBlank(_ line: Data) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }
    }
}
