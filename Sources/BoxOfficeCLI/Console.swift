import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where boxoffice writes, and what it knows about the terminal.
public struct Console: Sendable {
    public let standardOutput: @Sendable (String) -> Void
    public let standardError: @Sendable (String) -> Void
    public let outputIsTerminal: Bool
    /// Columns of the terminal standard output goes to, when it is one.
    public let width: Int?

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
                outputIsTerminal: Bool = false, width: Int? = nil) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.outputIsTerminal = outputIsTerminal
        self.width = width
    }

    /// The process's own standard output and error.
    public static func system(environment: [String: String]) -> Console {
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        return Console(
            standardOutput: { write($0, to: STDOUT_FILENO) },
            standardError: { write($0, to: STDERR_FILENO) },
            outputIsTerminal: outputIsTerminal,
            width: outputIsTerminal ? terminalWidth(environment: environment) : nil)
    }

    /// Writes everything, retrying short writes; a closed pipe (`| head`) ends the process quietly.
    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(ExitStatus.success.rawValue) }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    private static func terminalWidth(environment: [String: String]) -> Int? {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return environment["COLUMNS"].flatMap(Int.init)
    }
}
