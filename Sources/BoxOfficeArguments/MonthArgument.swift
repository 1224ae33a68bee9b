import BoxOfficeCore

/// Reads a month as users write it: `2023-04`, `202304`, `2023.04`, `2023/04`, `2023-4`, or as
/// Koreans do, `2023년 4월`.
package enum MonthArgument {
    /// The year and month, refused when malformed or after this month in Korea (`today`).
    package static func parse(_ text: String, today: Day, command: String, option: String = "") throws(UsageError) -> (year: Int, month: Int) {
        // Split as days are (DateArgument.numbers): 2023-04, 202304, 2023.4, 2023/04, 2023. 4.
        guard let numbers = DateArgument.numbers(text.trimmingBlanks(), parts: 2) ?? korean(text), (1...12).contains(numbers[1]), numbers[0] >= 1900 else {
            throw UsageError(message: "\(option)\(UsageError.quote(text)) is not a month; write it as 2023-04", command: command)
        }
        let (year, month) = (numbers[0], numbers[1])
        if year > today.year || (year == today.year && month > today.month) {
            throw UsageError(message: "\(option)\(name(year, month)) is in the future (this month in Korea is \(name(today.year, today.month)))", command: command)
        }
        return (year, month)
    }

    /// The year and month of `2023년 4월` (spaces optional), or nil.
    private static func korean(_ text: String) -> [Int]? {
        guard let (numbers, units) = DateArgument.koreanParts(text.filter { $0 != " " }), units == ["년", "월"] else { return nil }
        return numbers
    }

    /// `2023-04`.
    package static func name(_ year: Int, _ month: Int) -> String {
        cFormat("%04d-%02d", year, month)
    }
}
