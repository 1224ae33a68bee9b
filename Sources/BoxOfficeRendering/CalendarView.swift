import BoxOfficeCore
extension MonthCalendar: Presentable {
    /// The keys of a day, as the shape declares them.
    package static let fieldNames = dayFields.keys()
    package static var isList: Bool { true }
    package static var itemsKey: String? { "days" }
    /// `read` only when some day was not read (the demo's missing days).
    package var columns: [String] { daysRead == nil ? Self.fieldNames.filter { $0 != "read" } : Self.fieldNames }

    /// The month and its days; with `daysInPeriod` and `daysRead` when some days were not read.
    package var json: JSONValue { Self.fields.json(self) }

    /// A row per day: its number one, or nulls; and whether it was read, when some were not.
    package var records: [JSONValue] {
        days.map { Self.dayFields.json(Within($0, daysRead != nil)) }
    }

    /// What a day without a number one shows.
    private func mark(_ day: Entry, _ options: RenderOptions) -> String {
        if !day.published { return options.label(Label("not yet published", "집계 전")) }
        switch day.notRead {
        case nil: return options.label(Label("no figures", "자료 없음"))
        case .notHeld?: return options.label(Label("no sample", "예시 없음"))
        case .kobisFailed?: return options.label(Label("no answer", "응답 없음"))
        case .notCached?: return options.label(Label("not cached", "저장 안 됨"))
        case .callLimit?: return options.label(Label("not read", "읽지 않음"))
        }
    }

    /// The month as a calendar, Monday first: each day's number, its number one film and that
    /// film's audience; days KOBIS has not published yet are marked. Where a week of seven no
    /// longer fits with every audience whole (in 만 or k units if need be), a line per day.
    package func table(_ options: RenderOptions) -> String {
        guard options.medium == .terminal else { return article(options).rendered(options) }
        let width = options.width ?? 100
        let cell = (width - 6) / 7
        var text = TextColor.bold.apply(heading(width: width, options), if: options.colors) + "\n"
        let published = coverage.daysInPeriod
        text += options.notes(coverage.notes(options, of: "the month's \(published) published days", "공개된 \(published)일"), width: width)
        text += "\n"
        if cell >= Self.narrowestCell, let audiences = audiences(fitting: cell, options) {
            return text + grid(cell: cell, audiences: audiences, options)
        }
        return text + list(width: width, options)
    }

    /// The days with only `fields` (`--fields`), under the calendar's heading, audiences as in the calendar.
    package func table(_ options: RenderOptions, fields: [String]) -> String? {
        Document([.heading(heading(width: options.width ?? 100, options)), .blank]
                 + RecordTable.blocks(records.map { $0.selecting(fields) }, fields: fields, audiences: ["audience"], options)).rendered(options)
    }

    /// The month for an article: a row per day, its number one and that film's audience.
    private func article(_ options: RenderOptions) -> Document {
        let published = coverage.daysInPeriod
        let table = TextTable(columns: [.init(title: Label("Date", "날짜")), .init(title: Label("Number one", "1위")), .init(title: Label("Audience", "관객수"), alignRight: true)],
                              rows: days.map { day in
                                  [.init("\(day.date.iso) (\(options.weekday(day.date)))"), .init(day.top?.title ?? mark(day, options)),
                                   .init(day.top.map { NumberFormat.audience($0.audience, korean: options.audiencesInUnits) } ?? "")]
                              })
        return Document([.heading(heading(width: .max, options)),
                         .notes(coverage.notes(options, of: "the month's \(published) published days", "공개된 \(published)일"), wrap: nil),
                         .table(table)])
    }

    /// `Calendar · 2022-01 · number one of each day`, without its last part when that does not fit.
    private func heading(width: Int, _ options: RenderOptions) -> String {
        let full = "\(options.label(Label("Calendar", "달력"))) · \(name) · " + (options.korean ? "일별 1위" : "number one of each day")
        return TerminalText.width(full, ambiguousWide: options.ambiguousWide) <= width ? full : "\(options.label(Label("Calendar", "달력"))) · \(name)"
    }

    /// Below this many columns a day's cell cannot show a title worth reading.
    static let narrowestCell = 6

