import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension WeeklyRequest {
    static let tool = MCPTool(
        name: "weekly_box_office", title: "Weekly or weekend box office (Korea)",
        description: "The top 10 of the Monday-to-Sunday week holding a day, or of its weekend (Friday-Sunday) or weekdays (Monday-Thursday). Default: the last complete week. The answer gives the days added up (start, end) and KOBIS's ISO year-week; audience is admissions (tickets sold) in the period, sales are in Korean won (KRW), changes compare with the week before.",
        inputs: [.the(WeeklyRequest.date, "Any day of the week (YYYY-MM-DD). Default: the last complete week."),
                       .the(WeeklyRequest.period, "week: Monday-Sunday (default); weekend: Friday-Sunday; weekdays: Monday-Thursday.")]
                      + MCPTools.filterInputs,
        output: WeeklyBoxOffice.shape,
        decode: { arguments throws(UsageError) in try WeeklyRequest(arguments) })
}

extension WeeklyRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let request = engineRequest(today: call.today) { call.defaultWeek($0) }
        if range != nil { return try await call.rankings(request, unit: "weeks", period: nil, span: span) }
        return try await call.ranking(request, unit: "weeks")
    }
}
