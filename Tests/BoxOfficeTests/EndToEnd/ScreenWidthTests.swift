@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
import Foundation
import Testing

/// Charts fitted to the terminal, whole screens through the built binary at 80, 60 and 40
/// columns (`COLUMNS`, which a chart honours in a pipe too), and every line within the width
/// whatever the films, language and East Asian width. Set BOXOFFICE_WRITE_EXPECTED=1 to write
/// the golden screens anew.
@Suite struct ScreenWidthTests {
    static let folder = ExecutableEndToEndTests.expected.appendingPathComponent("screens")
    static let films = ["20199882", "20210028", "20218764", "20194403", "20192354", "20217807"]

    private func screen(_ arguments: [String], columns: Int, server: LoopbackServer, cache: URL) async throws -> String {
        let result = try await Executable.run(arguments + ["--rate", "0"], environment: [
            "BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": KOBISEmulator.key,
            "BOXOFFICE_CACHE_DIR": cache.path, "COLUMNS": String(columns),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    static func matchesGolden(_ output: String, _ name: String) throws {
        let file = Self.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["BOXOFFICE_WRITE_EXPECTED"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try output.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(output == (try String(contentsOf: file, encoding: .utf8)), "\(name)")
    }

    private func expectFits(_ output: String, _ width: Int, ambiguousWide: Bool = false, _ name: String) {
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(TerminalText.width(line, ambiguousWide: ambiguousWide) <= width, "\(name) at \(width): \(line)")
        }
    }

    /// 1, 3 and 6 films over 19 days (two of them ranked) at 80, 60 and 40 columns: side by side
    /// while each film keeps a real bar, else one under another; the whole screen as expected.
    @Test func trendScreensAtEveryWidth() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-screens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        for count in [1, 3, 6] {
            for columns in [80, 60, 40] {
                let output = try await screen(["trend"] + Array(Self.films.prefix(count)) + ["--from", "2022-01-04", "--to", "2022-01-22"],
                                              columns: columns, server: server, cache: cache)
                expectFits(output, columns, "trend of \(count)")
                try Self.matchesGolden(output, "trend_\(count)films_\(columns).txt")
                // Every figure whole: 64,050 #1 for the first film on the 5th, whatever the width.
                #expect(output.contains("64,050 #1"))
            }
        }
    }

    /// A month at 80, 60 and 40 columns: seven columns while every audience fits its cell,
    /// else a line per day; never a number cut.
    @Test func calendarScreensAtEveryWidth() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-screens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        for columns in [80, 60, 40] {
            let output = try await screen(["calendar", "2022-01"], columns: columns, server: server, cache: cache)
            expectFits(output, columns, "calendar")
            try Self.matchesGolden(output, "calendar_2022-01_\(columns).txt")
            #expect(output.contains("64,050") && output.contains("31,569"))
        }
    }

    /// The trend's rows from recorded days, with films ranked on several of them.
    static func trend(films: Int) throws -> Trend {
        let rankings = try [("daily_20220105.json", "20220105"), ("daily_20220121.json", "20220121"), ("daily_20220315.json", "20220315")]
            .map { try OutputFormatTests.daily($0.0, $0.1) }
        return Trend(films: Self.films.prefix(films).map { ($0, $0) }, rankings: rankings)
    }

    /// Every line of a trend and a calendar fits, in English and Korean, with East Asian
    /// Ambiguous characters one or two columns wide, from 120 columns down to 32.
    @Test(arguments: [120, 100, 80, 72, 60, 50, 41, 40, 36, 32])
    func chartsFitEveryWidth(width: Int) throws {
        let month = MonthCalendar(year: 2022, month: 12, days: (1...31).map { day in
            let date = Day(year: 2022, month: 12, day: day)!
            return MonthCalendar.Entry(date: date, published: day < 30, top: day == 21 ? try? OutputFormatTests.daily("daily_20221221.json", "20221221").entries.first : nil)
        })
        for korean in [false, true] {
            for ambiguousWide in [false, true] {
                let options = RenderOptions(width: width, korean: korean, ambiguousWide: ambiguousWide)
                for count in 1...6 {
                    expectFits(try Self.trend(films: count).table(options), width, ambiguousWide: ambiguousWide, "trend of \(count), korean \(korean)")
                }
                let calendar = month.table(options)
                expectFits(calendar, width, ambiguousWide: ambiguousWide, "calendar, korean \(korean)")
                #expect([korean ? "24.3만" : "242,917", "243k"].contains { calendar.contains($0) }, "\(calendar)")
            }
        }
    }

    /// `--fields` on a trend or a calendar chooses columns only: the heading and the audiences'
    /// separators (or Korean units) stay.
    @Test func fieldsKeepTheHeadingAndTheNumbers() throws {
        let trend = try Self.trend(films: 2)
        #expect(trend.rendered(OutputStyle(fields: ["title", "audience"], options: RenderOptions(width: 80))) == """
            Trend · 2022-01-05 – 2022-03-15

            title                   audience
            경관의 피                 64,050
            경관의 피                 10,535
            경관의 피
            스파이더맨: 노 웨이 홈    50,399
            스파이더맨: 노 웨이 홈    31,569
            스파이더맨: 노 웨이 홈       491

            """)
        let day = try OutputFormatTests.daily("daily_20221221.json", "20221221")
        let month = MonthCalendar(year: 2022, month: 12, days: [MonthCalendar.Entry(date: day.day, published: true, top: day.entries.first)])
        #expect(month.rendered(OutputStyle(fields: ["date", "audience"], options: RenderOptions(width: 80, korean: true)))
            == "달력 · 2022-12 · 일별 1위\n\ndate        audience\n2022-12-21    24.3만\n")
    }

    /// One under another, a long title gives way to the film's code, which stays whole.
    @Test func aLongTitleGivesWayToTheCode() throws {
        let day = try OutputFormatTests.daily("daily_20221030.json", "20221030")
        let trend = Trend(films: [("20226777", ""), ("20198429", ""), ("20198461", "")], rankings: [day])
        for width in [40, 36, 32] {
            let chart = trend.table(RenderOptions(width: width))
            #expect(chart.contains("… (20226777)\n") && chart.contains("20,850 #4"), "\(chart)")
            expectFits(chart, width, "a long title")
        }
    }

    /// Side by side, a bar of eight columns or more for every film, never one `█` each.
    @Test func barsKeepTheirLength() throws {
        for width in [80, 60, 40] {
            for count in 1...6 {
                let chart = try Self.trend(films: count).table(RenderOptions(width: width))
                let words = chart.split(whereSeparator: { $0 == " " || $0 == "\n" })
                #expect(words.contains { $0.count >= 8 && $0.allSatisfy { $0 == "█" } }, "\(count) films at \(width)")
            }
        }
    }
}
