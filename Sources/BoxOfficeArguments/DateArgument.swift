import BoxOfficeCore

/// Reads a day as users write it: `20230327`, `2023-03-27`, `2023-3-27`, `2023.03.27` (and the
/// Korean `2023. 3. 27.`), `2023/03/27`, `yesterday`, `today` or `-Nd`, and as Koreans say it:
/// `오늘`, `어제`, `그제` (`그저께`), `3일 전`, `2023년 3월 27일` and `3월 27일` (this year's, or last
/// year's while this year's is still to come). The one reader of dates for every command, option
/// and MCP tool; months go through the same splitting (`MonthArgument`).
package enum DateArgument {
    /// What is wrong with a text that was to be a day; each face words it.
    package enum Problem: Error, Equatable {
        /// `-xd`: not a count of days ago.
        case badDaysAgo
        /// `-3`: a count of days ago without its `d`.
        case daysAgoWithoutD(String)
        /// Not written as a day at all.
        case notADate
        /// Written as a day that does not exist (`2023-02-30`).
        case notARealDate
    }

    /// Resolves `text` against Korea's `today`.
    package static func read(_ text: String, today: Day) throws(Problem) -> Day {
        let trimmed = text.trimmingBlanks().lowercased()
        switch trimmed {
        case "today", "오늘": return today
        case "yesterday", "어제": return today.adding(days: -1)
        case "그제", "그저께": return today.adding(days: -2)
        default: break
        }
        if let day = try korean(trimmed, today: today) { return day }
        if trimmed.hasPrefix("-"), trimmed.hasSuffix("d") {
            let digits = trimmed.dropFirst().dropLast()
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                  digits.count <= 5, let count = Int(digits) else { throw .badDaysAgo }
            return today.adding(days: -count)
        }
        if trimmed.hasPrefix("-"), trimmed.count > 1, trimmed.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw .daysAgoWithoutD(trimmed)
        }
        guard let numbers = numbers(trimmed, parts: 3) else { throw .notADate }
        guard let day = Day(year: numbers[0], month: numbers[1], day: numbers[2]) else { throw .notARealDate }
        return day
    }

    /// A day written in Korean words: `3일 전` (days ago), `2023년 3월 27일`, `3월 27일`, spaces
    /// between the parts optional; nil when `text` has none of these shapes.
    private static func korean(_ text: String, today: Day) throws(Problem) -> Day? {
        let compact = text.filter { $0 != " " }
        if compact.hasSuffix("일전") {
            let digits = compact.dropLast(2)
            guard (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else { return nil }
            return today.adding(days: -count)
        }
        guard let (numbers, units) = koreanParts(compact) else { return nil }
        switch units {
        case ["년", "월", "일"]:
            guard numbers[0] >= 1000 else { return nil }
            guard let day = Day(year: numbers[0], month: numbers[1], day: numbers[2]) else { throw .notARealDate }
            return day
        case ["월", "일"]:
            // The latest such day that is not to come: this year's, or last year's (2월 29일: the last leap year's).
            for year in stride(from: today.year, through: today.year - 8, by: -1) {
                if let day = Day(year: year, month: numbers[0], day: numbers[1]), day <= today { return day }
            }
            throw .notARealDate
        default:
            return nil
        }
    }

    /// The numbers of a date written with Korean units and no spaces (`2023년4월23일`, `4월23일`,
    /// `2023년4월`), each before its unit: a year of 1 to 4 digits, a month or day of 1 or 2; nil
    /// for anything else (other characters, digits without a unit after them).
    package static func koreanParts(_ compact: String) -> (numbers: [Int], units: [Character])? {
        var numbers: [Int] = []
        var units: [Character] = []
        var digits = ""
        for character in compact {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if "년월일".contains(character), (1...(character == "년" ? 4 : 2)).contains(digits.count), let number = Int(digits) {
                numbers.append(number)
                units.append(character)
                digits = ""
            } else {
                return nil
            }
        }
        return digits.isEmpty && !units.isEmpty ? (numbers, units) : nil
    }

    /// Resolves `text` against Korea's `today`; `option` names the flag in messages.
    package static func day(_ text: String, today: Day, option: String) throws(UsageError) -> Day {
        do {
            return try read(text, today: today)
        } catch {
            throw mistake(error, text: text, option: option)
        }
    }

    /// What is wrong with `text` as a day, as the command line says it (`option` is the flag).
    package static func mistake(_ problem: Problem, text: String, option: String) -> UsageError {
        let quoted = "\(option) \(UsageError.quote(text))"
        switch problem {
        case .badDaysAgo: return UsageError(message: "\(quoted) is not a date: write -Nd for N days ago, e.g. -3d")
        case let .daysAgoWithoutD(trimmed): return UsageError(message: "\(quoted) is not a date; did you mean '\(trimmed)d' (\(trimmed.dropFirst()) days ago)?")
        case .notADate: return UsageError(message: "\(quoted) is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd")
        case .notARealDate: return UsageError(message: "\(quoted) is not a real date")
        }
    }

    /// The numbers of a date written with its parts run together (`20230327`, `202303`) or
    /// parted by `-`, `.`, `/` or spaces (`2023-3-27`, `2023. 3. 27.`): a year of four digits,
    /// then `parts - 1` numbers of one or two digits; nil for anything else.
    package static func numbers(_ text: String, parts: Int) -> [Int]? {
        let isDigit = { (character: Character) in character.isASCII && character.isNumber }
        var pieces: [Substring]
        if text.count == 4 + 2 * (parts - 1), text.allSatisfy(isDigit) {
            pieces = [text.prefix(4)]
            var rest = text.dropFirst(4)
            while !rest.isEmpty {
                pieces.append(rest.prefix(2))
                rest = rest.dropFirst(2)
            }
        } else {
            pieces = text.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == "/" || $0 == " " })
            // A separator joins two numbers, or ends the date (`2023. 3. 27.`); never two in a row.
            let separators = text.filter { !isDigit($0) }
            guard separators.allSatisfy({ "-./ ".contains($0) }),
                  !text.contains("--"), !text.contains(".."), !text.contains("//"), !text.contains("-."), !text.hasPrefix("-") else { return nil }
        }
        guard pieces.count == parts, pieces[0].count == 4, pieces.dropFirst().allSatisfy({ (1...2).contains($0.count) }),
              pieces.allSatisfy({ $0.allSatisfy(isDigit) }) else { return nil }
        return pieces.compactMap { Int($0) }
    }

    /// Refuses today and later days: KOBIS publishes a day only after it ends.
    package static func requirePublished(_ day: Day, today: Day, option: String) throws(UsageError) {
        if day == today {
            throw UsageError(message: "\(option) \(day.iso) is today in Korea; KOBIS publishes a day's box office only after it ends. Try 'yesterday'.")
        }
        if day > today {
            throw UsageError(message: "\(option) \(day.iso) is in the future (today in Korea is \(today.iso)).")
        }
    }
}
