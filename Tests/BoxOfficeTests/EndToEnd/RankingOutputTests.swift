@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
import Foundation
import Testing

/// What a ranking table keeps on a narrow terminal and with `--fields`, and how a filtered
/// ranking's output names its filter, through the views and the built binary.
@Suite struct RankingOutputTests {
    private static func ranking() throws -> DailyBoxOffice {
        try OutputFormatTests.daily("daily_20230423.json", "20230423")
    }

    /// The column titles of a table's header (titles are apart by two spaces or more).
    private static func header(_ table: String) -> [String] {
        let line = table.split(separator: "\n").first { $0.hasPrefix("Rank") }.map(String.init) ?? ""
        return line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `--wide` shows every column the default shows, at every width; what does not fit is
    /// counted in a line under the table.
    @Test(arguments: [200, 120, 100, 80, 60, 40, 32])
    func wideIsASupersetOfTheDefault(width: Int) throws {
        let ranking = try Self.ranking()
        let compact = ranking.table(RenderOptions(width: width))
        let wide = ranking.table(RenderOptions(width: width, wide: true))
        let compactColumns = Self.header(compact)
        let wideColumns = Self.header(wide)
        // The default's Sales share is the wide table's Share, and a heading may be shortened
        // where room is short (Total audience → Total).
        let short = ["Sales share": "Share", "Total audience": "Total", "Change": "±", "Audience change": "±Audience", "Total sales": "Σ Sales"]
        let renamed = compactColumns.map { short[$0] ?? $0 }
        #expect(Set(renamed).isSubset(of: Set(wideColumns.map { short[$0] ?? $0 })), "\(width): \(compactColumns) against \(wideColumns)")
        for (table, all) in [(compact, 7), (wide, 11)] {
            let left = all - Self.header(table).count
            let note = table.split(separator: "\n").last.map(String.init) ?? ""
            if left > 0 {
                let plural = left == 1 ? "" : "s"
                #expect(note == (width >= 40 ? "(\(left) column\(plural) left out to fit the terminal)" : "(\(left) column\(plural) left out)"), "\(width): \(table)")
                for line in table.split(separator: "\n") { #expect(TerminalText.width(line) <= width, "\(width): \(line)") }
            } else {
                #expect(!table.contains("left out"), "\(width)")
            }
        }
        if width >= 120 { #expect(wideColumns.count == 11 && compactColumns.count == 7) }
    }

    @Test func wideAtEightyKeepsChangeAndShare() throws {
        let wide = try Self.ranking().table(RenderOptions(width: 80, wide: true))
        #expect(wide.hasPrefix("""
            Daily box office · 2023-04-23 (Sun)

            Rank  ±   Code      Title              Audience      Total          Sales  Share
               1  -   20231089  존 윅 4             113,983  1,232,034  1,198,147,388  40.2%

            """))
        #expect(wide.hasSuffix("  10  ▲2  20231106  아머드 사우루스:…     2,802      6,333     26,765,042   0.9%\n(3 columns left out to fit the terminal)\n"))
    }

    /// `--fields` chooses the columns only: the heading, the provisional note, separators,
    /// Korean units and colours stay.
    @Test func fieldsChooseColumnsOnly() throws {
        var ranking = try Self.ranking()
        ranking.provisional = true
        let style = OutputStyle(fields: ["rank", "title", "audience", "audienceTotal", "rankChange"], options: RenderOptions(width: 100))
        #expect(ranking.rendered(style) == """
            Daily box office · 2023-04-23 (Sun)
            provisional: KOBIS may still revise these figures

            Rank  Title                                 Audience  Total audience  Change
               1  존 윅 4                                113,983       1,232,034  -
               2  스즈메의 문단속                         64,087       4,924,050  -
               3  리바운드                                27,315         599,575  -
               4  옥수역귀신                              19,724          78,720  -
               5  킬링 로맨스                             14,522         140,027  -
               6  더 퍼스트 슬램덩크                       8,318       4,534,730  -
               7  슈퍼 마리오 브라더스                     6,974          22,542  -
               8  렌필드                                   5,582          39,514  -
               9  인셉션                                   3,074       6,011,861  -
              10  아머드 사우루스: 기계공룡제국의 침략     2,802           6,333  ▲2

            """)
        var korean = style
        korean.options = RenderOptions(colors: true, width: 100, korean: true)
        let text = ranking.rendered(korean)
        #expect(text.hasPrefix("\u{1B}[1m일별 박스오피스 · 2023-04-23 (일)\u{1B}[0m\n\u{1B}[2m잠정치"))
        // One unit a column: 64,087 in the audiences and 6,333 in the totals keep them whole.
        #expect(text.contains("113,983") && text.contains("1,232,034") && !text.contains("만") && text.contains("\u{1B}[31m▲2\u{1B}[0m"))
        // A column of audiences all past 100,000 reads in 만, all of it.
        #expect(NumberFormat.inUnits([113_983, 1_232_034, nil], korean: true) && !NumberFormat.inUnits([113_983, 64_087], korean: true))
        #expect(!NumberFormat.inUnits([113_983], korean: false) && !NumberFormat.inUnits([nil], korean: true))
        // A field that is not an entry's own is a column too.
        let dated = ranking.rendered(OutputStyle(fields: ["date", "rank"], options: RenderOptions(width: 100)))
        #expect(dated.contains("\nDate        Rank\n2023-04-23     1\n"))
    }

    /// A heading too wide for the terminal breaks after a ` · `; its dates and numbers stay whole.
    @Test(arguments: [80, 72, 60, 50, 40])
    func headingsBreakInsteadOfCuttingADate(width: Int) throws {
        let weekend = try WeeklyBoxOffice(try OutputFormatTests.decode(WeeklyBoxOfficeResponse.self, "weekly_weekGb1_20120101_official-sample.json"),
                                          requested: Day("20120101")!, period: .weekend)
        for korean in [false, true] {
            let table = weekend.table(RenderOptions(width: width, korean: korean))
            #expect(table.contains("2011-12-30") && table.contains("2012-01-01") && table.contains("201152"), "\(width): \(table)")
            for line in table.split(separator: "\n") {
                #expect(TerminalText.width(line) <= width, "\(width): \(line)")
            }
        }
    }

    private func environment(_ server: LoopbackServer, cache: URL) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_CACHE_DIR": cache.path]
    }

    /// A filtered ranking's JSON carries `filter`, and its flat formats a `filter` column; an
    /// unfiltered one carries neither, for a day, a range and a week.
    @Test func aFilterIsInTheOutput() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-filter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let filtered = ["--nation", "korean", "--region", "서울", "--rate", "0"]
        let json = try await Executable.run(["daily", "--date", "2022-01-05", "--json"] + filtered, environment: environment(server, cache: cache))
        #expect(json.status == 0, "\(json.standardError)")
        #expect(json.standardOutput.hasPrefix(#"{"date":"2022-01-05","provisional":false,"filter":{"nation":"korean","market":null,"region":"0105001","regionName":"서울시"},"entries":[{"rank":1,"#))
        let csv = try await Executable.run(["daily", "--date", "2022-01-05", "--format", "csv", "--multi", "--region", "0105001"], environment: environment(server, cache: cache))
        let lines = csv.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasSuffix(",screens,shows,filter") == true)
        #expect(lines.count == 11 && lines.dropFirst().allSatisfy { $0.hasSuffix(",market=diversity;region=0105001") }, "\(csv.standardOutput)")
        let range = try await Executable.run(["daily", "--from", "2022-01-04", "--to", "2022-01-05", "--format", "jsonl"] + filtered,
                                             environment: environment(server, cache: cache))
        #expect(range.standardOutput.split(separator: "\n").allSatisfy { $0.hasSuffix(#","filter":"nation=korean;region=0105001"}"#) })
        let rangeJSON = try await Executable.run(["daily", "--from", "2022-01-04", "--to", "2022-01-05", "--json"] + filtered,
                                                 environment: environment(server, cache: cache))
        let days = try #require(try JSONSerialization.jsonObject(with: Data(rangeJSON.standardOutput.utf8)) as? [[String: Any]])
        #expect(days.count == 2 && days.allSatisfy { ($0["filter"] as? [String: Any])?["region"] as? String == "0105001" })
        let weekly = try await Executable.run(["weekly", "--date", "2022-01-05", "--json", "--commercial", "--rate", "0"], environment: environment(server, cache: cache))
        #expect(weekly.status == 0, "\(weekly.standardError)")
        let week = try #require(try JSONSerialization.jsonObject(with: Data(weekly.standardOutput.utf8)) as? [String: Any])
        let weekFilter = try #require(week["filter"] as? [String: Any])
        #expect(weekFilter["market"] as? String == "commercial")
        #expect(["nation", "region", "regionName"].allSatisfy { weekFilter[$0] is NSNull })
        let table = try await Executable.run(["daily", "--date", "2022-01-05", "--fields", "rank,title,filter"] + filtered, environment: environment(server, cache: cache))
        #expect(table.standardOutput.hasPrefix("Daily box office · 2022-01-05 (Wed) · Korean films · 서울시\n\nRank  Title"))
        #expect(table.standardOutput.contains("  nation=korean;region=0105001\n"))
        // Unfiltered: no trace.
        let plain = try await Executable.run(["daily", "--date", "2022-01-05", "--json"], environment: environment(server, cache: cache))
        #expect(!plain.standardOutput.contains("filter"))
        let plainCSV = try await Executable.run(["daily", "--date", "2022-01-05", "--format", "csv"], environment: environment(server, cache: cache))
        #expect(plainCSV.standardOutput.hasPrefix("date,rank,rankChange,isNew,movieCode,title,openDate,audience,audienceChange,audienceTotal,sales,salesShare,salesTotal,screens,shows\n"))
    }
}
