import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

extension WeeklyRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        if let range {
            let request = RankingRequest.weekly(.range(range), period: period ?? .week, filter: filters.filter, region: filters.region, deep: filters.deep)
            return try await RankingRange.run(request, unit: "weeks", period: nil, span: span, context: context)
        }
        var day = self.day ?? Self.lastCompleteWeek(before: context.today)
        var period = self.period ?? .week
        if self.day == nil, let sample = context.source.defaultWeek(period: self.period, notice: context.notice) {
            (day, period) = sample
        }
        let request = RankingRequest.weekly(.day(day), period: period, filter: filters.filter, region: filters.region, deep: filters.deep)
        return try await RankingRange.one(request, unit: "weeks", context: context)
    }
}
