import BoxOfficeCore

/// The top ten of one day, or of every day of a range (`daily`, the `daily_box_office` tools).
package struct DailyRequest: Equatable, Sendable {
    /// nil: the default (yesterday, or the latest sample day in the demo).
    package var day: Day?
    /// `--from`/`--to`: every day of a range.
    package var range: ClosedRange<Day>?
    /// What the range is, when the user may not know (`--from` alone runs to yesterday).
    package var span: String?
    package var filters: RankingFilterOptions

    package static let date = Parameter("date", value: "D", help: "the day: 20230327, 2023-03-27, yesterday or -Nd", default: "yesterday in Korea", kind: .day)

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay(Self.date)
        range = try RankingRange.parse(arguments, date: Self.date)
        span = RankingRange.span(arguments)
        filters = try RankingFilterOptions(arguments)
    }

}

package extension DailyRequest {
    /// What the engine is asked: the range's days, or one day (`defaultDay` when none was given).
    func engineRequest(defaultDay: () -> Day) -> RankingRequest<DailyBoxOffice> {
        if let range { return .daily(.range(range), filter: filters.filter, region: filters.region, deep: filters.deep) }
        return .daily(.day(day ?? defaultDay()), filter: filters.filter, region: filters.region, deep: filters.deep)
    }
}

package extension DailyRequest {
    /// A range's days, named for the note that says how many the source holds.
    static let periodWords: @Sendable ([Day]) -> String = { "the range's \(NumberFormat.grouped($0.count)) days" }
}
