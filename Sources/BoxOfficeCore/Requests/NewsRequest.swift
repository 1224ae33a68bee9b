extension BoxOfficeClient {
    /// What happened on `day` against the day before (``DayNews``): a new number one and the run it
    /// ended, films entering, coming back to and leaving the ranking, milestones passed.
    ///
    /// Reads the day, the day before and the ``DayNews/lookback`` days before those (one call
    /// each the cache does not hold; four past the top 10 with `deep`), and, when a run at number
    /// one ended that day reaches back past them, the days before it too, two weeks at a time.
    ///
    /// ```swift
    /// let news = try await client.news(on: Day(year: 2025, month: 10, day: 3)!)
    /// for event in news.events { print(event.kind, event.title) }
    /// ```
    ///
    /// A day not published yet (today or later, or a day whose ranking KOBIS has not put out)
    /// has no events: check ``DayNews/events`` and ``DayNews/provisional``.
    public func news(on day: Day, deep: Bool = false, concurrency: Int = 4) async throws(BoxOfficeError) -> DayNews {
        do {
            return try await news(on: day, deep: deep, reading: PeriodReading(jobs: max(1, concurrency)))
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The same, read as `reading` says: the cost of its days approved first, and again, counting
    /// everything read, before each two weeks read further back for a run at number one; past the
    /// limit, the run stays "at least".
    ///
    /// `spent`: what a caller that approved the window already (a watch, for all its days) has
    /// approved so far; each stretch read back is approved with it, and added to it.
    package nonisolated(nonsending) func news(on day: Day, deep: Bool, reading: PeriodReading, spent: Locked<ReadingCost>? = nil) async throws -> DayNews {
        let today = Day.korean(at: now())
        guard day < today else {
            throw BoxOfficeError.invalidRequest("\(day.iso) is not published yet: KOBIS publishes a day after it ends (today in Korea is \(today.iso))")
        }
        let calls = { (days: [Day]) in BoxOfficeClient.rankingCalls(of: days, deep: deep) }
        let window = DayNews.window(for: day)
        let windowCost = cost(of: calls(PeriodReading.days(window)), days: window.lowerBound.days(to: day) + 1)
        if spent == nil, !reading.isApproved { try await reading.approve(windowCost) }
        let total = spent ?? Locked(windowCost)
        let approved = reading.approved
        var (rankings, coverage) = try await dailyRankings(of: window, deep: deep, reading: approved)
        for needed in [day.adding(days: -1), day] {
            guard let reason = coverage.reason(for: needed) else { continue }
            throw NewsDayUnread(day: needed, news: day, reason: reason)
        }
        guard var news = DayNews(day: day, from: window.lowerBound, rankings: rankings, deep: deep, coverage: coverage) else {
            throw BoxOfficeError.invalidAnswer("the rankings of \(day.iso) and the day before were read but not given back")
        }
        // A run at number one that ended on the day and reaches the first day read goes on before it.
        var first = window.lowerBound
        while let start = news.runToReadFurther, first.days(to: day) < FilmRun.mostDays {
            let earlier = start.adding(days: -14)...start.adding(days: -1)
            let more = cost(of: calls(PeriodReading.days(earlier)), days: 14)
            let cost = total.withLock { ReadingCost(days: $0.days + more.days, calls: $0.calls + more.calls, toFetch: $0.toFetch + more.toFetch) }
            if !reading.isApproved {
                do {
                    try await reading.approve(cost)
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    // Refused (past the limit of calls): the run stays "at least" what was read.
                    break
                }
            }
            total.withLock { $0 = cost }
            let (older, olderCoverage) = try await dailyRankings(of: earlier, deep: deep, reading: approved)
            rankings = older + rankings
            coverage = olderCoverage + coverage
            first = earlier.lowerBound
            guard let longer = DayNews(day: day, from: first, rankings: rankings, deep: deep, coverage: coverage) else { break }
            news = longer
        }
        return news
    }
}

/// The news of a day cannot be told: the day, or the day before it is told against, was not read.
package struct NewsDayUnread: Error, Sendable, Equatable, CustomStringConvertible {
    /// The day not read.
    package let day: Day
    /// The day whose news was asked for.
    package let news: Day
    /// Why it was not read.
    package let reason: UnreadDay.Reason

    package init(day: Day, news: Day, reason: UnreadDay.Reason) {
        self.day = day
        self.news = news
        self.reason = reason
    }

    /// The limit of calls reached before the day was read, when that is why.
    package var limit: Int? { reason.limitReached }

    package var description: String {
        // Only the day itself and the day before are needed: a day looked back on is a day not read.
        let against = day == news ? "" : ", the day before \(news.iso), against which its news is told"
        return switch reason {
        case .notHeld: "the samples hold no ranking of \(day.iso)\(against)"
        case .notCached: "the cache holds no ranking of \(day.iso)\(against), and only stored answers were to be used"
        case let .kobisFailed(fault): "KOBIS could not answer for \(day.iso)\(against): \(fault.summary) (error \(fault.code)); try again later"
        case let .callLimit(limit): "the limit of \(limit) calls to KOBIS (retries included) was reached before \(day.iso)\(against) was read"
        }
    }
}

/// KOBIS has not published a day's ranking (or the day before's) yet, so it has no news.
package struct DayNotPublishedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The day asked for.
    package let day: Day

    package init(day: Day) {
        self.day = day
    }

    package var description: String { "KOBIS has not published the box office of \(day.iso) (or of the day before) yet" }
}
