import BoxOfficeCore
extension PeriodRanking: Presentable {
    /// The keys of a film, as the shape declares them, and the ranking's filter.
    package static let fieldNames = filmFields.keys() + ["filter"]
    package static var isList: Bool { true }
    package static var itemsKey: String? { "films" }
    /// The keys of the rows: `filter` only when the daily rankings were filtered.
    package var columns: [String] { scope == nil ? Self.fieldNames.filter { $0 != "filter" } : Self.fieldNames }

    /// The contract's JSON: `{from, to, basis, provisional, films: [{rank, movieCode, title, openDate,
    /// audience, sales, daysInTop10, bestRank, firstDay, lastDay}]}`, with the filter when there is one;
    /// read from deep days, `deep: true` and the basis that says so.
    package var json: JSONValue { Self.fields.json(self) }

    /// One row per film, with the filter at the end when there is one.
    package var records: [JSONValue] {
        films.map { $0.json.appending(scope.map { [("filter", .string($0.text))] } ?? []) }
    }

    /// The heading (period, filter), what the figures are, then the films.
    package func table(_ options: RenderOptions) -> String {
        table(options, fields: options.wide ? Self.wideTableFields : Self.tableFields) ?? ""
    }

    /// The films with only `fields` as columns (`--fields`), under the same heading.
    package func table(_ options: RenderOptions, fields: [String]) -> String? {
        let title = options.label(Label("Top films", "기간 흥행 순위")) + " · \(from.iso) – \(to.iso)" + (scope.map { " · " + $0.heading(options) } ?? "")
            + (deep ? " · " + options.label(Label("deep: past the top 10", "심층: 상위 10위 너머")) : "")
        var notes = [deep ? (options.korean ? "일별 박스오피스 네 목록(한국·외국 × 다양성·상업)을 합친 순위에서 집계: 영화마다 처음 든 날부터 마지막 날까지의 누적관객수 차이"
                                            : "From each day's deep ranking (KOBIS's four filtered lists merged, up to 40 films): each film's cumulative audience from its first day in it to its last.")
                     : (options.korean ? "일별 박스오피스 상위 10위에서 집계: 영화마다 처음 든 날부터 마지막 날까지의 누적관객수 차이"
                                       : "From the daily top 10: each film's cumulative audience from its first day in it to its last.")]
        if provisional { notes.append(options.label(Label("provisional: KOBIS may still revise these figures", "잠정치: 영진위가 아직 수정할 수 있는 수치입니다"))) }
        notes += coverage.notes(options, of: "the period's \(NumberFormat.grouped(daysInPeriod)) days", "기간 \(NumberFormat.grouped(daysInPeriod))일")
        var document = Document([.heading(title), .notes(notes, wrap: options.width ?? 100), .blank])
        guard !films.isEmpty else {
            // Nothing read is not nothing ranked: the notes above say why no day was read.
            let none = coverage.daysRead == 0 && daysInPeriod > 0 ? Label("No day of this period was read, so no film is ranked.", "이 기간에 읽은 날이 없어 순위를 매길 영화가 없습니다.")
                : deep ? Label("No film was in the deep ranking on any day of this period.", "이 기간에는 심층 순위에 든 영화가 없습니다.")
                : Label("No film was in the daily top 10 on any day of this period.", "이 기간에는 일별 상위 10위에 든 영화가 없습니다.")
            document.append(.text(options.label(none)))
            return document.rendered(options)
        }
        let columns = fields.map { column($0, options, inUnits: NumberFormat.inUnits(films.map(\.audience), korean: options.audiencesInUnits)) }
        document.append(.table(TextTable(columns: columns.map(\.0), rows: films.map { film in columns.map { $0.1(film) } })))
        return document.rendered(options)
    }

    /// The columns without `--fields`.
    static let tableFields = ["rank", "movieCode", "title", "openDate", "audience", "daysInTop10", "bestRank", "firstDay", "lastDay"]
    /// With `--wide`: also the sales.
    static let wideTableFields = ["rank", "movieCode", "title", "openDate", "audience", "sales", "daysInTop10", "bestRank", "firstDay", "lastDay"]

