import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// boxoffice's folders under the XDG base-directory rules.
package enum XDGFolder {
    /// `${variable:-$HOME/fallback}/boxoffice`, e.g. `${XDG_CACHE_HOME:-~/.cache}/boxoffice`.
    /// An empty or relative value of `variable` is ignored, as the spec says; nil without an absolute HOME.
    package static func boxoffice(_ variable: String, fallback: String, environment: [String: String]) -> URL? {
        if let base = environment[variable], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("boxoffice")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(fallback).appendingPathComponent("boxoffice")
    }

    /// Why there is no home-based folder: "HOME is not set", or "HOME (x) is not an absolute path".
    package static func missingHomeReason(environment: [String: String]) -> String {
        guard let home = environment["HOME"], !home.isEmpty else { return "HOME is not set" }
        return "HOME (\(home)) is not an absolute path"
    }
}
