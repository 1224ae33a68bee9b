/// How the terminal chart draws its rows: the bars' scale and the room the figures take.
struct TrendChart {
    let options: RenderOptions
    /// The largest audience of any film on any day: the full bar.
    let largest: Int
    /// Columns for `64,050 #1`: the widest audience and rank of the chart.
    let numberWidth: Int

    /// `01-05 (Wed) `.
    static let dateColumn = 12
    /// Between films side by side.
    static let gap = 2
    /// Side by side only while every film keeps a bar of at least this many columns.
    static let shortestBar = 8

    private var wide: Bool { options.ambiguousWide }
    private var outside: String { options.korean ? "· 10위 밖" : "· out of top 10" }

    /// Whether films fit side by side in columns of `segment`.
    func fits(segment: Int) -> Bool {
        segment - numberWidth - 1 >= Self.shortestBar && segment >= TerminalText.width(outside, ambiguousWide: wide)
    }

    /// A row per day, the films side by side under their titles.
    func sideBySide(_ movies: [Trend.Series], days: [Day], segment: Int) -> String {
        var header = String(repeating: " ", count: Self.dateColumn)
        for (index, movie) in movies.enumerated() {
            let title = TerminalText.truncate(TerminalText.clean(movie.title), to: segment, ambiguousWide: wide)
            header += TextColor.series(index).apply(title, if: options.colors)
                + String(repeating: " ", count: segment - TerminalText.width(title, ambiguousWide: wide) + Self.gap)
        }
        var text = header.trimmingTrailingSpaces() + "\n"
        for (row, day) in days.enumerated() {
            let cells = movies.indices.map { cell(movies[$0].points[row], series: $0, width: segment) }
            text += (date(day) + cells.joined(separator: String(repeating: " ", count: Self.gap))).trimmingTrailingSpaces() + "\n"
        }
        return text
    }

    /// Each film under its own title, a row per day, one film after another; three days or
    /// more in a row outside the top 10 take one row (`01-06–01-20`).
    func stacked(_ movies: [Trend.Series], days: [Day], width: Int) -> String {
        let room = max(numberWidth + 2, width - Self.dateColumn)
        return movies.enumerated().map { index, movie in
            // The title gives way; the code stays whole.
            let code = " (\(TerminalText.clean(movie.movieCode)))"
            let title = TerminalText.truncate(TerminalText.clean(movie.title), to: max(4, width - TerminalText.width(code, ambiguousWide: wide)), ambiguousWide: wide)
            var text = TextColor.series(index).apply(title + code, if: options.colors) + "\n"
            var row = 0
            while row < days.count {
                var last = row
                while last + 1 < days.count, !movie.points[row].isRanked, !movie.points[last + 1].isRanked { last += 1 }
                let label = last - row >= 2 ? pad("\(days[row].iso.dropFirst(5))–\(days[last].iso.dropFirst(5))") : date(days[row])
                if last - row < 2 { last = row }
                text += (label + cell(movie.points[row], series: index, width: room)).trimmingTrailingSpaces() + "\n"
                row = last + 1
            }
            return text
        }.joined(separator: "\n")
    }

    private func date(_ day: Day) -> String {
        pad("\(day.iso.dropFirst(5)) (\(options.weekday(day)))")
    }

    private func pad(_ label: String) -> String {
        TerminalText.pad(label, to: Self.dateColumn, ambiguousWide: wide) + (TerminalText.width(label, ambiguousWide: wide) >= Self.dateColumn ? " " : "")
    }

    /// A bar scaled to the largest audience, then the figure, in `width` columns; or the mark
    /// of a day outside the top 10.
    private func cell(_ point: Trend.Point, series: Int, width: Int) -> String {
        guard let audience = point.audience, let rank = point.rank else {
            return TextColor.dim.apply(TerminalText.pad(outside, to: width, ambiguousWide: wide), if: options.colors)
        }
        let barWidth = max(1, width - numberWidth - 1)
        let block = TerminalText.width("█", ambiguousWide: wide)
        let length = max(1, Int((Double(barWidth / block) * Double(audience) / Double(largest)).rounded()))
        let bar = String(repeating: "█", count: length)
        return TextColor.series(series).apply(bar, if: options.colors) + String(repeating: " ", count: max(0, barWidth - length * block)) + " "
            + TerminalText.pad("\(NumberFormat.grouped(audience)) #\(rank)", to: numberWidth, alignRight: true, ambiguousWide: wide)
    }
}
