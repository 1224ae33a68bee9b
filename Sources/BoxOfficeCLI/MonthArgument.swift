import BoxOfficeCore
import BoxOfficeStorage

/// Reads a month as users write it: `2023-04`, `202304`, `2023.04` or `2023/04`.
enum MonthArgument {
    /// The year and month, refused when malformed or after this month in Korea (`today`).
    static func parse(_ text: String, today: Day, command: String, option: String = "") throws(UsageError) -> (year: Int, month: Int) {
        let trimmed = text.trimmingBlanks()
        let parts = trimmed.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == "/" }).map(String.init)
        let digits = parts.count == 1 && trimmed.count == 6 ? [String(trimmed.prefix(4)), String(trimmed.suffix(2))] : parts
        guard digits.count == 2, digits[0].count == 4, let year = Int(digits[0]), let month = Int(digits[1]), (1...12).contains(month),
              year >= 1900 else {
            throw UsageError(message: "\(option)\(UsageError.quote(text)) is not a month; write it as 2023-04", command: command)
        }
        if year > today.year || (year == today.year && month > today.month) {
            throw UsageError(message: "\(option)\(name(year, month)) is in the future (this month in Korea is \(name(today.year, today.month)))", command: command)
        }
        return (year, month)
    }

    /// `2023-04`.
    static func name(_ year: Int, _ month: Int) -> String {
        cFormat("%04d-%02d", year, month)
    }
}
