@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
import Foundation
import Testing

/// Every output format, whole, for a day, a hostile made-up day, a weekend and a movie; and the
/// rules each format keeps. Set BOXOFFICE_WRITE_EXPECTED=1 to write the golden files anew.
@Suite struct OutputFormatTests {
    static let folder = ExecutableEndToEndTests.expected.appendingPathComponent("formats")

    static func decode<T: Decodable>(_ type: T.Type, _ fixture: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Fixtures.data(fixture))
    }

    static func daily(_ fixture: String, _ day: String) throws -> DailyBoxOffice {
        try DailyBoxOffice(try decode(DailyBoxOfficeResponse.self, fixture), requested: Day(day)!)
    }

    /// The results rendered, by name.
    static func results() throws -> [(String, any Presentable)] {
        let weekend = try WeeklyBoxOffice(try decode(WeeklyBoxOfficeResponse.self, "weekly_weekGb1_20120101_official-sample.json"),
                                          requested: Day("20120101")!, period: .weekend)
        let movie = try Movie(try decode(MovieInfoResponse.self, "movieinfo_20124079_capture-b.json"), requested: "20124079")
        return [
            ("daily_20230423", try daily("daily_20230423.json", "20230423")),
            ("daily_hostile", try daily("synthetic_daily_20240101_hostile-titles.json", "20240101")),
            ("weekend_20120101", weekend),
            ("movie_20124079", movie),
        ]
    }

    static let variants: [(String, OutputStyle)] = [
        ("table.txt", OutputStyle()),
        ("table-80.txt", OutputStyle(options: RenderOptions(width: 80))),
        ("table-40.txt", OutputStyle(options: RenderOptions(width: 40))),
        ("table-wide-120.txt", OutputStyle(options: RenderOptions(width: 120, wide: true))),
        ("table-ko-80.txt", OutputStyle(options: RenderOptions(width: 80, korean: true))),
        ("json", OutputStyle(format: .json)),
        ("jsonl", OutputStyle(format: .jsonl)),
        ("csv", OutputStyle(format: .csv)),
        ("tsv", OutputStyle(format: .tsv)),
        ("md", OutputStyle(format: .markdown)),
        ("ko.md", OutputStyle(format: .markdown, options: RenderOptions(width: 40, korean: true))),
        ("html", OutputStyle(format: .html)),
    ]

    @Test(arguments: ["daily_20230423", "daily_hostile", "weekend_20120101", "movie_20124079"])
    func everyFormatIsExactlyAsExpected(name: String) throws {
        let result = try #require(try Self.results().first { $0.0 == name }?.1)
        for (variant, style) in Self.variants {
            let output = result.rendered(style)
            let file = Self.folder.appendingPathComponent("\(name).\(variant)")
            if ProcessInfo.processInfo.environment["BOXOFFICE_WRITE_EXPECTED"] == "1" {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try output.write(to: file, atomically: true, encoding: .utf8)
            }
            #expect(output == (try String(contentsOf: file, encoding: .utf8)), "\(name).\(variant)")
        }
    }

    @Test(arguments: [200, 100, 80, 60, 50, 40])
    func noTableLineIsWiderThanTheTerminal(width: Int) throws {
        for (name, result) in try Self.results() {
            for wide in [false, true] {
                for korean in [false, true] {
                    let options = RenderOptions(width: width, wide: wide, korean: korean)
                    for line in result.table(options).split(separator: "\n", omittingEmptySubsequences: false) {
                        #expect(TerminalText.width(line) <= width, "\(name) at \(width): \(line)")
                    }
                }
            }
        }
    }

    @Test func nothingReachesTheTerminalThatCouldSteerIt() throws {
        let hostile = try Self.daily("synthetic_daily_20240101_hostile-titles.json", "20240101")
        for format in OutputFormat.allCases where format != .json && format != .jsonl {
            let output = hostile.rendered(OutputStyle(format: format, options: RenderOptions(width: 80)))
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || (0x80...0x9F).contains($0.value) }, "\(format)")
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "\(format)")
        }
        // JSON escapes them as JSON does.
        let json = hostile.rendered(OutputStyle(format: .json))
        #expect(json.contains(#""title": "\u001b[2J\u001b[31m화면을 지우는 제목\u001b[0m""#))
        #expect(!json.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func cutTitlesStayTellableApart() throws {
        let hostile = try Self.daily("synthetic_daily_20240101_hostile-titles.json", "20240101")
        let table = hostile.table(RenderOptions(width: 80))
        let titles = table.split(separator: "\n").filter { $0.contains("202400") || $0.contains("2024A") }
        #expect(titles.count == 10)
        let pokemon = titles.filter { $0.contains("2024A002") || $0.contains("2024A003") }
        #expect(pokemon.count == 2)
        // Both keep their ends, which differ, rather than the same start.
        #expect(pokemon[0].contains("…") && pokemon[1].contains("…"))
        #expect(pokemon[0].contains("라무」") && pokemon[1].contains("로무」"))
    }

    @Test(arguments: [
        ("abc", 3), ("영화", 4), ("가나다", 6), ("ｆｕｌｌ", 8), ("ｱｲｳ", 3), ("中文", 4), ("e\u{301}", 1), ("Cafe\u{301}", 4),
        ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{200B}", 0), ("a\u{200B}b", 2), ("\u{FEFF}", 0), ("👍", 2), ("👍🏽", 2),
        ("👨\u{200D}👩\u{200D}👧", 2), ("🇰🇷", 2), ("🇰", 1), ("❤\u{FE0F}", 2), ("❤", 1), ("☺\u{FE0E}", 1), ("\u{1B}", 0), ("\t", 0),
        ("▲▼…·–", 5), ("①", 1), ("\u{3000}", 2), ("ᄒᆞᆫ", 2), ("\u{0301}", 0), ("ก\u{0E31}", 1),
    ] as [(String, Int)])
    func displayWidth(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    @Test func ambiguousCharactersCanBeWide() {
        #expect(TerminalText.width("▲▼…·–", ambiguousWide: true) == 10)
        #expect(TerminalText.width("①", ambiguousWide: true) == 2)
        #expect(TerminalText.width("abc가", ambiguousWide: true) == 5)
        let table = try? Self.daily("daily_20220105.json", "20220105").table(RenderOptions(width: 80, ambiguousWide: true))
        let rows = (table ?? "").split(separator: "\n").dropFirst(2)
        // Every row's audience column ends at the same place when ▲ and ▼ take two columns.
        let ends = rows.map { TerminalText.width($0.prefix { $0 != "%" }, ambiguousWide: true) }
        #expect(Set(ends).count == 1)
    }

    @Test func cuttingNeverSplitsASyllableOrACombiningSequence() {
        #expect(TerminalText.truncate("가나다라", to: 5) == "가나…")
        #expect(TerminalText.truncate("\u{1100}\u{1161}\u{1100}\u{1161}\u{1100}\u{1161}", to: 4) == "\u{1100}\u{1161}…")
        #expect(TerminalText.truncate("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(TerminalText.truncateMiddle("극장판 포켓몬스터 베스트 위시「비크티니와 백의 영웅 레시라무」", to: 20) == "극장판 포켓…시라무」")
    }

    /// The article formats are the terminal's table: the same columns and cells (headings in
    /// words, separators, ▲/NEW, shares with %), whatever the terminal's width or colours; HTML
    /// escapes everything a title may hold.
    @Test func theArticleFormatsAreTheTerminalsTable() throws {
        let day = try Self.daily("daily_20220105.json", "20220105")
        let markdown = day.rendered(OutputStyle(format: .markdown, options: RenderOptions(colors: true, width: 30)))
        #expect(markdown == day.rendered(OutputStyle(format: .markdown)), "neither colours nor the width reach an article")
        #expect(markdown.contains("| 1 | NEW | 20199882 | 경관의 피 | 64,050 | 69,228 | 34.2% |\n| 2 | ▼1 |"), "\(markdown)")
        let korean = day.rendered(OutputStyle(format: .markdown, options: RenderOptions(korean: true)))
        #expect(korean.hasPrefix("**일별 박스오피스 · 2022-01-05 (수)**\n\n| 순위 | 변동 | 코드 | 영화명 | 관객수 | 누적관객수 | 매출점유율 |\n"))
        #expect(korean.contains("| 64,050 |"), "every digit in an article, even under a Korean locale")
        let hostile = try Self.results().first { $0.0 == "daily_hostile" }?.1
        let html = try #require(hostile).rendered(OutputStyle(format: .html))
        #expect(html.contains("<td>RTL override &lt;script&gt;alert(1)&lt;/script&gt; &amp; *bold* _x_</td>"), "\(html)")
        #expect(!html.contains("\u{1B}") && !html.contains("style"))
        #expect(html.components(separatedBy: "<table>").count == 2, "one table")
    }

    @Test func fieldsPickAndOrderInEveryFormat() throws {
        let day = try Self.daily("daily_20220105.json", "20220105")
        let fields = ["title", "rank", "audience"]
        #expect(day.rendered(OutputStyle(format: .csv, fields: fields)).hasPrefix("title,rank,audience\n경관의 피,1,64050\n"))
        #expect(day.rendered(OutputStyle(format: .tsv, fields: fields)).hasPrefix("title\trank\taudience\n경관의 피\t1\t64050\n"))
        #expect(day.rendered(OutputStyle(format: .jsonl, fields: fields)).hasPrefix(#"{"title":"경관의 피","rank":1,"audience":64050}"# + "\n"))
        #expect(day.rendered(OutputStyle(format: .json, prettyJSON: false, fields: ["rank"])) == #"{"date":"2022-01-05","provisional":false,"entries":[{"rank":1},{"rank":2},{"rank":3},{"rank":4},{"rank":5},{"rank":6},{"rank":7},{"rank":8},{"rank":9},{"rank":10}]}"# + "\n",
                "the envelope stays; the entries have the chosen keys")
        #expect(day.rendered(OutputStyle(format: .markdown, fields: ["rank", "title"])).hasPrefix("**Daily box office · 2022-01-05 (Wed)**\n\n| Rank | Title |\n| ---: | --- |\n| 1 | 경관의 피 |\n"))
        #expect(day.rendered(OutputStyle(format: .html, fields: ["rank", "title"])).hasPrefix("<table>\n<caption>Daily box office · 2022-01-05 (Wed)</caption>\n<thead>\n<tr><th scope=\"col\">Rank</th><th scope=\"col\">Title</th></tr>\n</thead>\n<tbody>\n<tr><td>1</td><td>경관의 피</td></tr>\n"))
        #expect(day.rendered(OutputStyle(fields: ["rank", "title"])).hasPrefix("Daily box office · 2022-01-05 (Wed)\n\nRank  Title\n   1  경관의 피\n"))
        let movie = try Movie(try Self.decode(MovieInfoResponse.self, "movieinfo_20124079_capture-b.json"), requested: "20124079")
        #expect(movie.rendered(OutputStyle(format: .json, prettyJSON: false, fields: ["title", "genres"])) == #"{"title":"광해, 왕이 된 남자","genres":["사극","드라마"]}"# + "\n")
        #expect(movie.rendered(OutputStyle(fields: ["title", "genres"])) == "title   광해, 왕이 된 남자\ngenres  사극; 드라마\n")
        #expect(DailyBoxOffice.unknownFields(["rank", "titel", "date"]) == ["titel"])
    }

    @Test func fieldNamesAreTheKeysOfTheRecords() throws {
        for (name, result) in try Self.results() {
            let keys = result.records.first?.keys ?? []
            #expect(keys == result.columns, "\(name)")
            #expect(Set(keys).isSubset(of: Set(type(of: result).fieldNames)), "\(name)")
        }
        let page = try SearchPage<MovieSummary>(try Self.decode(MovieListResponse.self, "movielist_movieNm-crime-war.json"), query: MovieQuery())
        #expect(page.records.first?.keys == SearchPage<MovieSummary>.fieldNames)
        let people = try SearchPage<PersonSummary>(try Self.decode(PeopleListResponse.self, "peoplelist_peopleNm-bongjoonho.json"), page: 1, perPage: 10)
        #expect(people.records.first?.keys == SearchPage<PersonSummary>.fieldNames)
        let companies = try SearchPage<CompanySummary>(try Self.decode(CompanyListResponse.self, "companylist_companyNm-CJ_synthetic.json"), page: 1, perPage: 10)
        #expect(companies.records.first?.keys == SearchPage<CompanySummary>.fieldNames)
        let person = try Person(try Self.decode(PeopleInfoResponse.self, "peopleinfo_10000066.json"), requested: "10000066")
        #expect(person.records.first?.keys == Person.fieldNames)
        let company = try Company(try Self.decode(CompanyInfoResponse.self, "companyinfo_20100109_synthetic.json"), requested: "20100109")
        #expect(company.records.first?.keys == Company.fieldNames)
        #expect(CodeCatalogue().records.first?.keys == CodeCatalogue.fieldNames)
        let report = CacheReport(folder: "/f", entries: 1, bytes: 2, day: Day("20260101")!, callsToday: 3)
        #expect(report.records.first?.keys == CacheReport.fieldNames)
        #expect(CacheClearing(folder: "/f", entries: 1, bytes: 2).records.first?.keys == CacheClearing.fieldNames)
        #expect(MovieShown(movie: try Movie(try Self.decode(MovieInfoResponse.self, "movieinfo_20212077.json"), requested: "20212077"), run: nil, poster: .some(nil))
            .records.first?.keys == MovieShown.fieldNames)
    }

    @Test func provisionalFiguresAreMarked() throws {
        let day = try Self.daily("daily_20230423.json", "20230423")
        let stored = Date(timeIntervalSince1970: 1_682_300_000) // 2023-04-24 10:33 KST, one day after
        let fresh = day.fetched(at: stored)
        #expect(fresh.provisional)
        #expect(fresh.table(RenderOptions()).hasPrefix("Daily box office · 2023-04-23 (Sun)\nprovisional: KOBIS may still revise these figures\n\n"))
        #expect(fresh.json.serialized(pretty: false).hasPrefix(#"{"date":"2023-04-23","provisional":true,"#))
        let settled = day.fetched(at: stored.addingTimeInterval(3 * 86_400))
        #expect(!settled.provisional)
        #expect(!settled.table(RenderOptions()).contains("provisional"))
    }

    @Test func koreanAudiencesReadInManAndEok() {
        #expect(NumberFormat.audience(99_999, korean: true) == "99,999")
        #expect(NumberFormat.audience(1_365_000, korean: true) == "136.5만")
        #expect(NumberFormat.audience(1_000_000, korean: true) == "100만")
        #expect(NumberFormat.audience(123_456_789, korean: true) == "1.2억")
        #expect(NumberFormat.audience(1_365_000, korean: false) == "1,365,000")
    }

    /// An independent reader (Python's csv module) gets back exactly the JSON's values.
    @Test(.enabled(if: InstalledTools.python, "python3 is not installed"), arguments: ["daily_20230423", "daily_hostile", "movie_20124079"])
    func csvAndTSVReadBackAsTheJSON(name: String) async throws {
        let result = try #require(try Self.results().first { $0.0 == name }?.1)
        let expected = result.records.map { record in record.keys.map { record.field($0).flatText } }
        let script = """
            import csv, json, sys
            kind, path = sys.argv[1], sys.argv[2]
            text = open(path, encoding="utf-8", newline="").read()
            if kind == "csv":
                rows = list(csv.reader(text.splitlines(keepends=True)))
            else:
                def unescape(cell):
                    out, i = "", 0
                    while i < len(cell):
                        if cell[i] == "\\\\" and i + 1 < len(cell):
                            out += {"t": "\\t", "n": "\\n", "r": "\\r", "\\\\": "\\\\"}.get(cell[i + 1], cell[i + 1]); i += 2
                        else:
                            out += cell[i]; i += 1
                    return out
                rows = [[unescape(c) for c in line.split("\\t")] for line in text.split("\\n")[:-1]]
            json.dump(rows, sys.stdout, ensure_ascii=False)
            """
        for (kind, format) in [("csv", OutputFormat.csv), ("tsv", .tsv)] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-\(UUID().uuidString).\(kind)")
            defer { try? FileManager.default.removeItem(at: file) }
            try result.rendered(OutputStyle(format: format)).write(to: file, atomically: true, encoding: .utf8)
            let python = try await Executable.run(["-c", script, kind, file.path], program: URL(fileURLWithPath: "/usr/bin/python3"))
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(python.standardOutput.utf8)) as? [[String]])
            #expect(rows.first == result.columns, "\(name).\(kind)")
            // Control characters are neutralised in flat formats (a tab or a newline kept as such where the format can hold it).
            let neutral = expected.map { $0.map { RecordTable.neutralised($0, keeping: kind == "csv" ? ["\n"] : ["\n", "\t", "\r"]) } }
            #expect(Array(rows.dropFirst()) == neutral, "\(name).\(kind)")
        }
    }
}
