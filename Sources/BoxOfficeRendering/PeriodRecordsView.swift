import BoxOfficeCore

extension PeriodRecords: Presentable {
    package static let fieldNames = recordFields.keys()
    package static var isList: Bool { true }
    package static var itemsKey: String? { "records" }

    /// The contract's JSON: `{from, to, daysInPeriod, daysRead, daysNotRead, records: [{kind, rank,
    /// movieCode, title, value, milestone, from, to}]}`.
    package var json: JSONValue { Self.fields.json(self) }

    /// One row per record.
    package var records: [JSONValue] { entries.map(Self.recordFields.json) }

    /// The heading, what was read and left out, then each record as a small table.
    package func table(_ options: RenderOptions) -> String {
        let korean = options.korean
        var notes = coverage.notes(options, of: "the period's \(NumberFormat.grouped(coverage.daysInPeriod)) days", "기간 \(NumberFormat.grouped(coverage.daysInPeriod))일")
        if let note = leftOut(korean: korean) { notes.append(note) }
        var document = Document([.heading(options.label(Label("Records", "기록")) + " · \(from.iso) – \(to.iso)")])
        if !notes.isEmpty { document.append(.notes(notes, wrap: options.width ?? 100)) }
        for kind in Kind.allCases {
            let marks = kind == .fastestTo ? milestones.map(Optional.some) : [nil]
            for mark in marks {
                let rows = entries(of: kind).filter { $0.milestone == mark }
                document.append(.blank)
                document.append(.heading(Self.title(kind, milestone: mark, options)))
                guard !rows.isEmpty else {
                    let none = kind == .openingDay || kind == .openingWeekend || kind == .fastestTo
                        ? Label("No film that opened in the period has this record on the days read.", "읽은 날에는 이 기간에 개봉한 영화의 기록이 없습니다.")
                        : Label("No film has this record on the days read.", "읽은 날에는 이 기록을 세운 영화가 없습니다.")
                    document.append(.text(options.label(none)))
                    continue
                }
                let inUnits = NumberFormat.inUnits(rows.map(\.value), korean: options.audiencesInUnits)
                document.append(.table(TextTable(columns: Self.columns(kind, options), rows: rows.map { Self.cells($0, options, inUnits: inUnits) })))
            }
        }
        return document.rendered(options)
    }

    /// The note that films that opened on a day not read are left out of the opening records, and which.
    /// and the films whose opening weekend ends after the period.
    package func leftOut(korean: Bool = false) -> String? {
        func named(_ films: [Opening]) -> String { films.map { "\($0.title) (\($0.openDate.iso))" }.joined(separator: ", ") }
        var notes: [String] = []
        if !openingsNotRead.isEmpty {
            let count = openingsNotRead.count
            notes.append(korean ? "개봉일을 읽지 못한 \(count)편은 개봉 기록에서 빠짐: \(named(openingsNotRead))."
                : "\(count) film\(count == 1 ? "" : "s") that opened in the period \(count == 1 ? "is" : "are") left out of the opening records, as \(count == 1 ? "its" : "their") opening day was not read: \(named(openingsNotRead)).")
        }
        if !weekendsAfter.isEmpty {
            let count = weekendsAfter.count
            notes.append(korean ? "개봉 첫 주말이 기간 뒤에 끝나는 \(count)편은 개봉 주말 기록에서 빠짐: \(named(weekendsAfter))."
                : "\(count) film\(count == 1 ? "" : "s") opened too late in the period for \(count == 1 ? "its" : "their") opening weekend to end in it: \(named(weekendsAfter)).")
        }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    /// A record's heading: `Biggest opening days`, `Fastest to 1,000,000`.
    package static func title(_ kind: Kind, milestone: Int?, _ options: RenderOptions) -> String {
        switch kind {
        case .openingDay: options.label(Label("Biggest opening days", "개봉일 최다 관객"))
        case .openingWeekend: options.label(Label("Biggest opening weekends", "개봉 첫 주말 최다 관객"))
        case .fastestTo: options.korean ? "\(NumberFormat.grouped(milestone ?? 0))명 최단 돌파" : "Fastest to \(NumberFormat.grouped(milestone ?? 0))"
        case .daysAtNumberOne: options.label(Label("Most days at number one", "1위 최다 일수"))
        case .longestAtNumberOne: options.label(Label("Longest run at number one", "1위 최장 연속"))
        case .bestDay: options.label(Label("Best single days", "일일 최다 관객"))
        }
    }

    /// A record's columns: its place, the film, its figure, the day or days it rests on.
    static func columns(_ kind: Kind, _ options: RenderOptions) -> [TextTable.Column] {
        let figure: Label = switch kind {
        case .openingDay, .openingWeekend, .bestDay: Label("Audience", "관객수")
        case .fastestTo: Label("Day", "일차")
        case .daysAtNumberOne, .longestAtNumberOne: Label("Days", "일수")
        }
        let days: [TextTable.Column] = switch kind {
        case .openingDay, .bestDay: [.init(title: Label("Date", "날짜"))]
        case .fastestTo: [.init(title: Label("Opened", "개봉일"), dropOrder: 2), .init(title: Label("Passed", "돌파일"))]
        case .openingWeekend, .daysAtNumberOne, .longestAtNumberOne: [.init(title: Label("From", "부터"), dropOrder: 2), .init(title: Label("To", "까지"))]
        }
        return [.init(title: Label("Rank", "순위"), alignRight: true), .init(title: Label("Code", "코드"), dropOrder: 1), .init(title: Label("Title", "영화명"), flexible: true),
                .init(title: figure, alignRight: true)] + days
    }

    /// A record's row, as `columns` heads it.
    static func cells(_ record: Record, _ options: RenderOptions, inUnits: Bool) -> [TextTable.Cell] {
        var figure = switch record.kind {
        case .openingDay, .openingWeekend, .bestDay: NumberFormat.audience(record.value, korean: inUnits)
        default: NumberFormat.grouped(record.value)
        }
        // A day not read may hide more: said where the figure is.
        if record.atLeast { figure = options.korean ? "\(figure) 이상" : "at least \(figure)" }
        let days: [TextTable.Cell] = record.kind == .openingDay || record.kind == .bestDay
            ? [.init("\(record.from.iso) (\(options.weekday(record.from)))")] : [.init(record.from.iso), .init(record.to.iso)]
        return [.init(String(record.rank)), .init(record.movieCode), .init(record.title), .init(figure)] + days
    }
}

// MARK: Fields

extension PeriodRecords {
    /// One record's object: `{kind, rank, movieCode, title, value, milestone, from, to}`.
    package static let recordFields: [Field<PeriodRecords.Record>] = [
        .leaf("kind", .recordKind) { .string($0.kind.rawValue) }, .leaf("rank", .recordRank) { .int(Int64($0.rank)) },
        .leaf("movieCode", .movieCode) { .string($0.movieCode) }, .leaf("title", .title) { .string($0.title) },
        .leaf("value", .recordValue) { .int(Int64($0.value)) }, .leaf("milestone", .recordMilestone) { JSONValue($0.milestone) },
        .leaf("from", .recordFrom) { .string($0.from.iso) }, .leaf("to", .recordTo) { .string($0.to.iso) },
        .leaf("atLeast", .recordAtLeast) { .bool($0.atLeast) },
    ]

