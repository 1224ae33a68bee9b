import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeStorage
#if canImport(Glibc)
import Glibc
#endif

/// Asks for a password on the terminal (`/dev/tty`) without echoing it; nil when there is no
/// terminal to ask on.
enum PasswordPrompt {
    static func ask(_ prompt: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        _ = OwnFiles.writeAll(Array(prompt.utf8), to: tty)
        guard tcsetattr(tty, TCSAFLUSH, &quiet) == 0 else { return nil }
        defer {
            tcsetattr(tty, TCSAFLUSH, &saved)
            _ = OwnFiles.writeAll(Array("\n".utf8), to: tty)
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 1024 {
            let count = read(tty, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
