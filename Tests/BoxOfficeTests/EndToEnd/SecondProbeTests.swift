@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
@testable import BoxOfficeTransports
import Foundation
import Glibc
import Testing

// What a hostile probe found (issue 7), each as the built binary meets it; `Hostile` has the
// probe's tools.
// MARK: - Found by a second probe of the hardened binary

@Suite struct SecondProbeTests {
    @Test func theKeyIsFoundHoweverItIsSpelled() {
        let mask = SecretMask(["ab/c+d=e&f", "SECRETKEY123"])
        let cases: [(String, String)] = [
            ("SECRETKEY123\u{0301}", "***\u{0301}"),        // a combining mark after it
            ("\u{0600}SECRETKEY123", "\u{0600}***"),        // a prepended character before it
            ("SECRETKEY123\u{200D}x", "***\u{200D}x"),      // a joiner after it
            ("bad ab%2fc%2bd%3de%26f!", "bad ***!"),         // lower-case percent-encoding
            ("%61%62%2F%63%2B%64%3D%65%26%66", "***"),       // every byte encoded
            (#"title "ab\/c+d=e&f""#, #"title "***""#),       // JSON-escaped slash
            (#"\u0053ECRETKEY123"#, "***"),                   // JSON \u escape
            ("SECRETKEY12", "SECRETKEY12"),                   // not the key
        ]
        for (text, expected) in cases {
            #expect(mask.apply(to: text) == expected, "\(text.debugDescription)")
        }
        #expect(SecretMask([#"a\b"#]).apply(to: #"x "a\\b" y"#) == #"x "***" y"#)
    }

    @Test func anEchoedKeyIsMaskedBeforeItIsRenderedOrCached() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let key = "0123456789abcdef0123456789abcdef"
        let recording = try Fixtures.text("daily_20230423.json")
        let server = try LoopbackServer { _ in
            .json(recording.replacingOccurrences(of: "\"movieNm\": \"", with: "\"movieNm\": \"\(key)\u{0301}"))
        }
        let environment = Hostile.environment(server, cache: cache, key: key)
        let table = try await Executable.run(["daily", "--date", "20230423"], environment: environment)
        #expect(table.status == 0)
        var keyless = environment
        keyless["KOBIS_API_KEY"] = nil
        let offline = try await Executable.run(["daily", "--date", "20230423", "--offline", "--json", "--pretty"], environment: keyless)
        #expect(offline.status == 0)
        #expect(offline.standardOutput.contains("\"title\": \"***\u{0301}"))
        let stored = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("answers").path)
            .compactMap { Hostile.read(cache.appendingPathComponent("answers/\($0)")) }.joined()
        for text in [table.standardOutput, table.standardError, offline.standardOutput, stored] {
            #expect(!text.utf8.elementsEqual(key.utf8) && text.range(of: key) == nil && !Data(text.utf8).contains(Data(key.utf8)))
        }
        #expect(!stored.isEmpty)
    }

    @Test func redirectsToAnotherPortOrWithAUserNameAreRefused() async throws {
        let other = try LoopbackServer(handler: KOBISEmulator.handler())
        let toPort = try LoopbackServer { request in
            .respond(status: 302, headers: ["Location": "http://127.0.0.1:\(other.port)\(request.target)"], body: Data())
        }
        let result = try await Executable.run(["daily", "--date", "20230423"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": toPort.baseURL.absoluteString])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("boxoffice: 127.0.0.1 redirected the request (HTTP 302) to another port (\(other.port)) on the same server;"))
        #expect(other.requestCount == 0, "the key never reached the other port")
        let withUser = try LoopbackServer { request in
            .respond(status: 302, headers: ["Location": "http://user:pw@127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "")/x"], body: Data())
        }
        let user = try await Executable.run(["daily", "--date", "20230423", "--verbose"],
                                            environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": withUser.baseURL.absoluteString])
        #expect(user.status == 1)
        #expect(user.standardError.contains("to an address with a user name;"))
        #expect(!user.standardError.contains("pw"))
    }

    @Test func aChainOfSlowRedirectsCannotStretchTheTimeout() async throws {
        let server = try LoopbackServer { request in
            .delayed(seconds: 0.6, then: .respond(status: 302, headers: ["Location": request.target + "&r"], body: Data()))
        }
        let result = try await Executable.run(["daily", "--date", "20230423", "--timeout", "1", "--retries", "0"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        let elapsed = try #require(server.firstArrival).duration(to: .now)
        #expect(result.status == 69)
        #expect(result.standardError.hasPrefix("boxoffice: 127.0.0.1 did not answer within the time allowed.\n"))
        // With a second for each hop, six hops would go out (0.6 s each) and the sixth redirect be
        // refused; with one second for the chain, the second hop (if the machine gets it out in the
        // 0.4 s left) is the last.
        #expect((1...2).contains(server.requestCount), "the second hop used the rest of the one second")
        // The time only rules out a hang.
        #expect(elapsed < TestTime.limit(.seconds(60)), "not a hang")
    }

    @Test func millionsOfEmptyRowsAreRefusedBeforeTheyAreBuilt() async throws {
        let body = #"{"boxOfficeResult":{"showRange":"20230423~20230423","dailyBoxOfficeList":["# + Array(repeating: "{}", count: 1_000_000).joined(separator: ",") + "]}}"
        let server = try LoopbackServer { _ in .json(body) }
        let result = try await Executable.run(["daily", "--date", "20230423", "--retries", "0"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer does not have the expected shape: boxOfficeResult.dailyBoxOfficeList[10]: more than 10 rows"))
    }

    @Test func aWrongContentEncodingIsUnreadableNotRetried() async throws {
        let server = try LoopbackServer { _ in
            .respond(status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: Data(#"{"boxOfficeResult":{}}"#.utf8))
        }
        let result = try await Executable.run(["daily", "--date", "20230423"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS's answer is not encoded as its Content-Encoding header says.\n"))
        #expect(server.requestCount == 1)
    }

    /// The plain-HTTP client for IPv6 servers, against raw answers no real server should send.
    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nabc", "the server sent an invalid Content-Length"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: -1\r\n\r\nabcde", "the server sent two different Content-Length values"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\nabc", "lost"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", "the server's chunked body is malformed"),
        ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", "200"),
        ("garbage\r\n\r\n", "the server did not answer in HTTP/1.1"),
    ])
    func thePlainClientNeverTrapsOnABadAnswer(reply: String, outcome: String) async throws {
        let server = try RawServer(reply: Data(reply.utf8))
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/x")!, timeout: 5)
        do {
            let response = try await PlainHTTPTransport().send(request)
            #expect(outcome == "\(response.status)")
            #expect(response.body == Data("{}".utf8))
        } catch let error as TransportError {
            switch error {
            case let .other(detail): #expect(detail == outcome)
            case .connectionLost: #expect(outcome == "lost")
            default: Issue.record("unexpected \(error)")
            }
        }
    }
}
