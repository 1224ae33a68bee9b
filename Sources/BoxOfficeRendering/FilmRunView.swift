import BoxOfficeCore

extension FilmRun {
    /// The run as labelled rows for a movie's details: each figure where the days read give it, and
    /// "not known" (with why: the day was not recorded, not cached, not read) where they do not.
    package func rows(_ options: RenderOptions) -> [(Label, [String])] {
        let korean = options.korean
        func audience(_ number: Int) -> String { NumberFormat.audience(number, korean: korean) }
        func date(_ day: Day) -> String { "\(day.iso) (\(options.weekday(day)))" }
        func on(_ day: Day) -> String { korean ? day.iso : "on \(day.iso)" }
        var rows: [(Label, [String])] = []

        let notRead = coverage.unread.map(\.day.iso)
        let read = korean ? "\(from.iso) – \(to.iso), \(coverage.daysInPeriod)일 가운데 \(coverage.daysRead)일"
            : "\(from.iso) – \(to.iso): \(NumberFormat.grouped(coverage.daysRead)) of \(NumberFormat.grouped(coverage.daysInPeriod)) days"
        rows.append((Label("Days read", "읽은 날"), [read] + (notRead.isEmpty ? [] : [(korean ? "읽지 못한 날: " : "not read: ") + PeriodCoverage.listed(notRead, korean: korean)])))

        if let previews {
            let figure = previews.audience.map(audience) ?? unknown(openDate, options)
            let seen = previews.days.isEmpty ? [] : [(korean ? "순위에 든 날: " : "ranked on ") + PeriodCoverage.listed(previews.days.map(\.iso), korean: korean)]
            rows.append((Label("Previews", "유료 시사"), [figure] + seen))
        } else {
            rows.append((Label("Previews", "유료 시사"), [unknown(openDate, options)]))
        }
        rows.append((Label("Opening day", "개봉일 관객"), [openingDay.map { "\(audience($0.audience)) · #\($0.rank) · \(date($0.date))" } ?? unknown(openDate, options)]))
        let weekend = openDate.map(Self.firstWeekend(from:))
        rows.append((Label("Opening weekend", "개봉 첫 주말"), [openingWeekend.map { "\(audience($0.audience)) · \($0.from.iso) – \($0.to.iso)" }
            ?? unknown(weekend.flatMap { span in PeriodReading.days(span).first { !knows($0) } }, options)]))
        rows.append((Label("Opening week", "개봉 첫 주"), [openingWeek.map { (korean ? "누적 " : "") + "\(audience($0.audienceTotal)) " + (korean ? "(\($0.to.iso)까지)" : "in all by \($0.to.iso)") }
            ?? unknown(openDate.map { WeekPeriod.week.days(ofWeekHolding: $0).end }, options)]))
        if let audienceTotal, let asOf {
            var total = audience(audienceTotal) + (salesTotal.map { " · ₩" + NumberFormat.grouped($0) } ?? "")
            // In the top 10 on the last day read, which a run at hand may have read weeks ago.
            total += korean ? " (\(asOf.iso) 기준\(inTop10 ? ", 그날 10위 안" : ""))" : " as of \(asOf.iso)\(inTop10 ? ", in the top 10 that day" : "")"
            rows.append((Label("Total", "누적"), [total]))
        } else {
            rows.append((Label("Total", "누적"), [options.label(Label("not known", "알 수 없음"))]))
        }
        // With days not read, the counts are of the days read: the run may have more.
        let some = coverage.isComplete ? "" : (korean ? " (읽은 날 가운데)" : " (of the days read)")
        var top = (korean ? "\(daysInTop10)일" : "\(NumberFormat.grouped(daysInTop10)) day\(daysInTop10 == 1 ? "" : "s")") + some
        if let bestRank { top += korean ? ", 최고 \(bestRank)위" : ", best rank \(bestRank)" }
        rows.append((Label("Days in top 10", "10위 안 일수"), [top]))
        var first = (korean ? "\(daysAtNumberOne)일" : "\(NumberFormat.grouped(daysAtNumberOne)) day\(daysAtNumberOne == 1 ? "" : "s")") + some
        if let longest = longestAtNumberOne, longest.days > 1 {
            first += korean ? ", 최장 \(longest.days)일 연속 (\(longest.from.iso) – \(longest.to.iso))"
                : ", longest \(longest.days) in a row (\(longest.from.iso) – \(longest.to.iso))"
        }
        rows.append((Label("Days at number one", "1위 일수"), [first]))
        rows.append((Label("Best day", "최고 일일 관객"), [bestDay.map { "\(audience($0.audience)) \(on($0.date)) (\(options.weekday($0.date))) · #\($0.rank)" } ?? options.label(Label("not known", "알 수 없음"))]))
        rows.append((Label("Most screens", "최다 스크린"), [mostScreens.map { NumberFormat.grouped($0) } ?? options.label(Label("not known", "알 수 없음"))]))
        // As the news says them: `100만 관객 돌파 · 2025-09-28 (개봉 5일 만에)`.
        rows.append((Label("Milestones", "돌파"), milestones.isEmpty ? [options.label(Label("none passed on the days read", "읽은 날 가운데 돌파한 기록 없음"))] : milestones.map { milestone in
            if korean {
                let day = milestone.day.map { $0 == 1 ? " (개봉 첫날)" : " (개봉 \($0)일 만에)" } ?? ""
                return "\(NewsWords.koreanMark(milestone.audience)) 관객 돌파 · \(milestone.date.iso)\(day)"
            }
            let day = milestone.day.map { $0 == 1 ? " (its opening day)" : " (day \($0))" } ?? ""
            return "\(NewsWords.englishMark(milestone.audience)) \(on(milestone.date))\(day)"
        }))
        rows.append((Label("Second weekend", "둘째 주말"), [secondWeekendChange.map { NumberFormat.signedPercent($0) + (korean ? " (첫 주말 대비)" : " against the first") }
            ?? options.label(Label("not known", "알 수 없음"))]))
        return rows
    }

