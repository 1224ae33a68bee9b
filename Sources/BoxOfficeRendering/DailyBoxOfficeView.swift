import BoxOfficeCore
extension BoxOfficeEntry {
    /// The keys of `json`, as its shape declares them.
    package static let fieldNames = shape.keys
    /// The keys a deep ranking's entries add: what its lists reveal of each film, and whether its
    /// rank is certain (so that a flat row, CSV or JSON Lines, says it too): the shape's optional ones.
    package static let deepFieldNames = shape.members.filter { $0.1.isOptional }.map(\.0)
    /// The deep columns a ranking's table shows (its rule says how far it is exact).
    static let deepTableFields = ["nation", "diversity"]

    /// The contract's JSON object for one ranked film of a ranking exact through rank
    /// `exactThrough` (a deep one: with `nation`, `diversity` and `exact`).
    package func json(exactThrough: Int?) -> JSONValue {
        Self.fields.json(Within(self, exactThrough))
    }

    /// The contract's JSON object for one ranked film (with `nation` and `diversity` in a deep ranking).
    package var json: JSONValue { json(exactThrough: nil) }

    /// Rank movement as shown in tables: `▲2` (up, red), `▼1` (down, blue), `-`, or `NEW`.
    var movement: TextTable.Cell {
        if isNew { return TextTable.Cell("NEW", color: .green) }
        switch rankChange {
        case let change? where change > 0: return TextTable.Cell("▲\(change)", color: .red)
        case let change? where change < 0: return TextTable.Cell("▼\(change.magnitude)", color: .blue)
        default: return TextTable.Cell("-")
        }
    }

    /// A ranking: the heading (with the filter and, when KOBIS may still revise the figures, a
    /// mark saying so), then the table, or a sentence when the ranking is empty. `fields`
    /// (`--fields`) chooses the columns, `extra` gives those that are not an entry's own (`date`).
    /// A deep ranking (`exactThrough` set) draws a rule under its last exact rank and says under
    /// the table how far it is exact.
    static func ranking(heading: String, scope: RankingScope?, entries: [BoxOfficeEntry], provisional: Bool, empty: Label,
                        exactThrough: Int? = nil, fields: [String]? = nil, extra: [String: String] = [:], _ options: RenderOptions) -> String {
        var document = Document([.heading(heading + (scope.map { " · " + $0.heading(options) } ?? "")
                                          + (exactThrough == nil ? "" : " · " + options.label(Label("deep: past the top 10", "심층: 상위 10위 너머"))))])
        if provisional {
            document.append(.notes([options.label(Label("provisional: KOBIS may still revise these figures", "잠정치: 영진위가 아직 수정할 수 있는 수치입니다"))], wrap: nil))
        }
        guard !entries.isEmpty else {
            document.blocks += [.blank, .text(options.label(empty))]
            return document.rendered(options)
        }
        let deep = exactThrough != nil && fields == nil
        let table = table(entries, fields: fields ?? (deep ? (options.wide ? wideTableFields : tableFields) + deepTableFields : nil), extra: extra,
                          exactThrough: exactThrough, options)
        document.blocks += [.blank, .table(table, ruleAfter: exactThrough.flatMap { $0 < entries.count ? $0 : nil })]
        if let exact = exactThrough {
            let note = exact < entries.count
                ? Label("exact through rank \(exact); below it a film may be missing", "\(exact)위까지 정확합니다. 그 아래에는 빠진 영화가 있을 수 있습니다")
                : Label("exact through rank \(exact): the lists hide no film above it", "\(exact)위까지 정확합니다. 그 위로 빠진 영화는 없습니다")
            document.append(.notes([options.label(note)], wrap: options.width))
        }
        return document.rendered(options)
    }

    /// The columns of a ranking table without `--fields`.
    static let tableFields = ["rank", "rankChange", "movieCode", "title", "audience", "audienceTotal", "salesShare"]
    /// With `--wide`: every default column and the audience change, sales, screens and shows.
    static let wideTableFields = ["rank", "rankChange", "movieCode", "title", "audience", "audienceChange", "audienceTotal", "sales",
                                  "salesShare", "screens", "shows"]

