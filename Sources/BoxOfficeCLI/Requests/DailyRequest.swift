import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension DailyRequest {
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let request = engineRequest { context.defaultDay() }
        if range != nil {
            return try await RankingRange.run(request, unit: "days", period: Self.periodWords, span: span, context: context)
        }
        return try await RankingRange.one(request, unit: "days", context: context)
    }
}
