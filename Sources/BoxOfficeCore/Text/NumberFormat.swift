/// Number spellings for messages: `4,356,523`, `64 MiB`. The tables' spellings extend it.
package enum NumberFormat {
    /// Digits in groups of three: `4,356,523`; `–` for no number.
    package static func grouped<N: BinaryInteger>(_ number: N?) -> String {
        guard let number else { return "–" }
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    /// A size as people say it: `64 MiB`, `64 KiB` for whole units, else `1,234 bytes`.
    package static func bytes(_ count: Int) -> String {
        for (unit, name) in [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] where count >= unit && count % unit == 0 {
            return "\(grouped(count / unit)) \(name)"
        }
        return "\(grouped(count)) byte\(count == 1 ? "" : "s")"
    }
}
