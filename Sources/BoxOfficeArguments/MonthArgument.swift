import BoxOfficeCore

/// Reads a month as users write it: `2023-04`, `202304`, `2023.04`, `2023/04`, `2023-4`, or as
/// Koreans do, `2023년 4월` and `4월` (the latest April not in the future); a day given where a
/// month is asked (`2025-10-01`, `2025년 10월 1일`) is read as its month.
package enum MonthArgument {
    /// The year and month, refused when malformed or after this month in Korea (`today`).
    package static func parse(_ text: String, today: Day, command: String, option: String = "") throws(UsageError) -> (year: Int, month: Int) {
        // Split as days are (DateArgument.numbers): 2023-04, 202304, 2023.4, 2023/04, 2023. 4.
        let trimmed = text.trimmingBlanks()
        guard let numbers = DateArgument.numbers(trimmed, parts: 2) ?? DateArgument.numbers(trimmed, parts: 3).map({ Array($0.prefix(2)) })
                ?? korean(text, today: today), (1...12).contains(numbers[1]), numbers[0] >= 1900 else {
            throw UsageError(message: "\(option)\(UsageError.quote(text)) is not a month; write it as 2023-04", command: command)
        }
        let (year, month) = (numbers[0], numbers[1])
        if year > today.year || (year == today.year && month > today.month) {
            throw UsageError(message: "\(option)\(name(year, month)) is in the future (this month in Korea is \(name(today.year, today.month)))", command: command)
        }
        return (year, month)
    }

    /// The year and month of `2023년 4월` or `2023년 4월 27일` (spaces optional), or of `4월`: the
    /// latest such month not after this one in Korea; nil for anything else.
    private static func korean(_ text: String, today: Day) -> [Int]? {
        guard let (numbers, units) = DateArgument.koreanParts(text.filter { $0 != " " }) else { return nil }
        switch units {
        case ["년", "월"], ["년", "월", "일"]: return Array(numbers.prefix(2))
        case ["월"]: return [numbers[0] <= today.month ? today.year : today.year - 1, numbers[0]]
        default: return nil
        }
    }

    /// `2023-04`.
    package static func name(_ year: Int, _ month: Int) -> String {
        cFormat("%04d-%02d", year, month)
    }
}
