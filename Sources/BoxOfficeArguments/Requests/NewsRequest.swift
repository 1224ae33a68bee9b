import BoxOfficeCore

/// A published day's events against the day before (`news`, the `box_office_news` tool).
package struct NewsRequest: Equatable, Sendable {
    /// nil: the latest published day (yesterday in Korea, or the day before while KOBIS has not
    /// put yesterday out; the latest sample day in the demo).
    package var day: Day?
    /// Past the top 10.
    package var deep: Bool

    package static let date = Parameter("date", value: "D", help: "the day whose news to tell", default: "the latest published day", kind: .day)
    package static let deep = Parameter("deep", help: "the same over the ranking past the top 10 (KOBIS's four filtered lists merged, up to 40 films); 4 calls a day",
                                        kind: .flag)

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        day = try arguments.publishedDay(Self.date)
        deep = arguments.has(Self.deep)
    }
}

package extension NewsRequest {
    /// The days read, named for the note that says how many the source holds.
    static let periodWords: @Sendable ([Day]) -> String = { "the \(NumberFormat.grouped($0.count)) days the news is told from" }

    /// The news asked for, from the engine: of the day given, or of `latest` (the latest day the
    /// source holds), or of the day before while KOBIS has not published `latest` yet (said in a
    /// note). A day not published is an error, not an empty news.
    nonisolated(nonsending) func news(client: BoxOfficeClient, latest: () -> Day, reading: PeriodReading,
                                      notice: (@Sendable (String) -> Void)?) async throws -> DayNews {
        var news = try await client.news(on: day ?? latest(), deep: deep, reading: reading)
        if day == nil, !news.isPublished {
            notice?("KOBIS has not published \(news.day.iso) yet; telling the news of \(news.day.adding(days: -1).iso).")
            news = try await client.news(on: news.day.adding(days: -1), deep: deep, reading: reading)
        }
        guard news.isPublished else { throw DayNotPublishedError(day: news.day) }
        return news
    }
}