    /// Whether the day was read and the film ranked on it.
    private func knows(_ day: Day) -> Bool {
        (from...to).contains(day) && coverage.reason(for: day) == nil
    }

    /// "not known", and why, when it rests on `day`: not recorded, not cached, not answered, not read.
    private func unknown(_ day: Day?, _ options: RenderOptions) -> String {
        let korean = options.korean
        let known = options.label(Label("not known", "알 수 없음"))
        guard let day else { return known }
        let why: String
        switch coverage.reason(for: day) {
        case .notHeld?: why = korean ? "기록 없음" : "not recorded"
        case .notCached?: why = korean ? "캐시에 없음" : "not in the cache"
        case .kobisFailed?: why = korean ? "KOBIS가 답하지 못함" : "KOBIS did not answer"
        case .callLimit?: why = korean ? "호출 한도에 닿아 읽지 않음" : "not read: the limit of calls was reached"
        case nil: why = (from...to).contains(day) ? (korean ? "10위 밖" : "not in the top 10") : (korean ? "읽지 않음" : "not read")
        }
        return "\(known) (\(day.iso) \(why))"
    }
}

/// A movie as `movie` shows it: its details, its run as far as the days read tell it, and its
/// poster's address when one was asked for (`--poster`).
package struct MovieShown: Presentable {
    package let movie: Movie
    /// The run; nil when no day of the film is at hand.
    package let run: FilmRun?
    /// What to say instead of a run when there is none: how to read it, or why it cannot be.
    package let noRun: String
    /// The poster's address: nil when none was asked for, `.some(nil)` when none was found.
    package let poster: String??

    /// The movie's fields, `run`, then its `poster` when one was asked for (null when none was found).
    static let fields: [Field<MovieShown>] = Field.part(Movie.fields) { $0.movie }
        + [.object("run", .run, FilmRun.fields) { $0.run }, .optional("poster", .poster) { $0.poster.map { JSONValue($0) } }]
    package static let fieldNames = fields.keys()
    package static let shape = fields.shape()

    package init(movie: Movie, run: FilmRun?, noRun: String = "", poster: String?? = nil) {
        self.movie = movie
        self.run = run
        self.noRun = noRun
        self.poster = poster
    }

    package func table(_ options: RenderOptions) -> String {
        guard options.medium == .terminal else {
            var document = movie.article(options, poster: poster)
            document.append(.heading(options.label(Label("Box office", "흥행 기록"))))
            document.append(.fields(run.map { $0.rows(options).map { ($0.0, $0.1.joined(separator: "; ")) } } ?? [(Label("Run", "흥행 기록"), noRun)]))
            return document.rendered(options)
        }
        return movie.table(options, poster: poster) + runTable(options)
    }

    /// The run under the details: a heading, then its rows laid out as the details' are.
    private func runTable(_ options: RenderOptions) -> String {
        let heading = TextColor.bold.apply(options.label(Label("Box office", "흥행 기록")), if: options.colors)
        guard let run else {
            return "\n" + heading + "\n" + TerminalText.wrap(noRun, to: options.width ?? .max, ambiguousWide: options.ambiguousWide).joined(separator: "\n") + "\n"
        }
        return "\n" + heading + "\n" + Movie.labelled(run.rows(options), options).joined(separator: "\n") + "\n"
    }

    package func markdown(_ options: RenderOptions) -> String? {
        var card = movie.markdown(options, poster: poster)
        guard let run else { return card }
        card += "\n**\(options.label(Label("Box office", "흥행 기록")))**\n\n"
        for (label, values) in run.rows(options) {
            card += "- **\(options.label(label)):** " + values.map(RecordTable.markdownText).joined(separator: "; ") + "\n"
        }
        return card
    }

    /// The JSON with only `fields`, each as the whole JSON has it (the run an object, not the flat
    /// formats' cell of text).
    package func json(fields: [String]) -> JSONValue {
        json.selecting(fields)
    }

    /// The flat formats' row: the movie's cells, and the run as one cell of compact JSON.
    package var records: [JSONValue] {
        guard case let .object(members) = json else { return [json] }
        return [.object(members.map { key, value in key == "run" && value != .null ? (key, .string(value.serialized(pretty: false))) : (key, value) })]
    }

    package var json: JSONValue { Self.fields.json(self) }
}

