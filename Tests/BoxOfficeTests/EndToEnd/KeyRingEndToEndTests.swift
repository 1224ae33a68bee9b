import Foundation
import Testing

/// Several keys: a key KOBIS refuses, or whose quota is spent, gives way to the next, named by its
/// place and never by itself.
@Suite struct KeyRingEndToEndTests {
    static let bad = "Zq7BADkey0123456789abcdefghiXYZ7"
    static let spent = "Zq7SPENTkey0123456789abcdefXYZ6"

    private func environment(_ server: LoopbackServer, cache: URL, keys: [String]) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": keys.joined(separator: ","), "BOXOFFICE_CACHE_DIR": cache.path]
    }

    private func temporaryCache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-keys-\(UUID().uuidString)")
    }

    /// The good key answers; `spent` always hears 320011; any other key 320010.
    private func handler(_ request: LoopbackRequest) -> LoopbackReply {
        if request.query["key"] == Self.spent {
            return .json(#"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#)
        }
        return KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
    }

    @Test func aRejectedKeyAmongSeveralGivesWayToTheNext() async throws {
        let server = try LoopbackServer { self.handler($0) }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--from", "2022-01-04", "--to", "2022-01-07", "--jobs", "1", "--rate", "0", "--format", "csv"],
                                              environment: environment(server, cache: cache, keys: [Self.bad, KOBISEmulator.key]))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "boxoffice: KOBIS rejected key 1 of 2 (error 320010); going on with key 2.\n")
        #expect(result.standardOutput.contains("2022-01-05,1,"))
        #expect(server.requests.filter { $0.query["key"] == Self.bad }.count == 1)
        for text in [result.standardOutput, result.standardError] {
            #expect(!text.contains(Self.bad) && !text.contains(KOBISEmulator.key))
        }
    }

    @Test func everyKeyRejectedIsExit77() async throws {
        let server = try LoopbackServer { self.handler($0) }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let other = "Zq7OTHERbad0123456789abcdefgXYZ5"
        let result = try await Executable.run(["--key", Self.bad + "," + other, "daily", "--date", "2022-01-05"],
                                              environment: environment(server, cache: cache, keys: []))
        #expect(result.status == 77)
        #expect(result.standardError.hasPrefix("""
            boxoffice: KOBIS rejected key 1 of 2 (error 320010); going on with key 2.
            boxoffice: KOBIS rejected key 2 of 2 too.
            boxoffice: KOBIS rejected the API key from --key (error 320010
            """))
        #expect(!result.standardError.contains(Self.bad) && !result.standardError.contains(other))
    }

    /// KOBIS's 320011 is remembered for the Korean day: the next run goes straight to the next key.
    @Test func aSpentQuotaIsRememberedForTheDay() async throws {
        let server = try LoopbackServer { self.handler($0) }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let keys = [Self.spent, KOBISEmulator.key]
        let first = try await Executable.run(["daily", "--date", "2022-01-05", "--json"], environment: environment(server, cache: cache, keys: keys))
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError == "boxoffice: the quota of key 1 of 2 is used up for today; going on with key 2.\n")
        let second = try await Executable.run(["daily", "--date", "2022-01-21", "--json"], environment: environment(server, cache: cache, keys: keys))
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardError == "boxoffice: the quota of key 1 of 2 is used up for today; going on with key 2.\n")
        #expect(server.requests.filter { $0.query["key"] == Self.spent }.count == 1, "no call spent to hear it again")
        #expect(server.requests.filter { $0.query["key"] == KOBISEmulator.key }.count == 2)
        // Then a refused key: the spent one is passed over without a call, and the refusal is exit 77.
        let refused = try await Executable.run(["daily", "--date", "2022-03-15", "--json"],
                                               environment: environment(server, cache: cache, keys: [Self.spent, Self.bad]))
        #expect(refused.status == 77)
        #expect(refused.standardError.hasPrefix("""
            boxoffice: the quota of key 1 of 2 is used up for today; going on with key 2.
            boxoffice: KOBIS rejected key 2 of 2 too.
            """))
        #expect(server.requests.filter { $0.query["key"] == Self.spent }.count == 1)
    }
}
