/// A month of number ones: each day of the month with the film that topped its daily ranking.
/// ``BoxOfficeClient/calendar(year:month:)`` makes one.
public struct MonthCalendar: Sendable, Equatable {
    /// The year.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// Every day of the month, in order.
    public let days: [Entry]

    /// One day: its number one, or why there is none.
    public struct Entry: Sendable, Equatable {
        /// The day.
        public let date: Day
        /// False for today and later days: KOBIS publishes a day only after it ends.
        public let published: Bool
        /// The number one, or nil (not published, not read, or KOBIS has no figures).
        public let top: BoxOfficeEntry?
        /// Why the day was not read, or nil when it was (or is not published): a day not read is
        /// not a day without figures.
        public let notRead: UnreadDay.Reason?

        /// A day of the calendar.
        public init(date: Day, published: Bool, top: BoxOfficeEntry?, notRead: UnreadDay.Reason? = nil) {
            self.date = date
            self.published = published
            self.top = top
            self.notRead = notRead
        }

        /// Whether the day was read (or is not published, so there was nothing to read).
        public var read: Bool { notRead == nil }
    }

    /// A month's calendar.
    public init(year: Int, month: Int, days: [Entry]) {
        self.year = year
        self.month = month
        self.days = days
    }

    /// Which of the month's published days were read, and why any others were not.
    public var coverage: PeriodCoverage {
        let published = days.filter(\.published)
        return PeriodCoverage(daysInPeriod: published.count,
                              unread: published.compactMap { entry in entry.notRead.map { UnreadDay(day: entry.date, reason: $0) } })
    }

    /// How many published days were read, when some were not; nil when all were.
    package var daysRead: Int? { coverage.isComplete ? nil : coverage.daysRead }

    /// `2023-04`.
    package var name: String { cFormat("%04d-%02d", year, month) }

    /// The days of a month (nil when the month does not exist).
    package static func days(year: Int, month: Int) -> [Day]? {
        guard let first = Day(year: year, month: month, day: 1) else { return nil }
        return (0..<Day.length(ofMonth: month, in: year)).map { first.adding(days: $0) }
    }
}

extension BoxOfficeClient {
    /// The calendar of a month: the number one of each of its published days (those before
    /// `today`), read as `reading` reads a period's days.
    package nonisolated(nonsending) func monthCalendar(year: Int, month: Int, today: Day, reading: PeriodReading) async throws -> MonthCalendar {
        let days = MonthCalendar.days(year: year, month: month) ?? []
        let published = days.filter { $0 < today }
        let read = try readable(published, reading: reading)
        var tops: [Day: BoxOfficeEntry] = [:]
        let failed = try await dailyRankings(of: read, reading: reading) { ranking in
            tops[ranking.day] = ranking.entries.min { $0.rank < $1.rank }
        }
        let coverage = PeriodCoverage(asked: published, read: read, failed: failed)
        return MonthCalendar(year: year, month: month, days: days.map { day in
            MonthCalendar.Entry(date: day, published: day < today, top: tops[day], notRead: coverage.reason(for: day))
        })
    }
}