    /// A column's heading and cell; on a narrow terminal the days go first, then the opening
    /// date, the best rank and the code.
    private func column(_ field: String, _ options: RenderOptions, inUnits korean: Bool) -> (TextTable.Column, (Film) -> TextTable.Cell) {
        switch field {
        case "rank": (.init(title: Label("Rank", "순위"), alignRight: true), { .init(String($0.rank)) })
        case "movieCode": (.init(title: Label("Code", "코드"), dropOrder: 19), { .init($0.movieCode) })
        case "title": (.init(title: Label("Title", "영화명"), flexible: true), { .init($0.title) })
        case "openDate": (.init(title: Label("Opened", "개봉일"), dropOrder: 8), { .init($0.openDate?.iso ?? "–") })
        case "audience": (.init(title: Label("Audience", "관객수"), alignRight: true), { .init(NumberFormat.audience($0.audience, korean: korean)) })
        case "sales": (.init(title: Label("Sales", "매출액"), alignRight: true, dropOrder: 5), { .init(NumberFormat.grouped($0.sales)) })
        case "daysInTop10": (.init(title: Label("Days", "일수"), alignRight: true, dropOrder: 9), { .init(String($0.daysInTop10)) })
        case "bestRank": (.init(title: Label("Best", "최고순위"), alignRight: true, dropOrder: 10), { .init(String($0.bestRank)) })
        case "firstDay": (.init(title: Label("First", "첫날"), dropOrder: 6), { .init($0.firstDay.iso) })
        case "lastDay": (.init(title: Label("Last", "마지막날"), dropOrder: 7), { .init($0.lastDay.iso) })
        default: (.init(title: Label("Filter", "필터"), dropOrder: 4), { [scope] _ in .init(scope?.text ?? "") })
        }
    }
}

extension PeriodRanking.Film {
    /// The contract's object for one film.
    package var json: JSONValue { PeriodRanking.filmFields.json(self) }
}

// MARK: Fields

extension PeriodRanking {
    package static let filmFields: [Field<PeriodRanking.Film>] = [
        .leaf("rank", .filmRank) { .int(Int64($0.rank)) }, .leaf("movieCode", .filmMovieCode) { .string($0.movieCode) },
        .leaf("title", .title) { .string($0.title) }, .leaf("openDate", .openDate) { JSONValue($0.openDate) },
        .leaf("audience", .filmAudience) { .int(Int64($0.audience)) }, .leaf("sales", .filmSales) { .int($0.sales) },
        .leaf("daysInTop10", .daysInTop10) { .int(Int64($0.daysInTop10)) }, .leaf("bestRank", .bestRank) { .int(Int64($0.bestRank)) },
        .leaf("firstDay", .firstDay) { .string($0.firstDay.iso) }, .leaf("lastDay", .lastDay) { .string($0.lastDay.iso) },
    ]

    package static let fields: [Field<PeriodRanking>] = [
        .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
        .leaf("basis", .basis) { .string($0.deep ? PeriodRanking.deepBasis : PeriodRanking.basis) }, .leaf("provisional", .provisional) { .bool($0.provisional) },
        .optional("deep", .deep) { $0.deep ? .bool(true) : nil },
    ] + Field.part(PeriodCoverage.fields) { $0.coverage } + [
        .member("filter", .optional(RankingScope.shape)) { $0.scope?.json },
        .list("films", .films, filmFields) { $0.films },
    ]
    package static let shape = fields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `films.rank` holds.
    static let filmRank = leaf(.integer, "Place in the period's ranking by admissions, from 1.")
    /// What `films.audience` holds.
    static let filmAudience = leaf(.integer, "Admissions (tickets sold) in the period, counted as 'basis' says.")
    /// What `films.sales` holds.
    static let filmSales = leaf(.integer, "Ticket sales in the period in Korean won (KRW), counted as 'basis' says.")
    /// What `daysInTop10` holds.
    static let daysInTop10 = leaf(.integer, "Days the film was in the daily top 10 within the period (with deep: in the day's deep ranking).")
    /// What `bestRank` holds.
    static let bestRank = leaf(.integer, "Its best place in a daily top 10 within the period (with deep: in a day's deep ranking).")
    /// What `deep` holds.
    static let deep = leaf(.boolean, "Present, and true, when the ranking was made from each day's deep ranking (past the top 10), as basis says.")
    /// What `firstDay` holds.
    static let firstDay = leaf(.string, format: "date", "Its first day in the daily top 10 within the period (YYYY-MM-DD).")
    /// What `lastDay` holds.
    static let lastDay = leaf(.string, format: "date", "Its last day in the daily top 10 within the period (YYYY-MM-DD).")
    /// What `basis` holds.
    static let basis = leaf(.string, "How the period's audience and sales of a film are counted from the daily top 10.")
}
