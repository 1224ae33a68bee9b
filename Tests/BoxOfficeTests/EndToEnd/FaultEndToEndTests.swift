import Foundation
import BoxOfficeCore
import Testing

/// Every way a request can fail, tried against the built binary: exit code, message, and how many
/// times the server was asked.
@Suite struct FaultEndToEndTests {
    struct Outcome {
        let result: Executable.Result
        let requests: Int
    }

    /// Runs `daily --date 2023-04-23` against a server that answers with `handler`.
    private func daily(_ handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply, extra: [String] = []) async throws -> Outcome {
        let server = try LoopbackServer(handler: handler)
        let result = try await Executable.run(["daily", "--date", "2023-04-23", "--verbose"] + extra,
                                        environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        let outcome = Outcome(result: result, requests: server.requestCount)
        #expect(!result.standardError.contains(KOBISEmulator.key), "the key leaked")
        #expect(!result.standardOutput.contains(KOBISEmulator.key), "the key leaked")
        return outcome
    }

    private func errorLines(_ outcome: Outcome) -> [String] {
        outcome.result.standardError.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("boxoffice: GET ") && !$0.hasPrefix("boxoffice: HTTP ") && !$0.hasPrefix("boxoffice: no answer") && !$0.hasPrefix("boxoffice: retrying") && !$0.hasPrefix("boxoffice: giving up") && !$0.hasPrefix("boxoffice: cache: ") }
    }

