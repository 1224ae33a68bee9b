import BoxOfficeCore

/// What `people` and `company` look up: one record by its code, or a page of matches for a name.
package enum Lookup: Equatable {
    case code(String)
    case name(String, page: Int)
}

/// People and company codes: 6 to 8 digits (KOBIS lists some 6- and 7-digit company codes), or
/// 8 characters in the shape of movie codes (a year, then letters or digits), since KOBIS puts
/// letters in codes (2023C165).
package enum CodeArgument {
    package static func isCode(_ text: String) -> Bool {
        (6...8).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) } || MovieCodeArgument.isCode(text)
    }
}
