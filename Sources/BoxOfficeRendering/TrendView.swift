import BoxOfficeCore
extension Trend: Presentable {
    /// The keys of the rows: a film's code and title, then its day's.
    package static let fieldNames = seriesFields.filter { $0.shape.kind == .leaf }.keys() + pointFields.keys()
    package static var isList: Bool { true }
    /// The keys of the rows: `day` only when the runs are aligned by opening.
    package var columns: [String] { alignedByOpening ? Self.fieldNames : Self.fieldNames.filter { $0 != "day" } }

    /// The contract's JSON: `{from, to, movies: [{movieCode, title, points: [{date, rank, audience,
    /// audienceTotal}], milestones: [{audience, date, day}]}]}`; each point also has `day` when aligned,
    /// and `daysInPeriod`, `daysRead` and `daysNotRead` follow `to` when not every day was read.
    package var json: JSONValue { Self.fields.json(self) }

    /// Each film with only `fields` of its days (`--fields`); the film's code and title stay.
    package func json(fields: [String]) -> JSONValue {
        guard case let .object(members) = json else { return json }
        return .object(members.map { key, value in
            guard key == "movies", case let .array(movies) = value else { return (key, value) }
            return (key, .array(movies.map { movie in
                guard case let .object(parts) = movie else { return movie }
                return .object(parts.map { part, days in
                    guard part == "points", case let .array(points) = days else { return (part, days) }
                    return (part, .array(points.map { $0.selecting(fields) }))
                })
            }))
        })
    }

    /// One row per film and day.
    package var records: [JSONValue] {
        movies.flatMap { movie in
            movie.points.map { Self.pointFields.json(Within($0, alignedByOpening)).prefixed([("movieCode", .string(movie.movieCode)), ("title", .string(movie.title))]) }
        }
    }

    /// A chart for the terminal, fitted to its width: a row per day with a bar of that day's
    /// audience, its number and rank per film (films side by side while each keeps a bar of
    /// `shortestBar` or more, else one under another); then each film's run as a sparkline,
    /// with its peak and total.
    package func table(_ options: RenderOptions) -> String {
        guard options.medium == .terminal else { return article(options).rendered(options) }
        let width = max(Self.narrowest, options.width ?? 100)
        var text = TerminalText.headingLines(TerminalText.clean(heading(options)), width: width, ambiguousWide: options.ambiguousWide)
            .map { TextColor.bold.apply($0, if: options.colors) + "\n" }.joined()
        if let coverage {
            text += options.notes(coverage.notes(options, of: "the period's \(NumberFormat.grouped(coverage.daysInPeriod)) days", "기간 \(NumberFormat.grouped(coverage.daysInPeriod))일"), width: width)
        }
        text += "\n"
        let rows = self.rows
        guard !movies.isEmpty, !rows.isEmpty else {
            return text + options.label(Label("Nothing to show.", "보여줄 것이 없습니다.")) + "\n"
        }
        let audiences = movies.flatMap(\.points).compactMap(\.audience)
        let marked = Set(movies.flatMap { movie in movie.milestones.map { MarkedDay(movieCode: movie.movieCode, date: $0.date) } })
        // Room for the widest audience and ` #10`, with a space before it (and a milestone's `*`).
        let numberWidth = max(3, audiences.map { NumberFormat.grouped($0).count }.max() ?? 3) + 5 + (marked.isEmpty ? 0 : 1)
        let chart = TrendChart(options: options, largest: max(1, audiences.max() ?? 1), numberWidth: numberWidth,
                               marked: { series, point in marked.contains(MarkedDay(movieCode: movies[series].movieCode, date: point.date)) },
                               openDates: movies.map(\.openDate))
        let segment = (width - TrendChart.dateColumn) / movies.count - TrendChart.gap
        if chart.fits(segment: segment) {
            text += chart.sideBySide(movies, rows: rows, segment: segment)
        } else {
            text += chart.stacked(movies, rows: rows, width: width)
        }
        if !marked.isEmpty {
            text += options.notes([options.korean ? "* 그날 누적관객수가 이정표(아래)를 넘음" : "* the day a film passed a milestone (listed below)"], width: width)
        }
        text += "\n" + summary(options, width: width, days: rows.count)
        return text
    }

