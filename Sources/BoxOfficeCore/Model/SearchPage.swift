/// One page of a KOBIS list operation: the items, and where they sit among all matches.
public struct SearchPage<Item: Sendable & Equatable>: Sendable, Equatable {
    /// Every match KOBIS counts, on all pages.
    public let total: Int
    /// Which page this is, from 1.
    public let page: Int
    /// Items a page holds at most.
    public let perPage: Int
    /// The items on this page, in KOBIS's order.
    public let items: [Item]
    /// The codes of the items whose details can be shown, when only some can (the demo's
    /// samples hold only some people's and companies' details); nil when every one's can.
    package var detailsAtHand: Set<String>? = nil

    /// A page of results.
    public init(total: Int, page: Int, perPage: Int, items: [Item]) {
        self.total = total
        self.page = page
        self.perPage = perPage
        self.items = items
    }

    /// How many pages the matches fill.
    public var pageCount: Int {
        perPage > 0 ? (total + perPage - 1) / perPage : 1
    }

    /// The most items one KOBIS list call returns that boxoffice asks for.
    package static var largestPage: Int { 100 }

    /// Checks a list's count and length, then converts each row; `list` names the list in messages.
    init<Row>(total: Int?, rows: [Row]?, page: Int, perPage: Int, list: String, convert: (Row, String) throws -> Item?) throws {
        guard let rows else {
            // KOBIS leaves the list out only when nothing matched; a count without rows is a changed shape.
            guard (total ?? 0) == 0 else { throw KOBISError.unreadable(.wrongShape("\(list) is missing")) }
            self.init(total: 0, page: page, perPage: perPage, items: [])
            return
        }
        if let total, total < 0 { throw KOBISError.unreadable(.wrongShape("totCnt is negative (\(total))")) }
        guard rows.count <= max(perPage, Self.largestPage) else {
            throw KOBISError.unreadable(.wrongShape("\(list) has \(NumberFormat.grouped(rows.count)) rows for a page of \(perPage)"))
        }
        let items = try rows.enumerated().compactMap { index, row in try convert(row, "\(list)[\(index)]") }
        // Without a count, the page is all there is to go by.
        self.init(total: max(total ?? 0, items.count), page: page, perPage: perPage, items: items)
    }

    /// Pages joined into one (for `--all`): every item in page order, the total of the first.
    package static func joined(_ pages: [SearchPage]) -> SearchPage? {
        guard let first = pages.first else { return nil }
        return SearchPage(total: first.total, page: 1, perPage: pages.reduce(0) { $0 + $1.items.count },
                          items: pages.flatMap(\.items))
    }
}

/// Splits KOBIS's joined strings (`"액션,드라마"`, `"기생충|옥자"`), dropping blank parts.
func splitList(_ text: String?, separator: Character) -> [String] {
    (text ?? "").split(separator: separator).compactMap { FieldValue.text(String($0)) }
}
