import BoxOfficeCore
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The one part of `boxoffice browse` that touches the terminal: raw mode, the alternate screen
/// and the hidden cursor (always undone: on quitting, on a signal, on any failure), the size, the
/// keys as they are typed, and frames written a changed line at a time.
package final class BrowseTerminal: @unchecked Sendable {
    // @unchecked: `saved`, `frame` and `active` are used from the browse loop only (one task at a
    // time); what the reader thread and signal handlers share is behind `lock`.
    private var saved = termios()
    private var active = false
    private var frame: [String] = []
    private let input: Int32
    private let output: Int32
    private let lock = Locked(Shared())
    private var signalSources: [any DispatchSourceSignal] = []

    private struct Shared {
        var stopped = false
        var onInput: (@Sendable (Input) -> Void)?
    }

    /// What the terminal reports, besides the state's own events.
    enum Input: Sendable {
        case key(BrowseKey)
        case resized
        /// SIGHUP (the terminal is gone), or the terminal could not be read.
        case hangUp
        /// The view came back after Ctrl-Z.
        case continued
    }

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Whether both ends are a terminal: the view needs one to read keys from and draw on.
    package static func isAvailable(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    /// The terminal's size (80×24 if it will not say).
    var size: (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Raw mode, the alternate screen, no cursor; then keys and signals go to `onInput`.
    func start(onInput: @escaping @Sendable (Input) -> Void) throws {
        guard tcgetattr(input, &saved) == 0 else { throw TerminalError(call: "tcgetattr", code: errno) }
        lock.withLock { $0.onInput = onInput }
        try enter()
        for number in [SIGWINCH, SIGHUP, SIGCONT, SIGTSTP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // The shared state only, not the terminal: no reference outlives the view.
            let shared = lock
            source.setEventHandler { Self.signalled(number, to: shared) }
            source.resume()
            signalSources.append(source)
        }
        // A queue of its own: the reader blocks in poll(2) for as long as the view runs.
        DispatchQueue(label: "boxoffice.browse.keys").async { [self] in readKeys() }
    }

    private func enter() throws {
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw TerminalError(call: "tcsetattr", code: errno) }
        active = true
        frame = []
        // The alternate screen, no cursor, no line wrap at the last column.
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J")
    }

    /// Gives the terminal back as it was. Safe to call more than once.
    func restore() {
        guard active else { return }
        active = false
        write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        _ = tcsetattr(input, TCSAFLUSH, &saved)
    }

    /// Stops reading keys and handling signals; the terminal is given back.
    func stop() {
        lock.withLock { state in
            state.stopped = true
            state.onInput = nil
        }
        for source in signalSources { source.cancel() }
        signalSources.removeAll()
        for number in [SIGWINCH, SIGHUP, SIGCONT, SIGTSTP] { signal(number, SIG_DFL) }
        restore()
    }

    /// Ctrl-Z: the terminal as it was, the process stopped as any job is; on `fg`, the view again.
    /// SIGSTOP, not SIGTSTP: the signal source holds SIGTSTP, so raising it would only come back
    /// here. A session leader has no shell to continue it, so it only gives the terminal back
    /// for a moment.
    func suspend() {
        restore()
        if getsid(0) != getpid() { kill(getpid(), SIGSTOP) }
        // Here again after SIGCONT.
        try? enter()
    }

    private static func signalled(_ number: Int32, to shared: Locked<Shared>) {
        let deliver = shared.withLock { $0.onInput }
        switch number {
        case SIGWINCH: deliver?(.resized)
        case SIGHUP: deliver?(.hangUp)
        case SIGTSTP: deliver?(.key(.suspend))
        case SIGCONT: deliver?(.continued)
        default: break
        }
    }

    // MARK: Keys

    private func readKeys() {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !lock.withLock({ $0.stopped }) {
            // A lone Esc is a key when nothing follows it within 40 ms.
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, decoder.isWaiting ? 40 : 200)
            if ready < 0, errno == EINTR { continue }
            var keys: [BrowseKey] = []
            if ready == 0 {
                keys = decoder.flush()
            } else if descriptor.revents & Int16(POLLIN) != 0 {
                let count = read(input, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    lock.withLock { $0.onInput }?(.hangUp)
                    return
                }
                keys = decoder.feed(buffer[0..<count])
            } else if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                lock.withLock { $0.onInput }?(.hangUp)
                return
            }
            guard let deliver = lock.withLock({ $0.onInput }) else { return }
            for key in keys { deliver(.key(key)) }
        }
    }

    // MARK: Drawing

    /// Draws a frame, writing only the lines that changed since the last one.
    func draw(_ lines: [String], full: Bool = false) {
        guard active else { return }
        var text = ""
        if full || frame.count != lines.count {
            text += "\u{1B}[2J"
            frame = Array(repeating: "\u{0}", count: lines.count)
        }
        for (row, line) in lines.enumerated() where frame[row] != line {
            // Cleared first: an erase after a line that fills the width would take its last
            // character (the cursor stays on the last column).
            text += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K" + line + "\u{1B}[0m"
        }
        frame = lines
        if !text.isEmpty { write(text) }
    }

    /// An image drawn over the whole screen, with a line under it.
    func showImage(_ escape: String, caption: String) {
        guard active else { return }
        frame = []
        write("\u{1B}[2J\u{1B}[1;1H" + escape + "\u{1B}[\(size.rows);1H\u{1B}[0m" + caption)
    }

    /// Takes the image away (kitty keeps its images until told).
    func hideImage() {
        write("\u{1B}_Ga=d\u{1B}\\\u{1B}[2J")
        frame = []
    }

    /// Forgets what is on the screen, so the next frame is drawn whole.
    func invalidate() {
        frame = []
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR || errno == EAGAIN { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// A terminal call that failed.
struct TerminalError: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "the terminal could not be set up (\(call): \(String(cString: strerror(code))))" }
}