    /// The chart as a table for an article: a row per day, a column per film with its audience
    /// and rank that day; then each film's peak and total, and the milestones.
    private func article(_ options: RenderOptions) -> Document {
        var document = Document([.heading(heading(options))])
        if let coverage {
            document.append(.notes(coverage.notes(options, of: "the period's \(NumberFormat.grouped(coverage.daysInPeriod)) days", "기간 \(NumberFormat.grouped(coverage.daysInPeriod))일"), wrap: nil))
        }
        let rows = self.rows
        guard !movies.isEmpty, !rows.isEmpty else {
            document.append(.text(options.label(Label("Nothing to show.", "보여줄 것이 없습니다."))))
            return document
        }
        let outside = options.korean ? "10위 밖" : "out of top 10", unopened = options.korean ? "개봉 전" : "not yet open"
        let columns: [TextTable.Column] = [.init(title: alignedByOpening ? Label("Day", "일차") : Label("Date", "날짜"))]
            + movies.map { TextTable.Column(title: .verbatim($0.title), alignRight: true) }
        let table = TextTable(columns: columns, rows: rows.map { row in
            let key: String = switch row.key {
            case let .date(day): "\(day.iso) (\(options.weekday(day)))"
            case let .day(number): Self.dayLabel(number, options)
            }
            return [TextTable.Cell(key)] + movies.indices.map { index in
                guard let point = row.points[index] else { return TextTable.Cell("") }
                guard let audience = point.audience, let rank = point.rank else {
                    return TextTable.Cell(movies[index].openDate.map { point.date < $0 } == true ? unopened : outside)
                }
                return TextTable.Cell("\(NumberFormat.grouped(audience)) · #\(rank)")
            }
        })
        document.append(.table(table))
        var facts: [String] = []
        for movie in movies {
            var parts: [String] = []
            if let peak = movie.peak, let audience = peak.audience {
                parts.append((options.korean ? "최고" : "peak") + " \(NumberFormat.grouped(audience)) (\(peak.date.iso))")
            }
            if let total = movie.points.compactMap(\.audienceTotal).last {
                parts.append((options.korean ? "누적" : "total") + " \(NumberFormat.grouped(total))")
            }
            if !parts.isEmpty { facts.append(movie.title + ": " + parts.joined(separator: " · ")) }
        }
        for movie in movies {
            for milestone in movie.milestones {
                let figure = options.korean ? " \(NumberFormat.grouped(milestone.audience))명 돌파" : " passed \(NumberFormat.grouped(milestone.audience))"
                let when = (options.korean ? " " : " on ") + milestone.date.iso + (milestone.day.map { " (" + Self.dayLabel($0, options) + ")" } ?? "")
                facts.append(movie.title + figure + when)
            }
        }
        if !facts.isEmpty { document.append(.notes(facts, wrap: nil)) }
        return document
    }

    /// The narrowest width the chart is laid out for; a narrower terminal gets this one.
    static let narrowest = 32

    /// The rows with only `fields` (`--fields`), under the chart's heading, audiences as in the chart.
    package func table(_ options: RenderOptions, fields: [String]) -> String? {
        Document([.heading(heading(options)), .blank]
                 + RecordTable.blocks(records.map { $0.selecting(fields) }, fields: fields, audiences: ["audience", "audienceTotal"], options)).rendered(options)
    }

    private func heading(_ options: RenderOptions) -> String {
        "\(options.label(Label("Trend", "추이"))) · \(from.iso) – \(to.iso)" + (alignedByOpening ? " · " + options.label(Label("by days since opening", "개봉일부터 센 날짜순")) : "")
    }

