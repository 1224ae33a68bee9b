import Foundation
import Testing

/// The built `boxoffice` binary against a loopback server that answers like KOBIS.
@Suite struct ExecutableEndToEndTests {
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Expected")

    private func environment(_ server: LoopbackServer, key: String? = KOBISEmulator.key) -> [String: String] {
        var environment = ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString]
        environment["KOBIS_API_KEY"] = key
        return environment
    }

    private func expected(_ name: String) throws -> String {
        try String(contentsOf: Self.expected.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func dailyPrintsTheTable() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["daily", "--date", "2023-04-23"], environment: environment(server))
        #expect(result.status == 0)
        #expect(result.standardOutput == (try expected("daily_20230423.txt")))
        #expect(result.standardError == "")
        #expect(server.requestCount == 1)
    }

    @Test func dailyJSONForScripts() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["--json", "--pretty", "daily", "--date", "20220105"], environment: environment(server))
        #expect(result.status == 0)
        #expect(result.standardOutput == (try expected("daily_20220105.json")))
    }

    @Test(arguments: ["20194376", "20212077"])
    func moviePrintsDetails(code: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let table = try await Executable.run(["movie", code], environment: environment(server))
        #expect(table.status == 0)
        #expect(table.standardOutput == (try expected("movie_\(code).txt")))
        let json = try await Executable.run(["movie", code, "--format", "json", "--pretty"], environment: environment(server))
        #expect(json.standardOutput == (try expected("movie_\(code).json")))
    }

    @Test func keyFromTheConfigFileAndBaseURLFromTheFlag() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("boxoffice"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: config) }
        try "# my KOBIS key\nkey = \(KOBISEmulator.key)\n".write(to: config.appendingPathComponent("boxoffice/config"), atomically: true, encoding: .utf8)
        let result = try await Executable.run(["movie", "20212077", "--base-url", server.baseURL.absoluteString],
                                        environment: ["XDG_CONFIG_HOME": config.path])
        #expect(result.status == 0)
        #expect(result.standardOutput == (try expected("movie_20212077.txt")))
    }

    @Test func rejectedKeyExits77WithoutShowingTheKey() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler(key: "the-right-key"))
        let result = try await Executable.run(["daily", "--date", "20230423", "--verbose"], environment: environment(server))
        #expect(result.status == 77)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("boxoffice: KOBIS rejected the API key from KOBIS_API_KEY (error 320010: 유효하지않은 키값입니다.).\n"))
        #expect(result.standardError.contains("key=***&targetDt=20230423"))
        #expect(!result.standardError.contains(KOBISEmulator.key))
    }

    @Test func missingKeyExits77AndSaysHowToGetOne() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["daily"], environment: environment(server, key: nil))
        #expect(result.status == 77)
        #expect(result.standardError.hasPrefix("boxoffice: no KOBIS API key is configured.\nGet a free key at https://www.kobis.or.kr/kobisopenapi"))
        #expect(server.requestCount == 0)
    }

    /// `--key ","` (what a script sends when "$K1,$K2" are both empty) is a list of no keys: no key
    /// is configured, exit 77, never a trap; a hollow `--key` gives way to KOBIS_API_KEY as a blank one does.
    @Test(arguments: [(["--key", ","], [String: String]()), (["--key", ",,"], [:]), ([], ["KOBIS_API_KEY": ","]),
                      (["--key", " , "], ["KOBIS_API_KEY": ",,"])])
    func aKeyListOfOnlyCommasIsNoKey(options: [String], variables: [String: String]) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(options + ["daily"], environment: environment(server, key: nil).merging(variables) { $1 })
        #expect(result.status == 77)
        #expect(result.standardOutput == "")
        let hollow = [options.isEmpty ? nil : "--key", variables.isEmpty ? nil : "KOBIS_API_KEY"].compactMap { $0 }
        #expect(result.standardError.hasPrefix("boxoffice: no KOBIS API key is configured (\(hollow.joined(separator: " and ")) \(hollow.count == 1 ? "holds" : "hold") only commas and blanks).\nGet a free key"))
        #expect(server.requestCount == 0)
        let fallback = try await Executable.run(options + ["daily", "--date", "20230423", "--json"],
                                                environment: environment(server, key: nil).merging(["KOBIS_API_KEY": KOBISEmulator.key]) { $1 })
        #expect(fallback.status == 0, "a real KOBIS_API_KEY is used: \(fallback.standardError)")
        #expect(server.requestCount == 1)
    }

    @Test func unknownMovieExits1() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["movie", "99999999"], environment: environment(server))
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("boxoffice: KOBIS has no movie with code 99999999.\n"))
    }

    @Test(arguments: [["daily", "--date", "20230230"], ["daily", "--date", "tomorrow"], ["daily", "--date", "-0d"], ["movie"], ["weekly", "--period", "weeknd"],
                       ["daily", "--multi", "--commercial"], ["daily", "--nation", "korea"], ["search"], ["search", "x", "--all", "--page", "2"]])
    func badInputExits64BeforeAnyRequest(arguments: [String]) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(arguments, environment: environment(server))
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: "))
        #expect(result.standardOutput == "")
        #expect(server.requestCount == 0)
    }

    @Test func demoNeedsNoKeyAndNoNetwork() async throws {
        let result = try await Executable.run(["--demo", "daily", "--date", "20230423"], environment: ["BOXOFFICE_BASE_URL": "http://127.0.0.1:9"])
        #expect(result.status == 0)
        #expect(result.standardOutput == (try expected("daily_20230423.txt")))
        #expect(result.standardError == "boxoffice: showing sample data recorded from KOBIS (--demo); no key or network used.\n")
    }

    @Test func closedPipeEndsQuietly() async throws {
        let script = #"set -o pipefail; "$BOXOFFICE" --demo movie 20124079 --json --pretty | head -n 1; echo "status=${PIPESTATUS[0]}""#
        let result = try await Executable.run(["-c", script], environment: ["BOXOFFICE": Executable.url.path], program: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.standardOutput == "{\nstatus=0\n")
        #expect(result.standardError == "boxoffice: showing sample data recorded from KOBIS (--demo); no key or network used.\n")
    }

    @Test(arguments: ["table", "json", "jsonl", "csv", "tsv", "markdown"])
    func aClosedPipeEndsQuietlyInEveryFormat(format: String) async throws {
        let script = #"set -o pipefail; "$BOXOFFICE" --demo --quiet movie 20218541 --wide --format "$FORMAT" | head -c 1; echo " status=${PIPESTATUS[0]}""#
        let result = try await Executable.run(["-c", script], environment: ["BOXOFFICE": Executable.url.path, "FORMAT": format],
                                              program: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.standardOutput.hasSuffix(" status=0\n"))
        #expect(result.standardError == "")
    }

    @Test func unknownFieldsAreRefusedBeforeAnyRequest() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["daily", "--fields", "rank,titel", "--format", "csv"], environment: environment(server))
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: --fields: 'titel' is not a field here; the fields are date, rank, rankChange, isNew, movieCode, title, openDate, audience, audienceChange, audienceTotal, sales, salesShare, salesTotal, screens, shows, nation, diversity, exact, filter. Did you mean 'title'?\n"))
        #expect(server.requestCount == 0)
        let csv = try await Executable.run(["daily", "--date", "2022-01-05", "--fields", "rank,title", "--format", "csv"], environment: environment(server))
        #expect(csv.standardOutput.hasPrefix("rank,title\n1,경관의 피\n2,스파이더맨: 노 웨이 홈\n"))
    }

    /// A key of a letter or two would be masked inside KOBIS's answers and damage them.
    @Test(arguments: ["k", "ab", "7 chars"])
    func aKeyTooShortToBeAKOBISKeyIsRefused(key: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["daily", "--date", "2023-04-23"], environment: environment(server, key: key))
        #expect(result.status == 77)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("boxoffice: the key from KOBIS_API_KEY has \(key.count) character"))
        #expect(server.requestCount == 0)
    }
}
