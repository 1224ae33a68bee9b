import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension ToolCall {
    /// One day's (week's) ranking, a deep one's calls checked first.
    nonisolated(nonsending) func ranking<Ranking: ListedRanking & RankingPresentation>(_ request: RankingRequest<Ranking>, unit: String) async throws -> ToolAnswer {
        let client = try session.client()
        let resolved = try await scope(client, filter: request.filter, region: request.region)
        var reading = PeriodReading(jobs: session.jobs)
        reading.approve = { [self] cost in try approve(cost, unit: unit, span: nil) }
        let notice = self.notice
        var value: Ranking?
        try await client.rankings(request, resolved: resolved, reading: reading, disagrees: { day in
            notice?("the top 10 of \(day.iso) in the cache differs from the deep list's first rows: KOBIS revised its figures between the calls.")
        }) { value = $0 }
        guard let value else { throw KOBISError.unreadable(.wrongShape("no ranking")) }
        return ToolAnswer(json: value.json)
    }

    /// The rankings of a range, in order, with each day not read in its place (a day the source
    /// does not hold, a KOBIS failure, a day the cache lacks offline), and the failure after them.
    nonisolated(nonsending) func rankings<Ranking: ListedRanking & RankingPresentation>(
        _ request: RankingRequest<Ranking>, unit: String, period: (@Sendable ([Day]) -> String)?, span: String?
    ) async throws -> ToolAnswer {
        let client = try session.client()
        // The region looked up first: a region KOBIS does not know costs no day.
        let resolved = try await scope(client, filter: request.filter, region: request.region)
        var reading = self.reading(unit: unit, period: period, span: span)
        let readable = try client.readable(request.days, reading: reading)
        let held = Set(readable)
        let entries = Locked(request.days.filter { !held.contains($0) }.map { ($0, NotReadDay(UnreadDay(day: $0, reason: .notHeld), dayKey: Ranking.dayKey).json) })
        reading.skipped = { unread in entries.withLock { $0.append((unread.day, NotReadDay(unread, dayKey: Ranking.dayKey).json)) } }
        let failed = try await client.rankings(request, only: readable, resolved: resolved, reading: reading) { value in
            entries.withLock { $0.append((value.firstDay, value.json)) }
        }
        let ordered = entries.withLock { $0 }.sorted { $0.0 < $1.0 }.map(\.1)
        return ToolAnswer(json: .array(ordered), failureAfterOutput: failed.isEmpty ? nil : PeriodNotWhole(failed: failed))
    }
}
