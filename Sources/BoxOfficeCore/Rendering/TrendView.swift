extension Trend: Presentable {
    package static let fieldNames = ["movieCode", "title", "date", "rank", "audience", "audienceTotal"]
    package static var isList: Bool { true }

    /// The contract's JSON: `{from, to, movies: [{movieCode, title, points: [{date, rank, audience, audienceTotal}]}]}`.
    package var json: JSONValue {
        .object([
            ("from", .string(from.iso)), ("to", .string(to.iso)),
            ("movies", .array(movies.map { movie in
                .object([("movieCode", .string(movie.movieCode)), ("title", .string(movie.title)),
                         ("points", .array(movie.points.map(\.json)))])
            })),
        ])
    }

    /// One row per film and day.
    package var records: [JSONValue] {
        movies.flatMap { movie in
            movie.points.map { $0.json.prefixed([("movieCode", .string(movie.movieCode)), ("title", .string(movie.title))]) }
        }
    }

    /// A chart for the terminal, fitted to its width: a row per day with a bar of that day's
    /// audience, its number and rank per film (films side by side while each keeps a bar of
    /// `shortestBar` or more, else one under another); then each film's run as a sparkline,
    /// with its peak and total.
    package func table(_ options: RenderOptions) -> String {
        let width = max(Self.narrowest, options.width ?? 100)
        var text = TerminalText.headingLines(TerminalText.clean(heading(options)), width: width, ambiguousWide: options.ambiguousWide)
            .map { TextColor.bold.apply($0, if: options.colors) + "\n" }.joined() + "\n"
        guard !movies.isEmpty, let days = movies.first?.points.map(\.date), !days.isEmpty else {
            return text + options.label("Nothing to show.") + "\n"
        }
        let audiences = movies.flatMap(\.points).compactMap(\.audience)
        // Room for the widest audience and ` #10`, with a space before it.
        let numberWidth = max(3, audiences.map { NumberFormat.grouped($0).count }.max() ?? 3) + 5
        let chart = TrendChart(options: options, largest: max(1, audiences.max() ?? 1), numberWidth: numberWidth)
        let segment = (width - TrendChart.dateColumn) / movies.count - TrendChart.gap
        if chart.fits(segment: segment) {
            text += chart.sideBySide(movies, days: days, segment: segment)
        } else {
            text += chart.stacked(movies, days: days, width: width)
        }
        text += "\n" + summary(options, width: width, days: days.count)
        return text
    }

    /// The narrowest width the chart is laid out for; a narrower terminal gets this one.
    static let narrowest = 32

    /// The rows with only `fields` (`--fields`), under the chart's heading, audiences as in the chart.
    package func table(_ options: RenderOptions, fields: [String]) -> String? {
        TextColor.bold.apply(TerminalText.clean(heading(options)), if: options.colors) + "\n\n"
            + RecordTable.table(records.map { $0.selecting(fields) }, fields: fields, audiences: ["audience", "audienceTotal"], options)
    }

    private func heading(_ options: RenderOptions) -> String {
        "\(options.label("Trend")) · \(from.iso) – \(to.iso)"
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
        return text
    }
}

extension Trend.Point {
    var json: JSONValue {
        .object([("date", .string(date.iso)), ("rank", JSONValue(rank)), ("audience", JSONValue(audience)), ("audienceTotal", JSONValue(audienceTotal))])
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

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
