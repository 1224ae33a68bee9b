#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A calendar day, as KOBIS counts days: in Korea (UTC+9, no daylight saving).
public struct Day: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01: one small number, so that a period's days (thousands, in every film's
    /// run) are compared, hashed, counted and stored as cheaply as a number is.
    private let serial: Int32

    /// The year, e.g. 2023.
    public var year: Int { civil.year }
    /// The month, 1 to 12.
    public var month: Int { civil.month }
    /// The day of the month, 1 to 31.
    public var day: Int { civil.day }

    /// Creates a day, or returns nil when the date does not exist (2023-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Day.length(ofMonth: month, in: year)).contains(day) else { return nil }
        self.init(known: year, month, day)
    }

    /// A day known to exist, made without checking (the constants below).
    private init(known year: Int, _ month: Int, _ day: Int) {
        serial = Int32(Self.daysSinceEpoch(year: year, month: month, day: day))
    }

    /// The first day KOBIS has figures for: its ticketing network began on 2004-01-01.
    package static let kobisFirst = Day(known: 2004, 1, 1)

    /// Parses `20230327` or `2023-03-27`; returns nil for anything else or a date that does not exist.
    public init?(_ text: String) {
        let digits: Substring
        let bytes = Array(text.utf8)
        if bytes.count == 8 {
            digits = Substring(text)
        } else if bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") {
            digits = Substring(text.filter { $0 != "-" })
        } else {
            return nil
        }
        guard digits.utf8.count == 8, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let year = Int(digits.prefix(4)),
              let month = Int(digits.dropFirst(4).prefix(2)),
              let day = Int(digits.suffix(2)) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day in Korea at the given instant.
    public static func korean(at instant: Date) -> Day {
        Day(daysSinceEpoch: koreanSeconds(instant).days)
    }

    /// `2026-11-22 13:19 KST`.
    package static func koreanTimestamp(_ instant: Date) -> String {
        let (days, seconds) = koreanSeconds(instant)
        return "\(Day(daysSinceEpoch: days).iso) \(cFormat("%02d:%02d", seconds / 3600, seconds % 3600 / 60)) KST"
    }

    /// `2026-11-22T13:19:05+09:00`: an instant as ISO 8601, in Korean time.
    package static func koreanISO(_ instant: Date) -> String {
        let (days, seconds) = koreanSeconds(instant)
        return "\(Day(daysSinceEpoch: days).iso)T\(cFormat("%02d:%02d:%02d", seconds / 3600, seconds % 3600 / 60, seconds % 60))+09:00"
    }

    /// A day written exactly `YYYY-MM-DD` (as a database keeps it), read from its bytes: nil for
    /// any other text, or a day that does not exist.
    package static func iso(_ text: String) -> Day? {
        text.utf8.withContiguousStorageIfAvailable(iso(bytes:)) ?? Array(text.utf8).withUnsafeBufferPointer(iso(bytes:))
    }

    /// ``iso(_:)`` read from the text's UTF-8 bytes, as a database hands them over.
    package static func iso(bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = digits(bytes, 0..<4), let month = digits(bytes, 5..<7), let day = digits(bytes, 8..<10) else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// The number the decimal digits at `range` of `bytes` write; nil when one is not a digit.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var number = 0
        for position in range {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            number = number * 10 + Int(digit)
        }
        return number
    }

    /// The instant of an ISO 8601 time with its offset (`2026-11-22T13:19:05+09:00`, as
    /// ``koreanISO(_:)`` writes it); nil for any other text.
    package static func instant(_ text: String) -> Date? {
        text.utf8.withContiguousStorageIfAvailable(instant(bytes:)) ?? Array(text.utf8).withUnsafeBufferPointer(instant(bytes:))
    }

    /// ``instant(_:)`` read from the text's UTF-8 bytes, as a database hands them over.
    package static func instant(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 25 else { return nil }
        func at(_ offset: Int) -> UInt8 { bytes[offset] }
        func number(_ offset: Int) -> Int? { digits(bytes, offset..<offset + 2) }
        guard let day = iso(bytes: UnsafeBufferPointer(rebasing: bytes[0..<10])), at(10) == UInt8(ascii: "T"), at(13) == UInt8(ascii: ":"), at(16) == UInt8(ascii: ":"),
              at(22) == UInt8(ascii: ":"), at(19) == UInt8(ascii: "+") || at(19) == UInt8(ascii: "-"),
              let hour = number(11), let minute = number(14), let second = number(17), let offsetHours = number(20),
              let offsetMinutes = number(23), hour < 24, minute < 60, second < 61, offsetHours < 24, offsetMinutes < 60 else { return nil }
        let offset = (offsetHours * 3600 + offsetMinutes * 60) * (at(19) == UInt8(ascii: "-") ? -1 : 1)
        let seconds = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `13:19`, the time of day in Korea.
    package static func koreanTime(of instant: Date) -> String {
        let seconds = koreanSeconds(instant).seconds
        return cFormat("%02d:%02d", seconds / 3600, seconds % 3600 / 60)
    }

    /// Whole days since 1970-01-01 in Korea, and seconds into that day. Instants outside the years
    /// 1 to 9999 (a damaged timestamp, a clock gone wild) count as the nearest end, never a trap.
    private static func koreanSeconds(_ instant: Date) -> (days: Int, seconds: Int) {
        let raw = instant.timeIntervalSince1970.rounded(.down)
        let clamped = raw.isNaN ? 0 : min(max(raw, -62_135_596_800), 253_402_300_799 - 9 * 3600)
        let seconds = Int(clamped) + 9 * 3600
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (days, seconds - days * 86_400)
    }

    /// `20230327`, as KOBIS parameters want it.
    public var compact: String {
        written(separator: nil)
    }

    /// `2023-03-27`, as ISO 8601 and our JSON write it.
    public var iso: String {
        written(separator: UInt8(ascii: "-"))
    }

    /// The year in four digits, the month and the day in two, with `separator` between them:
    /// written digit by digit (a period's table writes thousands of days).
    private func written(separator: UInt8?) -> String {
        let (year, month, day) = civil
        // Years up to 9999 are four digits; a day made past them (a damaged figure) is written as printf would.
        guard (0...9999).contains(year) else {
            return separator == nil ? cFormat("%04d%02d%02d", year, month, day) : cFormat("%04d-%02d-%02d", year, month, day)
        }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            var at = 0
            func put(_ number: Int, digits: Int) {
                var rest = number
                for place in stride(from: at + digits - 1, through: at, by: -1) {
                    buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                at += digits
            }
            put(year, digits: 4)
            if let separator { buffer[at] = separator; at += 1 }
            put(month, digits: 2)
            if let separator { buffer[at] = separator; at += 1 }
            put(day, digits: 2)
            return at
        }
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> Day {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(count)
        return Day(daysSinceEpoch: overflow ? (count > 0 ? .max : .min) : sum)
    }

    /// Days from `self` to `other`.
    public func days(to other: Day) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        lhs.serial < rhs.serial
    }
}

