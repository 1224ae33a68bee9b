import BoxOfficeCore
import BoxOfficeRendering

/// What `boxoffice browse` draws: a pure function of the state and the terminal's size. Every
/// line fits the width (Hangul two columns wide); a number is never cut: text gives way first,
/// then whole columns of figures.
struct BrowseView {
    var columns: Int
    var rows: Int
    var colors = false
    var ambiguousWide = false

    /// Rows of the body: all but the title bar, the status line and the keys.
    static func bodyRows(forRows rows: Int) -> Int { max(1, rows - 3) }

    /// The screen, exactly `rows` lines.
    func render(_ state: BrowseState) -> [String] {
        guard columns >= 20, rows >= 4 else {
            return [fit("boxoffice browse needs at least 20×4; this is \(columns)×\(rows)")] + Array(repeating: "", count: max(0, rows - 1))
        }
        let bodyRows = Self.bodyRows(forRows: rows)
        var lines = [bar(titles(state).first { width(" boxoffice · " + $0) <= columns } ?? titles(state).last ?? "")]
        let body: [String] = if let form = state.form {
            self.form(form)
        } else if case let .calendar(day) = state.top.screen {
            calendar(state, at: day, rows: bodyRows)
        } else {
            self.body(state, rows: bodyRows)
        }
        lines += body.prefix(bodyRows)
        lines += Array(repeating: "", count: bodyRows - min(bodyRows, body.count))
        // A message too long for its line takes the body's last line too, while it shows.
        let status = statusLines(state)
        if status.count > 1, bodyRows > 1 { lines[lines.count - 1] = status[0] }
        lines.append(status.last ?? "")
        lines.append(footer(state))
        return lines
    }

    // MARK: Bars

    /// The title, then shorter forms of it for a narrow screen, so that no date is cut.
    private func titles(_ state: BrowseState) -> [String] {
        let full = title(state)
        var short = full
        for (long, brief) in [("Daily box office", "Daily"), ("Weekly box office", "Weekly"), ("Weekend box office", "Weekend"),
                              ("Weekday box office", "Weekdays"), (" holding ", " of ")] {
            short = short.replacing(long, with: brief)
        }
        let shortest = short.replacing(" · provisional", with: "*")
        return [full, short, shortest]
    }

    private func title(_ state: BrowseState) -> String {
        let screen = state.top.screen
        let answer = screen.request.flatMap { state.answers[$0] }
        switch screen {
        case let .ranking(place):
            var title: String
            switch (place.period, answer) {
            case let (_, .weekly(ranking)?):
                title = "\(Self.periodName(ranking.period)) \(ranking.start.iso) – \(ranking.end.iso)"
            case (.day, _):
                title = "Daily box office · \(place.day.iso) (\(place.day.weekday.shortName))"
            default:
                title = "\(Self.periodName(place.period.week ?? .week)) holding \(place.day.iso)"
            }
            let provisional = switch answer {
            case let .daily(ranking)?: ranking.provisional
            case let .weekly(ranking)?: ranking.provisional
            default: false
            }
            if place.deep { title += " · deep" }
            if provisional { title += " · provisional" }
            return title
        case let .movie(code):
            if answer != nil, let film = state.film(code) { return "Film · \(film.title.printable)" }
            return "Film \(code.printable)"
        case let .search(text): return "Search · \(text.printable)"
        case let .person(code):
            if case let .person(person)? = answer { return "Person · \(person.name.printable)" }
            return "Person \(code.printable)"
        case let .people(name, _): return "People · \(name.printable)"
        case let .company(code):
            if case let .company(company)? = answer { return "Company · \(company.name.printable)" }
            return "Company \(code.printable)"
        case let .reviews(code):
            if case let .movie(film)? = state.answers[.movie(code)] { return "Reviews · \(film.title.printable)" }
            return "Reviews \(code.printable)"
        case let .calendar(day): return "Calendar · \(day.iso.prefix(7))"
        case let .records(day): return "Records · \(day.iso.prefix(7))"
        case .help: return "Keys"
        }
    }

    static func periodName(_ period: WeekPeriod) -> String {
        switch period {
        case .week: "Weekly box office"
        case .weekend: "Weekend box office"
        case .weekdays: "Weekday box office"
        }
    }

    private func bar(_ title: String) -> String {
        let text = fit(" boxoffice · " + title)
        return colors ? "\u{1B}[7m" + pad(text, columns) + "\u{1B}[0m" : text
    }

    private static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The status line, or two when a message is longer than the width (each fitted).
    private func statusLines(_ state: BrowseState) -> [String] {
        let text = statusLine(state)
        guard width(text) > columns else { return [text] }
        let wrapped = TerminalText.wrap(text, to: columns, ambiguousWide: ambiguousWide)
        guard wrapped.count > 1 else { return [fit(text)] }
        return [fit(wrapped[0]), fit(wrapped.dropFirst().joined(separator: " "))]
    }

