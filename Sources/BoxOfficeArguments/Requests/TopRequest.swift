import BoxOfficeCore

/// Films ranked by audience within a period, computed from the daily rankings of its days.
package struct TopRequest: Equatable, Sendable {
    /// What the user asked for; resolved to days against today at run time.
    package var period: Period
    package var limit: Int
    package var filters: RankingFilterOptions
    /// What a range is, when the user may not know (`--from` alone runs to yesterday).
    package var span: String? = nil

    /// A year, a month, or any range of days.
    package enum Period: Equatable {
        /// nil: the last complete year.
        case year(Int?)
        case month(year: Int, month: Int)
        case range(ClosedRange<Day>)
    }

    package static let defaultLimit = 10
    /// The earliest year KOBIS's ticketing network covers.
    package static let firstYear = 2004

    package static let year = Parameter("year", value: "YYYY", help: "a calendar year; this year runs to yesterday", default: "the last complete year",
                                kind: .number(firstYear...9999))
    package static let month = Parameter("month", value: "YYYY-MM", help: "a month, e.g. 2023-08; this month runs to yesterday", kind: .word)
    package static let allTime = Parameter("all-time", help: "every day from 2004-01-01 (KOBIS's first) to yesterday: instant from a synced history, else its calls asked first",
                                           kind: .flag)
    /// A tool's `allTime: true`, for `--all-time`.
    package static let allTimeArgument = Parameter("allTime", help: "every day from 2004-01-01 (KOBIS's first) to yesterday", kind: .flag)
    package static let limit = Parameter("limit", value: "N", help: "how many films to list", default: String(defaultLimit), kind: .number(1...10_000))

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        let (from, to) = (RankingRange.from, RankingRange.to)
        // The whole past: the command line's flag, or a tool's argument.
        let allTime = arguments.has(Self.allTimeArgument) ? Self.allTimeArgument : Self.allTime
        let given = [Self.year, Self.month, allTime, arguments.has(from) ? from : to].filter(arguments.has)
        if given.count > 1 {
            let allTimeName = arguments.offers(Self.allTime) ? arguments.named(Self.allTime) : arguments.offers(Self.allTimeArgument) ? arguments.named(Self.allTimeArgument) : nil
            throw UsageError(message: "\(arguments.named(given[0])) and \(arguments.named(given[1])) cannot be used together; give one period: \(arguments.named(Self.year)), \(arguments.named(Self.month)), \(allTimeName.map { $0 + ", " } ?? "")or \(arguments.named(from)) and \(arguments.named(to))", command: arguments.name)
        }
        let today = arguments.today
        if arguments.has(allTime) {
            let yesterday = today.adding(days: -1)
            period = .range(Day.kobisFirst...max(Day.kobisFirst, yesterday))
            span = "\(arguments.named(allTime)) reads every day from \(Day.kobisFirst.iso) to yesterday (\(yesterday.iso))"
        } else if let range = try RankingRange.parse(arguments) {
            period = .range(range)
            span = RankingRange.span(arguments)
        } else if let text = arguments.string(Self.month) {
            let (year, month) = try MonthArgument.parse(text, today: today, command: arguments.name, option: arguments.named(Self.month) + " ")
            if year == today.year, month == today.month, today.day == 1 {
                throw UsageError(message: "\(arguments.named(Self.month)) \(MonthArgument.name(year, month)) has no published day yet (KOBIS publishes a day only after it ends); try the month before", command: arguments.name)
            }
            period = .month(year: year, month: month)
        } else if let text = arguments.string(Self.year) {
            let trimmed = text.trimmingBlanks()
            guard trimmed.count == 4, let year = Int(trimmed) else {
                throw UsageError(message: "\(arguments.named(Self.year)) \(UsageError.quote(text)) is not a year; write it as 2023", command: arguments.name)
            }
            guard year >= Self.firstYear else {
                throw UsageError(message: "\(arguments.named(Self.year)) \(year) is before KOBIS's figures begin (\(Self.firstYear))", command: arguments.name)
            }
            guard year < today.year || (year == today.year && today.adding(days: -1).year == year) else {
                throw UsageError(message: year > today.year ? "\(arguments.named(Self.year)) \(year) is in the future (this year in Korea is \(today.year))"
                                 : "\(arguments.named(Self.year)) \(year) has no published day yet (KOBIS publishes a day only after it ends); try \(year - 1)", command: arguments.name)
            }
            period = .year(year)
        } else {
            period = .year(nil)
        }
        limit = try arguments.number(Self.limit) ?? Self.defaultLimit
        filters = try RankingFilterOptions(arguments)
    }

    /// The period as the engine takes it: with none given, the last complete year (in the demo,
    /// `defaultYear`, the samples').
    package func enginePeriod(today: Day, defaultYear: Int?) -> TopFilmsRequest.Period {
        switch period {
        case let .year(year?): .year(year)
        case .year(nil): .year(defaultYear ?? today.year - 1)
        case let .month(year, month): .month(year: year, month: month)
        case let .range(range): .range(range)
        }
    }


}

package extension TopRequest {
    /// What the engine is asked, and what its period is when the user may not know (no period
    /// given, or `from` alone): `defaultYear` is asked only when no period was given.
    /// `command` names what reads the period in the span's words: `top`, or `records`, which reads it as `top` does.
    func engineRequest(today: Day, command: String = "top", defaultYear: () -> Int?) -> (request: TopFilmsRequest, span: String?) {
        let period = enginePeriod(today: today, defaultYear: self.period == .year(nil) ? defaultYear() : nil)
        let span: String? = switch self.period {
        case .year(nil): "with no period, \(command) reads the last complete year (\(period.days?.lowerBound.year ?? today.year - 1))"
        case .range: self.span
        default: nil
        }
        return (TopFilmsRequest(period, filter: filters.filter, region: filters.region, limit: limit, deep: filters.deep), span)
    }
}

package extension TopRequest {
    /// The period's days, named for the note that says how many the source holds.
    static let periodWords: @Sendable ([Day]) -> String = { "the period's \(NumberFormat.grouped($0.count)) days" }
}
