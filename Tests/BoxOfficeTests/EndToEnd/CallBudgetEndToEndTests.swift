@testable import BoxOfficeCore
import Foundation
import Testing

/// `--max-calls` (a tool's `maxCalls`, 100 by default) is a hard cap on the calls sent to KOBIS,
/// retries included: a stand-in KOBIS answers 2025-10-01 to 10-10 as recorded and fails every
/// later day with its own fault 320099, which is tried three times. Read one day at a time,
/// twenty days cost 10 calls, then 3 for each failing day, until the twentieth call: not one more
/// is sent; the days read are shown, the others named, and the run ends as a spent quota does (75).
@Suite struct CallBudgetEndToEndTests {
    static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            if let day = request.query["targetDt"], day >= "20251011", day <= "20251020" { return .json(KOBISFailureEndToEndTests.fault) }
            return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
    }

    /// The loopback server and the key; each program's cache is its own, in the private home the
    /// test removes when the program is done.
    static func environment(_ server: LoopbackServer) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key]
    }

    @Test func theLimitHoldsRetriesIncluded() async throws {
        let server = try Self.server()
        let result = try await Executable.run(["top", "--from", "2025-10-01", "--to", "2025-10-20", "--max-calls", "20", "--jobs", "1", "--rate", "0", "--json"],
                                              environment: Self.environment(server), timeLimit: 120)
        #expect(result.status == 75, "\(result.standardError)")
        #expect(server.requestCount == 20, "10 days, then 3 tries for each of three failing days, then 1: twenty calls and not one more")
        #expect(result.standardError.contains("""
            boxoffice: the limit of 20 calls to KOBIS (retries included) was reached before 7 days of the period were read (2025-10-14, 2025-10-15, 2025-10-16, 2025-10-17, 2025-10-18, 2025-10-19 and 2025-10-20); KOBIS could not answer for 2025-10-11, 2025-10-12 and 2025-10-13 (알수없는 오류가 발생했습니다., error 320099); the other days are shown.
            What was fetched is kept in the cache: run the same command again to go on from there, or allow more calls with --max-calls N.
            """), "\(result.standardError)")
        // What was read is shown, the rest named with why.
        let top = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(top["daysRead"] as? Int == 10 && top["daysInPeriod"] as? Int == 20)
        let notRead = try #require(top["daysNotRead"] as? [[String: Any]])
        #expect(notRead.compactMap { $0["reason"] as? String } == Array(repeating: "kobisFailed", count: 3) + Array(repeating: "callLimit", count: 7))
    }

    /// One call that would take more tries than the limit allows stops at the limit (75), not at KOBIS's failure (69).
    @Test func oneCallStopsAtTheLimit() async throws {
        let server = try Self.server()
        let result = try await Executable.run(["daily", "--date", "2025-10-12", "--max-calls", "2", "--rate", "0"], environment: Self.environment(server), timeLimit: 120)
        #expect(result.status == 75, "\(result.standardError)")
        #expect(server.requestCount == 2)
        #expect(result.standardError.hasSuffix("""
            boxoffice: the limit of 2 calls to KOBIS for this command (retries included) was reached; nothing more was sent.
            What was fetched is kept in the cache: run the same command again to go on from there, or allow more calls with --max-calls N.

            """), "\(result.standardError)")
    }

    /// A reading past the limit says before any call what retries can add; allowed with --yes, it
    /// may spend what it was allowed, retries included.
    @Test func theQuestionSaysWhatRetriesCanAdd() async throws {
        let server = try Self.server()
        let refused = try await Executable.run(["top", "--from", "2025-10-01", "--to", "2025-10-20", "--max-calls", "10", "--rate", "0"], environment: Self.environment(server))
        #expect(refused.status == 64)
        #expect(refused.standardError.hasPrefix("boxoffice: 20 calls to KOBIS (up to 60 with retries) would be needed for 20 days, 1% of a key's 3,000 a day and more than the 10 allowed without asking."),
                "\(refused.standardError)")
        #expect(server.requestCount == 0)
        let allowed = try await Executable.run(["top", "--from", "2025-10-01", "--to", "2025-10-20", "--max-calls", "10", "--yes", "--jobs", "1", "--rate", "0", "--json"],
                                               environment: Self.environment(server), timeLimit: 120)
        #expect(allowed.status == 69, "every day read or failed on KOBIS's side: \(allowed.standardError)")
        #expect(server.requestCount == 10 + 10 * 3)
    }

    /// A tool call's `maxCalls` is its hard cap too, one call's budget not shared with the next.
    @Test func aToolCallsLimitHolds() async throws {
        let server = try Self.server()
        let client = try MCPTestClient(["--rate", "0", "--jobs", "1"], environment: Self.environment(server))
        _ = try await client.initialize()
        for id in [2, 3] {
            try client.send(["jsonrpc": "2.0", "id": id, "method": "tools/call",
                             "params": ["name": "top_films", "arguments": ["from": "2025-10-10", "to": "2025-10-13", "maxCalls": 5]]])
            let result = try #require(try await client.response(id, timeout: 120)["result"] as? [String: Any])
            let text = (result["content"] as? [[String: Any]])?.first?["text"] as? String ?? ""
            #expect(text.contains("the limit of 5 calls to KOBIS for this call (retries included) was reached before 2 days of the period were read (2025-10-12 and 2025-10-13)"), "\(text)")
        }
        // 2025-10-10 once (then from the cache); each time 2025-10-11 three times, then 2025-10-12 to the limit.
        #expect(server.requestCount == 10, "five calls for each tool call")
        #expect(try await client.finish() == 0)
    }

    /// A reading approved past the limit may spend all it was approved, whatever its request sent
    /// before it (a title searched for first); then nothing more.
    @Test func anApprovalCountsFromWhatWasSent() throws {
        let budget = CallBudget(limit: 3)
        for _ in 0..<2 { try budget.spend() }
        budget.allow(5)
        #expect(budget.limit == 7)
        for _ in 0..<5 { try budget.spend() }
        #expect(throws: CallLimitReached(limit: 7)) { try budget.spend() }
        #expect(budget.sent == 7)
    }
}
