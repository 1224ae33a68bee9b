import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension WeeklyRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let request = engineRequest(today: context.today) { context.defaultWeek($0) }
        if range != nil {
            return try await RankingRange.run(request, unit: "weeks", period: nil, span: span, context: context)
        }
        return try await RankingRange.one(request, unit: "weeks", context: context)
    }
}
