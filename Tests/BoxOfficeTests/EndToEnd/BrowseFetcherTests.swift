@testable import BoxOfficeBrowse
@testable import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// browse's requests as the engine answers them, through a real client against the loopback
/// server: a month's records keep the view's filter and region, as its rankings do, and are read
/// to yesterday by the engine.
@Suite struct BrowseFetcherTests {
    static func session(_ server: LoopbackServer, filter: BoxOfficeFilter, region: String?, today: Day) -> BrowseSession {
        // Ten in the morning of `today` in Korea.
        let now = WatchEndToEndTests.korean(today.month, today.day)
        let client = BoxOfficeClient(transport: URLSessionTransport(), middlewares: BoxOfficeClient.standardMiddlewares(keys: [KOBISEmulator.key]),
                                     baseURL: server.baseURL, timeout: TestTime.limit(10), now: { now })
        return BrowseSession(client: { client }, approve: { _, _, _, _ in }, jobs: 4, today: today, now: { Date() }, environment: [:],
                             filter: filter, region: region, offline: false,
                             reviews: { throw BrowseFetchError() }, added: { _ in "" }, poster: { _, _ in nil },
                             failure: { .failed("\($0)") })
    }

    @Test func aMonthsRecordsKeepTheViewsFilterAndRegion() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let today = try #require(Day(year: 2025, month: 10, day: 4))
        let fetcher = BrowseFetcher(session: Self.session(server, filter: BoxOfficeFilter(nation: .korean), region: "0105001", today: today))
        guard case let .records(records) = try await fetcher.fetch(.records(year: 2025, month: 10)) else {
            Issue.record("not records")
            return
        }
        // The month to yesterday: three days, each asked with the filter and the region.
        #expect(records.from.iso == "2025-10-01" && records.to.iso == "2025-10-03")
        let daily = server.requests.filter { $0.path.hasSuffix("searchDailyBoxOfficeList.json") }
        #expect(daily.count == 3)
        #expect(daily.allSatisfy { $0.query["repNationCd"] == "K" && $0.query["wideAreaCd"] == "0105001" }, "\(daily.map(\.query))")
    }
}
