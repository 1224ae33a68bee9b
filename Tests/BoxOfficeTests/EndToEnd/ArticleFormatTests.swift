import Foundation
import Testing

/// `--format markdown` and `--format html` are the table a person reads, for an article, for
/// every command that prints one: through the built binary, on the demo's recordings.
@Suite struct ArticleFormatTests {
    static let commands: [[String]] = [
        ["daily", "--date", "2025-10-06"], ["daily", "--from", "2025-10-05", "--to", "2025-10-06"], ["weekly"],
        ["top", "--month", "2025-10", "--limit", "3"], ["calendar", "2025-10"], ["trend", "어쩔수가없다", "보스", "--align", "opening"],
        ["search", "범죄와의 전쟁"], ["people", "봉준호"], ["people", "10000066"], ["company", "CJ"], ["company", "20100109"],
        ["codes"], ["codes", "regions"], ["movie", "20243561"],
    ]

    @Test(arguments: commands)
    func everyTableReadsAsAnArticle(arguments: [String]) async throws {
        let markdown = try await Executable.run(["--demo", "--quiet"] + arguments + ["--format", "markdown"], environment: ["COLUMNS": "40"])
        #expect(markdown.status == 0, "\(markdown.standardError)")
        let text = markdown.standardOutput
        #expect(text.hasPrefix("**"), "a heading in words: \(text.prefix(200))")
        #expect(!text.contains("\u{1B}"))
        if arguments[0] != "movie" {
            #expect(text.contains("\n| ") && text.contains(" |\n|"), "a pipe table: \(text.prefix(400))")
            #expect(!text.contains("left out to fit"), "an article is never cut to a terminal's width")
        }
        let html = try await Executable.run(["--demo", "--quiet"] + arguments + ["--format", "html"], environment: ["COLUMNS": "40"])
        #expect(html.status == 0, "\(html.standardError)")
        #expect(html.standardOutput.contains("<table>\n<caption>") && html.standardOutput.hasSuffix("</table>\n") || html.standardOutput.hasSuffix("</p>\n"),
                "\(html.standardOutput.prefix(300))")
        #expect(!html.standardOutput.contains("style") && !html.standardOutput.contains("\u{1B}"))
    }

    /// A day's markdown, whole: what the terminal shows, in a form a CMS takes.
    @Test func aDayAsMarkdown() async throws {
        let result = try await Executable.run(["--demo", "--quiet", "daily", "--date", "2025-10-06", "--format", "markdown", "--fields", "rank,rankChange,title,audience,salesShare"])
        #expect(result.standardOutput == """
            **Daily box office · 2025-10-06 (Mon)**

            | Rank | Change | Title | Audience | Sales share |
            | ---: | --- | --- | ---: | ---: |
            | 1 | - | 보스 | 313,458 | 43.2% |
            | 2 | - | 어쩔수가없다 | 167,727 | 23.6% |
            | 3 | - | 극장판 체인소 맨: 레제편 | 75,983 | 11.9% |
            | 4 | ▲1 | 원 배틀 애프터 어나더 | 36,598 | 5.6% |
            | 5 | ▼1 | 극장판 귀멸의 칼날: 무한성편 | 32,462 | 4.8% |
            | 6 | ▲2 | 얼굴 | 15,620 | 2.2% |
            | 7 | ▼1 | 브레드이발소: 베이커리타운의 악당들 | 13,699 | 1.7% |
            | 8 | ▼1 | 연의 편지 | 11,667 | 1.6% |
            | 9 | - | 개비의 매직하우스 극장판 | 6,911 | 0.9% |
            | 10 | - | F1 더 무비 | 5,517 | 0.6% |

            """)
    }
}
