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
// MARK: - --base-url values that pass a loose check but can never work

@Suite struct ServerAddressTests {
    @Test(arguments: [
        ("HTTP://KOBIS.example:8080/", "http://kobis.example:8080/"),
        ("https://www.kobis.or.kr", "https://www.kobis.or.kr"),
        ("Https://Host/prefix/", "https://host/prefix/"),
        ("http://[::1]:8080", "http://[::1]:8080"),
        ("http://[2001:DB8::1]", "http://[2001:db8::1]"),
        ("https://[::1]:8443", "https://[::1]:8443"),
        ("http://127.0.0.1:65535", "http://127.0.0.1:65535"),
    ])
    func validAddressesAreNormalised(text: String, expected: String) throws {
        #expect(try ServerAddress.normalised(text).absoluteString == expected)
    }

    @Test(arguments: [
        ("http://host:65536", "has port '65536', which is not a number from 1 to 65535"),
        ("http://host:0", "has port '0', which is not a number from 1 to 65535"),
        ("http://host:99999999999999999999", "has port '999999999999', which is not a number from 1 to 65535"),
        ("http://host:", "has port '', which is not a number from 1 to 65535"),
        ("http://host/#frag", "has a #fragment, which a server never sees; remove it"),
        ("http://host/?a=b", "has a ?query; give only the server root, e.g. https://www.kobis.or.kr"),
        ("ftp://host", "is not an http(s) server address such as https://www.kobis.or.kr"),
        ("host", "is not an http(s) server address such as https://www.kobis.or.kr"),
        ("http://", "has no server name"),
        ("http://ho st", "contains spaces or control characters"),
        ("http://[::1", "has an IPv6 address without its closing ']'"),
        ("http://[zz]", "has '[zz]', which is not an IPv6 address"),
        ("http://u:p@host", "holds a user name or password, which boxoffice does not send (it would be shown with every request)"),
    ])
    func impossibleAddressesAreRefusedWithTheReason(text: String, reason: String) {
        do {
            _ = try ServerAddress.normalised(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func anUpperCaseSchemeReachesTheServer() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let address = server.baseURL.absoluteString.replacingOccurrences(of: "http://", with: "HTTP://")
        let result = try await Executable.run(["daily", "--date", "20230423", "--json", "--pretty"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": address, "BOXOFFICE_CACHE_DIR": cache.path])
        #expect(result.status == 0)
        #expect(server.requestCount == 1)
    }

    @Test func anIPv6LiteralServerAnswersAndFailsLikeAnyOther() async throws {
        let cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try LoopbackServer(ipv6: true, handler: KOBISEmulator.handler())
        let environment = Hostile.environment(server, cache: cache)
        let ipv4 = try LoopbackServer(handler: KOBISEmulator.handler())
        let ipv4Cache = Hostile.folder()
        defer { try? FileManager.default.removeItem(at: ipv4Cache) }
        let expected = try await Executable.run(["daily", "--date", "20230423"], environment: Hostile.environment(ipv4, cache: ipv4Cache))
        let result = try await Executable.run(["daily", "--date", "20230423", "--refresh"], environment: environment)
        #expect(result.status == 0)
        #expect(result.standardOutput == expected.standardOutput)
        #expect(server.requests.first?.query["key"] == Hostile.key)
        #expect(server.requests.first?.headers["host"] == "[::1]:\(server.port)")
        let movie = try await Executable.run(["movie", "20124079", "--json", "--pretty"], environment: environment)
        #expect(movie.status == 0 && movie.standardOutput.contains("\"movieCode\": \"20124079\""))
        // Only the answer that never comes is ended by the timeout; the others get time enough to
        // fail their own way (the endless answer to pass 16 MiB) even on a busy machine.
        let faults: [(LoopbackReply, Int32, String, String)] = [
            (.respond(status: 503, body: Data()), 69, "boxoffice: ::1 answered HTTP 503 Service Unavailable (tried 2 times).\n", "20"),
            (.reset, 69, "boxoffice: the connection to ::1 broke off before the answer was complete (tried 2 times).\n", "20"),
            (.truncated(status: 200, body: Data("{\"boxOfficeResult\":{}}".utf8), bytes: 5), 69, "boxoffice: the connection to ::1 broke off", "20"),
            (.endless(chunk: Data(repeating: 32, count: 65_536), interval: 0.001), 65, "boxoffice: KOBIS's answer is longer than 16 MiB", "20"),
            (.delayed(seconds: 3600, then: .close), 69, "boxoffice: ::1 did not answer within the time allowed (tried 2 times).\n", "0.5"),
        ]
        for (reply, status, message, timeout) in faults {
            let failing = try LoopbackServer(ipv6: true) { _ in reply }
            let outcome = try await Executable.run(["daily", "--date", "20230423", "--retries", "1", "--timeout", timeout],
                                                   environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": failing.baseURL.absoluteString])
            #expect(outcome.status == status, "\(reply)")
            #expect(outcome.standardError.hasPrefix(message), "\(reply)")
        }
        let refused = try await Executable.run(["daily", "--date", "20230423", "--retries", "0"],
                                               environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": "http://[::1]:9"])
        #expect(refused.standardError.hasPrefix("boxoffice: could not connect to ::1: connection refused.\n"))
    }

    @Test(arguments: ["http://127.0.0.1:70000", "http://127.0.0.1/#top"])
    func impossibleAddressesExit64(address: String) async throws {
        let result = try await Executable.run(["daily", "--date", "20230423", "--base-url", address], environment: ["KOBIS_API_KEY": Hostile.key])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --base-url '\(address)' "))
    }
}