    private func statusLine(_ state: BrowseState) -> String {
        if let input = state.input {
            // The end of a long title stays in view, where the typing is.
            let prompt = "Search a title or a director: "
            let room = columns - width(prompt) - 1
            var shown = input
            while width(shown) > room, !shown.isEmpty { shown.removeFirst() }
            return prompt + shown + "▏"
        }
        if let status = state.status { return status.printable }
        guard !state.loading.isEmpty else { return "" }
        let frame = Self.spinnerFrames[state.spinner % Self.spinnerFrames.count]
        if state.form?.sending == true { return fit("adding the review…") }
        let what = state.pending.map { _ in "loading…" } ?? (state.top.screen.request.map { state.loading.contains($0) } == true ? "loading…" : "fetching ahead…")
        return fit("\(frame) \(what)")
    }

    private func footer(_ state: BrowseState) -> String {
        let keys: [(String, String)] = switch state.top.screen {
        case _ where state.input != nil: [("Enter", "search"), ("Esc", "cancel")]
        case _ where state.form != nil: [("Tab", "next field"), ("Enter", "next; on the last, add"), ("Esc", "cancel")]
        case .ranking where state.pages.count > 1: [("↑↓", "move"), ("Enter", "open"), ("[ ]", "day"), ("w", "period"), ("c", "calendar"), ("/", "search"),
                                                    ("r", "refresh"), ("?", "keys"), ("q", "back"), ("Q", "quit")]
        case .ranking: [("↑↓", "move"), ("Enter", "open"), ("[ ]", "day"), ("w", "period"), ("c", "calendar"), ("/", "search"),
                        ("r", "refresh"), ("?", "keys"), ("q", "quit")]
        case .calendar: [("Enter", "pick"), ("←→↑↓", "day/week"), ("PgUp/Dn", "month"), ("Esc", "back")]
        case .help: [("Esc q", "back"), ("Q", "quit")]
        case .movie, .reviews: [("↑↓", "move"), ("Enter", "open"), ("Esc q", "back"), ("v", "review"), ("/", "search"), ("r", "refresh"),
                                ("?", "keys"), ("Q", "quit")]
        default: [("↑↓", "move"), ("Enter", "open"), ("Esc q", "back"), ("/", "search"), ("r", "refresh"), ("?", "keys"), ("Q", "quit")]
        }
        // How to go back, see every key and leave always stay; the others as room allows, in order.
        let essential: Set<String> = ["Esc q", "?", "q", "Q"]
        let parts = keys.map { (text: $0.0 + " " + $0.1, essential: essential.contains($0.0)) }
        var remaining = parts.filter(\.essential).reduce(0) { $0 + 2 + width($1.text) }
        var line = ""
        for part in parts {
            if part.essential { remaining -= 2 + width(part.text) }
            let added = (line.isEmpty ? "" : "  ") + part.text
            guard part.essential || width(line + added) + remaining <= columns else { continue }
            line += added
        }
        line = fit(line)
        return colors ? "\u{1B}[2m" + line + "\u{1B}[0m" : line
    }

    // MARK: Body

    private func body(_ state: BrowseState, rows: Int) -> [String] {
        let page = state.top
        let lines = state.lines(of: page)
        guard !lines.isEmpty else {
            if let request = page.screen.request, state.loading.contains(request) { return ["", "  Loading…"] }
            return ["", fit(state.pages.count > 1 ? "  Nothing to show: r fetches it again, Esc goes back."
                            : "  Nothing to show: r fetches it again, w changes the period.")]
        }
        let kept = keptColumns(lines)
        let window = BrowsePage.window(rows, lines: lines.count)
        var selectable = -1
        var rendered: [String] = []
        for (index, line) in lines.enumerated() {
            if line.item != nil { selectable += 1 }
            guard index >= page.top, index < page.top + window else { continue }
            rendered.append(self.line(line, columns: kept, selected: line.item != nil && selectable == page.selection))
        }
        // Text taller than the body: its last row says how much is out of sight.
        if window < rows {
            let below = lines.count - page.top - window
            let mark = below > 0 ? "  ↓ \(NumberFormat.grouped(below)) more line\(below == 1 ? "" : "s") (↓, PgDn)" : "  ↑ \(NumberFormat.grouped(page.top)) line\(page.top == 1 ? "" : "s") above (↑, PgUp)"
            let fitted = TerminalText.truncate(mark, to: columns, ambiguousWide: ambiguousWide)
            rendered.append(colors ? "\u{1B}[2m" + fitted + "\u{1B}[0m" : fitted)
        }
        return rendered
    }

