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

/// Finds the KOBIS key: `--key`, then `KOBIS_API_KEY`, then the config file.
enum KeySource {
    /// Fewer characters than this cannot be a KOBIS key (KOBIS issues 32).
    static let shortestKey = 8

    /// The largest config file read; it holds one short line.
    static let configLimit = 64 * 1024

    /// `${XDG_CONFIG_HOME:-~/.config}/boxoffice/config`; relative or empty XDG values are ignored, as the spec says.
    static func configFile(environment: [String: String]) -> String? {
        XDGFolder.boxoffice("XDG_CONFIG_HOME", fallback: ".config", environment: environment)?.appendingPathComponent("config").path
    }

    /// Where a key came from, for messages about it.
    enum Origin: Equatable {
        case option
        case environment
        case config(path: String)

        var description: String {
            switch self {
            case .option: "--key"
            case .environment: "KOBIS_API_KEY"
            case let .config(path): "the config file \(path)"
            }
        }
    }

    /// The key, or nil when none is configured; throws when the config file cannot be used.
    /// `warn` receives a warning about a config file that other users can read.
    static func key(option: String?, environment: [String: String], warn: (String) -> Void = { _ in }) throws -> String? {
        do {
            return try resolve(option: option, environment: environment, warn: warn).key
        } catch is MissingKeyError {
            return nil
        }
    }

    /// Every key configured in the first place that has any, in order: `--key K1,K2`,
    /// `KOBIS_API_KEY=K1,K2`, or several `key =` lines. Used one after another as quotas run out.
    static func resolveAll(option: String?, environment: [String: String], warn: (String) -> Void = { _ in }) throws -> (keys: [String], origin: Origin) {
        // `--key ","` is what a script sends when "$K1,$K2" are both empty: a list of no keys is no
        // key, and the next place is looked at, as for a blank one.
        var hollow: [String] = []
        for (text, origin) in [(option, Origin.option), (environment["KOBIS_API_KEY"], .environment)] {
            guard let text = nonBlank(text) else { continue }
            let keys = split(text)
            if !keys.isEmpty { return (keys, origin) }
            hollow.append(origin.description)
        }
        do {
            let (text, path) = try readConfig(environment: environment, warn: warn)
            // Several `key =` lines are several keys; a file holding only the key is that one.
            let keys = allKeys(inConfig: text).flatMap(split)
            if !keys.isEmpty { return (keys, .config(path: path)) }
            if let key = try key(inConfig: text, path: path), !split(key).isEmpty { return (split(key), .config(path: path)) }
            let names = Self.names(inConfig: text)
            let problem = !allKeys(inConfig: text).isEmpty ? "has only commas and blanks after 'key ='"
                : names.isEmpty ? "has no 'key = …' line"
                : "has no 'key = …' line (it has \(names.map { "'\($0) ='" }.joined(separator: ", ")); the name is 'key', in lower case)"
            throw MissingKeyError(configFile: path, configProblem: problem)
        } catch var missing as MissingKeyError {
            missing.hollowSources = hollow
            throw missing
        }
    }

    /// `K1,K2` → the keys, blanks dropped, each once.
    private static func split(_ text: String) -> [String] {
        var keys: [String] = []
        for part in text.split(separator: ",") {
            if let key = nonBlank(String(part)), !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The values of every `key =` line.
    static func allKeys(inConfig text: String) -> [String] {
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        return body.split(whereSeparator: \.isNewline).compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let equals = content.firstIndex(of: "="), content[..<equals].trimmingBlanks() == "key" else { return nil }
            return nonBlank(String(content[content.index(after: equals)...]).trimmingBlanks().trimming { $0 == "\"" || $0 == "'" })
        }
    }

    /// The key and where it came from; throws `MissingKeyError` (saying which config file was
    /// looked at, and what it held instead of a key line) when there is none.
    static func resolve(option: String?, environment: [String: String], warn: (String) -> Void = { _ in }) throws -> (key: String, origin: Origin) {
        let resolved = try resolveAll(option: option, environment: environment, warn: warn)
        guard let first = resolved.keys.first else { throw MissingKeyError(configFile: nil, configProblem: nil) }
        return (first, resolved.origin)
    }

    /// The config file's text and path, read once; throws when there is none or it cannot be used.
    private static func readConfig(environment: [String: String], warn: (String) -> Void) throws -> (text: String, path: String) {
        guard let path = configFile(environment: environment) else { throw MissingKeyError(configFile: nil, configProblem: nil) }
        let data: Data
        do {
            // A config file may be a link into a dotfiles folder; a FIFO or a folder is refused, never waited on.
            guard let read = try OwnFiles.readRegularFile(path, limit: configLimit, followLink: true) else {
                throw MissingKeyError(configFile: path, configProblem: nil)
            }
            data = read
        } catch let error as FileAccessError {
            throw ConfigError(path: path, problem: error.problem)
        }
        try checkPermissions(path, warn: warn)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(path: path, problem: "is not UTF-8 text")
        }
        return (text, path)
    }

