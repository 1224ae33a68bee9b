import BoxOfficeCore

/// An event as told: with the language of its sentence and whether it is of the deep ranking.
package struct ToldEvent: Sendable, Equatable {
    package let event: NewsEvent
    package let korean: Bool
    package let deep: Bool

    package init(_ event: NewsEvent, korean: Bool, deep: Bool) {
        self.event = event
        self.korean = korean
        self.deep = deep
    }

    /// One sentence ready to post, in Korean or English: the film, what happened, the figures it rests on.
    package var text: String {
        korean ? NewsWords.korean(event, deep: deep) : NewsWords.english(event, deep: deep)
    }

    /// The event's keys (`text` last), without its date: `{kind, movieCode, title, rank, previousRank,
    /// audience, audienceTotal, milestone, day, endedRun, changes, text}`.
    package static let fields: [Field<ToldEvent>] = [
        .leaf("kind", .eventKind) { .string($0.event.kind.rawValue) }, .leaf("movieCode", .movieCode) { .string($0.event.movieCode) },
        .leaf("title", .title) { .string($0.event.title) }, .leaf("rank", .eventRank) { JSONValue($0.event.rank) },
        .leaf("previousRank", .previousRank) { JSONValue($0.event.previousRank) }, .leaf("audience", .eventAudience) { JSONValue($0.event.audience) },
        .leaf("audienceTotal", .eventAudienceTotal) { JSONValue($0.event.audienceTotal) },
        .leaf("milestone", .eventMilestone) { JSONValue($0.event.milestone) }, .leaf("day", .eventDay) { JSONValue($0.event.day) },
        .object("endedRun", .endedRun, [
            .leaf("movieCode", .movieCode) { .string($0.movieCode) }, .leaf("title", .title) { .string($0.title) },
            .leaf("days", .endedRunDays) { .int(Int64($0.days)) }, .leaf("from", .endedRunFrom) { .string($0.from.iso) },
            .leaf("atLeast", .endedRunAtLeast) { .bool($0.atLeast) },
        ]) { $0.event.endedRun },
        .list("changes", .changes, [
            .leaf("field", .changeField) { .string($0.field) }, .leaf("from", .changeFrom) { JSONValue($0.from) },
            .leaf("to", .changeTo) { JSONValue($0.to) },
        ]) { $0.event.changes },
        .leaf("text", .eventText) { .string($0.text) },
    ]

    /// The same with its date first: a line of JSON Lines, a row of CSV.
    package static let dated: [Field<ToldEvent>] = [.leaf("date", .date) { .string($0.event.date.iso) }] + fields
}

/// The news of a day as the command line and the MCP server show it: its sentences in the user's language.
package struct NewsShown: Sendable, Equatable {
    package let news: DayNews
    package let korean: Bool

    package init(_ news: DayNews, korean: Bool) {
        self.news = news
        self.korean = korean
    }

    var told: [ToldEvent] { news.events.map { ToldEvent($0, korean: korean, deep: news.deep) } }

    /// `{date, provisional, daysInPeriod, daysRead, daysNotRead, events: [...]}`, as cli.md has it:
    /// the coverage is of the days read for the news (the day, the day before, the days looked back on).
    package static let fields: [Field<NewsShown>] = [
        .leaf("date", .date) { .string($0.news.day.iso) }, .leaf("provisional", .provisional) { .bool($0.news.provisional) },
    ] + Field.part(PeriodCoverage.fields) { $0.news.coverage } + [
        .list("events", .events, ToldEvent.fields) { $0.told },
    ]
    package static let shape = fields.shape()
}

extension NewsShown: Presentable {
    package static let fieldNames = ToldEvent.dated.keys()
    package static var isList: Bool { true }
    package static var itemsKey: String? { "events" }

    package var json: JSONValue { Self.fields.json(self) }
    package var records: [JSONValue] { told.map(ToldEvent.dated.json) }

    /// A heading, then one line an event (wrapped with a hanging indent only where the terminal is narrower).
    package func table(_ options: RenderOptions) -> String {
        let day = news.day
        var heading = (options.korean ? "박스오피스 소식" : "Box office news") + " · \(day.iso) (\(options.weekday(day)))"
        if news.deep { heading += options.korean ? " · 40위까지" : " · past the top 10" }
        var document = Document([.heading(heading)])
        var notes: [String] = []
        if news.provisional { notes.append(options.korean ? "KOBIS가 아직 수치를 고칠 수 있는 날입니다." : "KOBIS may still revise this day's figures.") }
        // The days looked at (an ended run read further back says itself whether it is whole).
        let unread = news.coverage.unread.map(\.day).filter { DayNews.window(for: day).contains($0) }.map(\.iso)
        if !unread.isEmpty {
            notes.append(options.korean ? "읽지 못한 날 (재진입과 1위 연속 일수에 영향): \(unread.joined(separator: ", "))"
                : "days not read (they tell a return and a run at number one): \(unread.joined(separator: ", "))")
        }
        if !notes.isEmpty { document.append(.notes(notes, wrap: options.width ?? 100)) }
        guard !news.events.isEmpty else {
            document.append(.text(options.korean ? "\(day.iso): 전날과 달라진 것이 없습니다." : "Nothing changed on \(day.iso) against the day before."))
            return document.rendered(options)
        }
        document.append(.items(told.map(\.text)))
        return document.rendered(options)
    }
}

