import Foundation
import Testing

/// `movie --poster` against loopback stand-ins for Kakao's image search and OMDb.
@Suite struct PosterEndToEndTests {
    static let kakaoKey = "kakaoCANARY0123456789abcdef"
    static let omdbKey = "omdbCANARY42"
    static let poster = "https://img.example/광해.jpg"

    private func environment(kobis: LoopbackServer, _ extra: [String: String]) -> [String: String] {
        ["BOXOFFICE_BASE_URL": kobis.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key].merging(extra) { $1 }
    }

    private func json(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    private func expectNoSecrets(_ result: Executable.Result) {
        for secret in [Self.kakaoKey, Self.omdbKey, KOBISEmulator.key] {
            #expect(!result.standardOutput.contains(secret))
            #expect(!result.standardError.contains(secret))
        }
    }

    @Test func kakaoFindsThePosterWithItsKeyInTheHeader() async throws {
        let kobis = try LoopbackServer(handler: KOBISEmulator.handler())
        let kakao = try LoopbackServer { _ in
            .json(#"{"meta":{"total_count":2},"documents":[{"image_url":"\#(Self.poster)","thumbnail_url":"https://t.example/1"},{"image_url":"https://img.example/2.jpg"}]}"#)
        }
        let result = try await Executable.run(["movie", "20124079", "--poster", "--json", "--pretty", "--verbose"], environment: environment(kobis: kobis, [
            "KAKAO_REST_API_KEY": Self.kakaoKey, "BOXOFFICE_KAKAO_URL": kakao.baseURL.absoluteString,
        ]))
        #expect(result.status == 0)
        #expect(try json(result.standardOutput)["poster"] as? String == Self.poster)
        let request = try #require(kakao.requests.first)
        #expect(kakao.requestCount == 1)
        #expect(request.path == "/v2/search/image")
        #expect(request.headers["authorization"] == "KakaoAK " + Self.kakaoKey)
        #expect(request.query["query"] == "광해, 왕이 된 남자 (2012) 포스터")
        expectNoSecrets(result)
        // The table has the address too.
        let table = try await Executable.run(["movie", "20124079", "--poster"], environment: environment(kobis: kobis, [
            "KAKAO_REST_API_KEY": Self.kakaoKey, "BOXOFFICE_KAKAO_URL": kakao.baseURL.absoluteString,
        ]))
        #expect(table.standardOutput.contains("\nPoster          \(Self.poster)\n\nBox office\n"))
    }

    @Test func omdbSearchesTheEnglishTitleAndYear() async throws {
        let kobis = try LoopbackServer(handler: KOBISEmulator.handler())
        let omdb = try LoopbackServer { _ in .json(#"{"Title":"Masquerade","Year":"2012","Poster":"https://m.example/p.jpg","Response":"True"}"#) }
        let result = try await Executable.run(["movie", "20124079", "--poster", "--json", "--pretty"], environment: environment(kobis: kobis, [
            "OMDB_API_KEY": Self.omdbKey, "BOXOFFICE_OMDB_URL": omdb.baseURL.absoluteString,
        ]))
        #expect(result.status == 0)
        #expect(try json(result.standardOutput)["poster"] as? String == "https://m.example/p.jpg")
        let request = try #require(omdb.requests.first)
        #expect(request.query == ["apikey": Self.omdbKey, "t": "Masquerade", "y": "2012"])
        expectNoSecrets(result)
    }

    @Test func aFailingProviderStillShowsTheMovieWithANote() async throws {
        let kobis = try LoopbackServer(handler: KOBISEmulator.handler())
        let kakao = try LoopbackServer { _ in .html("down", status: 503) }
        let result = try await Executable.run(["movie", "20124079", "--poster", "--json", "--retries", "0"], environment: environment(kobis: kobis, [
            "KAKAO_REST_API_KEY": Self.kakaoKey, "BOXOFFICE_KAKAO_URL": kakao.baseURL.absoluteString,
        ]))
        let movie = try json(result.standardOutput)
        #expect(movie["movieCode"] as? String == "20124079")
        #expect(movie["poster"] is NSNull)
        #expect(result.status == 69)
        #expect(result.standardError.hasPrefix("boxoffice: no poster: Kakao image search: 127.0.0.1 answered HTTP 503"))
        expectNoSecrets(result)
    }

    @Test func aRejectedProviderKeyExits77AfterTheMovie() async throws {
        let kobis = try LoopbackServer(handler: KOBISEmulator.handler())
        let kakao = try LoopbackServer { _ in .json(#"{"errorType":"AccessDeniedError","message":"wrong appKey"}"#, status: 401) }
        let result = try await Executable.run(["movie", "20124079", "--poster"], environment: environment(kobis: kobis, [
            "KAKAO_REST_API_KEY": Self.kakaoKey, "BOXOFFICE_KAKAO_URL": kakao.baseURL.absoluteString,
        ]))
        #expect(result.status == 77)
        #expect(result.standardOutput.hasPrefix("광해, 왕이 된 남자\n"))
        #expect(result.standardError == "boxoffice: no poster: Kakao image search rejected the key (HTTP 401).\nCheck KAKAO_REST_API_KEY.\n")
    }

    @Test func anotherProviderCoversForOneThatFails() async throws {
        let kobis = try LoopbackServer(handler: KOBISEmulator.handler())
        let kakao = try LoopbackServer { _ in .json("not json") }
        let omdb = try LoopbackServer { _ in .json(#"{"Poster":"https://m.example/p.jpg","Response":"True"}"#) }
        let result = try await Executable.run(["movie", "20124079", "--poster", "--json", "--pretty"], environment: environment(kobis: kobis, [
            "KAKAO_REST_API_KEY": Self.kakaoKey, "BOXOFFICE_KAKAO_URL": kakao.baseURL.absoluteString,
            "OMDB_API_KEY": Self.omdbKey, "BOXOFFICE_OMDB_URL": omdb.baseURL.absoluteString,
        ]))
        #expect(result.status == 0)
        #expect(try json(result.standardOutput)["poster"] as? String == "https://m.example/p.jpg")
    }

    @Test func noPosterFoundIsNotAFailure() async throws {
        let kobis = try LoopbackServer(handler: KOBISEmulator.handler())
        let omdb = try LoopbackServer { _ in .json(#"{"Response":"False","Error":"Movie not found!"}"#) }
        let result = try await Executable.run(["movie", "20124079", "--poster", "--json", "--pretty"], environment: environment(kobis: kobis, [
            "OMDB_API_KEY": Self.omdbKey, "BOXOFFICE_OMDB_URL": omdb.baseURL.absoluteString,
        ]))
        #expect(result.status == 0)
        #expect(try json(result.standardOutput)["poster"] is NSNull)
        #expect(result.standardError == "boxoffice: no poster found for 광해, 왕이 된 남자.\n")
    }

    @Test func withoutAProviderKeyNothingIsSentAndItExits77() async throws {
        let kobis = try LoopbackServer(handler: KOBISEmulator.handler())
        let result = try await Executable.run(["movie", "20124079", "--poster"], environment: environment(kobis: kobis, [:]))
        #expect(result.status == 77)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("boxoffice: --poster needs a poster provider's key, and none is set.\nSet KAKAO_REST_API_KEY"))
        #expect(kobis.requestCount == 0)
    }

    @Test func postersAreCachedLikeKOBISsAnswers() async throws {
        let kobis = try LoopbackServer(handler: KOBISEmulator.handler())
        let kakao = try LoopbackServer { _ in .json(#"{"documents":[{"image_url":"\#(Self.poster)"}]}"#) }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-posters-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let settings = environment(kobis: kobis, ["KAKAO_REST_API_KEY": Self.kakaoKey, "BOXOFFICE_KAKAO_URL": kakao.baseURL.absoluteString,
                                                  "BOXOFFICE_CACHE_DIR": cache.path])
        _ = try await Executable.run(["movie", "20124079", "--poster"], environment: settings)
        let second = try await Executable.run(["movie", "20124079", "--poster", "--offline", "--json", "--pretty"], environment: settings)
        #expect(second.status == 0)
        #expect(try json(second.standardOutput)["poster"] as? String == Self.poster)
        #expect(kakao.requestCount == 1)
        // No file in the cache holds a key.
        for file in try FileManager.default.subpathsOfDirectory(atPath: cache.path) {
            let text = String(decoding: (try? Data(contentsOf: cache.appendingPathComponent(file))) ?? Data(), as: UTF8.self)
            #expect(!text.contains(Self.kakaoKey) && !text.contains(KOBISEmulator.key), "\(file)")
        }
    }
}
