extension MonthCalendar: Presentable {
    public static let fieldNames = ["date", "published", "movieCode", "title", "audience"]
    public static var isList: Bool { true }

    public var json: JSONValue {
        .object([("month", .string(name)), ("days", .array(records))])
    }

    /// A row per day: its number one, or nulls.
    public var records: [JSONValue] {
        days.map { day in
            .object([
                ("date", .string(day.date.iso)), ("published", .bool(day.published)),
                ("movieCode", JSONValue(day.top?.movieCode)), ("title", JSONValue(day.top?.title)), ("audience", JSONValue(day.top?.audience)),
            ])
        }
    }

    /// The month as a calendar, Monday first: each day's number, its number one film and that
    /// film's audience; days KOBIS has not published yet are marked.
    public func table(_ options: RenderOptions) -> String {
        let wide = options.ambiguousWide
        let width = max(42, options.width ?? 100)
        let cell = max(5, (width - 6) / 7)
        var text = TextColor.bold.apply("\(options.label("Calendar")) · \(name) · " + (options.korean ? "일별 1위" : "number one of each day"), if: options.colors) + "\n\n"
        let names = options.korean ? ["월", "화", "수", "목", "금", "토", "일"] : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        text += names.map { TerminalText.pad($0, to: cell, ambiguousWide: wide) }.joined(separator: " ").trimmingTrailingSpaces() + "\n"
        guard let first = days.first else { return text }
        // Blank cells before the 1st, then weeks of seven.
        let slots: [Entry?] = Array(repeating: nil, count: first.date.weekday.rawValue - 1) + days.map { $0 }
        for start in stride(from: 0, to: slots.count, by: 7) {
            let week = Array(slots[start..<min(slots.count, start + 7)])
            var lines = ["", "", ""]
            for (column, slot) in week.enumerated() {
                let parts: [String]
                if let slot {
                    let number = String(slot.date.day)
                    if let top = slot.top {
                        parts = [number, TerminalText.clean(top.title), NumberFormat.audience(top.audience, korean: options.korean)]
                    } else {
                        parts = [number, slot.published ? options.label("no figures") : options.label("not yet published"), ""]
                    }
                } else {
                    parts = ["", "", ""]
                }
                for row in 0..<3 {
                    var piece = TerminalText.pad(TerminalText.truncate(parts[row], to: cell, ambiguousWide: wide), to: cell, ambiguousWide: wide)
                    if row == 0 { piece = TextColor.bold.apply(piece, if: options.colors) }
                    if row == 1, slot?.top == nil { piece = TextColor.dim.apply(piece, if: options.colors) }
                    lines[row] += (column == 0 ? "" : " ") + piece
                }
            }
            text += "\n" + lines.map { $0.trimmingTrailingSpaces() + "\n" }.joined()
        }
        return text
    }
}
