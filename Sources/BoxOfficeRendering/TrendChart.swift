import BoxOfficeCore
/// How the terminal chart draws its rows: the bars' scale and the room the figures take.
struct TrendChart {
    let options: RenderOptions
    /// The largest audience of any film on any day: the full bar.
    let largest: Int
    /// Columns for `64,050 #1`: the widest audience and rank of the chart (and a `*`).
    let numberWidth: Int
    /// Whether the n-th film passed a milestone at a point (marked `*`).
    var marked: (Int, Trend.Point) -> Bool = { _, _ in false }
    /// Each film's opening day, when known: a day before it, outside the top 10, is "not yet open".
    var openDates: [Day?] = []

    /// `01-05 (Wed) `.
    static let dateColumn = 12
    /// Between films side by side.
    static let gap = 2
    /// Side by side only while every film keeps a bar of at least this many columns.
    static let shortestBar = 8

    private var wide: Bool { options.ambiguousWide }
    private var outside: String { options.korean ? "· 10위 밖" : "· out of top 10" }
    private var unopened: String { options.korean ? "· 개봉 전" : "· not yet open" }

    /// Whether films fit side by side in columns of `segment`.
    func fits(segment: Int) -> Bool {
        segment - numberWidth - 1 >= Self.shortestBar && segment >= TerminalText.width(outside, ambiguousWide: wide)
    }

    /// A row per day, the films side by side under their titles.
    func sideBySide(_ movies: [Trend.Series], rows: [Trend.Row], segment: Int) -> String {
        var header = String(repeating: " ", count: Self.dateColumn)
        for (index, movie) in movies.enumerated() {
            let title = TerminalText.truncate(TerminalText.clean(movie.title), to: segment, ambiguousWide: wide)
            header += TextColor.series(index).apply(title, if: options.colors)
                + String(repeating: " ", count: segment - TerminalText.width(title, ambiguousWide: wide) + Self.gap)
        }
        var text = header.trimmingTrailingSpaces() + "\n"
        for row in rows {
            let cells = movies.indices.map { cell(row.points[$0], series: $0, width: segment) }
            text += (label(row.key) + cells.joined(separator: String(repeating: " ", count: Self.gap))).trimmingTrailingSpaces() + "\n"
        }
        return text
    }

    /// Each film under its own title, a row per day, one film after another; three days or
    /// more in a row outside the top 10 take one row (`01-06–01-20`, `day 5–9`). Aligned by
    /// opening, a film has only its own days.
    func stacked(_ movies: [Trend.Series], rows allRows: [Trend.Row], width: Int) -> String {
        let room = max(numberWidth + 2, width - Self.dateColumn)
        return movies.enumerated().map { index, movie in
            // The title gives way; the code stays whole.
            let code = " (\(TerminalText.clean(movie.movieCode)))"
            let title = TerminalText.truncate(TerminalText.clean(movie.title), to: max(4, width - TerminalText.width(code, ambiguousWide: wide)), ambiguousWide: wide)
            var text = TextColor.series(index).apply(title + code, if: options.colors) + "\n"
            let rows = allRows.compactMap { row in row.points[index].map { (key: row.key, point: $0) } }
            var row = 0
            while row < rows.count {
                var last = row
                while last + 1 < rows.count, !rows[row].point.isRanked, !rows[last + 1].point.isRanked { last += 1 }
                let label = last - row >= 2 ? pad(span(rows[row].key, rows[last].key)) : self.label(rows[row].key)
                if last - row < 2 { last = row }
                text += (label + cell(rows[row].point, series: index, width: room)).trimmingTrailingSpaces() + "\n"
                row = last + 1
            }
            return text
        }.joined(separator: "\n")
    }

    /// `01-05 (Wed)`, or `day 12`.
    private func label(_ key: Trend.Row.Key) -> String {
        switch key {
        case let .date(day): pad("\(day.iso.dropFirst(5)) (\(options.weekday(day)))")
        case let .day(number): pad(Trend.dayLabel(number, options))
        }
    }

    /// `01-06–01-20`, or `day 5–9`.
    private func span(_ first: Trend.Row.Key, _ last: Trend.Row.Key) -> String {
        switch (first, last) {
        case let (.date(start), .date(end)): "\(start.iso.dropFirst(5))–\(end.iso.dropFirst(5))"
        case let (.day(start), .day(end)): options.korean ? "\(start)–\(end)일차" : "day \(start)–\(end)"
        default: ""
        }
    }

    private func pad(_ label: String) -> String {
        TerminalText.pad(label, to: Self.dateColumn, ambiguousWide: wide) + (TerminalText.width(label, ambiguousWide: wide) >= Self.dateColumn ? " " : "")
    }

    /// A bar scaled to the largest audience, then the figure, in `width` columns; or the mark
    /// of a day outside the top 10.
    private func cell(_ point: Trend.Point?, series: Int, width: Int) -> String {
        guard let point else { return String(repeating: " ", count: width) }
        guard let audience = point.audience, let rank = point.rank else {
            let before = openDates.indices.contains(series) && openDates[series].map { point.date < $0 } == true
            return TextColor.dim.apply(TerminalText.pad(before ? unopened : outside, to: width, ambiguousWide: wide), if: options.colors)
        }
        let barWidth = max(1, width - numberWidth - 1)
        let block = TerminalText.width("█", ambiguousWide: wide)
        let length = max(1, Int((Double(barWidth / block) * Double(audience) / Double(largest)).rounded()))
        let bar = String(repeating: "█", count: length)
        return TextColor.series(series).apply(bar, if: options.colors) + String(repeating: " ", count: max(0, barWidth - length * block)) + " "
            + TerminalText.pad((marked(series, point) ? "*" : "") + "\(NumberFormat.grouped(audience)) #\(rank)", to: numberWidth, alignRight: true, ambiguousWide: wide)
    }
}