    /// A film's day on which it passed a milestone.
    private struct MarkedDay: Hashable {
        let movieCode: String
        let date: Day
    }

    /// Each film's run as a sparkline, then its peak and total: on the same line when the line
    /// fits and the sparkline shows every day, else on the lines under it.
    private func summary(_ options: RenderOptions, width: Int, days: Int) -> String {
        let wide = options.ambiguousWide
        let longest = movies.map { TerminalText.width(TerminalText.clean($0.title), ambiguousWide: wide) }.max() ?? 0
        let titleWidth = min(longest, 24, max(10, width / 3))
        let block = TerminalText.width("█", ambiguousWide: wide)
        var text = ""
        for (index, movie) in movies.enumerated() {
            let title = TerminalText.pad(TerminalText.truncate(TerminalText.clean(movie.title), to: titleWidth, ambiguousWide: wide), to: titleWidth, ambiguousWide: wide)
            var facts: [String] = []
            if let peak = movie.peak, let audience = peak.audience {
                facts.append((options.korean ? "최고" : "peak") + " \(NumberFormat.grouped(audience)) (\(peak.date.iso))")
            }
            if let total = movie.points.compactMap(\.audienceTotal).last {
                facts.append((options.korean ? "누적" : "total") + " \(NumberFormat.grouped(total))")
            }
            let joined = facts.joined(separator: " · ")
            let lead = TextColor.series(index).apply(title, if: options.colors) + "  "
            let inlineRoom = (width - titleWidth - 2 - 2 - TerminalText.width(joined, ambiguousWide: wide)) / block
            if facts.isEmpty || inlineRoom >= days {
                text += (lead + movie.sparkline(maxWidth: max(1, inlineRoom)) + (facts.isEmpty ? "" : "  " + joined)).trimmingTrailingSpaces() + "\n"
                continue
            }
            text += (lead + movie.sparkline(maxWidth: max(1, (width - titleWidth - 2) / block))).trimmingTrailingSpaces() + "\n"
            if TerminalText.width(joined, ambiguousWide: wide) + 2 <= width {
                text += "  " + joined + "\n"
            } else {
                text += facts.map { "  " + $0 + "\n" }.joined()
            }
        }
        return text + milestoneLines(options, width: width)
    }

    /// `* 경관의 피 passed 100,000 on 2022-01-06 (day 2)`: a line per milestone, the `*` of the
    /// chart's rows; where that does not fit, the date goes on a line of its own and the title
    /// gives way, the figures never.
    private func milestoneLines(_ options: RenderOptions, width: Int) -> String {
        let wide = options.ambiguousWide
        var text = ""
        for (index, movie) in movies.enumerated() {
            for milestone in movie.milestones {
                let figure = options.korean ? " \(NumberFormat.grouped(milestone.audience))명 돌파" : " passed \(NumberFormat.grouped(milestone.audience))"
                let when = (options.korean ? " " : " on ") + milestone.date.iso + (milestone.day.map { " (" + Self.dayLabel($0, options) + ")" } ?? "")
                let clean = TerminalText.clean(movie.title)
                let oneLine = 2 + TerminalText.width(clean + figure + when, ambiguousWide: wide) <= width
                let room = width - 2 - TerminalText.width(figure, ambiguousWide: wide)
                let title = TerminalText.truncate(clean, to: max(4, room), ambiguousWide: wide)
                text += "* " + TextColor.series(index).apply(title, if: options.colors) + figure
                text += oneLine ? when + "\n" : "\n  " + String(when.dropFirst()) + "\n"
            }
        }
        return text.isEmpty ? "" : "\n" + text
    }

    /// `day 12`, or `12일차`.
    static func dayLabel(_ day: Int, _ options: RenderOptions) -> String {
        options.korean ? "\(NumberFormat.grouped(day))일차" : "day \(NumberFormat.grouped(day))"
    }
}

