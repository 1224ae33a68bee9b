import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice calendar [YYYY-MM]`: a month laid out as a calendar, each day's number one.
struct CalendarCommand: BoxOfficeCommand, Equatable {
    /// nil: this month in Korea.
    var year: Int?
    var month: Int?

    static let spec = CommandSpec(
        name: "calendar", summary: "a month as a calendar, each day's number one film and its audience",
        arguments: [ArgumentSpec(name: "YYYY-MM", help: "the month, e.g. 2023-04 (default: this month in Korea)")],
        options: [],
        discussion: """
        Days KOBIS has not published yet (today and later) are marked as such. The month's days
        are fetched --jobs at a time and kept in the cache.
        """,
        examples: ["boxoffice calendar", "boxoffice calendar 2023-04", "boxoffice calendar 2023-04 --json | jq '.days[0]'"],
        fields: CommandSpec.fields(of: MonthCalendar.self))

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 1)
        guard let text = arguments.positionals.first?.trimmingBlanks() else { return }
        let (year, month) = try MonthArgument.parse(text, today: arguments.today, command: arguments.name)
        self.year = year
        self.month = month
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(MonthCalendar.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; a calendar reads many", command: "calendar") }
        var year = self.year ?? context.today.year
        var month = self.month ?? context.today.month
        if self.year == nil, let latest = context.source.defaultMonth(notice: context.notice) {
            (year, month) = latest
        }
        let days = MonthCalendar.days(year: year, month: month) ?? []
        let published = days.filter { $0 < context.today }
        let client = try context.client()
        // The samples hold some days only: the demo reads those, and the others are not read
        // (never "no figures").
        let read = try context.source.readable(published, period: "the month's \(published.count) published days", notice: context.notice)
        var tops: [Day: BoxOfficeEntry] = [:]
        try await client.dailyRankings(of: read, reading: context.reading(period: nil)) { ranking in
            tops[ranking.day] = ranking.entries.min { $0.rank < $1.rank }
        }
        let calendar = MonthCalendar(year: year, month: month, days: days.map { day in
            MonthCalendar.Entry(date: day, published: day < context.today, top: tops[day], read: context.source.reachesNetwork || read.contains(day))
        })
        return CommandOutput(.value(calendar, chart: true))
    }
}