/// The events of a watch's run, day by day, as the command line shows them.
package struct WatchShown: Sendable, Equatable {
    package let events: [NewsEvent]
    package let korean: Bool
    package let deep: Bool

    package init(_ events: [NewsEvent], korean: Bool, deep: Bool) {
        self.events = events
        self.korean = korean
        self.deep = deep
    }

    var told: [ToldEvent] { events.map { ToldEvent($0, korean: korean, deep: deep) } }

    /// The events by date, in the order they came: `[{date, events}]`.
    var days: [(day: Day, events: [ToldEvent])] {
        var days: [(day: Day, events: [ToldEvent])] = []
        for event in told {
            if let last = days.indices.last, days[last].day == event.event.date { days[last].events.append(event) } else { days.append((event.event.date, [event])) }
        }
        return days
    }
}

extension WatchShown: Presentable {
    package static let fieldNames = ToldEvent.dated.keys()
    package static var isList: Bool { true }

    /// `[{date, events: [...]}]`, a day's events together.
    package var json: JSONValue {
        .array(days.map { .object([("date", .string($0.day.iso)), ("events", .array($0.events.map(ToldEvent.fields.json)))]) })
    }

    package var records: [JSONValue] { told.map(ToldEvent.dated.json) }

    /// One line an event, each after its date; nothing at all when nothing happened.
    package func table(_ options: RenderOptions) -> String {
        guard !events.isEmpty else { return "" }
        return Document([.items(told.map { "\($0.event.date.iso)  \($0.text)" })]).rendered(options)
    }
}

