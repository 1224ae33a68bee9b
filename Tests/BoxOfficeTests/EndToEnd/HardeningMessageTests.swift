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
// MARK: - Messages that say what happened

@Suite struct HardeningMessageTests {
    @Test func httpsAgainstAPlainServerSaysItIsNotTLSAndIsNotRetried() async throws {
        let server = try RawServer(reply: Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        let result = try await Executable.run(["daily", "--date", "20230423"],
                                              environment: ["KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": "https://127.0.0.1:\(server.port)"])
        #expect(result.status == 69)
        #expect(result.standardError == """
            boxoffice: 127.0.0.1 does not speak TLS: it answered the https:// request in plain text.
            If that server speaks plain HTTP, give --base-url an http:// address.

            """)
    }

    @Test func aHugeBadArgumentIsShortened() async throws {
        let huge = String(repeating: "x", count: 100_000)
        let result = try await Executable.run(["daily", "--date", huge])
        #expect(result.status == 64)
        #expect(result.standardError == """
            boxoffice: --date '\(String(repeating: "x", count: 40))…' (100,000 characters) is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd.
            Run 'boxoffice help daily' for usage.

            """)
        let command = try await Executable.run([huge])
        #expect(command.standardError.utf8.count < 200)
    }

    @Test func negativeInfinityIsAValueThatIsNotATimeout() async throws {
        let result = try await Executable.run(["daily", "--timeout", "-inf"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --timeout '-inf' is not a number of seconds from 0.01 to 3,600.\n"))
    }

    @Test func aRelativeHomeIsNamedAsSuch() async throws {
        let result = try await Executable.run(["cache", "info"], environment: ["HOME": "relative/home"])
        #expect(result.status == 1)
        #expect(result.standardError == """
            boxoffice: there is no cache folder: HOME (relative/home) is not an absolute path.
            Pass --cache-dir DIR or set BOXOFFICE_CACHE_DIR.

            """)
        let server = try Hostile.dailyServer()
        let daily = try await Executable.run(["daily", "--date", "20230327"],
                                             environment: ["HOME": "relative/home", "KOBIS_API_KEY": Hostile.key, "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        #expect(daily.status == 0)
        #expect(daily.standardError == """
            boxoffice: warning: there is no cache folder: HOME (relative/home) is not an absolute path. Pass --cache-dir DIR or set BOXOFFICE_CACHE_DIR. Until then, answers are not kept and calls are not counted.

            """)
    }
}