    /// A film left out of the opening records, and why.
    package struct LeftOut: Sendable {
        package let film: Opening
        /// `openingDayNotRead` or `weekendAfterPeriod`.
        package let why: String
    }

    /// The films left out of the opening records: those whose opening day was not read, then
    /// those whose opening weekend ends after the period.
    package var leftOutFilms: [LeftOut] {
        openingsNotRead.map { LeftOut(film: $0, why: "openingDayNotRead") } + weekendsAfter.map { LeftOut(film: $0, why: "weekendAfterPeriod") }
    }

    /// `{from, to, daysInPeriod, daysRead, daysNotRead, records: [...], leftOut: [...]}`.
    package static let fields: [Field<PeriodRecords>] = [
        .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
    ] + Field.part(PeriodCoverage.fields) { $0.coverage } + [
        .list("records", .records, recordFields) { $0.entries },
        .list("leftOut", .leftOut, [
            .leaf("movieCode", .movieCode) { .string($0.film.movieCode) }, .leaf("title", .title) { .string($0.film.title) },
            .leaf("openDate", .leftOutOpenDate) { .string($0.film.openDate.iso) }, .leaf("why", .leftOutWhy) { .string($0.why) },
        ]) { $0.leftOutFilms },
    ]
    package static let shape = fields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `records` holds.
    static let records = list("The period's records, kind by kind, each kind ranked: among the films that opened in the period, the biggest opening days and weekends and the fastest to each milestone; among all its films, the most days and the longest run at number one and the best single days. A film that opened on a day not read is left out of the opening records.")
    /// What a record's `kind` holds.
    static let recordKind = leaf(.string, choices: PeriodRecords.Kind.allCases.map(\.rawValue), "What the record is of: openingDay (day 1's audience), openingWeekend (the first Friday to Sunday), fastestTo (days since opening to reach milestone), daysAtNumberOne, longestAtNumberOne (consecutive days), bestDay (a film's largest one-day audience).")
    /// What a record's `rank` holds.
    static let recordRank = leaf(.integer, "Its place among records of its kind (of its milestone, for fastestTo), from 1; equal figures share a place.")
    /// What a record's `value` holds.
    static let recordValue = leaf(.integer, "The figure: admissions for openingDay, openingWeekend and bestDay; days for the others (for fastestTo, days since opening, the opening day being day 1).")
    /// What a record's `milestone` holds.
    static let recordMilestone = leaf(.integer, nullable: true, "The audience reached, for fastestTo; null for the other kinds.")
    /// What a record's `from` holds.
    static let recordFrom = leaf(.string, format: "date", "The first day the figure rests on (the opening day, for fastestTo).")
    /// What a record's `to` holds.
    static let recordTo = leaf(.string, format: "date", "The last day the figure rests on (the day the milestone was passed, for fastestTo).")
    /// What a record's `atLeast` holds.
    static let recordAtLeast = leaf(.boolean, "Whether the figure may be larger than the days read show: for daysAtNumberOne, a day of the period was not read; for longestAtNumberOne, the day before or after the run was not read. False for the other kinds.")
    /// What a records answer's `leftOut` holds.
    static let leftOut = list("The films that opened in the period but are left out of its opening records, each with why: its opening day was not read (openingDayNotRead), or its opening weekend ends after the period (weekendAfterPeriod). Empty when none is.")
    /// What a left-out film's `openDate` holds.
    static let leftOutOpenDate = leaf(.string, format: "date", "The film's opening day (YYYY-MM-DD).")
    /// What a left-out film's `why` holds.
    static let leftOutWhy = leaf(.string, choices: ["openingDayNotRead", "weekendAfterPeriod"], "Why it is left out: openingDayNotRead (its opening day was not read) or weekendAfterPeriod (its first weekend ends after the period).")
}