/// The sentences of events, in English and in Korean, as the Korean film press words them.
package enum NewsWords {
    static func english(_ event: NewsEvent, deep: Bool) -> String {
        let title = event.title
        let list = deep ? "the ranking" : "the top 10"
        let audience = event.audience.map { "\(NumberFormat.grouped($0)) admissions" }
        let with = audience.map { " with \($0)" } ?? ""
        let preview = event.openDate.map { " in previews, ahead of its opening on \($0.iso)" } ?? " in previews"
        switch event.kind {
        case .newNumberOne:
            var sentence: String
            if let previous = event.previousRank {
                sentence = "\(title) rises to number one from #\(previous)\(with)"
            } else if event.day == 1 {
                sentence = "\(title) opens at number one\(with)"
            } else if event.isPreview {
                sentence = "\(title) goes straight to number one\(preview)\(audience.map { " (\($0))" } ?? "")"
            } else {
                sentence = "\(title) goes straight to number one\(with)"
            }
            if let run = event.endedRun {
                let days = run.atLeast ? "at least \(run.days) day\(run.days == 1 ? "" : "s")" : run.days == 1 ? "one day" : "\(run.days) days"
                sentence += ", ending \(run.title)'s run of \(days) at number one"
            }
            return sentence + "."
        case .entered, .reentered:
            let rank = event.rank.map { "#\($0)" } ?? "?"
            if event.kind == .reentered, event.day == 1 { return "\(title) opens at \(rank)\(with), back in \(list) after its previews." }
            if event.kind == .reentered, event.isPreview { return "\(title) is back in \(list) at \(rank)\(preview)\(audience.map { " (\($0))" } ?? "")." }
            if event.kind == .reentered { return "\(title) is back in \(list) at \(rank)\(with)." }
            if event.day == 1 { return "\(title) opens at \(rank)\(with)." }
            if event.isPreview { return "\(title) enters \(list) at \(rank)\(preview)\(audience.map { " (\($0))" } ?? "")." }
            return "\(title) enters \(list) at \(rank)\(with)."
        case .left:
            let before = event.previousRank.map { "#\($0) the day before" }
            let total = event.audienceTotal.map { "\(NumberFormat.grouped($0)) admissions in all" }
            let figures = [before, total].compactMap(\.self).joined(separator: "; ")
            return "\(title) leaves \(list)\(figures.isEmpty ? "" : " (\(figures))")."
        case .milestone, .target:
            let mark = event.milestone.map(englishMark) ?? "?"
            let when = event.day.map { $0 == 1 ? " on its opening day" : " on day \($0)" } ?? (event.isPreview ? " in previews" : "")
            if event.kind == .target {
                return "\(title) reaches the watch's target of \(mark)\(when)\(event.audienceTotal.map { " (\(NumberFormat.grouped($0)) in all)" } ?? "")."
            }
            return "\(title) passes \(mark)\(when)."
        case .revised:
            let changes = event.changes ?? []
            guard let only = changes.first else { return "KOBIS revised \(title)'s figures for \(event.date.iso)." }
            if changes.count == 1 {
                return "KOBIS revised \(title)'s \(englishField(only.field)) for \(event.date.iso): \(number(only.from, field: only.field)) → \(number(only.to, field: only.field))."
            }
            let each = changes.map { "\(englishField($0.field)) \(number($0.from, field: $0.field)) → \(number($0.to, field: $0.field))" }
            return "KOBIS revised \(title)'s figures for \(event.date.iso): \(each.joined(separator: ", "))."
        }
    }

    /// A title as the Korean press sets it off in a sentence: in quotes, so that it never runs
    /// into the words after it (`'주토피아 2' 5일 이상`, `'나우 유 씨 미 3' 1일`).
    static func quoted(_ title: String) -> String {
        "'\(title)'"
    }

    static func korean(_ event: NewsEvent, deep: Bool) -> String {
        let title = quoted(event.title)
        let list = deep ? "순위권" : "10위권"
        let audience = event.audience.map { "관객 \(NumberFormat.grouped($0))명" }
        let figures = audience.map { " (\($0))" } ?? ""
        switch event.kind {
        case .newNumberOne:
            var sentence: String
            if let previous = event.previousRank {
                sentence = "\(title), \(previous)위에서 1위로\(figures)"
            } else if event.day == 1 {
                sentence = "\(title), 개봉일 1위로 출발\(figures)"
            } else if event.isPreview {
                sentence = "\(title), 개봉 전 시사로 1위\(figures)"
            } else {
                sentence = "\(title), 1위 등극\(figures)"
            }
            if let run = event.endedRun {
                sentence += " — \(quoted(run.title)) \(run.atLeast ? "\(run.days)일 이상" : "\(run.days)일") 연속 1위 마감"
            }
            return sentence
        case .entered, .reentered:
            let rank = event.rank.map { "\($0)위" } ?? "?"
            if event.kind == .reentered, event.day == 1 { return "\(title), 개봉일 \(rank)로 출발\(figures) · 시사 후 \(list) 재진입" }
            if event.kind == .reentered, event.isPreview {
                return "\(title), 개봉 전 시사로 \(rank) \(list) 재진입\(figures)\(event.openDate.map { " · \($0.iso) 개봉" } ?? "")"
            }
            if event.kind == .reentered { return "\(title), \(rank)로 \(list) 재진입\(figures)" }
            if event.day == 1 { return "\(title), 개봉일 \(rank)로 출발\(figures)" }
            if event.isPreview {
                return "\(title), 개봉 전 시사로 \(rank) 진입\(figures)\(event.openDate.map { " · \($0.iso) 개봉" } ?? "")"
            }
            return "\(title), \(rank)로 \(list) 진입\(figures)"
        case .left:
            let parts = [event.previousRank.map { "전날 \($0)위" }, event.audienceTotal.map { "누적 \(NumberFormat.grouped($0))명" }].compactMap(\.self)
            return "\(title), \(list) 밖으로\(parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")"
        case .milestone:
            let mark = event.milestone.map(koreanMark) ?? "?"
            if let day = event.day { return "\(title), \(day == 1 ? "개봉 첫날" : "개봉 \(day)일 만에") \(mark) 관객 돌파" }
            return "\(title), \(event.isPreview ? "개봉 전 " : "")\(mark) 관객 돌파"
        case .target:
            let mark = event.milestone.map { NumberFormat.grouped($0) } ?? "?"
            let parts = [event.day.map { "개봉 \($0)일째" }, event.audienceTotal.map { "누적 \(NumberFormat.grouped($0))명" }].compactMap(\.self)
            return "\(title), 목표 관객 \(mark)명 도달\(parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")"
        case .revised:
            let changes = event.changes ?? []
            guard !changes.isEmpty else { return "\(event.date.iso) \(title) 수치 수정" }
            let each = changes.map { "\(koreanField($0.field)) \(number($0.from, field: $0.field, korean: true)) → \(number($0.to, field: $0.field, korean: true))" }
            return "\(event.date.iso) \(title) 수치 수정: \(each.joined(separator: ", "))"
        }
    }

    /// `1,000,000 admissions`; ten million by its name.
    static func englishMark(_ mark: Int) -> String {
        mark == 10_000_000 ? "ten million admissions (천만)" : "\(NumberFormat.grouped(mark)) admissions"
    }

    /// `100만`, `50만`, `천만`.
    static func koreanMark(_ mark: Int) -> String {
        if mark == 10_000_000 { return "천만" }
        return mark % 10_000 == 0 ? "\(NumberFormat.grouped(mark / 10_000))만" : "\(NumberFormat.grouped(mark))명"
    }

    static func number(_ value: Int64?, field: String = "", korean: Bool = false) -> String {
        value.map { NumberFormat.grouped($0) } ?? (field == "rank" ? (korean ? "순위 밖" : "not listed") : (korean ? "빈칸" : "blank"))
    }

    static func englishField(_ field: String) -> String {
        ["rank": "rank", "audience": "audience", "audienceTotal": "total audience", "sales": "sales (won)", "screens": "screens", "shows": "showings"][field] ?? field
    }

    static func koreanField(_ field: String) -> String {
        ["rank": "순위", "audience": "관객수", "audienceTotal": "누적 관객수", "sales": "매출액", "screens": "스크린 수", "shows": "상영 횟수"][field] ?? field
    }
}

