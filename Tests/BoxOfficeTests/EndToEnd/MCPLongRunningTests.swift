@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeMCP
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// `boxoffice mcp` lives for days: each call reads the Korean day when it is made, so a spent quota
/// is KOBIS's new one after midnight in Korea, and the default day moves with the calendar. The
/// server runs in-process with a clock the test moves.
@Suite struct MCPLongRunningTests {
    /// A server as `boxoffice --key K --base-url URL --cache-dir DIR mcp` makes it, on `clock`.
    private func server(_ loopback: LoopbackServer, cache: URL, clock: Locked<Date>,
                        send: @escaping @Sendable (String) -> Void) throws -> MCPServer {
        let environment = ["HOME": "/nonexistent"]
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        let today = Day.korean(at: now())
        let arguments = ["--key", KOBISEmulator.key, "--base-url", loopback.baseURL.absoluteString, "--cache-dir", cache.path,
                         "--rate", "0", "--retries", "0", "mcp"]
        let invocation = try Invocation(try ArgumentParser().parse(arguments), environment: environment, today: today)
        let context = CommandContext(invocation: invocation, environment: environment, today: today, style: OutputStyle(),
                                     secrets: Secrets(), now: now, makeTransport: { URLSessionTransport() },
                                     progress: ProgressLine(enabled: false, width: nil, write: { _ in }),
                                     write: { _ in }, say: { _ in })
        return MCPServer(session: MCPCommand.session(context), send: send)
    }

    /// The server words every failure of the engine itself, naming no flag or command (a tool's
    /// caller has none); a failure to compose the client is its starter's words.
    @Test func theServerWordsTheEnginesFailures() throws {
        let loopback = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = Hostile.folder("mcp-words")
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try server(loopback, cache: cache, clock: Locked(Date()), send: { _ in })
        let day = try #require(Day(year: 2025, month: 10, day: 3))
        let fault = KOBISFault(code: "320099", message: "알수없는 오류가 발생했습니다.")
        let failures: [any Error] = [
            KOBISError.unreachable(.timedOut, host: "www.kobis.or.kr", attempts: 3), KOBISError.httpStatus(503, host: "www.kobis.or.kr", attempts: 3),
            KOBISError.failed(fault, request: "for 2025-10-03", attempts: 3), KOBISError.unreadable(.html), KOBISError.fault(fault),
            QuotaExhaustedError(keys: 2, fault: nil), NotFoundError(what: "movie", code: "20990001"), CacheMissError(request: "the daily box office"),
            NewsDayUnread(day: day, news: day.adding(days: 1), reason: .notCached), NewsDayUnread(day: day, news: day, reason: .kobisFailed(fault)),
            DayNotPublishedError(day: day), TooManyPagesError(pages: 200, total: 2_000, most: 100), CallLimitReached(limit: 100),
            AmbiguousTitleError(title: "괴물", page: SearchPage(total: 0, page: 1, perPage: 10, items: [])),
            NoHeldDayError(from: day, to: day, words: "the sample data has no day from 2025-10-03 to 2025-10-03"),
            MCPSession.SetupFailure(words: "no KOBIS API key is configured."),
        ]
        for failure in failures {
            let words = server.message(failure)
            #expect(!words.isEmpty && !words.contains("--") && !words.contains("boxoffice ") && !words.contains("unexpected error"), "\(failure): \(words)")
        }
        #expect(server.message(KOBISError.failed(fault, request: "for 2025-10-03", attempts: 3))
                == "KOBIS could not answer for 2025-10-03: 알수없는 오류가 발생했습니다. (error 320099, tried 3 times); try again later.")
    }

    /// Sends one `tools/call` and waits for its answer.
    private func call(_ server: MCPServer, _ replies: Locked<[String]>, id: Int, tool: String, arguments: String) async throws -> [String: Any] {
        server.handle(Data(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#.utf8))
        // Only a hang is bounded: the server's tasks share the test process's two cooperative
        // threads with every test, and when the whole suite starts (hundreds of tests at once)
        // the first call waits its turn for 20 s on an idle machine and over 30 s beside six busy
        // loops, though it takes 0.1 s alone (Tests/README.md).
        let limit = ContinuousClock.now + TestTime.limit(.seconds(120))
        while ContinuousClock.now < limit {
            let found = replies.withLock { replies in replies.first { $0.contains(#""id":\#(id),"#) } }
            if let found {
                let message = try #require(try JSONSerialization.jsonObject(with: Data(found.utf8)) as? [String: Any])
                return try #require(message["result"] as? [String: Any])
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("no answer to call \(id)")
        return [:]
    }

    @Test func aSpentQuotaIsForgottenAndTheDefaultDayMovesAtKoreanMidnight() async throws {
        let spent = Locked(true)
        let loopback = try LoopbackServer { request in
            spent.withLock { $0 } ? .json(LibraryAPITests.quotaFault) : KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-mcp-clock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let clock = Locked(LibraryAPITests.lateEvening)
        let replies = Locked<[String]>([])
        let server = try server(loopback, cache: cache, clock: clock) { line in replies.withLock { $0.append(line) } }

        let refused = try await call(server, replies, id: 1, tool: "daily_box_office", arguments: #"{"date":"2023-04-23"}"#)
        #expect(refused["isError"] as? Bool == true)
        let message = ((refused["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(message.hasPrefix("the key's daily quota is used up (KOBIS error 320011"), "\(message)")
        #expect(loopback.requestCount == 1)
        // The rest of that Korean day, nothing is sent.
        let again = try await call(server, replies, id: 2, tool: "daily_box_office", arguments: #"{"date":"2023-04-23"}"#)
        #expect(again["isError"] as? Bool == true)
        #expect(loopback.requestCount == 1)

        // Midnight in Korea: KOBIS has a new quota, the same server uses it, and "yesterday" is 2023-04-24.
        spent.withLock { $0 = false }
        clock.withLock { $0 = LibraryAPITests.pastMidnight }
        let answered = try await call(server, replies, id: 3, tool: "daily_box_office", arguments: #"{"date":"2023-04-23"}"#)
        #expect(answered["isError"] as? Bool == false)
        let ranking = try #require(answered["structuredContent"] as? [String: Any])
        #expect(ranking["date"] as? String == "2023-04-23")
        #expect(ranking["provisional"] as? Bool == true)
        #expect(loopback.requestCount == 2)
        let yesterday = try await call(server, replies, id: 4, tool: "daily_box_office", arguments: "{}")
        #expect((yesterday["structuredContent"] as? [String: Any])?["date"] as? String == "2023-04-24")
        let old = try await call(server, replies, id: 5, tool: "daily_box_office", arguments: #"{"date":"2022-01-05"}"#)
        #expect((old["structuredContent"] as? [String: Any])?["provisional"] as? Bool == false)
        let quota = try await call(server, replies, id: 6, tool: "quota_status", arguments: "{}")
        #expect((quota["structuredContent"] as? [String: Any])?["day"] as? String == "2023-04-25")
    }
}
