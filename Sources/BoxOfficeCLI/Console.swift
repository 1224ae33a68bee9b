import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where boxoffice writes, and what it knows about the terminal.
public struct Console: Sendable {
    /// Writes data; throws `OutputWriteError` when it cannot (a full disk, a closed descriptor).
    public let standardOutput: @Sendable (String) throws -> Void
    /// Writes messages; failures are ignored, so a broken stderr changes neither the exit status nor stdout.
    public let standardError: @Sendable (String) -> Void
    public let outputIsTerminal: Bool
    /// Whether stderr is a terminal (progress is shown only there).
    public let errorIsTerminal: Bool
    /// Columns of the terminal standard output goes to, when it is one; nil when it is not, so
    /// that nothing is cut in a file or a pipe.
    public let width: Int?
    /// Columns of the terminal standard error goes to, when it is one: notes and messages wrap
    /// there as help does; nil elsewhere, so that a log keeps each message on one line.
    public let errorWidth: Int?
    /// Asks the person at the terminal a question on stderr and gives the line they typed on
    /// stdin (nil at its end); nil when there is nobody to ask (stdin or stderr not a terminal).
    public let ask: (@Sendable (String) -> String?)?

    public init(standardOutput: @escaping @Sendable (String) throws -> Void, standardError: @escaping @Sendable (String) -> Void,
                outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, width: Int? = nil, errorWidth: Int? = nil,
                ask: (@Sendable (String) -> String?)? = nil) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.width = width
        self.errorWidth = errorWidth
        self.ask = ask
    }

    /// Text for stderr, each line wrapped to `errorWidth` (when stderr is a terminal), its
    /// continuation lines indented by two spaces.
    func fittedForError(_ text: String) -> String {
        guard let errorWidth, errorWidth >= 20 else { return text }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let wrapped = TerminalText.wrap(String(line), to: errorWidth, later: errorWidth - 2)
            lines.append(wrapped[0])
            lines += wrapped.dropFirst().map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// The process's own standard output and error.
    public static func system(environment: [String: String]) -> Console {
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        return Console(
            standardOutput: { text in
                switch write(text, to: STDOUT_FILENO) {
                case 0: return
                // A closed pipe (`| head`) is the reader saying it has enough: end quietly.
                case EPIPE: exit(ExitStatus.success.rawValue)
                case let code: throw OutputWriteError(code: code)
                }
            },
            standardError: { _ = write($0, to: STDERR_FILENO) },
            outputIsTerminal: outputIsTerminal,
            errorIsTerminal: isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb",
            width: outputIsTerminal ? terminalWidth(environment: environment) : nil,
            errorWidth: isatty(STDERR_FILENO) == 1 ? terminalWidth(environment: environment, descriptor: STDERR_FILENO) : nil,
            ask: isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 ? askAtTerminal : nil)
    }

    /// Writes the question to stderr and reads a line from stdin, both a terminal.
    private static func askAtTerminal(_ question: String) -> String? {
        _ = write(question, to: STDERR_FILENO)
        return readAnswer(from: STDIN_FILENO)
    }

    /// One line read byte by byte with `read(2)` (nil at the end of input before any byte), so
    /// that nothing past the answer is taken from the descriptor. The standard library's
    /// `readLine` is not used: its buffer comes from the C library's `getline` and is freed by
    /// Swift, which a statically linked program under AddressSanitizer reports as a bad free.
    /// An answer longer than 4,096 bytes is cut there; a question's answer is a word.
    static func readAnswer(from descriptor: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            if bytes.count < 4_096 { bytes.append(byte) }
        }
    }

    /// Makes sure descriptors 0, 1 and 2 are open before anything else opens a file: when a caller
    /// closed one (`boxoffice >&-`), a file or socket opened later would take its number and
    /// receive the output. A closed one is reopened read-only on /dev/null, so writing to it still fails.
    public static func reserveStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Writes everything; returns 0, or the `errno` of the failure.
    private static func write(_ text: String, to descriptor: Int32) -> Int32 {
        OwnFiles.writeAll(Array(text.utf8), to: descriptor)
    }

    /// `COLUMNS`, when it holds a sensible number of columns.
    static func columns(environment: [String: String]) -> Int? {
        guard let text = environment["COLUMNS"], let columns = Int(text.trimmingBlanks()), (1...10_000).contains(columns) else { return nil }
        return columns
    }

    /// `COLUMNS` when it holds a sensible number, else the terminal's own size, else 100.
    static func terminalWidth(environment: [String: String], descriptor: Int32 = STDOUT_FILENO) -> Int {
        if let columns = columns(environment: environment) { return columns }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 100
    }
}