// MARK: Fields

extension FilmRun {
    /// The run as `movie`'s JSON gives it under `run`: each figure null where the days read cannot give it.
    package static let fields: [Field<FilmRun>] = [
        .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
    ] + Field.part(PeriodCoverage.fields) { $0.coverage } + [
        .object("previews", .previews, [
            .leaf("audience", .previewAudience) { JSONValue($0.audience) }, .texts("days", .previewDays) { $0.days.map(\.iso) },
        ]) { $0.previews },
        .object("openingDay", .openingDay, [
            .leaf("date", .date) { .string($0.date.iso) }, .leaf("audience", .runAudience) { .int(Int64($0.audience)) },
            .leaf("rank", .rank) { .int(Int64($0.rank)) },
        ]) { $0.openingDay },
        .object("openingWeekend", .openingWeekend, [
            .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
            .leaf("audience", .runAudience) { .int(Int64($0.audience)) },
        ]) { $0.openingWeekend },
        .object("openingWeek", .openingWeek, [
            .leaf("to", .to) { .string($0.to.iso) }, .leaf("audienceTotal", .runAudienceTotal) { .int(Int64($0.audienceTotal)) },
        ]) { $0.openingWeek },
        .leaf("asOf", .asOf) { JSONValue($0.asOf) }, .leaf("audienceTotal", .runAudienceTotal) { JSONValue($0.audienceTotal) },
        .leaf("salesTotal", .runSalesTotal) { JSONValue($0.salesTotal) }, .leaf("inTop10", .inTop10) { .bool($0.inTop10) },
        .leaf("daysInTop10", .runDaysInTop10) { .int(Int64($0.daysInTop10)) },
        .leaf("daysAtNumberOne", .daysAtNumberOne) { .int(Int64($0.daysAtNumberOne)) },
        .object("longestAtNumberOne", .longestAtNumberOne, [
            .leaf("days", .streakDays) { .int(Int64($0.days)) }, .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
        ]) { $0.longestAtNumberOne },
        .leaf("bestRank", .runBestRank) { JSONValue($0.bestRank) },
        .object("bestDay", .bestDay, [
            .leaf("date", .date) { .string($0.date.iso) }, .leaf("audience", .runAudience) { .int(Int64($0.audience)) },
        ]) { $0.bestDay },
        .leaf("mostScreens", .mostScreens) { JSONValue($0.mostScreens) },
        .list("milestones", .runMilestones, Trend.milestoneFields) { $0.milestones },
        .leaf("secondWeekendChange", .secondWeekendChange) { JSONValue($0.secondWeekendChange) },
    ]
    package static let shape = fields.shape()