    /// The compact layout (rank, change, code, title, audience, total, share), with `--wide` also
    /// the audience change, sales, screens and shows, or the columns `fields` names. On a narrow
    /// terminal the wide columns go first (so `--wide` never shows less than the default), then
    /// the share, the change, the total and the code; a line under the table says how many went.
    static func table(_ entries: [BoxOfficeEntry], fields: [String]? = nil, extra: [String: String] = [:], exactThrough: Int? = nil,
                      _ options: RenderOptions) -> TextTable {
        let chosen = fields ?? (options.wide ? wideTableFields : tableFields)
        let titles = ["date": Label("Date", "날짜"), "period": Label("Period", "기간"), "start": Label("Start", "시작"), "end": Label("End", "끝"),
                      "filter": Label("Filter", "필터")]
        // One unit for a column of audiences: 만 only when every one of them reads in it.
        let units = (audience: NumberFormat.inUnits(entries.map(\.audience), korean: options.audiencesInUnits),
                     total: NumberFormat.inUnits(entries.map(\.audienceTotal), korean: options.audiencesInUnits))
        let columns = chosen.map { field in
            column(field, options, exactThrough: exactThrough, units: units)
                ?? (TextTable.Column(title: titles[field] ?? .verbatim(field), dropOrder: 7), { _ in .init(extra[field] ?? "") })
        }
        return TextTable(columns: columns.map(\.0), rows: entries.map { entry in columns.map { $0.1(entry) } })
    }

    /// How a ranking table shows the entry's field `field`: its heading, the order in which it
    /// goes on a narrow terminal (lowest first; nil: never), and the cell of an entry.
    private static func column(_ field: String, _ options: RenderOptions, exactThrough: Int?,
                               units: (audience: Bool, total: Bool)) -> (TextTable.Column, (BoxOfficeEntry) -> TextTable.Cell)? {
        switch field {
        case "rank": (.init(title: Label("Rank", "순위"), alignRight: true), { .init(String($0.rank)) })
        case "rankChange": (.init(title: Label("Change", "변동"), dropOrder: 11, shortTitle: Label("±", "±")), { $0.movement })
        case "isNew": (.init(title: Label("New", "신규"), dropOrder: 6), { .init($0.isNew ? "NEW" : "", color: .green) })
        case "movieCode": (.init(title: Label("Code", "코드"), dropOrder: 19), { .init($0.movieCode) })
        case "title": (.init(title: Label("Title", "영화명"), flexible: true), { .init($0.title) })
        case "openDate": (.init(title: Label("Opened", "개봉일"), dropOrder: 6), { .init($0.openDate?.iso ?? "–") })
        case "audience": (.init(title: Label("Audience", "관객수"), alignRight: true), { .init(NumberFormat.audience($0.audience, korean: units.audience)) })
        case "audienceChange": (.init(title: Label("Audience change", "관객증감"), alignRight: true, dropOrder: 3, shortTitle: Label("±Audience", "±관객")), { .init(NumberFormat.signed($0.audienceChange)) })
        case "audienceTotal": (.init(title: Label("Total audience", "누적관객수"), alignRight: true, dropOrder: 18, shortTitle: Label("Total", "누적")), { .init(NumberFormat.audience($0.audienceTotal, korean: units.total)) })
        case "sales": (.init(title: Label("Sales", "매출액"), alignRight: true, dropOrder: 5), { .init(NumberFormat.grouped($0.sales)) })
        case "salesShare": (.init(title: options.wide ? Label("Share", "점유율") : Label("Sales share", "매출점유율"), alignRight: true, dropOrder: 10, shortTitle: Label("Share", "점유율")), { .init(NumberFormat.percent($0.salesShare)) })
        case "salesTotal": (.init(title: Label("Total sales", "누적매출액"), alignRight: true, dropOrder: 6, shortTitle: Label("Σ Sales", "누적매출")), { .init(NumberFormat.grouped($0.salesTotal)) })
        case "screens": (.init(title: Label("Screens", "스크린수"), alignRight: true, dropOrder: 4), { .init(NumberFormat.grouped($0.screens)) })
        case "shows": (.init(title: Label("Shows", "상영횟수"), alignRight: true, dropOrder: 4), { .init(NumberFormat.grouped($0.shows)) })
        case "nation": (.init(title: Label("Nation", "국적"), dropOrder: 2), { .init($0.nation.map { $0 == .korean ? "Korean" : "Foreign" } ?? "–") })
        case "diversity": (.init(title: Label("Diversity", "다양성"), dropOrder: 1, shortTitle: Label("Div.", "다양성")), { .init($0.market.map { $0 == .diversity ? "yes" : "no" } ?? "–") })
        case "exact": (.init(title: Label("Exact", "정확"), dropOrder: 1), { entry in .init(exactThrough.map { entry.rank <= $0 ? "yes" : "no" } ?? "–") })
        default: nil
        }
    }
}

