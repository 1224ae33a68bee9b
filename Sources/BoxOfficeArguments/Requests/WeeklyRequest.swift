import BoxOfficeCore

/// The top ten of a week, its weekend or its weekdays (`weekly`, the `weekly_box_office` tool).
package struct WeeklyRequest: Equatable, Sendable {
    /// A day of the week to show; nil for the last complete week.
    package var day: Day?
    package var period: WeekPeriod?
    /// `--from`/`--to`: every week a range touches.
    package var range: ClosedRange<Day>?
    /// What the range is, when the user may not know (`--from` alone runs to yesterday).
    package var span: String?
    package var filters: RankingFilterOptions

    package static let date = Parameter("date", value: "D", help: "any day of the week: 20230327, 2023-03-27, yesterday or -Nd", default: "the last complete week",
                                kind: .day)
    package static let period = Parameter("period", value: "week|weekend|weekdays", help: "Monday–Sunday, Friday–Sunday, or Monday–Thursday", default: "week",
                                  kind: .choice(WeekPeriod.allCases.map(\.rawValue)))

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay(Self.date)
        range = try RankingRange.parse(arguments, date: Self.date)
        span = RankingRange.span(arguments, weeks: true)
        period = try arguments.choice(Self.period, among: WeekPeriod.self)
        filters = try RankingFilterOptions(arguments)
    }

    /// The Sunday that ends the last week wholly before `today`.
    package static func lastCompleteWeek(before today: Day) -> Day {
        today.adding(days: -today.weekday.rawValue)
    }
}

package extension WeeklyRequest {
    /// What the engine is asked: every week the range touches, or one week: with no day given,
    /// the last complete one, or the week `sample` gives for the period asked (the samples' latest).
    func engineRequest(today: Day, sample: (WeekPeriod?) -> (day: Day, period: WeekPeriod)?) -> RankingRequest<WeeklyBoxOffice> {
        if let range {
            return .weekly(.range(range), period: period ?? .week, filter: filters.filter, region: filters.region, deep: filters.deep)
        }
        var day = self.day ?? Self.lastCompleteWeek(before: today)
        var period = self.period ?? .week
        if self.day == nil, let held = sample(self.period) {
            (day, period) = held
        }
        return .weekly(.day(day), period: period, filter: filters.filter, region: filters.region, deep: filters.deep)
    }
}
