import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AnswerCache {
    /// The cache for `--cache-dir`, `BOXOFFICE_CACHE_DIR` or the XDG default; nil without a home.
    package static func chosen(option: String?, environment: [String: String]) -> AnswerCache? {
        let given = (option?.isEmpty == false) || (environment["BOXOFFICE_CACHE_DIR"]?.isEmpty == false)
        return folder(option: option, environment: environment).map { AnswerCache(folder: $0, isDefault: !given) }
    }

    /// `--cache-dir`, else `BOXOFFICE_CACHE_DIR`, else `${XDG_CACHE_HOME:-~/.cache}/boxoffice`
    /// (an empty or relative `XDG_CACHE_HOME` is ignored, as the XDG spec says); nil without a home.
    package static func folder(option: String?, environment: [String: String]) -> URL? {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
        if let variable = environment["BOXOFFICE_CACHE_DIR"], !variable.isEmpty { return URL(fileURLWithPath: variable) }
        return XDGFolder.boxoffice("XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }
}
