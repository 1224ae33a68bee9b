import BoxOfficeCore

/// Every event since a watch's last run (`watch`): its name, its targets, the program run for each
/// event, and whether it reads past the top 10.
package struct WatchRequest: Equatable, Sendable {
    /// A film's audience waited for: `--target MOVIE=N`.
    package struct Target: Equatable, Sendable {
        package let film: FilmReference
        package let audience: Int
    }

    /// The watch's name: its own state.
    package var name: String
    package var targets: [Target]
    /// The program and its arguments run for each event, nil to print the events.
    package var exec: [String]?
    /// How long the program may run for an event, in seconds, before it is ended.
    package var execTimeout: Double
    package var deep: Bool

    package static let defaultName = "default"
    package static let name = Parameter("name", value: "NAME", help: "which watch: each name keeps its own state (letters, digits, - _ .)", default: defaultName,
                                        kind: .word)
    package static let target = Parameter("target", value: "MOVIE=N", help: "also tell when the film (a title or a code) reaches N admissions (3000000, 3,000,000 or 300만); repeatable, kept until reached",
                                          kind: .word, repeatable: true)
    package static let exec = Parameter("exec", value: "CMD [ARG…] ;", help: "run CMD once per event instead of printing it: the event as JSON on its standard input, its fields in BOXOFFICE_EVENT_* variables; never through a shell",
                                        kind: .word, terminator: ";")
    package static let defaultExecTimeout = 60.0
    /// The longest `--exec-timeout`: a day.
    package static let longestExecTimeout = 86_400.0
    package static let execTimeout = Parameter("exec-timeout", value: "S", help: "end the --exec program (SIGTERM, then SIGKILL) when it runs longer than S seconds for an event; its event is kept for the next run",
                                               default: "60", kind: .decimal(0.1...longestExecTimeout, unit: "seconds"))

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        name = arguments.string(Self.name) ?? Self.defaultName
        guard Self.isValidName(name) else {
            throw UsageError(message: "\(arguments.named(Self.name)) \(UsageError.quote(name)) is not a watch's name; use letters, digits, '-', '_' and '.' (not first), at most 64", command: arguments.name)
        }
        targets = try arguments.values(Self.target.name).map { text throws(UsageError) in try Self.target(text, arguments) }
        let words = arguments.values(Self.exec.name)
        exec = arguments.has(Self.exec) ? words : nil
        execTimeout = try arguments.decimal(Self.execTimeout) ?? Self.defaultExecTimeout
        deep = arguments.has(NewsRequest.deep)
    }

    /// Whether `name` can name a watch (and its file): letters, digits, `-`, `_` and `.`, not first, at most 64.
    package static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), name.first != "." else { return false }
        return name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// `MOVIE=N`: a title or code, then an audience as people write one (split at the last `=`).
    static func target(_ text: String, _ arguments: some ArgumentReader) throws(UsageError) -> Target {
        guard let equals = text.lastIndex(of: "=") else {
            throw UsageError(message: "\(arguments.named(Self.target)) \(UsageError.quote(text)) is not MOVIE=N; e.g. --target 보스=3000000", command: arguments.name)
        }
        let film = String(text[..<equals]).composed.trimmingBlanks()
        let number = String(text[text.index(after: equals)...])
        guard !film.isEmpty else {
            throw UsageError(message: "\(arguments.named(Self.target)) \(UsageError.quote(text)) names no film before '='", command: arguments.name)
        }
        guard let audience = RecordsQuery.audience(number), audience > 0 else {
            throw UsageError(message: "\(arguments.named(Self.target)) \(UsageError.quote(text)): \(UsageError.quote(number)) is not an audience; write it as 3000000, 3,000,000 or 300만",
                             command: arguments.name)
        }
        return Target(film: FilmReference(film), audience: audience)
    }
}
