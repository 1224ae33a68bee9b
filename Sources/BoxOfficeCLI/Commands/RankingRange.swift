import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `--from D --to D` on `daily` and `weekly`: every day (or week) of a range, fetched a few at a
/// time, printed in order as soon as each is ready (a year's CSV starts at once), every answer
/// kept in the cache as it arrives, so an interrupted or quota-stopped run goes on where it was.
extension RankingRange {
    /// The rankings of a range, read by the engine with `--jobs` in flight, each written, in
    /// order, as soon as it and the ones before it are in.
    nonisolated(nonsending) static func run<Ranking: ListedRanking & RankingPresentation>(
        _ request: RankingRequest<Ranking>, unit: String, period: (@Sendable ([Day]) -> String)?, span: String?, context: CommandContext
    ) async throws -> CommandOutput {
        let client = try context.client()
        // The region looked up before anything is written: a region KOBIS does not know leaves no output.
        let resolved = try await context.scope(filter: request.filter, region: request.region, client: client)
        let columns = Ranking.columns(filtered: resolved.1 != nil, deep: request.deep)
        return try await stream(Ranking.self, request.days, columns: columns, unit: unit, period: period, span: span, context: context) { days, reading, deliver in
            try await client.rankings(request, only: days, resolved: resolved, reading: reading, deliver: deliver)
        }
    }

    /// One day's (week's) ranking: KOBIS's own body with `--raw`; a deep one's calls approved
    /// first, and a top 10 at hand that differs from its first rows said.
    nonisolated(nonsending) static func one<Ranking: ListedRanking & RankingPresentation>(_ request: RankingRequest<Ranking>, unit: String,
                                                                  context: CommandContext) async throws -> CommandOutput {
        try context.check(Ranking.self)
        let client = try context.client()
        let resolved = try await context.scope(filter: request.filter, region: request.region, client: client)
        if context.invocation.raw, case let .day(day) = request.span {
            return try await context.show(Ranking.plain(day, week: request.week, filter: resolved.0, scope: resolved.1), using: client)
        }
        var reading = PeriodReading(jobs: context.invocation.jobs)
        reading.approve = { [context] cost in _ = try await context.approve(cost, unit: unit, span: nil) }
        let notice = context.notice
        var value: Ranking?
        try await client.rankings(request, resolved: resolved, reading: reading, disagrees: { day in
            notice?("the top 10 of \(day.iso) in the cache differs from the deep list's first rows: KOBIS revised its figures between the calls (--refresh fetches both again).")
        }) { value = $0 }
        guard let value else { throw KOBISError.unreadable(.wrongShape("no ranking")) }
        return .value(value)
    }

    /// Reads `items` as `read` does (`--jobs` in flight), writing each value in order as soon as
    /// it and the ones before it are in, and each day not read in its place (a KOBIS failure, a
    /// day the cache lacks offline, a day the samples lack); its cost approved first.
    private nonisolated(nonsending) static func stream<Value: RankingPresentation>(
        _ type: Value.Type, _ items: [Day], columns: [String], unit: String, period: (@Sendable ([Day]) -> String)?, span: String?, context: CommandContext,
        read: ([Day], PeriodReading, (Value) async throws -> Void) async throws -> [UnreadDay]
    ) async throws -> CommandOutput {
        try context.check(Value.self)
        if context.invocation.raw {
            throw UsageError(message: "--raw prints one KOBIS answer; give one day with --date instead of a range")
        }
        // Each value is written as it comes and not kept.
        let output = Locked(StreamedOutput(style: context.style, notReadAfter: columns))
        let write = context.write
        @Sendable func emit(_ value: some Presentable) throws {
            try write?(output.withLock { $0.next(value) })
        }
        var reading = context.reading(unit: unit, period: period, span: span)
        let readable = try context.client().readable(items, reading: reading)
        // The days the source does not hold go in their places as the others arrive.
        let held = Set(readable)
        let notHeld = Locked(items.filter { !held.contains($0) }.map { UnreadDay(day: $0, reason: .notHeld) })
        @Sendable func emitNotHeld(before day: Day?) throws {
            let due = notHeld.withLock { pending in
                let due = pending.prefix { day == nil || $0.day < day! }
                pending.removeFirst(due.count)
                return Array(due)
            }
            for unread in due { try emit(NotReadDay(unread, dayKey: Value.dayKey)) }
        }
        reading.skipped = { unread in
            try emitNotHeld(before: unread.day)
            try emit(NotReadDay(unread, dayKey: Value.dayKey))
        }
        let failed: [UnreadDay]
        do {
            failed = try await read(readable, reading) { value in
                try emitNotHeld(before: value.firstDay)
                try emit(value)
            }
            try emitNotHeld(before: nil)
        } catch {
            // Whatever was written stays a whole document (a closed JSON array).
            try? write?(output.withLock { $0.finish() })
            throw error
        }
        try write?(output.withLock { $0.finish() })
        return CommandOutput(.streamed, failureAfterOutput: failed.isEmpty ? nil : PeriodNotWhole(failed: failed))
    }
}