    /// Each day's audience as it fits `cell`: whole, or failing that in 만 (Korean) or k and M units; nil
    /// when one does not fit even so.
    private func audiences(fitting cell: Int, _ options: RenderOptions) -> [Day: String]? {
        var texts: [Day: String] = [:]
        for day in days {
            guard let audience = day.top?.audience else { continue }
            let whole = NumberFormat.audience(audience, korean: options.audiencesInUnits)
            let text = TerminalText.width(whole) <= cell ? whole : NumberFormat.compact(audience, korean: options.audiencesInUnits)
            guard TerminalText.width(text) <= cell else { return nil }
            texts[day.date] = text
        }
        return texts
    }

    /// Weeks of seven cells: the day, its number one's title, and its audience.
    private func grid(cell: Int, audiences: [Day: String], _ options: RenderOptions) -> String {
        let wide = options.ambiguousWide
        let names = options.korean ? ["월", "화", "수", "목", "금", "토", "일"] : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var text = names.map { TerminalText.pad($0, to: cell, ambiguousWide: wide) }.joined(separator: " ").trimmingTrailingSpaces() + "\n"
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
                        parts = [number, TerminalText.clean(top.title), audiences[slot.date] ?? NumberFormat.grouped(top.audience)]
                    } else {
                        parts = [number, mark(slot, options), ""]
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

    /// A line per day: the date, its number one's title (shortened to fit) and its whole audience.
    private func list(width: Int, _ options: RenderOptions) -> String {
        let wide = options.ambiguousWide
        let audiences = days.map { $0.top.map { NumberFormat.audience($0.audience, korean: options.audiencesInUnits) } ?? "" }
        let numberWidth = audiences.map { TerminalText.width($0, ambiguousWide: wide) }.max() ?? 0
        let dates = days.map { "\($0.date.iso.dropFirst(5)) (\(options.weekday($0.date)))" }
        let dateWidth = dates.map { TerminalText.width($0, ambiguousWide: wide) }.max() ?? 0
        let titleWidth = max(4, width - dateWidth - 2 - (numberWidth == 0 ? 0 : numberWidth + 2))
        return days.enumerated().map { index, day in
            let date = TextColor.bold.apply(TerminalText.pad(dates[index], to: dateWidth, ambiguousWide: wide), if: options.colors)
            guard let top = day.top else {
                return date + "  " + TextColor.dim.apply(mark(day, options), if: options.colors) + "\n"
            }
            let title = TerminalText.pad(TerminalText.truncate(TerminalText.clean(top.title), to: titleWidth, ambiguousWide: wide), to: titleWidth, ambiguousWide: wide)
            return date + "  " + title + "  " + TerminalText.pad(audiences[index], to: numberWidth, alignRight: true, ambiguousWide: wide) + "\n"
        }.joined()
    }
}

// MARK: Fields

extension MonthCalendar {
    /// A day: its number one, or nulls; and whether it was read, when some were not.
    package static let dayFields: [Field<Within<MonthCalendar.Entry, Bool>>] = [
        .leaf("date", .date) { .string($0.item.date.iso) }, .leaf("published", .dayPublished) { .bool($0.item.published) },
        .leaf("movieCode", .dayMovieCode) { JSONValue($0.item.top?.movieCode) }, .leaf("title", .dayTitle) { JSONValue($0.item.top?.title) },
        .leaf("audience", .dayAudience) { JSONValue($0.item.top?.audience) }, .optional("read", .dayRead) { $0.context ? .bool($0.item.read) : nil },
    ]

    package static let fields: [Field<MonthCalendar>] = [.leaf("month", .month) { .string($0.name) }]
        + Field.part(PeriodCoverage.fields) { $0.coverage }
        + [.list("days", .days, dayFields) { calendar in calendar.days.map { Within($0, calendar.daysRead != nil) } }]
    package static let shape = fields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `month` holds.
    static let month = leaf(.string, "The month, YYYY-MM.")
    /// What `days.published` holds.
    static let dayPublished = leaf(.boolean, "Whether KOBIS has published the day (it does once the day ends); false for today and later.")
    /// What `days.movieCode` holds.
    static let dayMovieCode = leaf(.string, nullable: true, "KOBIS movie code of the day's number one; null when the day has no figures.")
    /// What `days.title` holds.
    static let dayTitle = leaf(.string, nullable: true, "Korean title of the day's number one; null when the day has no figures.")
    /// What `days.audience` holds.
    static let dayAudience = leaf(.integer, nullable: true, "Admissions (tickets sold) of the day's number one that day; null when the day has no figures.")
    /// What `days.read` holds.
    static let dayRead = leaf(.boolean, "Whether the day was read (given only when some were not: KOBIS could not answer, or the samples do not hold it).")
}
