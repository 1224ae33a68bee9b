#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Number spellings for tables: `4,356,523`, `41.2%`.
public enum NumberFormat {
    public static func grouped<N: BinaryInteger>(_ number: N?) -> String {
        guard let number else { return "–" }
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    static func percent(_ number: Double?) -> String {
        guard let number else { return "–" }
        return cFormat("%.1f%%", number)
    }
}
