import BoxOfficeCore
extension Trend {
    /// Fonts that draw Hangul on each system, then any sans-serif.
    static let fonts = "'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'Noto Sans KR', 'NanumGothic', sans-serif"
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf"]

    /// The chart as a standalone SVG image, written by hand: a line per film of its daily audience,
    /// axes with ticks and labels, a title and a legend. Days outside the top 10 break the line;
    /// a milestone is a ring with its figure. Aligned by opening, the x axis counts days.
    package func svg() -> String {
        let title = "Daily audience · \(from.iso) – \(to.iso)" + (alignedByOpening ? " · by days since opening" : "")
        let width = 960.0, height = 540.0
        let left = 90.0, right = 30.0, top = 60.0, bottom = 80.0 + Double(movies.count) * 22
        let plotWidth = width - left - right
        let plotHeight = height + Double(movies.count) * 22 - top - bottom
        let totalHeight = height + Double(movies.count) * 22
        let rows = self.rows
        let days = rows.map(\.key)
        let largest = Self.niceCeiling(movies.flatMap(\.points).compactMap(\.audience).max() ?? 1)
        func x(_ index: Int) -> Double { left + (days.count > 1 ? plotWidth * Double(index) / Double(days.count - 1) : plotWidth / 2) }
        func y(_ value: Int) -> Double { top + plotHeight * (1 - Double(value) / Double(largest)) }

        var svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.number(width))" height="\(Self.number(totalHeight))" viewBox="0 0 \(Self.number(width)) \(Self.number(totalHeight))" font-family="\(Self.fonts)" font-size="13">
        <title>\(Self.escape(title))</title>
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(Self.number(left))" y="32" font-size="18" font-weight="bold">\(Self.escape(title))</text>

        """
        // The value axis, with gridlines at five round numbers.
        svg += "<g class=\"y-axis\" stroke=\"#cccccc\">\n"
        for step in 0...5 {
            let value = largest * step / 5
            let position = Self.number(y(value))
            svg += "  <line x1=\"\(Self.number(left))\" y1=\"\(position)\" x2=\"\(Self.number(width - right))\" y2=\"\(position)\"/>\n"
            svg += "  <text x=\"\(Self.number(left - 8))\" y=\"\(position)\" text-anchor=\"end\" dominant-baseline=\"middle\" stroke=\"none\" fill=\"#333333\">\(NumberFormat.grouped(value))</text>\n"
        }
        svg += "</g>\n"
        // The day axis, with a tick at about ten days.
        let tickEvery = max(1, days.count / 10)
        svg += "<g class=\"x-axis\" stroke=\"#333333\">\n"
        svg += "  <line x1=\"\(Self.number(left))\" y1=\"\(Self.number(top + plotHeight))\" x2=\"\(Self.number(width - right))\" y2=\"\(Self.number(top + plotHeight))\"/>\n"
        for (index, day) in days.enumerated() where index % tickEvery == 0 || index == days.count - 1 {
            let position = Self.number(x(index))
            svg += "  <line x1=\"\(position)\" y1=\"\(Self.number(top + plotHeight))\" x2=\"\(position)\" y2=\"\(Self.number(top + plotHeight + 6))\"/>\n"
            svg += "  <text x=\"\(position)\" y=\"\(Self.number(top + plotHeight + 22))\" text-anchor=\"middle\" stroke=\"none\" fill=\"#333333\">\(Self.tickLabel(day))</text>\n"
        }
        svg += "</g>\n"
        // A line per film; a day outside the top 10 breaks it.
        for (index, movie) in movies.enumerated() {
            let colour = Self.palette[index % Self.palette.count]
            var segments: [[String]] = [[]]
            for (day, row) in rows.enumerated() {
                if let audience = row.points[index]?.audience {
                    segments[segments.count - 1].append("\(Self.number(x(day))),\(Self.number(y(audience)))")
                } else if !(segments.last?.isEmpty ?? true) {
                    segments.append([])
                }
            }
            svg += "<g class=\"series\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2.5\">\n"
            svg += "  <title>\(Self.escape(movie.title))</title>\n"
            for segment in segments where !segment.isEmpty {
                svg += segment.count == 1
                    ? "  <circle cx=\"\(segment[0].split(separator: ",")[0])\" cy=\"\(segment[0].split(separator: ",")[1])\" r=\"3\" fill=\"\(colour)\"/>\n"
                    : "  <polyline points=\"\(segment.joined(separator: " "))\"/>\n"
            }
            svg += "</g>\n"
            // Its milestones: a ring on the day, the figure above it.
            let marks = movie.milestones.compactMap { milestone -> (Milestone, Int, Int)? in
                guard let row = rows.firstIndex(where: { $0.points[index]?.date == milestone.date }),
                      let audience = rows[row].points[index]?.audience else { return nil }
                return (milestone, row, audience)
            }
            if !marks.isEmpty {
                svg += "<g class=\"milestones\" fill=\"#ffffff\" stroke=\"\(colour)\" stroke-width=\"2\">\n"
                for (milestone, row, audience) in marks {
                    svg += "  <circle cx=\"\(Self.number(x(row)))\" cy=\"\(Self.number(y(audience)))\" r=\"6\"/>\n"
                    svg += "  <text x=\"\(Self.number(x(row)))\" y=\"\(Self.number(y(audience) - 12))\" text-anchor=\"middle\" stroke=\"none\" fill=\"\(colour)\" font-size=\"11\">\(NumberFormat.grouped(milestone.audience))</text>\n"
                }
                svg += "</g>\n"
            }
        }
        // The legend, under the axis.
        svg += "<g class=\"legend\">\n"
        for (index, movie) in movies.enumerated() {
            let row = top + plotHeight + 50 + Double(index) * 22
            let colour = Self.palette[index % Self.palette.count]
            svg += "  <rect x=\"\(Self.number(left))\" y=\"\(Self.number(row - 10))\" width=\"18\" height=\"4\" fill=\"\(colour)\"/>\n"
            var label = "\(movie.title) (\(movie.movieCode))"
            if let peak = movie.peak, let audience = peak.audience { label += " · peak \(NumberFormat.grouped(audience)) on \(peak.date.iso)" }
            svg += "  <text x=\"\(Self.number(left + 26))\" y=\"\(Self.number(row - 8))\" dominant-baseline=\"middle\">\(Self.escape(label))</text>\n"
        }
        svg += "</g>\n</svg>\n"
        return svg
    }

    private typealias Milestone = Series.Milestone

    /// `01-05`, or `day 12`.
    private static func tickLabel(_ key: Row.Key) -> String {
        switch key {
        case let .date(day): String(day.iso.dropFirst(5))
        case let .day(number): "day \(number)"
        }
    }

    /// A round number at or above `value`: 1, 2 or 5 times a power of ten.
    static func niceCeiling(_ value: Int) -> Int {
        guard value > 1 else { return 1 }
        var power = 1
        while power * 10 <= value { power *= 10 }
        for factor in [1, 2, 5, 10] where factor * power >= value { return factor * power }
        return power * 10
    }

    /// Text for XML: markup characters escaped, and control characters (which XML forbids) dropped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func number(_ value: Double) -> String {
        cFormat("%.1f", value)
    }
}
