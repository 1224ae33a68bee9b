import BoxOfficeCore
import Foundation

/// Finds the KOBIS key: `--key`, then `KOBIS_API_KEY`, then the config file.
enum KeySource {
    /// `${XDG_CONFIG_HOME:-~/.config}/boxoffice/config`; relative or empty XDG values are ignored, as the spec says.
    static func configFile(environment: [String: String]) -> String? {
        XDGFolder.boxoffice("XDG_CONFIG_HOME", fallback: ".config", environment: environment)?.appendingPathComponent("config").path
    }

    /// The key, or nil when none is configured; throws when the config file cannot be read.
    static func key(option: String?, environment: [String: String]) throws -> String? {
        if let option = nonBlank(option) { return option }
        if let variable = nonBlank(environment["KOBIS_API_KEY"]) { return variable }
        guard let path = configFile(environment: environment), FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, problem: "cannot be read as UTF-8 text")
        }
        return try key(inConfig: text, path: path)
    }

    /// Reads `key = VALUE` (or a file holding only the key); `#` starts a comment.
    static func key(inConfig text: String, path: String) throws(ConfigError) -> String? {
        var found: String?
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if line.isEmpty { continue }
            guard let equals = line.firstIndex(of: "=") else {
                if found == nil, !line.contains(" ") { found = line; continue }
                throw ConfigError(path: path, problem: "line \(number + 1) is not of the form 'key = VALUE'")
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if name == "key" { found = nonBlank(value) }
        }
        return found
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}

/// The config file exists but could not be used; the message never quotes its contents.
struct ConfigError: Error, Equatable, CustomStringConvertible {
    let path: String
    let problem: String

    var description: String { "the config file \(path) \(problem)" }
}