    @Test func connectionRefusedIsRetriedThenExits69() async throws {
        // Port 9 (discard): loopback servers of other tests take ephemeral ports, never this one,
        // while a port just freed by a stopped server may be taken again at once.
        let address = "http://127.0.0.1:9"
        let result = try await Executable.run(["daily", "--date", "20230423"], environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": address])
        #expect(result.status == 69)
        #expect(result.standardError == """
            boxoffice: could not connect to 127.0.0.1: connection refused (tried 3 times).
            Check --base-url and your network, and try again later.

            """)
    }

    @Test func unknownHostIsNotRetriedAndExits69() async throws {
        let result = try await Executable.run(["daily", "--date", "20230423", "--verbose"],
                                        environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": "http://no-such-host.invalid"])
        #expect(result.status == 69)
        #expect(result.standardError.hasSuffix("""
            boxoffice: could not find no-such-host.invalid: the name does not resolve.
            Check the server name in --base-url and your network.

            """))
        #expect(!result.standardError.contains("retrying"))
        #expect(result.standardError.contains("boxoffice: giving up: trying again would fail the same way\n"))
    }

    @Test func resetIsRetriedThenExits69() async throws {
        let outcome = try await daily { _ in .reset }
        #expect(outcome.result.status == 69)
        #expect(outcome.requests == 3)
        #expect(errorLines(outcome) == [
            "boxoffice: the connection to 127.0.0.1 broke off before the answer was complete (tried 3 times).",
            "KOBIS may be overloaded; try again in a few minutes.",
        ])
        #expect(outcome.result.standardError.components(separatedBy: "retrying in").count == 3)
    }

    @Test func closingMidAnswerIsRetriedThenExits69() async throws {
        let body = try Fixtures.data("daily_20230423.json")
        let outcome = try await daily { _ in .truncated(status: 200, body: body, bytes: body.count / 2) }
        #expect(outcome.result.status == 69)
        #expect(outcome.requests == 3)
        #expect(errorLines(outcome).first == "boxoffice: the connection to 127.0.0.1 broke off before the answer was complete (tried 3 times).")
    }

    @Test func closingWithoutAnswerIsRetriedThenExits69() async throws {
        let outcome = try await daily { _ in .close }
        #expect(outcome.result.status == 69)
        #expect(outcome.requests == 3)
    }

    @Test func timeoutAppliesToEachTryAndExits69() async throws {
        // The server never answers, so only the timeout can end a try: three requests and exit 69
        // say that each of the three tries ended by it, and the program's own log that it was
        // --timeout's, not the default 15 s (a try on this busy machine takes 0.4 s and a few ms).
        let outcome = try await daily({ _ in .delayed(seconds: 3600, then: KOBISEmulator.fixture("daily_20230423.json")) },
                                extra: ["--timeout", "0.4"])
        #expect(outcome.result.status == 69)
        #expect(outcome.requests == 3)
        // (Identical lines are said once, so there may be fewer than three; the first try's time
        // includes the helper's start-up.) Never before 0.4 s, and well short of 15 s.
        let tries = outcome.result.standardError.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /boxoffice: no answer after (\d+) ms: 127\.0\.0\.1 did not answer within the time allowed/).flatMap { Int($0.1) }
        }
        #expect(tries.allSatisfy { $0 >= 400 } && (tries.min() ?? .max) < 10_000, "tries of \(tries) ms")
        #expect(errorLines(outcome) == [
            "boxoffice: 127.0.0.1 did not answer within the time allowed (tried 3 times).",
            "Try again later, or allow more time with --timeout SECONDS.",
        ])
    }

    @Test func slowButWithinTheTimeoutSucceeds() async throws {
        let outcome = try await daily({ _ in .delayed(seconds: 0.3, then: KOBISEmulator.fixture("daily_20230423.json")) },
                                extra: ["--timeout", "\(TestTime.limit(2))"])
        #expect(outcome.result.status == 0)
        #expect(outcome.requests == 1)
    }

    @Test(arguments: [500, 502, 503, 504])
    func serverErrorsAreRetriedThenExit69(status: Int) async throws {
        let outcome = try await daily { _ in .html("<html>maintenance</html>", status: status) }
        #expect(outcome.result.status == 69)
        #expect(outcome.requests == 3)
        #expect(errorLines(outcome).first?.hasPrefix("boxoffice: 127.0.0.1 answered HTTP \(status) ") == true)
        #expect(errorLines(outcome).first?.hasSuffix(" (tried 3 times).") == true)
        #expect(errorLines(outcome).last == "KOBIS may be busy or under maintenance; try again later.")
    }

    @Test func tooManyRequestsHonoursRetryAfterThenExits69() async throws {
        let outcome = try await daily { _ in .respond(status: 429, headers: ["Retry-After": "0"], body: Data()) }
        #expect(outcome.result.status == 69)
        #expect(outcome.requests == 3)
        #expect(errorLines(outcome).first == "boxoffice: 127.0.0.1 answered HTTP 429 Too Many Requests (tried 3 times).")
        #expect(outcome.result.standardError.contains("retrying in 0.00 s"))
    }

    @Test(arguments: [400, 403, 404])
    func clientErrorsAreNotRetriedAndExit1(status: Int) async throws {
        let outcome = try await daily { _ in .html("<html>no</html>", status: status) }
        #expect(outcome.result.status == 1)
        #expect(outcome.requests == 1)
        #expect(errorLines(outcome).last == "Check --base-url: it should be the server root, e.g. https://www.kobis.or.kr.")
    }

    @Test func transientFailuresThenSuccessPrintsTheAnswer() async throws {
        let outcome = try await daily(failingFirst(2, with: .html("busy", status: 503), then: KOBISEmulator.handler()))
        #expect(outcome.result.status == 0)
        #expect(outcome.requests == 3)
        #expect(outcome.result.standardOutput.hasPrefix("Daily box office · 2023-04-23 (Sun)\n"))
        #expect(outcome.result.standardOutput.contains("   1  -       20231089  존 윅 4"))
    }

    @Test func retriesCanBeTurnedOff() async throws {
        let outcome = try await daily({ _ in .reset }, extra: ["--retries", "0"])
        #expect(outcome.result.status == 69)
        #expect(outcome.requests == 1)
    }

    @Test(arguments: [
        ("", "boxoffice: KOBIS answered with an empty body."),
        ("  \n", "boxoffice: KOBIS answered with an empty body."),
        ("<!DOCTYPE html><html><body>점검 중</body></html>", "boxoffice: KOBIS answered with a web page instead of data (the service may be under maintenance)."),
        (#"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20230423~2023"#, "boxoffice: KOBIS's answer was cut off before its end."),
        (#"{"boxOfficeResult": nonsense}"#, "boxoffice: KOBIS's answer is not valid JSON."),
        ("Service Unavailable", "boxoffice: KOBIS's answer is not valid JSON."),
        (#"{"somethingElse":{}}"#, "boxoffice: KOBIS's answer does not have the expected shape: boxOfficeResult is missing."),
        (#"{"boxOfficeResult":{"dailyBoxOfficeList":{"rank":"1"}}}"#, "boxoffice: KOBIS's answer does not have the expected shape: boxOfficeResult.dailyBoxOfficeList is not a list."),
        (#"{"boxOfficeResult":{"dailyBoxOfficeList":[{"rank":1}]}}"#, "boxoffice: KOBIS's answer does not have the expected shape: boxOfficeResult.dailyBoxOfficeList[0].rank is not a string."),
        (#"{"boxOfficeResult":{"dailyBoxOfficeList":[{"rank":"one","movieCd":"1","movieNm":"x"}]}}"#, #"boxoffice: KOBIS sent an invalid dailyBoxOfficeList[0].rank "one": expected a whole number of zero or more."#),
    ])
    func badBodiesAreNotRetriedAndExit65(body: String, message: String) async throws {
        let outcome = try await daily { _ in .respond(status: 200, body: Data(body.utf8)) }
        #expect(outcome.result.status == 65)
        #expect(outcome.requests == 1)
        #expect(errorLines(outcome).first == message)
    }

    @Test func rejectedKeyFaultExits77() async throws {
        let outcome = try await daily { _ in KOBISEmulator.fixture("error_320010.json") }
        #expect(outcome.result.status == 77)
        #expect(outcome.requests == 1)
        #expect(errorLines(outcome) == [
            "boxoffice: KOBIS rejected the API key from KOBIS_API_KEY (error 320010: 유효하지않은 키값입니다.).",
            "Check the key at https://www.kobis.or.kr/kobisopenapi; pass another with --key or KOBIS_API_KEY.",
        ])
    }

    @Test func otherFaultsExit1WithKOBISMessageCodeAndParameter() async throws {
        let outcome = try await daily { _ in KOBISEmulator.fixture("error_320102.json") }
        #expect(outcome.result.status == 1)
        #expect(outcome.requests == 1)
        #expect(errorLines(outcome) == [
            "boxoffice: KOBIS refused the request: 날짜는 필수항목입니다. (error 320102, parameter targetDt=null).",
            "That parameter comes from --date; check it.",
        ])
    }

    @Test func faultTextCannotSteerTheTerminal() async throws {
        let outcome = try await daily { _ in .json(#"{"faultInfo":{"message":"\u001b[2J\u001b]0;owned\u0007잘못된 요청","errorCode":"399999"}}"#) }
        #expect(outcome.result.status == 1)
        #expect(!outcome.result.standardError.contains("\u{1B}"))
        #expect(!outcome.result.standardError.contains("\u{07}"))
        #expect(errorLines(outcome).first == "boxoffice: KOBIS refused the request: \u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD}잘못된 요청 (error 399999).")
    }

    @Test func longNonsenseValuesAreQuotedShort() async throws {
        let value = String(repeating: "9x", count: 200)
        let outcome = try await daily { _ in .json(#"{"boxOfficeResult":{"showRange":"20230423~20230423","dailyBoxOfficeList":[{"rank":"1","movieCd":"1","movieNm":"a","salesShare":"\#(value)"}]}}"#) }
        #expect(outcome.result.status == 65)
        #expect(errorLines(outcome).first == #"boxoffice: KOBIS sent an invalid dailyBoxOfficeList[0].salesShare "9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x…": expected a decimal number."#)
    }

    @Test func quotaFaultExits75AndSaysWhenToComeBack() async throws {
        let outcome = try await daily { _ in .json(#"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#) }
        #expect(outcome.result.status == 75)
        #expect(outcome.requests == 1)
        #expect(errorLines(outcome) == [
            "boxoffice: the key's daily quota is used up (KOBIS error 320011: 키의 하루 이용량을 초과하였습니다.).",
            "What was fetched is kept in the cache: run the same command again after midnight (Korean time) and it goes on from there, or add another key (KOBIS_API_KEY=KEY1,KEY2).",
        ])
    }

    @Test func verboseShowsEveryTryButNeverTheKey() async throws {
        let outcome = try await daily(failingFirst(1, with: .reset, then: KOBISEmulator.handler()))
        #expect(outcome.result.status == 0)
        let lines = outcome.result.standardError.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("boxoffice: cache: ") }
        let prefix = "boxoffice: GET http://127.0.0.1:"
        #expect(lines.filter { $0.hasPrefix(prefix) }.count == 2)
        #expect(lines[0].hasSuffix("/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=***&targetDt=20230423 (try 1 of 3)"))
        #expect(lines[1].hasPrefix("boxoffice: no answer after "))
        #expect(lines[2].hasPrefix("boxoffice: retrying in "))
        #expect(lines[3].hasSuffix("(try 2 of 3)"))
        #expect(lines[4].hasPrefix("boxoffice: HTTP 200, 7,267 bytes, "))
    }

    /// Ctrl-C's SIGINT ends a run with 130, SIGTERM with 143 (128 + its number), each saying so.
    @Test(arguments: [(SIGINT, 130, "interrupted"), (SIGTERM, 143, "terminated")])
    func signalStopsPromptly(signal: Int32, status: Int32, word: String) async throws {
        // The server never answers and a try is as long as the limit against a hang: only the
        // signal can end the run, however long this busy machine takes to send it.
        let server = try LoopbackServer { _ in .delayed(seconds: 3600, then: .close) }
        // Measured from the signal, not the launch: on a busy two-core machine a start can take seconds.
        let signalled = Locked<Date?>(nil)
        let result = try await Executable.run(["daily", "--date", "20230423", "--timeout", "600"],
                                        environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString]) { process in
            // The signal goes once the request is in flight, never during the start-up.
            let started = Date()
            while server.requestCount == 0, Date().timeIntervalSince(started) < TestTime.limit(15) { try? await Task.sleep(for: .milliseconds(10)) }
            signalled.withLock { $0 = Date() }
            kill(process.processIdentifier, signal)
        }
        #expect(result.finished)
        #expect(result.status == status)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "boxoffice: \(word)\n")
        let sinceSignal = try #require(signalled.withLock { $0 }).distance(to: Date())
        // The status says the signal ended it; the time only rules out a hang.
        #expect(sinceSignal < TestTime.limit(60), "stopping took \(sinceSignal) s")
    }
}
