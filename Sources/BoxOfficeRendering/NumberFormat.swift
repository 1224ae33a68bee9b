import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Number spellings for tables: `41.2%`, `136.5만`, `+1,234`.
extension NumberFormat {
    /// An audience for a table: grouped digits, or under a Korean locale, from 10만 up, in 만 or
    /// 억 with one decimal (`136.5만`, `1.2억`). JSON and CSV always carry the exact number.
    /// Whether a column of audiences reads in 만 and 억 (Korean tables): only when every one of
    /// them would, so a column has one unit (never `26.5만` beside `63,927`) and no figure loses digits.
    static func inUnits(_ column: [Int?], korean: Bool) -> Bool {
        korean && column.contains { $0 != nil } && column.allSatisfy { ($0 ?? 100_000) >= 100_000 }
    }

    static func audience(_ number: Int?, korean: Bool) -> String {
        guard korean, let number, number >= 100_000 else { return grouped(number) }
        if number >= 100_000_000 { return tenths(number, per: 100_000_000) + "억" }
        return tenths(number, per: 10_000) + "만"
    }

    /// An audience in few columns, where a whole one does not fit: in 만 or 억 (Korean) or in
    /// k or M, with one decimal below 100 of the unit (`6.4만`, `64k`, `1.2M`).
    static func compact(_ number: Int, korean: Bool) -> String {
        let units: [(Int, String)] = korean ? [(100_000_000, "억"), (10_000, "만")] : [(1_000_000, "M"), (1_000, "k")]
        guard let (unit, name) = units.first(where: { number.magnitude >= $0.0 }) else { return grouped(number) }
        let tenths = (number * 10 + unit / 2) / unit
        return (tenths >= 1_000 ? grouped((tenths + 5) / 10) : tenths % 10 == 0 ? grouped(tenths / 10) : "\(tenths / 10).\(tenths % 10)") + name
    }

    /// `number / unit` with one decimal, rounded half up, without a trailing `.0`.
    private static func tenths(_ number: Int, per unit: Int) -> String {
        let tenths = (number * 10 + unit / 2) / unit
        return tenths % 10 == 0 ? grouped(tenths / 10) : "\(grouped(tenths / 10)).\(tenths % 10)"
    }

    /// `+1,234` or `-1,234` (0 without a sign).
    static func signed(_ number: Int?) -> String {
        guard let number else { return "–" }
        return number > 0 ? "+" + grouped(number) : grouped(number)
    }

    package static func percent(_ number: Double?) -> String {
        guard let number else { return "–" }
        return cFormat("%.1f%%", number)
    }

    /// A change in percent with its sign (`+13.1%`, `-24.7%`).
    package static func signedPercent(_ number: Double?) -> String {
        guard let number else { return "–" }
        return cFormat("%+.1f%%", number)
    }
}
