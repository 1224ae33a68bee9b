import BoxOfficeCore

/// A month laid out as a calendar, each day's number one (`calendar`, the `month_calendar` tool).
package struct CalendarRequest: Equatable, Sendable {
    /// nil: this month in Korea.
    package var year: Int?
    package var month: Int?

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 1)
        guard let text = arguments.positionals.first?.trimmingBlanks() else { return }
        let (year, month) = try MonthArgument.parse(text, today: arguments.today, command: arguments.name)
        self.year = year
        self.month = month
    }
}

package extension CalendarRequest {
    /// The month to lay out: the one given, else this month in Korea, or `latestHeld` when the
    /// source holds only some days (the samples' latest month).
    func month(today: Day, latestHeld: () -> (year: Int, month: Int)?) -> (year: Int, month: Int) {
        if year == nil, let latest = latestHeld() { return latest }
        return (year ?? today.year, month ?? today.month)
    }
}

package extension CalendarRequest {
    /// The month's days, named for the note that says how many the source holds.
    static let periodWords: @Sendable ([Day]) -> String = { "the month's \($0.count) published days" }
}
