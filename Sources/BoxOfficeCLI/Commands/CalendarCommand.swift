import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice calendar [YYYY-MM]`: a month laid out as a calendar, each day's number one.
extension CalendarRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "calendar", summary: "a month as a calendar, each day's number one film and its audience",
        arguments: [ArgumentSpec(name: "YYYY-MM", help: "the month, e.g. 2023-04 (default: this month in Korea)")],
        options: [],
        discussion: """
        Days KOBIS has not published yet (today and later) are marked as such. The month's days
        are fetched --jobs at a time and kept in the cache.
        """,
        examples: ["boxoffice calendar", "boxoffice calendar 2025-10", "boxoffice calendar 2025-10 --json | jq '.days[0]'"],
        fields: CommandSpec.fields(of: MonthCalendar.self))

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(MonthCalendar.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; a calendar reads many", command: "calendar") }
        let (year, month) = month(today: context.today) { context.defaultMonth() }
        let client = try context.client()
        let calendar = try await client.monthCalendar(year: year, month: month, today: context.today,
                                                      reading: context.reading(period: Self.periodWords))
        return .period(calendar, coverage: calendar.coverage, chart: true)
    }
}
