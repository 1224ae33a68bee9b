import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lines of each screen's body, from the commands' values: the same for every size of
/// terminal (the view cuts text to fit, never a number).
package enum BrowseBody {
    /// `also`: what a screen shows besides its own answer (a film's poster; a day's news under its ranking).
    static func lines(_ screen: BrowseScreen, answer: BrowseAnswer?, poster also: BrowseAnswer? = nil) -> [BrowseLine] {
        let poster = also
        switch (screen, answer) {
        case let (.movie, .movie(film)?):
            var lines: [BrowseLine]
            if let movie = film.details {
                lines = details(of: movie)
                switch poster {
                case let .poster(url?)?: lines.insert(BrowseLine(text: pad("Poster", 8, left: true) + "  p shows it · " + url.printable), at: 1)
                case .poster(nil)?: lines.insert(BrowseLine(text: pad("Poster", 8, left: true) + "  none found"), at: 1)
                default: break
                }
            } else {
                lines = [BrowseLine(text: film.title.printable, heading: true)]
                    + fields([("Code", film.code), ("Opened", film.series?.openDate?.iso)])
                    + [BrowseLine(text: "KOBIS's details for it are not in the samples.")]
            }
            // What the rankings at hand tell, under the film's own fields.
            let fieldsEnd = lines.indices.dropFirst().first { lines[$0].heading } ?? lines.endIndex
            lines.insert(contentsOf: run(film), at: fieldsEnd)
            return lines
        case let (.ranking, .daily(ranking)?):
            guard case let .news(news)? = also, news.day == ranking.day else { return entries(ranking.entries, exactThrough: ranking.exactThrough) }
            return entries(ranking.entries, exactThrough: ranking.exactThrough) + Self.news(news)
        case let (.ranking, .weekly(ranking)?): return entries(ranking.entries, exactThrough: ranking.exactThrough)
        case let (.search(title), .movies(page, origin, byDirector)?):
            return matches(page, title: title, byDirector: byDirector) + (origin.map { [BrowseLine(text: ""), BrowseLine(text: "(" + $0 + ")")] } ?? [])
        case let (.person, .person(person)?): return details(of: person)
        case let (.people(name, film), .people(page)?): return people(page, name: name, film: film)
        case let (.company, .company(company)?): return details(of: company)
        case let (.reviews, .reviews(reviews)?): return Self.reviews(reviews)
        case let (.people(name, _), .notHeld?):
            return [BrowseLine(text: name.printable, heading: true), BrowseLine(text: "KOBIS's details of people of this name are not in the samples; drop --demo to see them.")]
        case let (.ranking(place), .notHeld?):
            let what = place.period == .day ? "daily box office of this day" : "\(BrowseView.periodName(place.period.week ?? .week).lowercased()) of this week"
            return [BrowseLine(text: "KOBIS's \(what) is not in the samples: [ and ] step through the recorded ones, w changes the period, and without --demo KOBIS answers.")]
        case (.person, .notHeld?): return [BrowseLine(text: "KOBIS's details of this person are not in the samples; drop --demo to see them.")]
        case (.company, .notHeld?): return [BrowseLine(text: "KOBIS's details of this company are not in the samples; drop --demo to see them.")]
        case let (.records, .records(records)?): return Self.records(records)
        case (.help, _): return help
        default: return []
        }
    }

    // MARK: Rankings

    /// A day's news under its ranking: a heading, then a sentence an event.
    static func news(_ news: DayNews) -> [BrowseLine] {
        let heading = BrowseLine(text: "News against the day before", heading: true)
        guard !news.events.isEmpty else { return [BrowseLine(text: ""), heading, BrowseLine(text: "Nothing changed.")] }
        return [BrowseLine(text: ""), heading] + news.events.map { BrowseLine(text: ToldEvent($0, korean: false, deep: news.deep).text.printable, sentence: true) }
    }

    /// A deep list (`exactThrough` set) has a rule under its last exact rank, saying so.
    private static func entries(_ entries: [BoxOfficeEntry], exactThrough: Int? = nil) -> [BrowseLine] {
        guard !entries.isEmpty else { return [BrowseLine(text: "KOBIS lists no film for this period.")] }
        let audiences = entries.map { $0.audience.map(NumberFormat.grouped) ?? "–" }
        let totals = entries.map { $0.audienceTotal.map(NumberFormat.grouped) ?? "–" }
        let audienceWidth = max(8, audiences.map(\.count).max() ?? 0)
        let totalWidth = max(5, totals.map(\.count).max() ?? 0)
        let figures = { (audience: String, total: String) in
            [pad(audience, audienceWidth), pad(total, totalWidth)]
        }
        var lines = [BrowseLine(text: " #  ±    Title", columns: figures("Audience", "Total"), heading: true)]
        for (index, entry) in entries.enumerated() {
            let rank = pad(String(entry.rank), 2)
            let text = "\(rank) \(mark(entry)) \(entry.title.printable)"
            lines.append(BrowseLine(text: text, columns: figures(audiences[index], totals[index]), item: .open(.movie(entry.movieCode))))
            if index + 1 == exactThrough, index + 1 < entries.count {
                lines.append(BrowseLine(text: "── exact through rank \(index + 1) ──"))
            }
        }
        if let exactThrough, exactThrough >= entries.count {
            lines.append(BrowseLine(text: "(exact all through: the lists hide no film)"))
        }
        return lines
    }

    /// The apps' marks: NEW, ▲ up, ▼ down, – the same; four columns.
    static func mark(_ entry: BoxOfficeEntry) -> String {
        let mark: String = if entry.isNew { "NEW" } else {
            switch entry.rankChange {
            case let change? where change > 0: "▲\(change)"
            case let change? where change < 0: "▼\(-change)"
            case .some: "–"
            case nil: ""
            }
        }
        return mark + String(repeating: " ", count: max(0, 4 - mark.count))
    }

    // MARK: Details

    private static func details(of movie: Movie) -> [BrowseLine] {
        var lines = [BrowseLine(text: titled(movie.title, movie.titleEnglish), heading: true)]
        lines += fields([
            ("Code", movie.code),
            ("Opened", movie.openDate?.iso),
            ("Made", movie.productionYear.map(String.init)),
            ("Runtime", movie.runtimeMinutes.map { "\($0) min" }),
            ("Genres", movie.genres.joined(separator: ", ")),
            ("Nations", movie.nations.joined(separator: ", ")),
            ("Rated", movie.audits.compactMap(\.grade).first),
            ("Status", movie.status),
        ])
        if !movie.directors.isEmpty {
            lines.append(BrowseLine(text: "Directors", heading: true))
            lines += movie.directors.map { director in
                BrowseLine(text: "  " + titled(director.name, director.nameEnglish),
                           item: .open(.people(name: director.name, film: movie.title)))
            }
        }
        if !movie.actors.isEmpty {
            lines.append(BrowseLine(text: "Actors", heading: true))
            lines += movie.actors.map { actor in
                let role = actor.role.map { $0.trimmingBlanks().isEmpty ? "" : " — \($0.printable)" } ?? ""
                return BrowseLine(text: "  " + titled(actor.name, actor.nameEnglish) + role,
                                  item: .open(.people(name: actor.name, film: movie.title)))
            }
        }
        if !movie.companies.isEmpty {
            lines.append(BrowseLine(text: "Companies", heading: true))
            lines += movie.companies.map { company in
                let role = company.role.map { $0.trimmingBlanks().isEmpty ? "" : " — \($0.printable)" } ?? ""
                let item: BrowseItem = company.code.map { $0.trimmingBlanks().isEmpty ? .none : .open(.company($0)) } ?? .none
                return BrowseLine(text: "  " + titled(company.name, company.nameEnglish) + role, item: item)
            }
        }
        lines.append(BrowseLine(text: "Your reviews", heading: true))
        lines.append(BrowseLine(text: "  Enter lists them; v adds one", item: .open(.reviews(movie.code))))
        return lines
    }

    /// A film's run in the rankings at hand: its audience so far, its days in the top 10, its
    /// best rank, the milestones it passed, and its daily audience as a small chart. The figures,
    /// their days and the days since opening are columns (a narrow screen leaves out the last
    /// ones, on every line alike), never cut.
    private static func run(_ film: BrowseFilm) -> [BrowseLine] {
        guard let run = film.run else { return [] }
        let read = run.coverage?.daysRead ?? run.movies.first?.points.count ?? 0
        let heading = BrowseLine(text: "In the rankings at hand (read at no call)", heading: true)
        guard let series = film.series else {
            let why = read == 0 ? "  No day of its run is at hand; the days browse and the commands fetch are kept and read here."
                : "  It is in the top 10 on none of the \(NumberFormat.grouped(read)) days at hand."
            return [heading, BrowseLine(text: why)]
        }
        let day = { (point: Trend.Point) in point.day.map { "day \($0)" } ?? "" }
        var rows: [(String, [String])] = [("Days read", [NumberFormat.grouped(read), "", ""])]
        // The run as the press counts it, where the days at hand give it.
        if let summary = film.summary {
            if let opening = summary.openingDay { rows.append(("Opening day", [NumberFormat.grouped(opening.audience), opening.date.iso, "day 1"])) }
            if let weekend = summary.openingWeekend {
                rows.append(("Opening weekend", [NumberFormat.grouped(weekend.audience), weekend.from.iso, "to " + weekend.to.iso.suffix(5)]))
            }
            if let longest = summary.longestAtNumberOne {
                // One stretch at number one is one row, with its dates; several, the days in all
                // and the longest apart.
                if longest.days == summary.daysAtNumberOne {
                    rows.append(("Days at number one", [Self.days(longest.days), longest.from.iso, "to " + longest.to.iso.suffix(5)]))
                } else {
                    rows.append(("Days at number one", [Self.days(summary.daysAtNumberOne), "", "in all"]))
                    rows.append(("Longest at number one", [Self.days(longest.days), longest.from.iso, "to " + longest.to.iso.suffix(5)]))
                }
            }
            if let best = summary.bestDay { rows.append(("Best day", [NumberFormat.grouped(best.audience), best.date.iso, ""])) }
            if let change = summary.secondWeekendChange { rows.append(("Second weekend", [NumberFormat.signedPercent(change), "", "vs the first"])) }
        }
        if let last = series.lastRanked, let total = last.audienceTotal {
            rows.append(("Audience so far", [NumberFormat.grouped(total), last.date.iso, day(last)]))
        }
        rows.append(("Days in the top 10", [NumberFormat.grouped(series.daysRanked), "", ""]))
        if let best = series.bestRank, let first = series.points.first(where: { $0.rank == best }) {
            rows.append(("Best rank", [String(best), first.date.iso, day(first)]))
        }
        for milestone in series.milestones {
            rows.append(("Passed", [NumberFormat.grouped(milestone.audience), milestone.date.iso, milestone.day.map { "day \($0)" } ?? ""]))
        }
        // Its last day in the top 10 is the audience's day above.
        if let first = series.points.first(where: \.isRanked) {
            rows.append(("First in the top 10", ["", first.date.iso, day(first)]))
        }
        let widths = (0..<3).map { column in rows.map { $0.1[column].count }.max() ?? 0 }
        var lines = [heading]
        lines += rows.map { label, values in
            BrowseLine(text: "  " + label, columns: values.enumerated().map { pad($1, widths[$0]) })
        }
        let chart = sparkline(series)
        if !chart.isEmpty { lines.append(BrowseLine(text: "  " + chart)) }
        return lines
    }

    /// `1 day`, `16 days`.
    static func days(_ count: Int) -> String {
        "\(NumberFormat.grouped(count)) day\(count == 1 ? "" : "s")"
    }

    /// A month's records: each kind a heading and its films (Enter opens one), their figure and
    /// day as columns (never cut), and what was not read.
    private static func records(_ records: PeriodRecords) -> [BrowseLine] {
        var lines: [BrowseLine] = []
        let read = "Read \(NumberFormat.grouped(records.coverage.daysRead)) of \(NumberFormat.grouped(records.coverage.daysInPeriod)) days, \(records.from.iso) – \(records.to.iso)"
        lines.append(BrowseLine(text: read + (records.coverage.isComplete ? "" : " (the others not at hand)")))
        // The films left out of the opening records, a line each, its title first (never cut before it).
        let leftOut = records.leftOutFilms
        if !leftOut.isEmpty {
            lines.append(BrowseLine(text: "Left out of the opening records", heading: true))
            lines += leftOut.map { left in
                let why = left.why == "openingDayNotRead" ? "its opening day not read" : "its first weekend ends after the month"
                return BrowseLine(text: "  " + left.film.title.printable, columns: [left.film.openDate.iso, why], item: .open(.movie(left.film.movieCode)))
            }
        }
        for kind in PeriodRecords.Kind.allCases {
            for mark in kind == .fastestTo ? records.milestones.map(Optional.some) : [nil] {
                let entries = records.entries(of: kind).filter { $0.milestone == mark }
                lines.append(BrowseLine(text: PeriodRecords.title(kind, milestone: mark, RenderOptions()), heading: true))
                guard !entries.isEmpty else {
                    lines.append(BrowseLine(text: "  none on the days read"))
                    continue
                }
                let figures = entries.map { record in
                    switch record.kind {
                    case .openingDay, .openingWeekend, .bestDay: NumberFormat.grouped(record.value)
                    case .fastestTo: "day \(record.value)"
                    case .daysAtNumberOne, .longestAtNumberOne: (record.atLeast ? "at least " : "") + Self.days(record.value)
                    }
                }
                let width = figures.map(\.count).max() ?? 0
                for (record, figure) in zip(entries, figures) {
                    let days = record.from == record.to ? record.from.iso : "\(record.from.iso) – \(record.to.iso)"
                    lines.append(BrowseLine(text: "  \(pad(String(record.rank), 2)) " + record.title.printable, columns: [pad(figure, width), days],
                                            item: .open(.movie(record.movieCode))))
                }
            }
        }
        return lines
    }

    /// The film's daily audience from its first day in the top 10 to its last, a character a day
    /// (several a character when the run is long): a bar as high as the day's audience, · for a
    /// day at hand out of the top 10, a space for a day not at hand.
    static func sparkline(_ series: Trend.Series, width: Int = 60) -> String {
        let ranked = series.points.filter(\.isRanked)
        guard let first = ranked.first?.date, let last = ranked.last?.date else { return "" }
        let byDay = Dictionary(series.points.map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })
        let days = PeriodReading.days(first...last)
        let size = max(1, (days.count + width - 1) / width)
        let peak = max(1, ranked.compactMap(\.audience).max() ?? 1)
        let bars = Array("▁▂▃▄▅▆▇█")
        return stride(from: 0, to: days.count, by: size).map { start -> Character in
            let bucket = days[start..<min(days.count, start + size)].compactMap { byDay[$0] }
            guard !bucket.isEmpty else { return " " }
            guard let audience = bucket.compactMap(\.audience).max() else { return "·" }
            return bars[min(bars.count - 1, max(0, Int((Double(audience) / Double(peak) * Double(bars.count)).rounded(.up)) - 1))]
        }.map(String.init).joined()
    }

    private static func details(of person: Person) -> [BrowseLine] {
        var lines = [BrowseLine(text: titled(person.name, person.nameEnglish), heading: true)]
        lines += fields([("Code", person.code), ("Role", person.role), ("Sex", person.sex)])
        lines += films(person.films)
        return lines
    }

    private static func details(of company: Company) -> [BrowseLine] {
        var lines = [BrowseLine(text: titled(company.name, company.nameEnglish), heading: true)]
        lines += fields([("Code", company.code), ("CEO", company.ceo), ("Roles", company.roles.joined(separator: ", "))])
        lines += films(company.films)
        return lines
    }

    private static func films(_ films: [FilmCredit]) -> [BrowseLine] {
        guard !films.isEmpty else { return [BrowseLine(text: "Films", heading: true), BrowseLine(text: "  KOBIS lists none.")] }
        return [BrowseLine(text: "Films (\(films.count))", heading: true)] + films.map { film in
            let role = film.role.map { $0.trimmingBlanks().isEmpty ? "" : " — \($0.printable)" } ?? ""
            let item: BrowseItem = film.movieCode.map { $0.trimmingBlanks().isEmpty ? .none : .open(.movie($0)) } ?? .none
            return BrowseLine(text: "  " + film.title.printable + role, item: item)
        }
    }

    private static func reviews(_ reviews: [Review]) -> [BrowseLine] {
        guard !reviews.isEmpty else { return [BrowseLine(text: "No review of yours yet: v adds one.")] }
        var lines = [BrowseLine(text: "Your reviews · " + Review.summary(reviews), heading: true)]
        for review in reviews {
            let day = Day.korean(at: Date(timeIntervalSince1970: TimeInterval(review.created))).iso
            lines.append(BrowseLine(text: Review.stars(review.rating) + "  " + (review.nickname ?? "—").printable + "  " + day
                                    + (review.password == nil ? "" : "  · with a password"), item: BrowseItem.none))
            for paragraph in review.text.split(whereSeparator: \.isNewline) {
                lines.append(BrowseLine(text: "    " + String(paragraph).printable))
            }
        }
        return lines
    }

    // MARK: Searches

    private static func matches(_ page: SearchPage<MovieSummary>, title: String, byDirector: Bool) -> [BrowseLine] {
        guard !page.items.isEmpty else { return [BrowseLine(text: "No film has ‘\(title.printable)’ in its title or its director's name.")] }
        let shown = page.total > page.items.count ? "the first \(page.items.count) of \(NumberFormat.grouped(page.total))" : "\(page.total)"
        let heading = byDirector ? "No film's title has ‘\(title.printable)’; films directed by ‘\(title.printable)’: \(shown)"
            : "Films with ‘\(title.printable)’ in the title: \(shown)"
        return [BrowseLine(text: heading, heading: true)] + page.items.map { movie in
            let year = (movie.openDate?.year ?? movie.productionYear).map { " (\($0))" } ?? ""
            let director = movie.directors.first.map { " · \($0.name.printable)" } ?? ""
            return BrowseLine(text: movie.title.printable + year + director, columns: [movie.code], item: .open(.movie(movie.code)))
        }
    }

    private static func people(_ page: SearchPage<PersonSummary>, name: String, film: String) -> [BrowseLine] {
        guard !page.items.isEmpty else { return [BrowseLine(text: "KOBIS knows nobody named \(name.printable).")] }
        return [BrowseLine(text: "People named \(name.printable) (from \(film.printable))", heading: true)] + page.items.map { person in
            let films = person.films.prefix(3).map(\.title).joined(separator: ", ")
            return BrowseLine(text: titled(person.name, person.nameEnglish) + (person.role.map { " · \($0.printable)" } ?? "")
                              + (films.isEmpty ? "" : " · \(films.printable)"),
                              item: .open(.person(person.code)))
        }
    }

    // MARK: Keys

    /// Each key and what it does, short enough that the whole list fits 60 columns (as tig's,
    /// `q` closes a screen and quits only from the first; `Q` quits from any).
    package static let keys: [(String, String)] = [
        ("↑ ↓  k j", "move"),
        ("PgUp PgDn  g G", "a page, the first, the last"),
        ("Enter → l", "open the film, person or company"),
        ("Esc ← h Bksp  q", "back (q on the first screen: quit)"),
        ("] [", "the next or previous day (week)"),
        ("t", "back to the first day"),
        ("w", "day → week → weekend → weekdays"),
        ("d", "top 10 ↔ deep list (4 calls a day)"),
        ("c", "a calendar to pick a day"),
        ("R", "the month's records"),
        ("/", "search a title or a director"),
        ("r", "fetch this screen again"),
        ("v", "review the film"),
        ("p", "the film's poster (needs a key)"),
        ("?", "these keys"),
        ("Q  Ctrl-C", "quit"),
    ]

    /// The widest key's column.
    private static let keyColumn = keys.map(\.0.count).max() ?? 0

    private static let help: [BrowseLine] = [BrowseLine(text: "Keys", heading: true)]
        + keys.map { BrowseLine(text: pad($0.0, keyColumn, left: true) + "  " + $0.1) }

    // MARK: Helpers

    private static func fields(_ pairs: [(String, String?)]) -> [BrowseLine] {
        pairs.compactMap { label, value in
            guard let value, !value.trimmingBlanks().isEmpty else { return nil }
            return BrowseLine(text: pad(label, 8, left: true) + "  " + value.printable)
        }
    }

    private static func titled(_ name: String, _ english: String?) -> String {
        guard let english, !english.trimmingBlanks().isEmpty, english != name else { return name.printable }
        return "\(name.printable) (\(english.printable))"
    }

    private static func pad(_ text: String, _ count: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, count - text.count))
        return left ? text + padding : padding + text
    }
}