extension Trend.Series {
    /// `▁▃▆█▇▅▃▂▁`: each day's audience as one of eight heights, a space for a day outside the
    /// top 10; longer runs are sampled down to `maxWidth` characters.
    package func sparkline(maxWidth: Int) -> String {
        let blocks = Array("▁▂▃▄▅▆▇█")
        let values = points.map(\.audience)
        let largest = max(1, values.compactMap { $0 }.max() ?? 1)
        let step = max(1, (values.count + maxWidth - 1) / max(1, maxWidth))
        return stride(from: 0, to: values.count, by: step).map { start -> String in
            let chunk = values[start..<min(values.count, start + step)].compactMap { $0 }
            guard let high = chunk.max() else { return " " }
            let level = min(blocks.count - 1, Int(Double(high) / Double(largest) * Double(blocks.count - 1) + 0.5))
            return String(blocks[level])
        }.joined()
    }
}

extension TextColor {
    /// The colour of the n-th film in charts.
    static func series(_ index: Int) -> TextColor {
        [.blue, .red, .green, .yellow, .magenta, .cyan][index % 6]
    }
}

// MARK: Fields

extension Trend {
    /// A film's day: with its `day` since opening when the runs are aligned by opening.
    package static let pointFields: [Field<Within<Trend.Point, Bool>>] = [
        .leaf("date", .date) { .string($0.item.date.iso) }, .optional("day", .pointDay) { $0.context ? JSONValue($0.item.day) : nil },
        .leaf("rank", .pointRank) { JSONValue($0.item.rank) }, .leaf("audience", .pointAudience) { JSONValue($0.item.audience) },
        .leaf("audienceTotal", .pointAudienceTotal) { JSONValue($0.item.audienceTotal) },
    ]

    /// A milestone passed: `{audience, date, day}`, in a trend and in a film's run alike.
    package static let milestoneFields: [Field<Trend.Series.Milestone>] = [
        .leaf("audience", .milestoneAudience) { .int(Int64($0.audience)) }, .leaf("date", .date) { .string($0.date.iso) },
        .leaf("day", .milestoneDay) { JSONValue($0.day) },
    ]

    /// A film: its code, title, days and milestones.
    package static let seriesFields: [Field<Within<Trend.Series, Bool>>] = [
        .leaf("movieCode", .movieCode) { .string($0.item.movieCode) }, .leaf("title", .title) { .string($0.item.title) },
        .list("points", .points, pointFields) { series in series.item.points.map { Within($0, series.context) } },
        .list("milestones", .milestones, milestoneFields) { $0.item.milestones },
    ]

    package static let fields: [Field<Trend>] = [.leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) }]
        + Field.part(PeriodCoverage.fields) { $0.coverage }
        + [.list("movies", .movies, seriesFields) { trend in trend.movies.map { Within($0, trend.alignedByOpening) } }]
    package static let shape = fields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `points.rank` holds.
    static let pointRank = leaf(.integer, nullable: true, "Place in that day's top 10; null when the film was outside it.")
    /// What `points.audience` holds.
    static let pointAudience = leaf(.integer, nullable: true, "Admissions (tickets sold) that day; null when the film was outside the top 10.")
    /// What `points.audienceTotal` holds.
    static let pointAudienceTotal = leaf(.integer, nullable: true, "Admissions since opening, up to that day; null when the film was outside the top 10.")
    /// What `points` holds.
    static let points = list("One point per day, oldest first.")
    /// What `points.day` holds.
    static let pointDay = leaf(.integer, nullable: true, "Days since the film's opening (opening day = 1, previews 0 and below); null without an opening date. Only with alignOpening.")
    /// What `milestones` holds.
    static let milestones = list("Round numbers of admissions (100,000, 500,000, each million) the film's cumulative audience passed on a day it was in the top 10 within the range.")
    /// What `milestones.audience` holds.
    static let milestoneAudience = leaf(.integer, "The round number of admissions passed.")
    /// What `milestones.day` holds.
    static let milestoneDay = leaf(.integer, nullable: true, "Days since the film's opening on that date (opening day = 1); null without an opening date.")
}