    /// The run's JSON object.
    package var json: JSONValue { Self.fields.json(self) }
}

// MARK: Meanings

package extension Meaning {
    /// What `poster` holds.
    static let poster = leaf(.string, nullable: true, format: "uri", "A poster image's address; null when none was found.")

    /// What `movie`'s `run` holds.
    static let run = leaf(.string, nullable: true, "The film's box-office run as the Korean press counts it, from the daily rankings read (at hand, or the whole run with --run): each figure null where the days read cannot give it; null when no day of the film is at hand.")
    /// What a run's `previews` holds.
    static let previews = leaf(.string, nullable: true, "Admissions before the opening day (paid previews, eve screenings); null when neither the opening day nor a preview day was read.")
    /// What `previews.audience` holds.
    static let previewAudience = leaf(.integer, nullable: true, "Admissions before the opening day: KOBIS's total on the opening day less that day's audience; null when the opening day was not read.")
    /// What `previews.days` holds.
    static let previewDays = list(of: .string, "The days before the opening day on which the film was in a ranking read.")
    /// What `openingDay` holds.
    static let openingDay = leaf(.string, nullable: true, "The opening day (day 1): its audience and rank; null when it was not read or the film was not ranked.")
    /// What `openingWeekend` holds.
    static let openingWeekend = leaf(.string, nullable: true, "The first Friday to Sunday from the opening day (the opening day's own weekend when it opens Friday to Sunday); null unless each of its days was read with the film ranked.")
    /// What `openingWeek` holds.
    static let openingWeek = leaf(.string, nullable: true, "The total at the end of the opening week (its first Sunday, previews included); null when that day is not known.")
    /// What a weekend's or a day's `audience` holds in a run.
    static let runAudience = leaf(.integer, "Admissions (tickets sold) on those days.")
    /// What `asOf` holds.
    static let asOf = leaf(.string, nullable: true, format: "date", "The latest day the film was ranked on, whose totals these are (KOBIS revises the last days; the latest answer holds it).")
    /// What a run's `audienceTotal` holds.
    static let runAudienceTotal = leaf(.integer, nullable: true, "Admissions since the first screening, previews included, as of asOf.")
    /// What a run's `salesTotal` holds.
    static let runSalesTotal = leaf(.integer, nullable: true, "Ticket sales since the first screening in Korean won (KRW), as of asOf.")
    /// What `inTop10` holds.
    static let inTop10 = leaf(.boolean, "Whether the film is ranked on the last day read.")
    /// What a run's `daysInTop10` holds.
    static let runDaysInTop10 = leaf(.integer, "Days read on which the film was ranked.")
    /// What `daysAtNumberOne` holds.
    static let daysAtNumberOne = leaf(.integer, "Days read on which the film was number one.")
    /// What `longestAtNumberOne` holds.
    static let longestAtNumberOne = leaf(.string, nullable: true, "The longest run of consecutive days at number one, every day of it read; null when it never was.")
    /// What a streak's `days` holds.
    static let streakDays = leaf(.integer, "How many consecutive days.")
    /// What a run's `bestRank` holds.
    static let runBestRank = leaf(.integer, nullable: true, "The film's best rank on a day read.")
    /// What `bestDay` holds.
    static let bestDay = leaf(.string, nullable: true, "The film's largest single-day audience on a day read; null when it was never ranked.")
    /// What `mostScreens` holds.
    static let mostScreens = leaf(.integer, nullable: true, "The most screens the film had on a day read.")
    /// What a run's `milestones` holds.
    static let runMilestones = list("Each milestone (100,000, 500,000, every million; 10,000,000 is 천만) passed on a day read: the first day whose total reached it, and its day since opening.")
    /// What `secondWeekendChange` holds.
    static let secondWeekendChange = leaf(.number, nullable: true, "The second weekend's audience against the opening weekend's, in percent (negative when it fell); null unless both are known.")
}