/// Monday to Sunday, in ISO order.
public enum Weekday: Int, CaseIterable, Sendable {
    /// Monday, the first day of a KOBIS week.
    case monday = 1
    /// Tuesday.
    case tuesday
    /// Wednesday.
    case wednesday
    /// Thursday.
    case thursday
    /// Friday, the first day of a KOBIS weekend.
    case friday
    /// Saturday.
    case saturday
    /// Sunday, the last day of a KOBIS week.
    case sunday

    /// `Mon`, `Tue`, …
    public var shortName: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1]
    }
}

extension Day: CustomStringConvertible {
    public var description: String { iso }
}

extension Day {
    /// Days in a month of a year.
    package static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Civil-from-days and days-from-civil conversions on the proleptic Gregorian calendar,
    // pure integer arithmetic so that no time-zone database or Calendar is needed.

    /// The day `daysSinceEpoch` days after 1970-01-01 (before it when negative); a count past the
    /// years 1 to 9999 by far (a damaged figure) is held to what the day can store, never a trap.
    package init(daysSinceEpoch: Int) {
        serial = Int32(clamping: daysSinceEpoch)
    }

    /// Days since 1970-01-01.
    package var daysSinceEpoch: Int {
        Int(serial)
    }

    /// The year, month and day of the month.
    private var civil: (year: Int, month: Int, day: Int) {
        let z = Int(serial) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a day of the calendar.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
