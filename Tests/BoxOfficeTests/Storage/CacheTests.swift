@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
import Foundation
import Testing

/// The on-disk cache: freshness rules, entry format, atomic writes, the call counter.
@Suite struct CacheTests {
    let today = Day(year: 2026, month: 11, day: 22)!

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-cache-\(UUID().uuidString)")
    }

    /// The instant `hours` after midnight of `day` in Korea.
    private func korean(_ day: Day, hours: Double = 0) -> Date {
        let midnightUTC = Date(timeIntervalSince1970: Double(Day(year: 1970, month: 1, day: 1)!.days(to: day)) * 86_400)
        return midnightUTC.addingTimeInterval(hours * 3600 - 9 * 3600)
    }

    @Test func rulesFollowHowKOBISDataChange() throws {
        let day = try #require(Day("20230327"))
        #expect(Freshness.of(.dailyBoxOffice(on: day)) == .boxOffice(lastDay: day))
        // 2026-11-16 is a Monday; its week ends on Sunday the 22nd, its weekend too.
        let monday = try #require(Day("20261116"))
        #expect(Freshness.of(.weeklyBoxOffice(containing: monday, period: .week)) == .boxOffice(lastDay: today))
        #expect(Freshness.of(.weeklyBoxOffice(containing: today, period: .weekend)) == .boxOffice(lastDay: today))
        #expect(Freshness.of(.movieInfo(code: "20124079")) == .seconds(7 * 86_400))
        #expect(Freshness.of(.peopleInfo(code: "10000066")) == .seconds(7 * 86_400))
        #expect(Freshness.of(.movieList(MovieQuery(title: "괴물"))) == .seconds(86_400))
        #expect(Freshness.of(.codeList(.regions)) == .seconds(30 * 86_400))
    }

    @Test func boxOfficeStoredAfterItSettledKeepsForGood() throws {
        let day = try #require(Day("20230327"))
        let rule = Freshness.boxOffice(lastDay: day)
        let stored = korean(day.adding(days: 3), hours: 0.5)
        #expect(rule.isSettled(stored: stored))
        #expect(rule.isFresh(stored: stored, now: stored.addingTimeInterval(400 * 86_400)))
        #expect(rule.describe(stored: stored) == "kept for good (the figures had settled when stored)")
    }

    @Test func boxOfficeStoredWhileStillRevisedExpiresAfterAnHourForEver() throws {
        let day = try #require(Day("20230327"))
        let rule = Freshness.boxOffice(lastDay: day)
        // Fetched at 00:05 the day after, and again late on the second day: both still revisable.
        for stored in [korean(day.adding(days: 1), hours: 0.1), korean(day.adding(days: 2), hours: 23.9)] {
            #expect(!rule.isSettled(stored: stored))
            #expect(rule.isFresh(stored: stored, now: stored.addingTimeInterval(3599)))
            #expect(!rule.isFresh(stored: stored, now: stored.addingTimeInterval(3600)))
            #expect(!rule.isFresh(stored: stored, now: stored.addingTimeInterval(30 * 86_400)), "an early answer never becomes settled")
            #expect(rule.describe(stored: stored) == "good for 1 hour")
        }
    }

    @Test func otherAnswersExpireAfterTheirTime() {
        let stored = Date(timeIntervalSince1970: 1_000_000)
        #expect(Freshness.seconds(86_400).isFresh(stored: stored, now: stored.addingTimeInterval(86_399)))
        #expect(!Freshness.seconds(86_400).isFresh(stored: stored, now: stored.addingTimeInterval(86_400)))
        #expect(!Freshness.seconds(3600).isFresh(stored: stored.addingTimeInterval(7200), now: stored), "stored in the future")
        #expect(Freshness.seconds(7 * 86_400).describe(stored: stored) == "good for 7 days")
        #expect(Freshness.seconds(86_400).describe(stored: stored) == "good for 1 day")
    }

    @Test func requestKeysCannotBeMimickedByValues() {
        let sneaky = Endpoint.movieList(MovieQuery(title: "x&directorNm=y")).requestKey
        let honest = Endpoint.movieList(MovieQuery(title: "x", director: "y")).requestKey
        #expect(sneaky != honest)
        #expect(sneaky == "movie/searchMovieList?curPage=1&itemPerPage=10&movieNm=x%26directorNm%3Dy")
        #expect(Endpoint.peopleList(name: "봉준호").requestKey == "people/searchPeopleList?curPage=1&itemPerPage=10&peopleNm=%EB%B4%89%EC%A4%80%ED%98%B8")
    }

    @Test func abandonedTemporaryFilesAreRemovedOnTheFirstWrite() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = AnswerCache(folder: folder)
        try FileManager.default.createDirectory(at: cache.answers, withIntermediateDirectories: true)
        let old = cache.answers.appendingPathComponent(".tmp-1-1")
        let recent = cache.answers.appendingPathComponent(".tmp-1-2")
        try Data("half".utf8).write(to: old)
        try Data("half".utf8).write(to: recent)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: old.path)
        #expect(cache.store(CacheEntry(request: "x", stored: Date(), body: Data("{}".utf8))) == nil)
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: recent.path), "a writer may still be busy with it")
    }

    @Test func damagedCountRestartsAndNeverTraps() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let counter = CallCounter(folder: folder)
        for damage in ["9223372036854775807", "-5", "garbage", "99999999999999999999999"] {
            try damage.write(to: folder.appendingPathComponent("calls-\(today.compact)"), atomically: true, encoding: .utf8)
            #expect(throws: Never.self) { try counter.record(on: today).get() }
        }
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("calls-\(today.compact)").path)[.posixPermissions] as? Int
        #expect(mode == 0o600 || mode == 0o644, "written by the test's own atomic write")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("calls-\(today.compact)"))
        _ = counter.record(on: today)
        #expect(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("calls-\(today.compact)").path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func entriesRoundTripAndRejectDamage() throws {
        let entry = CacheEntry(request: "movie/searchMovieInfo?movieCd=20124079", stored: Date(timeIntervalSince1970: 1_795_284_000),
                               body: try Fixtures.data("movieinfo_20124079_capture-a.json"))
        let data = try #require(entry.encoded())
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
        #expect(try cache.entry(for: request)?.body == Data("{}".utf8))
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
        #expect(try cache.usage().entries == 2)
        #expect(try cache.clear().entries == 2)
        #expect(try cache.usage().entries == 0)
    }

    @Test func unwritableCacheIsReportedNotThrown() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a file, not a folder".utf8).write(to: folder)
        let cache = AnswerCache(folder: folder)
        #expect(cache.store(CacheEntry(request: "x", stored: Date(), body: Data("{}".utf8))) != nil)
        #expect(throws: FileAccessError.self) { try cache.entry(for: "x") }
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
        #expect(try counter.record(on: today.adding(days: -8)).get() == 1)
        #expect(try counter.record(on: today).get() == 1)
        #expect(try counter.record(on: today).get() == 2)
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
