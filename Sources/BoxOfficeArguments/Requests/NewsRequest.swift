import BoxOfficeCore
import BoxOfficeRendering

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
