import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

// Each request a tool's arguments decode into, answered by the engine: the request says what it
// asks (`engineRequest`), the engine decides how, and the server takes the value whole.

extension DailyRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let request = engineRequest { call.defaultDay() }
        if range != nil { return try await call.rankings(request, unit: "days", period: Self.periodWords, span: span) }
        return try await call.ranking(request, unit: "days")
    }
}

extension WeeklyRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let request = engineRequest(today: call.today) { call.defaultWeek($0) }
        if range != nil { return try await call.rankings(request, unit: "weeks", period: nil, span: span) }
        return try await call.ranking(request, unit: "weeks")
    }
}

extension TopRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let (request, span) = engineRequest(today: call.today) { call.defaultYear() }
        let client = try call.session.client()
        let resolved = try await call.scope(client, filter: request.filter, region: request.region)
        let ranking = try await client.topFilms(request, resolved: resolved, reading: call.reading(period: Self.periodWords, span: span))
        return .period(ranking, coverage: ranking.coverage)
    }
}

extension RecordsQuery: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let (request, span) = engineRequest(today: call.today) { call.defaultYear() }
        let client = try call.session.client()
        let resolved = try await call.scope(client, filter: request.filter, region: request.region)
        let records = try await client.records(request, resolved: resolved, reading: call.reading(period: TopRequest.periodWords, span: span))
        if let note = records.leftOut() { call.notice?(note) }
        return .period(records, coverage: records.coverage)
    }
}

extension NewsRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let news = try await news(client: call.session.client(), latest: { call.defaultDay() },
                                  reading: call.reading(period: Self.periodWords), notice: call.notice)
        return .period(NewsShown(news, korean: call.session.korean), coverage: news.coverage)
    }
}

extension CalendarRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let (year, month) = month(today: call.today) { call.defaultMonth() }
        let calendar = try await call.session.client().monthCalendar(year: year, month: month, today: call.today,
                                                                     reading: call.reading(period: Self.periodWords))
        return .period(calendar, coverage: calendar.coverage)
    }
}

extension TrendQuery: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        do {
            let trend = try await call.session.client().trend(engineRequest, reading: call.reading(period: Self.periodWords, span: readingSpan), named: call.said)
            for note in notes(trend) { call.notice?(note) }
            return .period(trend, coverage: trend.coverage)
        } catch let ambiguous as AmbiguousTitleError {
            throw call.worded(ambiguous)
        }
    }
}

extension MovieRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        do {
            let client = try call.session.client()
            let movie = try await client.movieAnswer(target, named: call.said).value
            let run = try await client.filmRun(of: movie, runReading, deep: deep, today: call.today, jobs: call.session.jobs,
                                               whole: call.reading(period: Self.runWords))
            for note in notes(run) { call.notice?(note) }
            let noRun = Self.noRun(movie, read: runReading, today: call.today, option: "movie_details with run: true")
            // A whole run missing days KOBIS could not answer is a period like any: said after it.
            return ToolAnswer(json: MovieShown(movie: movie, run: run, noRun: noRun).json, failureAfterOutput: self.run ? PeriodNotWhole.after(run?.coverage) : nil)
        } catch let ambiguous as AmbiguousTitleError {
            // An error that lists the films with their codes (structuredContent is a movie's or nothing).
            throw call.worded(ambiguous)
        }
    }
}

extension SearchRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let client = try call.session.client()
        let origin = client.searchNote
        if let origin { call.notice?(origin) }
        let page = all ? try await client.allPages(of: query, mostPages: Self.mostPages, concurrency: 4) { _ in }
            : try await client.answer(.movies(query)).value
        return ToolAnswer(json: page.json, origin: origin)
    }
}

extension LookupRequest: ToolRequest where Kind.Record: Presentable, Kind.Summary: SearchItem {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let client = try call.session.client()
        switch target {
        case let .code(code):
            return ToolAnswer(json: try await client.answer(Kind.record(code)).value.json)
        case let .name(name, page):
            var found = try await client.answer(Kind.search(name, page: page)).value
            // A client that holds only some records: the hint names one it holds, or says it holds none.
            if let held = client.heldRecords(of: Kind.name) { found.detailsAtHand = held }
            return ToolAnswer(json: found.json)
        }
    }
}

extension CodesRequest: ToolRequest {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        guard let table else { return ToolAnswer(json: CodeCatalogue().json) }
        return ToolAnswer(json: try await call.session.client().answer(.codes(table)).value.json)
    }
}

extension CacheRequest: ToolRequest {
    /// `quota_status`: this machine's count, read, not fetched.
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        ToolAnswer(json: try call.session.quota(call.today).json)
    }
}

extension ToolCall {
    /// One day's (week's) ranking, a deep one's calls checked first.
    nonisolated(nonsending) func ranking<Ranking: ListedRanking & RankingPresentation>(_ request: RankingRequest<Ranking>, unit: String) async throws -> ToolAnswer {
        let client = try session.client()
        let resolved = try await scope(client, filter: request.filter, region: request.region)
        var reading = PeriodReading(jobs: session.jobs)
        reading.approve = { [self] cost in try approve(cost, unit: unit, span: nil) }
        let notice = self.notice
        var value: Ranking?
        try await client.rankings(request, resolved: resolved, reading: reading, disagrees: { day in
            notice?("the top 10 of \(day.iso) in the cache differs from the deep list's first rows: KOBIS revised its figures between the calls.")
        }) { value = $0 }
        guard let value else { throw KOBISError.unreadable(.wrongShape("no ranking")) }
        return ToolAnswer(json: value.json)
    }

    /// The rankings of a range, in order, with each day not read in its place (a day the source
    /// does not hold, a KOBIS failure, a day the cache lacks offline), and the failure after them.
    nonisolated(nonsending) func rankings<Ranking: ListedRanking & RankingPresentation>(
        _ request: RankingRequest<Ranking>, unit: String, period: (@Sendable ([Day]) -> String)?, span: String?
    ) async throws -> ToolAnswer {
        let client = try session.client()
        // The region looked up first: a region KOBIS does not know costs no day.
        let resolved = try await scope(client, filter: request.filter, region: request.region)
        var reading = self.reading(unit: unit, period: period, span: span)
        let readable = try client.readable(request.days, reading: reading)
        let held = Set(readable)
        let entries = Locked(request.days.filter { !held.contains($0) }.map { ($0, NotReadDay(UnreadDay(day: $0, reason: .notHeld), dayKey: Ranking.dayKey).json) })
        reading.skipped = { unread in entries.withLock { $0.append((unread.day, NotReadDay(unread, dayKey: Ranking.dayKey).json)) } }
        let failed = try await client.rankings(request, only: readable, resolved: resolved, reading: reading) { value in
            entries.withLock { $0.append((value.firstDay, value.json)) }
        }
        let ordered = entries.withLock { $0 }.sorted { $0.0 < $1.0 }.map(\.1)
        return ToolAnswer(json: .array(ordered), failureAfterOutput: failed.isEmpty ? nil : PeriodNotWhole(failed: failed))
    }
}
