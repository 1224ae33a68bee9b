import BoxOfficeArguments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks and normalises a server root given with `--base-url` or `BOXOFFICE_BASE_URL`.
///
/// What RFC 3986 allows and a server can answer is normalised (`HTTP://Host` → `http://host`);
/// what can never work is refused with the reason: another scheme, a user name or password
/// (it would be printed with every request), a port outside 1–65535, a query or a fragment.
enum ServerAddress {
    struct Rejection: Error {
        let reason: String
    }

    static func normalised(_ text: String) throws(Rejection) -> URL {
        guard let separator = text.firstRange(of: "://") else {
            throw Rejection(reason: "is not an http(s) server address such as https://www.kobis.or.kr")
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw Rejection(reason: "is not an http(s) server address such as https://www.kobis.or.kr")
        }
        let rest = text[separator.upperBound...]
        guard !rest.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) else {
            throw Rejection(reason: "contains spaces or control characters")
        }
        if rest.contains("#") { throw Rejection(reason: "has a #fragment, which a server never sees; remove it") }
        if rest.contains("?") { throw Rejection(reason: "has a ?query; give only the server root, e.g. https://www.kobis.or.kr") }
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        if authority.contains("@") {
            throw Rejection(reason: "holds a user name or password, which boxoffice does not send (it would be shown with every request)")
        }
        let host: String
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw Rejection(reason: "has an IPv6 address without its closing ']'") }
            let literal = authority[authority.index(after: authority.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), literal.contains(":") else {
                throw Rejection(reason: "has '[\(literal)]', which is not an IPv6 address")
            }
            host = "[" + literal.lowercased() + "]"
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { throw Rejection(reason: "has text after the IPv6 address's ']'") }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else {
            let name = authority.prefix { $0 != ":" }
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
                throw Rejection(reason: name.isEmpty ? "has no server name" : "has a server name with characters a host name cannot hold")
            }
            host = name.lowercased()
            portText = authority.count > name.count ? authority.dropFirst(name.count + 1) : nil
        }
        var port = ""
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(portText), (1...65535).contains(number) else {
                throw Rejection(reason: "has port '\(portText.prefix(12))', which is not a number from 1 to 65535")
            }
            port = ":\(number)"
        }
        guard let url = URL(string: scheme + "://" + host + port + path) else {
            throw Rejection(reason: "has a path that is not valid in a URL")
        }
        return url
    }

    /// The address with any `user:password@` replaced by `***@`, for quoting in a message.
    static func withoutUserinfo(_ text: String) -> String {
        guard let separator = text.firstRange(of: "://") else { return text }
        let rest = text[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return text }
        return text[..<separator.upperBound] + "***" + text[at...]
    }
}