    /// How many of the figure columns fit beside at least a few columns of text.
    private func keptColumns(_ lines: [BrowseLine]) -> Int {
        guard let sample = lines.first(where: { !$0.columns.isEmpty })?.columns else { return 0 }
        var kept = sample.count
        // Titles keep at least 18 columns (a Hangul title of eight syllables and its ellipsis).
        while kept > 1, 2 + 18 + sample.prefix(kept).reduce(0, { $0 + 2 + width($1) }) > columns { kept -= 1 }
        if kept == 1, 2 + 8 + 2 + width(sample[0]) > columns { kept = 0 }
        return kept
    }

    private func line(_ line: BrowseLine, columns kept: Int, selected: Bool) -> String {
        let marker = selected ? "> " : "  "
        let figures = line.columns.prefix(kept).map { "  " + $0 }.joined()
        let room = columns - width(marker) - width(figures)
        let text = line.sentence ? TerminalText.truncateBetweenWords(line.text, to: max(0, room), ambiguousWide: ambiguousWide)
            : TerminalText.truncate(line.text, to: max(0, room), ambiguousWide: ambiguousWide)
        let full = marker + (figures.isEmpty ? text : pad(text, room) + figures)
        guard colors else { return full }
        if selected { return "\u{1B}[7m" + pad(full, columns) + "\u{1B}[0m" }
        return line.heading ? "\u{1B}[1m" + full + "\u{1B}[0m" : full
    }

    // MARK: Review form

    private func form(_ form: ReviewForm) -> [String] {
        var lines = ["", fit("  A review of \(form.title.printable)"), ""]
        for field in ReviewForm.Field.allCases {
            let chosen = field.rawValue == form.field
            var value = form.value(field)
            if field == .password { value = String(repeating: "•", count: value.count) }
            let label = (chosen ? "> " : "  ") + field.label + ": "
            // The end of a long value stays in view, where the typing is.
            let room = max(1, columns - width(label) - 1)
            var shown = value.printable
            while width(shown) > room, !shown.isEmpty { shown.removeFirst() }
            lines.append(fit(label + shown + (chosen ? "▏" : "")))
        }
        lines += ["", fit("  Kept on your disk, as 'boxoffice review add' keeps it; a password protects it from edits.")]
        return lines
    }

    // MARK: Calendar

    /// The month of `day`, Monday first: each day's number, and under it (when there is room)
    /// the number one of that day's ranking if it is already known.
    private func calendar(_ state: BrowseState, at day: Day, rows: Int) -> [String] {
        let cell = max(4, min(16, (columns - 2) / 7 - 1))
        let names = Weekday.allCases.map { pad(String($0.shortName.prefix(cell)), cell, left: true) }
        var lines = [fit(("  " + names.joined(separator: " ")).trimmingTrailingSpaces())]
        guard let first = Day(year: day.year, month: day.month, day: 1) else { return lines }
        let weeks = 6
        let withTitles = rows >= 1 + weeks * 2
        let period = state.pages.dropLast().last.flatMap { page -> BrowsePeriod? in
            if case let .ranking(place) = page.screen { return place.period } else { return nil }
        } ?? .day
        var start = first.adding(days: -(first.weekday.rawValue - 1))
        for _ in 0..<weeks {
            guard start.month == day.month || start.adding(days: 6).month == day.month && start <= day.adding(days: 31) else { break }
            var numbers = "  ", titles = "  "
            for offset in 0..<7 {
                let date = start.adding(days: offset)
                let inMonth = date.month == day.month
                var number = inMonth ? String(date.day) : ""
                if date == day { number = "[\(number)]" }
                numbers += pad(number, cell, left: true) + " "
                var title = ""
                if inMonth, period == .day, case let .daily(ranking)? = state.answers[.ranking(RankingPlace(day: date, period: .day))] {
                    title = ranking.entries.first?.title.printable ?? ""
                }
                titles += pad(TerminalText.truncate(title, to: cell, ambiguousWide: ambiguousWide), cell, left: true) + " "
            }
            lines.append(fit(numbers.trimmingTrailingSpaces()))
            if withTitles { lines.append(fit(titles.trimmingTrailingSpaces())) }
            start = start.adding(days: 7)
        }
        return lines
    }

    // MARK: Text

    private func width(_ text: String) -> Int { TerminalText.width(text, ambiguousWide: ambiguousWide) }

    private func fit(_ text: String) -> String { TerminalText.truncate(text, to: columns, ambiguousWide: ambiguousWide) }

    private func pad(_ text: String, _ count: Int, left: Bool = true) -> String {
        let padding = String(repeating: " ", count: max(0, count - width(text)))
        return left ? text + padding : padding + text
    }
}
