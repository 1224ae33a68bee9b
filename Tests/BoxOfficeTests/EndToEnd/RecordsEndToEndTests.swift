@testable import BoxOfficeArguments
@testable import BoxOfficeCore
import Foundation
import Testing

/// `boxoffice records`, through the built binary: the recorded season's records in the demo (its
/// two unrecorded days, 어쩔수가없다's opening among them, said and left out), ties sharing a place,
/// a period in which no film opened, a milestone asked for, and the period read as `top` reads it
/// from the loopback server, then from the cache.
@Suite struct RecordsEndToEndTests {
    static func record(_ kind: String, _ rank: Int, _ code: String, _ title: String, _ value: Int, _ from: String, _ to: String, milestone: Int? = nil,
                       atLeast: Bool = false) -> String {
        #"{"kind":"\#(kind)","rank":\#(rank),"movieCode":"\#(code)","title":"\#(title)","value":\#(value),"milestone":\#(milestone.map(String.init) ?? "null"),"from":"\#(from)","to":"\#(to)","atLeast":\#(atLeast)}"#
    }

    /// The season's records, each checked against the recordings by hand (the Python of the
    /// commit's note): 보스's opening weekend 238,891 + 208,863 + 218,924; 얼굴 reached 1,000,000 on
    /// 2025-10-05, day 25; 체인소 맨 was number one on 16 of the days read; the three films that
    /// opened on 2025-09-24, never recorded, are left out of the opening records and named. With
    /// two days not read, every count of days at number one may be larger ("at least"), and so may
    /// a longest run next to one of them (얼굴's ends the day before 09-24; 어쩔수가없다's starts the
    /// day after; 체인소 맨's the day after 10-20); 보스's, between days read, is whole.
    @Test func theSeasonsRecordsInTheDemo() async throws {
        let result = try await Executable.run(["--demo", "records", "--from", "2025-09-08", "--to", "2025-10-28", "--limit", "3", "--milestone", "200만", "--json", "--compact"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("3 films that opened in the period are left out of the opening records, as their opening day was not read: 어쩔수가없다 (2025-09-24), 극장판 체인소 맨: 레제편 (2025-09-24), 파르테노페 (2025-09-24)."))
        let records = [
            Self.record("openingDay", 1, "20228988", "보스", 238_891, "2025-10-03", "2025-10-03"),
            Self.record("openingDay", 2, "20254021", "트론: 아레스", 55_684, "2025-10-08", "2025-10-08"),
            Self.record("openingDay", 3, "20242964", "얼굴", 35_020, "2025-09-11", "2025-09-11"),
            Self.record("openingWeekend", 1, "20228988", "보스", 238_891 + 208_863 + 218_924, "2025-10-03", "2025-10-05"),
            Self.record("openingWeekend", 2, "20242964", "얼굴", 281_922, "2025-09-12", "2025-09-14"),
            Self.record("openingWeekend", 3, "20257570", "8번 출구", 137_173, "2025-10-24", "2025-10-26"),
            Self.record("fastestTo", 1, "20228988", "보스", 5, "2025-10-03", "2025-10-07", milestone: 1_000_000),
            Self.record("fastestTo", 2, "20242964", "얼굴", 25, "2025-09-11", "2025-10-05", milestone: 1_000_000),
            Self.record("fastestTo", 1, "20228988", "보스", 10, "2025-10-03", "2025-10-12", milestone: 2_000_000),
            Self.record("daysAtNumberOne", 1, "20256757", "극장판 체인소 맨: 레제편", 16, "2025-10-11", "2025-10-28", atLeast: true),
            Self.record("daysAtNumberOne", 2, "20242964", "얼굴", 10, "2025-09-11", "2025-09-23", atLeast: true),
            Self.record("daysAtNumberOne", 3, "20243561", "어쩔수가없다", 8, "2025-09-25", "2025-10-02", atLeast: true),
            Self.record("daysAtNumberOne", 3, "20228988", "보스", 8, "2025-10-03", "2025-10-10", atLeast: true),
            Self.record("longestAtNumberOne", 1, "20242964", "얼굴", 9, "2025-09-15", "2025-09-23", atLeast: true),
            Self.record("longestAtNumberOne", 2, "20243561", "어쩔수가없다", 8, "2025-09-25", "2025-10-02", atLeast: true),
            Self.record("longestAtNumberOne", 2, "20228988", "보스", 8, "2025-10-03", "2025-10-10"),
            Self.record("longestAtNumberOne", 2, "20256757", "극장판 체인소 맨: 레제편", 8, "2025-10-21", "2025-10-28", atLeast: true),
            Self.record("bestDay", 1, "20228988", "보스", 322_760, "2025-10-07", "2025-10-07"),
            Self.record("bestDay", 2, "20243561", "어쩔수가없다", 242_011, "2025-09-27", "2025-09-27"),
            Self.record("bestDay", 3, "20253289", "극장판 귀멸의 칼날: 무한성편", 156_120, "2025-09-13", "2025-09-13"),
        ]
        #expect(result.standardOutput == #"{"from":"2025-09-08","to":"2025-10-28","daysInPeriod":51,"daysRead":49,"#
            + #""daysNotRead":[{"date":"2025-09-24","reason":"notInSamples"},{"date":"2025-10-20","reason":"notInSamples"}],"records":["#
            + records.joined(separator: ",") + "],"
            // The films left out of the opening records, in the JSON too.
            + #""leftOut":[{"movieCode":"20243561","title":"어쩔수가없다","openDate":"2025-09-24","why":"openingDayNotRead"},"#
            + #"{"movieCode":"20256757","title":"극장판 체인소 맨: 레제편","openDate":"2025-09-24","why":"openingDayNotRead"},"#
            + #"{"movieCode":"20257229","title":"파르테노페","openDate":"2025-09-24","why":"openingDayNotRead"}]}"# + "\n")
        // The table: a record a heading and a table; ties share a place; the films left out in a note.
        let table = try await Executable.run(["--demo", "records", "--from", "2025-09-08", "--to", "2025-10-28", "--limit", "2", "--color", "never"])
        #expect(table.standardOutput.contains("""
            Longest run at number one
            Rank  Code      Title                           Days  From        To
               1  20242964  얼굴                      at least 9  2025-09-15  2025-09-23
               2  20243561  어쩔수가없다              at least 8  2025-09-25  2025-10-02
               2  20228988  보스                               8  2025-10-03  2025-10-10
               2  20256757  극장판 체인소 맨: 레제편  at least 8  2025-10-21  2025-10-28
            """), "\(table.standardOutput)")
        #expect(table.standardOutput.contains("left out of the opening records, as their opening day was not\nread: 어쩔수가없다 (2025-09-24)")
                || table.standardOutput.contains("left out of the opening records, as their opening day was not read: 어쩔수가없다 (2025-09-24)"))
        // A flat format: one row a record, its kind in each.
        let csv = try await Executable.run(["--demo", "records", "--from", "2025-09-08", "--to", "2025-10-28", "--limit", "1", "--format", "csv"])
        #expect(csv.standardOutput.hasPrefix("kind,rank,movieCode,title,value,milestone,from,to,atLeast\nopeningDay,1,20228988,보스,238891,,2025-10-03,2025-10-03,false\n"))
    }

    /// From Thursday 2025-10-09 to Tuesday the 14th no film opened: the opening records are empty
    /// and say so; the others are there.
    @Test func aPeriodWithNoOpeningInIt() async throws {
        let json = try await Executable.run(["--demo", "records", "--from", "2025-10-09", "--to", "2025-10-14", "--limit", "1", "--json", "--compact"])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(json.standardOutput.contains(#""records":[{"kind":"daysAtNumberOne","#), "\(json.standardOutput)")
        let table = try await Executable.run(["--demo", "records", "--from", "2025-10-09", "--to", "2025-10-14", "--color", "never"])
        #expect(table.standardOutput.contains("Biggest opening days\nNo film that opened in the period has this record on the days read.\n"))
        #expect(table.standardOutput.contains("Fastest to 1,000,000\nNo film that opened in the period has this record on the days read.\n"))
    }

    /// 보스 opened on Friday 2025-10-03: in a period ending on the 4th its opening weekend is not
    /// over, so it has no opening weekend record, and the note says so (of the films that opened on
    /// the 1st too); its opening day has one.
    @Test func anOpeningWeekendAfterThePeriodIsSaid() async throws {
        let result = try await Executable.run(["--demo", "records", "--from", "2025-09-25", "--to", "2025-10-04", "--json", "--compact"])
        #expect(result.status == 0, "\(result.standardError)")
        // The films of 2025-10-01 too: their weekend is the 3rd to the 5th.
        #expect(result.standardError.contains("7 films opened too late in the period for their opening weekend to end in it: 연의 편지 (2025-10-01), "), "\(result.standardError)")
        #expect(result.standardError.contains(", 보스 (2025-10-03), "))
        #expect(result.standardOutput.contains(Self.record("openingDay", 1, "20228988", "보스", 238_891, "2025-10-03", "2025-10-03")))
        #expect(!result.standardOutput.contains(#"{"kind":"openingWeekend","rank":1,"movieCode":"20228988""#))
        #expect(result.standardOutput.contains(#"{"movieCode":"20228988","title":"보스","openDate":"2025-10-03","why":"weekendAfterPeriod"}"#), "named in the JSON too")
    }

    /// The period is read as top reads it (its calls said first), so each reuses the other's days.
    @Test func recordsAndTopShareTheirDays() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-records-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
        let first = try await Executable.run(["records", "--month", "2025-10", "--limit", "1", "--rate", "0", "--json", "--compact"], environment: environment)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.contains("31 days: 31 to fetch from KOBIS, 0 from the cache"), "\(first.standardError)")
        #expect(first.standardOutput.contains(Self.record("openingDay", 1, "20228988", "보스", 238_891, "2025-10-03", "2025-10-03")))
        #expect(server.requests.count == 31)
        let top = try await Executable.run(["top", "--month", "2025-10", "--limit", "1", "--json"], environment: environment)
        #expect(top.status == 0 && server.requests.count == 31, "top read the same days from the cache")
        let again = try await Executable.run(["records", "--month", "2025-10", "--limit", "1", "--json", "--compact"], environment: environment)
        #expect(again.standardOutput == first.standardOutput && server.requests.count == 31)
    }

    /// A milestone is an audience as people write one; anything else is refused before any call.
    @Test func aMilestoneIsAnAudience() async throws {
        #expect(RecordsQuery.audience("3000000") == 3_000_000)
        #expect(RecordsQuery.audience("3,000,000") == 3_000_000)
        #expect(RecordsQuery.audience("300만") == 3_000_000)
        #expect(RecordsQuery.audience("1억") == 100_000_000)
        #expect(RecordsQuery.audience("-5") == nil && RecordsQuery.audience("abc") == nil && RecordsQuery.audience("99999999999만") == nil)
        let bad = try await Executable.run(["--demo", "records", "--month", "2025-10", "--milestone", "lots"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("--milestone 'lots' is not an audience; write it as 3000000, 3,000,000 or 300만"), "\(bad.standardError)")
    }
}
