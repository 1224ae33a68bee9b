@testable import BoxOfficeCore
import Foundation
import Testing

/// The on-disk cache: freshness rules, entry format, atomic writes, the call counter.
@Suite struct CacheTests {
    let today = Day(year: 2026, month: 11, day: 22)!

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-cache-\(UUID().uuidString)")
    }

    @Test func freshnessFollowsHowKOBISDataChange() throws {
        #expect(Freshness.of(.dailyBoxOffice(on: today.adding(days: -3)), today: today) == .forever)
        #expect(Freshness.of(.dailyBoxOffice(on: try #require(Day("20230327"))), today: today) == .forever)
        #expect(Freshness.of(.dailyBoxOffice(on: today.adding(days: -2)), today: today) == .seconds(3600))
        #expect(Freshness.of(.dailyBoxOffice(on: today.adding(days: -1)), today: today) == .seconds(3600))
        // 2026-11-16 is a Monday; its week ends on Sunday the 22nd, which is today.
        #expect(Freshness.of(.weeklyBoxOffice(containing: try #require(Day("20261116")), period: .week), today: today) == .seconds(3600))
        #expect(Freshness.of(.weeklyBoxOffice(containing: try #require(Day("20261109")), period: .week), today: today) == .forever)
        #expect(Freshness.of(.movieInfo(code: "20124079"), today: today) == .seconds(7 * 86_400))
        #expect(Freshness.of(.peopleInfo(code: "10000066"), today: today) == .seconds(7 * 86_400))
        #expect(Freshness.of(.movieList(MovieQuery(title: "괴물")), today: today) == .seconds(86_400))
        #expect(Freshness.of(.codeList(.regions), today: today) == .seconds(30 * 86_400))
        let stored = Date(timeIntervalSince1970: 1_000_000)
        #expect(Freshness.seconds(3600).isFresh(stored: stored, now: stored.addingTimeInterval(3599)))
        #expect(!Freshness.seconds(3600).isFresh(stored: stored, now: stored.addingTimeInterval(3600)))
        #expect(!Freshness.seconds(3600).isFresh(stored: stored.addingTimeInterval(7200), now: stored), "stored in the future")
        #expect(Freshness.forever.isFresh(stored: stored, now: stored.addingTimeInterval(1e9)))
    }

    @Test func entriesRoundTripAndRejectDamage() throws {
        let entry = CacheEntry(request: "movie/searchMovieInfo?movieCd=20124079", stored: Date(timeIntervalSince1970: 1_795_284_000),
                               body: try Fixtures.data("movieinfo_20124079_capture-a.json"))
        let data = entry.encoded()
        #expect(CacheEntry(data) == entry)
        #expect(String(decoding: data.prefix(100), as: UTF8.self).hasPrefix(
            "boxoffice-cache 1\nrequest movie/searchMovieInfo?movieCd=20124079\nstored 1795284000\nbytes 32063\n\n{"))
        for length in stride(from: 0, to: data.count, by: 97) {
            #expect(CacheEntry(data.prefix(length)) == nil)
        }
        #expect(CacheEntry(data + Data("x".utf8)) == nil)
        #expect(CacheEntry(Data("boxoffice-cache 2\nrequest a\nstored 1\nbytes 1\n\nx".utf8)) == nil)
    }

    @Test func storesAtomicallyWithPrivateModesAndReadableNames() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = AnswerCache(folder: folder)
        let request = Endpoint.movieList(MovieQuery(title: "범죄와의 전쟁 / 7&8")).requestKey
        #expect(cache.store(CacheEntry(request: request, stored: Date(), body: Data("{}".utf8))) == nil)
        let short = Endpoint.dailyBoxOffice(on: today).requestKey
        #expect(cache.store(CacheEntry(request: short, stored: Date(), body: Data("{}".utf8))) == nil)
        #expect(cache.entry(for: request)?.body == Data("{}".utf8))
        #expect(cache.file(for: short).lastPathComponent == "boxoffice~searchDailyBoxOfficeList~targetDt=20261122.answer")
        #expect(cache.file(for: request).lastPathComponent.utf8.count < 255)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.answers.path)
        #expect(files.count == 2, "no temporary files are left behind")
        for file in files {
            let mode = try FileManager.default.attributesOfItem(atPath: cache.answers.appendingPathComponent(file).path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        for path in [folder.path, cache.answers.path] {
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o700)
        }
        #expect(cache.usage().entries == 2)
        #expect(try cache.clear().entries == 2)
        #expect(cache.usage().entries == 0)
    }

    @Test func unwritableCacheIsReportedNotThrown() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a file, not a folder".utf8).write(to: folder)
        let cache = AnswerCache(folder: folder)
        #expect(cache.store(CacheEntry(request: "x", stored: Date(), body: Data("{}".utf8))) != nil)
        #expect(cache.entry(for: "x") == nil)
    }

    @Test func cacheFolderFollowsFlagEnvironmentThenXDG() {
        #expect(AnswerCache.folder(option: "/a", environment: ["BOXOFFICE_CACHE_DIR": "/b"])?.path == "/a")
        #expect(AnswerCache.folder(option: nil, environment: ["BOXOFFICE_CACHE_DIR": "/b", "XDG_CACHE_HOME": "/c"])?.path == "/b")
        #expect(AnswerCache.folder(option: nil, environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.path == "/c/boxoffice")
        #expect(AnswerCache.folder(option: nil, environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.path == "/h/.cache/boxoffice")
        #expect(AnswerCache.folder(option: nil, environment: ["XDG_CACHE_HOME": "", "HOME": "/h"])?.path == "/h/.cache/boxoffice")
        #expect(AnswerCache.folder(option: nil, environment: [:]) == nil)
    }

    @Test func callCounterCountsPerKoreanDayAndForgetsOldDays() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counter = CallCounter(folder: folder)
        #expect(counter.count(on: today) == 0)
        #expect(counter.record(on: today.adding(days: -8)) == 1)
        #expect(counter.record(on: today) == 1)
        #expect(counter.record(on: today) == 2)
        #expect(counter.count(on: today) == 2)
        #expect(counter.count(on: today.adding(days: -8)) == 0, "counts older than a week are removed")
    }

    @Test func concurrentCountsLoseNothing() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counter = CallCounter(folder: folder)
        let day = today
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<25 { _ = counter.record(on: day) } }
            }
        }
        #expect(counter.count(on: today) == 200)
    }
}
