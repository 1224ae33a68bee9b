import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension CacheRequest {
    static let tool = MCPTool(
        name: "quota_status", title: "KOBIS quota status",
        description: "How many calls to KOBIS this machine made today (Korean time) against the key's daily quota of 3,000, and where the cache is. Answers from the cache cost no call. Reads this machine's count only; nothing is sent.",
        inputs: [],
        output: CacheReport.shape,
        reachesKOBIS: false,
        decode: { _ throws(UsageError) in CacheRequest(action: .info) })
}

extension CacheRequest: ToolRequest {
    /// `quota_status`: this machine's count, read, not fetched.
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        ToolAnswer(json: try call.session.quota(call.today).json)
    }
}
