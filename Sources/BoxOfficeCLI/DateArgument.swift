import BoxOfficeCore
import BoxOfficeStorage

/// Reads a day as users write it: `20230327`, `2023-03-27`, `yesterday`, `today` or `-Nd`.
enum DateArgument {
    /// Resolves `text` against Korea's `today`; `option` names the flag in messages.
    static func day(_ text: String, today: Day, option: String) throws(UsageError) -> Day {
        let trimmed = text.trimmingBlanks().lowercased()
        switch trimmed {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if trimmed.hasPrefix("-"), trimmed.hasSuffix("d") {
            let digits = trimmed.dropFirst().dropLast()
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                  digits.count <= 5, let count = Int(digits) else {
                throw UsageError(message: "\(option) \(UsageError.quote(text)) is not a date: write -Nd for N days ago, e.g. -3d")
            }
            return today.adding(days: -count)
        }
        if trimmed.hasPrefix("-"), trimmed.count > 1, trimmed.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw UsageError(message: "\(option) \(UsageError.quote(text)) is not a date; did you mean '\(trimmed)d' (\(trimmed.dropFirst()) days ago)?")
        }
        guard let day = Day(trimmed) else {
            let digits = trimmed.filter { $0 != "-" }
            let looksLikeDate = digits.count == 8 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
                && (trimmed.count == 8 || Array(trimmed).enumerated().allSatisfy { ($0.offset == 4 || $0.offset == 7) == ($0.element == "-") })
            throw UsageError(message: looksLikeDate
                ? "\(option) \(UsageError.quote(text)) is not a real date"
                : "\(option) \(UsageError.quote(text)) is not a date: use 20230327, 2023-03-27, yesterday or -Nd")
        }
        return day
    }

    /// Refuses today and later days: KOBIS publishes a day only after it ends.
    static func requirePublished(_ day: Day, today: Day, option: String) throws(UsageError) {
        if day == today {
            throw UsageError(message: "\(option) \(day.iso) is today in Korea; KOBIS publishes a day's box office only after it ends. Try 'yesterday'.")
        }
        if day > today {
            throw UsageError(message: "\(option) \(day.iso) is in the future (today in Korea is \(today.iso)).")
        }
    }
}
