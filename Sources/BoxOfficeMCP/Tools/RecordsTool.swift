import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension RecordsQuery {
    static let tool = MCPTool(
        name: "period_records", title: "Box-office records of a year, a month or a period",
        description: "A period's box-office records as the Korean film press counts them, computed from the daily top 10 of every day of the period (read as top_films reads it: a year is 365 calls the first time, then instant from the cache). Sends progress notifications when asked. Among the films that opened in the period: the biggest opening days (openingDay: day 1's admissions), the biggest opening weekends (openingWeekend: the first Friday to Sunday, the opening day's own when it opens Friday to Sunday) and the fastest to 1,000,000 admissions (fastestTo: days since opening, the opening day being day 1; also to 'milestone' when given). Among all its films: the most days at number one (daysAtNumberOne), the longest run of consecutive days at number one (longestAtNumberOne) and the best single days (bestDay: each film's biggest). Each record: kind, rank (equal figures share one), movie code, title, value (admissions or days), milestone (fastestTo only), and the first and last day it rests on. Every figure rests on days read; a film that opened on a day not read is left out of the opening records. Give one of year, month, from (with to) or allTime (every day since 2004-01-01: instant from a synced history); default the last complete year. Filters as in daily_box_office apply to every day.",
        inputs: MCPTools.periodInputs + [
            .the(RecordsQuery.places, "How many places of each record (default \(TopRequest.defaultLimit); equal figures share a place)."),
            .the(RecordsQuery.milestone, "Also the fastest to this many admissions, e.g. '3000000' or '300만'."),
        ] + MCPTools.filterInputs,
        output: PeriodRecords.shape,
        decode: { arguments throws(UsageError) in try RecordsQuery(arguments) })
}

extension RecordsQuery: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let (request, span) = engineRequest(today: call.today) { call.defaultYear() }
        let client = try call.session.client()
        let resolved = try await call.scope(client, filter: request.filter, region: request.region)
        let records = try await client.records(request, resolved: resolved, reading: call.reading(period: TopRequest.periodWords, span: span))
        if let note = records.leftOut() { call.notice?(note) }
        return .period(records, coverage: records.coverage)
    }
}
