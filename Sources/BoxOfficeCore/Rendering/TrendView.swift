extension Trend: Presentable {
    public static let fieldNames = ["movieCode", "title", "date", "rank", "audience", "audienceTotal"]
    public static var isList: Bool { true }

    /// The contract's JSON: `{from, to, movies: [{movieCode, title, points: [{date, rank, audience, audienceTotal}]}]}`.
    public var json: JSONValue {
        .object([
            ("from", .string(from.iso)), ("to", .string(to.iso)),
            ("movies", .array(movies.map { movie in
                .object([("movieCode", .string(movie.movieCode)), ("title", .string(movie.title)),
                         ("points", .array(movie.points.map(\.json)))])
            })),
        ])
    }

    /// One row per film and day.
    public var records: [JSONValue] {
        movies.flatMap { movie in
            movie.points.map { $0.json.prefixed([("movieCode", .string(movie.movieCode)), ("title", .string(movie.title))]) }
        }
    }

    /// A chart for the terminal: a row per day, and per film a bar of that day's audience,
    /// scaled to the terminal, with the number and the rank; films side by side; then a
    /// sparkline summary of each film's run.
    public func table(_ options: RenderOptions) -> String {
        let wide = options.ambiguousWide
        let width = max(40, options.width ?? 100)
        var text = TextColor.bold.apply(TerminalText.clean("\(options.label("Trend")) · \(from.iso) – \(to.iso)"), if: options.colors) + "\n\n"
        guard !movies.isEmpty, let days = movies.first?.points.map(\.date), !days.isEmpty else {
            return text + options.label("Nothing to show.") + "\n"
        }
        let dateColumn = 12
        let segment = max(12, (width - dateColumn) / movies.count - 2)
        let numbers = movies.flatMap(\.points).compactMap(\.audience)
        let largest = max(1, numbers.max() ?? 1)
        let numberWidth = max(3, numbers.map { NumberFormat.grouped($0).count }.max() ?? 3) + 5
        let barWidth = max(1, segment - numberWidth - 1)
        // Header: each film's title over its column.
        var header = String(repeating: " ", count: dateColumn)
        for (index, movie) in movies.enumerated() {
            let title = TerminalText.truncate(TerminalText.clean(movie.title), to: segment, ambiguousWide: wide)
            let marked = TextColor.series(index).apply(title, if: options.colors)
            header += marked + String(repeating: " ", count: max(0, segment - TerminalText.width(title, ambiguousWide: wide))) + "  "
        }
        text += header.trimmingTrailingSpaces() + "\n"
        for (row, day) in days.enumerated() {
            var line = TerminalText.pad("\(day.iso.dropFirst(5)) (\(options.weekday(day)))", to: dateColumn, ambiguousWide: wide)
            for (index, movie) in movies.enumerated() {
                let point = movie.points[row]
                var cell: String
                if let audience = point.audience, let rank = point.rank {
                    let length = max(1, Int((Double(barWidth) * Double(audience) / Double(largest)).rounded()))
                    let bar = TextColor.series(index).apply(String(repeating: "█", count: length), if: options.colors)
                    cell = bar + String(repeating: " ", count: barWidth - length) + " "
                        + TerminalText.pad("\(NumberFormat.grouped(audience)) #\(rank)", to: numberWidth, alignRight: true, ambiguousWide: wide)
                } else {
                    let mark = options.korean ? "· 10위 밖" : "· out of top 10"
                    cell = TextColor.dim.apply(TerminalText.pad(mark, to: segment, ambiguousWide: wide), if: options.colors)
                }
                line += cell + "  "
            }
            text += line.trimmingTrailingSpaces() + "\n"
        }
        text += "\n"
        let titleWidth = min(24, movies.map { TerminalText.width(TerminalText.clean($0.title), ambiguousWide: wide) }.max() ?? 0)
        for (index, movie) in movies.enumerated() {
            let title = TerminalText.pad(TerminalText.truncate(TerminalText.clean(movie.title), to: titleWidth, ambiguousWide: wide), to: titleWidth, ambiguousWide: wide)
            var line = TextColor.series(index).apply(title, if: options.colors) + "  " + movie.sparkline(maxWidth: max(8, width - titleWidth - 40))
            if let peak = movie.peak, let audience = peak.audience {
                line += "  " + (options.korean ? "최고" : "peak") + " \(NumberFormat.grouped(audience)) (\(peak.date.iso))"
            }
            if let total = movie.points.compactMap(\.audienceTotal).last {
                line += " · " + (options.korean ? "누적" : "total") + " \(NumberFormat.grouped(total))"
            }
            text += line + "\n"
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
    public func sparkline(maxWidth: Int) -> String {
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
