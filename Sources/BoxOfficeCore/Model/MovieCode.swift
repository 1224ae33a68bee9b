/// KOBIS movie codes: 8 letters and digits, the first four digits (a year), like 20124079 or
/// 2024A603 (KOBIS puts letters in newer codes).
package enum MovieCode {
    package static func isValid(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == 8 && scalars.prefix(4).allSatisfy { ("0"..."9").contains($0) }
            && scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
