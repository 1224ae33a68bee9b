import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension CalendarRequest {
    static let tool = MCPTool(
        name: "month_calendar", title: "A month's number one film, day by day",
        description: "A month of Korean box office as a calendar: for every day, the film ranked first that day (movie code, title) and its admissions (audience: tickets sold that day), from the daily top 10 of each day (one call a day the first time, then from the cache). Sends progress notifications when asked. Days KOBIS has not published yet (today and later; a day is published after it ends) have published false and nulls. Default: this month in Korea.",
        inputs: [.words(TopRequest.month.name, TopRequest.month.schema("The month, YYYY-MM, e.g. 2023-04; default this month in Korea.")), .maxCalls],
        output: MonthCalendar.shape,
        words: { arguments throws(MCPArgumentError) in
            try MCPTools.string(arguments, TopRequest.month.name).map { [$0] } ?? []
        },
        decode: { arguments throws(UsageError) in try CalendarRequest(arguments) })
}

extension CalendarRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let (year, month) = month(today: call.today) { call.defaultMonth() }
        let calendar = try await call.session.client().monthCalendar(year: year, month: month, today: call.today,
                                                                     reading: call.reading(period: Self.periodWords))
        return .period(calendar, coverage: calendar.coverage)
    }
}
