@testable import BoxOfficeCore
@testable import BoxOfficeStorage
import Foundation
import Testing

/// A watch's rules, as pure functions over recorded days: a correction is one event a film with
/// every figure changed, a film out of or into a day's list a change of its rank; targets are
/// kept until reached and then told once; the events not delivered are what the state keeps; a
/// state of version 1 is read, one of a later version refused; the budget of days a run reads.
@Suite struct WatchRulesTests {
    static func ranking(_ day: String, _ edit: (String) -> String = { $0 }) throws -> DailyBoxOffice {
        let compact = day.replacingOccurrences(of: "-", with: "")
        let text = edit(try Fixtures.text("daily_\(compact).json"))
        return try DailyBoxOffice(try JSONDecoder().decode(DailyBoxOfficeResponse.self, from: Data(text.utf8)), requested: Day(day)!)
    }

    /// 보스's audience and total corrected on 2025-10-03: one revised event, both figures in it;
    /// the other films, unchanged, none.
    @Test func aCorrectionIsOneEventWithEveryFigure() throws {
        let seen = WatchState.SeenDay(try Self.ranking("2025-10-03"))
        let revised = try Self.ranking("2025-10-03") {
            $0.replacingOccurrences(of: #""audiCnt":"238891""#, with: #""audiCnt":"239012""#)
                .replacingOccurrences(of: #""audiAcc":"244160""#, with: #""audiAcc":"244281""#)
        }
        let events = BoxOfficeClient.revisions(from: seen, to: revised)
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(event.kind == .revised && event.title == "보스" && event.rank == 1 && event.previousRank == 1 && event.day == 1)
        #expect(event.changes == [NewsEvent.Change(field: "audience", from: 238_891, to: 239_012),
                                  NewsEvent.Change(field: "audienceTotal", from: 244_160, to: 244_281)])
        #expect(BoxOfficeClient.revisions(from: seen, to: try Self.ranking("2025-10-03")).isEmpty)
    }

    /// A film that left a day's list and one that joined it: each a change of its rank, from or
    /// to nothing.
    @Test func aListRevisedIsAChangeOfRank() throws {
        let seen = WatchState.SeenDay(try Self.ranking("2025-10-03"))
        let revised = try Self.ranking("2025-10-03") {
            $0.replacingOccurrences(of: #""movieCd":"20257729","movieNm":"배달의 영웅 : 캐리와 슈퍼콜라2""#, with: #""movieCd":"2025999A","movieNm":"고친 영화""#)
        }
        let events = BoxOfficeClient.revisions(from: seen, to: revised)
        #expect(events.map(\.movieCode) == ["20257729", "2025999A"])
        #expect(events.map(\.changes) == [[NewsEvent.Change(field: "rank", from: 10, to: nil)], [NewsEvent.Change(field: "rank", from: nil, to: 10)]])
        #expect(events[0].rank == nil && events[0].previousRank == 10 && events[1].rank == 10 && events[1].previousRank == nil)
    }

    /// A target is told on the day its film's total reaches it, then moved to those reached; one
    /// already reached, given again, is not kept again; a target kept under its code alone takes
    /// the title found for it.
    @Test func targetsAreToldOnceWhenReached() throws {
        let boss = WatchTarget(movieCode: "20228988", title: "보스", audience: 1_000_000)
        var state = WatchState(deep: false, lastDay: Day("2025-10-06")!, targets: [boss])
        #expect(BoxOfficeClient.reached(&state, on: try Self.ranking("2025-10-06")).isEmpty)
        #expect(state.targets == [boss])
        let events = BoxOfficeClient.reached(&state, on: try Self.ranking("2025-10-07"))
        #expect(events.map(\.kind) == [.target] && events.first?.milestone == 1_000_000 && events.first?.audienceTotal == 1_308_140)
        #expect(state.targets.isEmpty && state.reached == [boss])
        #expect(BoxOfficeClient.merged(state.targets, [boss], reached: state.reached).isEmpty)
        let byCode = WatchTarget(movieCode: "20228988", title: "20228988", audience: 3_000_000)
        #expect(BoxOfficeClient.merged([byCode], [WatchTarget(movieCode: "20228988", title: "보스", audience: 3_000_000)], reached: [])
            == [WatchTarget(movieCode: "20228988", title: "보스", audience: 3_000_000)])
    }

    /// The state kept while events are delivered: those not delivered, then those still to hand
    /// over; all of them delivered, none.
    @Test func theStateKeepsWhatIsNotDelivered() throws {
        let day = Day("2025-10-03")!
        let events = (1...3).map { (index: Int) in NewsEvent(kind: .entered, date: day, movieCode: "M\(index)", title: "T\(index)", rank: index, previousRank: nil, audience: nil, audienceTotal: nil, day: nil) }
        let update = WatchUpdate(events: events, state: WatchState(deep: false, lastDay: day), started: false, daysLeft: 0)
        #expect(update.state(keeping: [events[1]]).pending == [events[1]])
        #expect(update.state(keeping: []).pending.isEmpty && update.state(keeping: []).lastDay == day)
    }

    /// A state of version 1 (its revised events with one `revision`) is read, as version 2; one
    /// of a later version is refused, and told apart from a damaged one; a cut one is cut.
    @Test func theStatesForms() throws {
        let first = #"{"version":1,"deep":false,"lastDay":"2025-10-03","pending":[{"kind":"revised","date":"2025-10-03","movieCode":"20228988","title":"보스","rank":1,"previousRank":1,"audience":239012,"audienceTotal":244281,"day":1,"revision":{"field":"audience","from":238891,"to":239012}}]}"#
        let state = try JSONDecoder().decode(WatchState.self, from: Data(first.utf8))
        #expect(state.version == 2 && state.pending.first?.changes == [NewsEvent.Change(field: "audience", from: 238_891, to: 239_012)])
        let later = Data(#"{"version":3,"deep":false,"lastDay":"2025-10-03"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WatchState.self, from: later) }
        #expect(WatchState.version(of: later) == 3)
        guard case .newer(3) = FolderWatchStore.reading(later) else { Issue.record("a later version is refused as newer"); return }
        guard case .cut = FolderWatchStore.reading(Data(first.utf8).prefix(50)) else { Issue.record("a state without its end is cut short"); return }
        guard case .damaged = FolderWatchStore.reading(Data(#"{"version":2}"#.utf8)) else { Issue.record("a whole object that is no state is damaged"); return }
        // Written again, it is version 2, its change kept as changes.
        let encoded = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(WatchState.self, from: encoded) == state)
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""changes":[{"#))
    }

    /// A run reads as many new days as its calls allow, each day's news looking back nine days
    /// (four calls a day past the top 10), and always at least one.
    @Test func theDaysARunReads() {
        #expect(WatchState.days(within: 100, deep: false) == 92)
        #expect(WatchState.days(within: 100, deep: true) == 17)
        #expect(WatchState.days(within: 5, deep: false) == 1)
    }
}
