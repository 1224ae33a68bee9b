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
// MARK: - Leaks

@Suite struct LeakTests {
    @Test(arguments: ["TESTKEY9", "k3y+/=&한"])
    func aShortOrOddKeyEchoedByTheServerIsMaskedEverywhere(key: String) async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let encoded = KOBISOperation.percentEncoded(key)
        let recording = try Fixtures.text("daily_20230423.json")
        let server = try LoopbackServer { request in
            if request.query["targetDt"] == "20230423" {
                // The key in a title, raw and percent-encoded.
                return .json(recording.replacingOccurrences(of: "\"movieNm\": \"", with: "\"movieNm\": \"\(key) \(encoded) "))
            }
            return .json(#"{"faultInfo":{"message":"bad key \#(key) (\#(encoded))","errorCode":"320999"}}"#)
        }
        let environment = Hostile.environment(server, cache: cache, key: key)
        let data = try await Executable.run(["daily", "--date", "20230423", "--json", "--pretty", "--verbose"], environment: environment)
        #expect(data.status == 0)
        let fault = try await Executable.run(["daily", "--date", "20230424", "--verbose"], environment: environment)
        #expect(fault.status == 1)
        #expect(fault.standardError.contains("bad key *** (***)"))
        for text in [data.standardOutput, data.standardError, fault.standardOutput, fault.standardError] {
            #expect(!text.contains(key) && !text.contains(encoded), "the key leaked: \(text.prefix(300))")
        }
        #expect(data.standardOutput.contains("\"title\": \"*** *** "))
    }

    @Test func userinfoInTheBaseURLIsRefusedWithoutPrintingThePassword() async throws {
        let result = try await Executable.run(["daily", "--date", "20230423", "--verbose"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": "http://alice:s3cret@127.0.0.1:9"])
        #expect(result.status == 64)
        #expect(result.standardError == """
            boxoffice: BOXOFFICE_BASE_URL 'http://***@127.0.0.1:9' holds a user name or password, which boxoffice does not send (it would be shown with every request).
            Run 'boxoffice help' for usage.

            """)
    }

    @Test func aRedirectToAnotherHostIsRefusedAndNothingIsCached() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer { request in
            .respond(status: 302, headers: ["Location": "http://127.0.0.2:\(request.headers["host"]?.split(separator: ":").last ?? "80")\(request.target)"], body: Data())
        }
        let environment = Hostile.environment(server, cache: cache)
        let result = try await Executable.run(["daily", "--date", "20230423"], environment: environment)
        #expect(result.status == 1)
        #expect(result.standardError == """
            boxoffice: 127.0.0.1 redirected the request (HTTP 302) to another server (127.0.0.2); boxoffice follows redirects only on the same server.
            Check --base-url: it should be the server root, e.g. https://www.kobis.or.kr.

            """)
        #expect(server.requestCount == 1, "not retried, not followed")
        #expect(try AnswerCache(folder: cache).usage().entries == 0)
    }

    @Test func redirectsOnTheSameServerAreFollowedAndShown() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let emulator = KOBISEmulator.handler()
        let server = try LoopbackServer { request in
            guard request.path.hasPrefix("/moved") else {
                return .respond(status: 301, headers: ["Location": "/moved" + request.target], body: Data())
            }
            var inner = request
            inner.path = String(request.path.dropFirst("/moved".count))
            return emulator(inner)
        }
        let result = try await Executable.run(["daily", "--date", "20230423", "--verbose"], environment: Hostile.environment(server, cache: cache))
        #expect(result.status == 0)
        #expect(result.standardError.contains(
            "boxoffice: HTTP 301: redirected to \(server.baseURL.absoluteString)/moved/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=***&targetDt=20230423\n"))
        #expect(server.requestCount == 2)
        let info = try await Executable.run(["cache", "info", "--json", "--pretty"], environment: Hostile.environment(server, cache: cache))
        #expect(info.standardOutput.contains("\"callsToday\": 2"))
    }

    @Test func aRedirectToAFileAddressIsNamedNotAnURLErrorNumber() async throws {
        let server = try LoopbackServer { _ in .respond(status: 302, headers: ["Location": "file:///etc/passwd"], body: Data()) }
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--date", "20230423"], environment: Hostile.environment(server, cache: cache))
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("boxoffice: 127.0.0.1 redirected the request (HTTP 302) to a file: address; boxoffice follows redirects only on the same server.\n"))
    }
}