// MARK: Meanings

package extension Meaning {
    /// What a news's `events` holds.
    static let events = list("The day's events: a new number one first, then milestones passed, films entering, coming back to and leaving the ranking. Empty when nothing changed.")
    /// What an event's `kind` holds.
    static let eventKind = leaf(.string, choices: NewsEvent.Kind.allCases.map(\.rawValue), "What happened: newNumberOne (a film took number one; endedRun is the run it ended), entered (new to the ranking), reentered (back after days out), left (in the ranking the day before, not now), milestone (the total passed 100,000, 500,000 or a whole million), target (a watch's own target reached), revised (KOBIS changed a figure of a day a watch had seen).")
    /// What an event's `rank` holds.
    static let eventRank = leaf(.integer, nullable: true, "The film's rank that day; null for a film that left the ranking.")
    /// What an event's `previousRank` holds.
    static let previousRank = leaf(.integer, nullable: true, "The film's rank the day before; null when it was not in the ranking then.")
    /// What an event's `audience` holds.
    static let eventAudience = leaf(.integer, nullable: true, "Admissions that day; null for a film that left, or when KOBIS left it blank.")
    /// What an event's `audienceTotal` holds.
    static let eventAudienceTotal = leaf(.integer, nullable: true, "The film's total admissions at the end of that day (at the end of the day before, for a film that left).")
    /// What an event's `milestone` holds.
    static let eventMilestone = leaf(.integer, nullable: true, "The milestone or target passed, for milestone and target; null otherwise.")
    /// What an event's `day` holds.
    static let eventDay = leaf(.integer, nullable: true, "Days since the film opened (the opening day is day 1); null on a preview day before it opens, or when KOBIS gives no opening day.")
    /// What an event's `endedRun` holds.
    static let endedRun = leaf(.string, nullable: true, "For newNumberOne, the run at number one it ended: the film and its days at number one in a row through the day before (as many as the days read show: the text says 'at least' when a day before them was not read); null otherwise.")
    /// What `endedRun.days` holds.
    static let endedRunDays = leaf(.integer, "Days at number one in a row, through the day before.")
    /// What `endedRun.from` holds.
    static let endedRunFrom = leaf(.string, format: "date", "The first of those days, as far as the days read show.")
    /// What `endedRun.atLeast` holds.
    static let endedRunAtLeast = leaf(.boolean, "Whether the run may be longer: a day before it was not read (or the reading back stopped at the limit of calls).")
    /// What an event's `changes` holds.
    static let changes = list(nullable: true, "For revised, every figure KOBIS changed for the film that day, each once; null for other kinds.")
    /// What a change's `field` holds.
    static let changeField = leaf(.string, choices: ["rank", "audience", "audienceTotal", "sales", "screens", "shows"], "The figure's key, as in the daily ranking.")
    /// What a change's `from` holds.
    static let changeFrom = leaf(.integer, nullable: true, "The figure as the watch first saw it; null when blank (for rank: the film was not listed).")
    /// What a change's `to` holds.
    static let changeTo = leaf(.integer, nullable: true, "The figure as KOBIS gives it now; null when blank (for rank: the film is no longer listed).")
    /// What an event's `text` holds.
    static let eventText = leaf(.string, "One sentence ready to post, in Korean under a Korean locale.")
}
