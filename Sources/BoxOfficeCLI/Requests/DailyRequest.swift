import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

extension DailyRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        if let range {
            let request = RankingRequest.daily(.range(range), filter: filters.filter, region: filters.region, deep: filters.deep)
            return try await RankingRange.run(request, unit: "days", period: { "the range's \($0.count) days" }, span: span, context: context)
        }
        let day = self.day ?? context.source.defaultDay(today: context.today, notice: context.notice)
        return try await RankingRange.one(.daily(.day(day), filter: filters.filter, region: filters.region, deep: filters.deep), unit: "days", context: context)
    }
}