// MARK: Fields

extension BoxOfficeEntry {
    /// One ranked film, within a ranking exact through a rank (a deep one) or not.
    package static let fields: [Field<Within<BoxOfficeEntry, Int?>>] = [
        .leaf("rank", .rank) { .int(Int64($0.item.rank)) }, .leaf("rankChange", .rankChange) { JSONValue($0.item.rankChange) },
        .leaf("isNew", .isNew) { .bool($0.item.isNew) }, .leaf("movieCode", .movieCode) { .string($0.item.movieCode) },
        .leaf("title", .title) { .string($0.item.title) }, .leaf("openDate", .openDate) { JSONValue($0.item.openDate) },
        .leaf("audience", .audience) { JSONValue($0.item.audience) }, .leaf("audienceChange", .audienceChange) { JSONValue($0.item.audienceChange) },
        .leaf("audienceTotal", .audienceTotal) { JSONValue($0.item.audienceTotal) }, .leaf("sales", .sales) { JSONValue($0.item.sales) },
        .leaf("salesShare", .salesShare) { JSONValue($0.item.salesShare) }, .leaf("salesTotal", .salesTotal) { JSONValue($0.item.salesTotal) },
        .leaf("screens", .screens) { JSONValue($0.item.screens) }, .leaf("shows", .shows) { JSONValue($0.item.shows) },
        // What a deep ranking's lists reveal of each film, and whether its rank is certain.
        .optional("nation", .entryNation) { $0.item.nation.map { .string($0.word) } },
        .optional("diversity", .entryDiversity) { $0.item.market.map { .bool($0 == .diversity) } },
        .optional("exact", .entryExact) { entry in entry.context.map { .bool(entry.item.rank <= $0) } },
    ]
    package static let shape = fields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `rankChange` holds.
    static let rankChange = leaf(.integer, nullable: true, "Places gained (positive) or lost (negative) since the day or week before.")
    /// What `isNew` holds.
    static let isNew = leaf(.boolean, "Whether the film entered the ranking in this period.")
    /// What `audience` holds.
    static let audience = leaf(.integer, nullable: true, "Admissions (tickets sold) in the day or period.")
    /// What `audienceChange` holds.
    static let audienceChange = leaf(.integer, nullable: true, "Admissions compared with the day or week before (difference, may be negative).")
    /// What `audienceTotal` holds.
    static let audienceTotal = leaf(.integer, nullable: true, "Admissions since the film opened (cumulative).")
    /// What `sales` holds.
    static let sales = leaf(.integer, nullable: true, "Ticket sales in Korean won (KRW) in the day or period.")
    /// What `salesShare` holds.
    static let salesShare = leaf(.number, nullable: true, "Share of all ticket sales in the day or period, in percent (0-100).")
    /// What `salesTotal` holds.
    static let salesTotal = leaf(.integer, nullable: true, "Ticket sales since the film opened, in Korean won (KRW).")
    /// What `screens` holds.
    static let screens = leaf(.integer, nullable: true, "Screens that showed the film.")
    /// What `shows` holds.
    static let shows = leaf(.integer, nullable: true, "Showings (screenings) of the film.")
    /// What `entries.nation` holds.
    static let entryNation = leaf(.string, choices: ["korean", "foreign"], "With deep: whether the film is Korean or foreign (from the list it came from).")
    /// What `entries.diversity` holds.
    static let entryDiversity = leaf(.boolean, "With deep: whether the film is a diversity (independent/art) film rather than a commercial one.")
    /// What `entries.exact` holds.
    static let entryExact = leaf(.boolean, "With deep: whether the film's rank is certain (it is at or above exactThrough); below it a film may be missing from the lists.")
}
