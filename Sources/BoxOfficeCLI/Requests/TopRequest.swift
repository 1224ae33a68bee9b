import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

extension TopRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(PeriodRanking.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; top reads a day's ranking for every day of the period", command: "top") }
        // The demo's year (and its note) only when no period was given.
        let period = enginePeriod(today: context.today, defaultYear: self.period == .year(nil) ? context.source.defaultYear(notice: context.notice) : nil)
        let span: String? = switch self.period {
        case .year(nil): "with no period, top reads the last complete year (\(period.days?.lowerBound.year ?? context.today.year - 1))"
        case .range: self.span
        default: nil
        }
        let request = TopFilmsRequest(period, filter: filters.filter, region: filters.region, limit: limit, deep: filters.deep)
        let reading = context.reading(period: { "the period's \($0.count) days" }, span: span)
        let client = try context.client()
        let resolved = try await context.scope(filter: request.filter, region: request.region, client: client)
        let ranking = try await client.topFilms(request, resolved: resolved, reading: reading)
        return .period(ranking, coverage: ranking.coverage)
    }
}