    /// The value of the config file's `name = value` line (the last, when there are several), and
    /// the file's path; nil when there is no such line, no file, or a file that cannot be trusted
    /// (its key is refused for that, with the reason, when a command needs it).
    static func setting(_ name: String, environment: [String: String]) -> (value: String, path: String)? {
        guard let (text, path) = try? readConfig(environment: environment, warn: { _ in }) else { return nil }
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        let values = body.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let equals = content.firstIndex(of: "="), content[..<equals].trimmingBlanks() == name else { return nil }
            return String(content[content.index(after: equals)...]).trimmingBlanks().trimming { $0 == "\"" || $0 == "'" }
        }
        return values.last.map { ($0, path) }
    }

    /// The names of a config file's `name = value` lines other than `key`.
    static func names(inConfig text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let equals = content.firstIndex(of: "=") else { return nil }
            let name = String(content[..<equals]).trimmingBlanks()
            return name.isEmpty || name == "key" ? nil : String(name.prefix(20))
        }
    }

    /// A key file that another user owns or can change is not trusted; one others can read is used, with a warning.
    private static func checkPermissions(_ path: String, warn: (String) -> Void) throws(ConfigError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let mode = String(info.st_mode & 0o777, radix: 8)
        if info.st_uid != geteuid(), info.st_uid != 0 {
            throw ConfigError(path: path, problem: "belongs to another user (uid \(info.st_uid)), so its key is not used")
        }
        if info.st_mode & 0o022 != 0 {
            throw ConfigError(path: path, problem: "can be changed by other users (mode \(mode)), so its key is not used; run 'chmod 600 \(path)'")
        }
        if info.st_mode & 0o044 != 0 {
            warn("warning: other users can read the key in \(path) (mode \(mode)); run 'chmod 600 \(path)'.")
        }
    }

    /// Reads `key = VALUE` (or a file holding only the key); `#` starts a comment. Lines may end in
    /// LF, CRLF or CR, and a byte order mark at the start is ignored.
    static func key(inConfig text: String, path: String) throws(ConfigError) -> String? {
        var found: String?
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        // `\r\n` is one Character in Swift, and isNewline is true for it as for `\n` and `\r`.
        for (number, rawLine) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
                .trimmingBlanksAndNewlines() ?? ""
            if line.isEmpty { continue }
            guard let equals = line.firstIndex(of: "=") else {
                if found == nil, !line.contains(" ") { found = line; continue }
                throw ConfigError(path: path, problem: "line \(number + 1) is not of the form 'key = VALUE'")
            }
            let name = line[..<equals].trimmingBlanks()
            let value = line[line.index(after: equals)...].trimmingBlanks()
                .trimming { $0 == "\"" || $0 == "'" }
            if name == "key" { found = nonBlank(value) }
        }
        return found
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text = text?.trimmingBlanksAndNewlines(), !text.isEmpty else { return nil }
        return text
    }
}

/// The config file exists but could not be used; the message never quotes its contents.
struct ConfigError: Error, Equatable, CustomStringConvertible {
    let path: String
    let problem: String

    var description: String { "the config file \(path) \(problem)" }
}
