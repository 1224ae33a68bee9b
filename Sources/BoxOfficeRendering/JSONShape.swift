import BoxOfficeCore

/// The shape of a value's JSON, declared by its type: the keys of each object in order, and what
/// each list holds. The MCP server's output schemas are made from these, with each key's meaning,
/// so a schema describes what a type writes, not what one sample call happened to answer; a test
/// checks every declared shape against the JSON the type writes.
///
/// A struct over arrays rather than an indirect enum: an indirect enum's boxes are reached through
/// tagged pointers, which LeakSanitizer cannot follow from the static shapes, and so reports.
package struct JSONShape: Sendable {
    package enum Kind: Sendable {
        /// One value: a string, a number, true or false, or null.
        case leaf
        /// A list of values of one shape (`item`).
        case list
        /// An object's members, in order.
        case object
        /// A member an object has only sometimes (a filtered ranking's `filter`), of shape `item`.
        case optional
    }

    package let kind: Kind
    /// An object's members.
    package let members: [(String, JSONShape)]
    /// What a list holds, or what an optional member is: one shape, or none.
    private let inner: [JSONShape]

    /// A list's item, or an optional member's shape.
    package var item: JSONShape { inner.first ?? .leaf }

    private init(_ kind: Kind, members: [(String, JSONShape)] = [], inner: [JSONShape] = []) {
        self.kind = kind
        self.members = members
        self.inner = inner
    }

    package static let leaf = JSONShape(.leaf)
    package static func list(_ item: JSONShape) -> JSONShape { JSONShape(.list, inner: [item]) }
    package static func object(_ members: [(String, JSONShape)]) -> JSONShape { JSONShape(.object, members: members) }
    package static func optional(_ shape: JSONShape) -> JSONShape { JSONShape(.optional, inner: [shape]) }

    /// Members that are single values.
    package static func leaves(_ names: String...) -> [(String, JSONShape)] {
        names.map { ($0, .leaf) }
    }

    /// Whether this member may be absent.
    package var isOptional: Bool { kind == .optional }

    /// Whether `value` has this shape: every member it declares (but the optional ones), no
    /// other, each of its shape (a null stands for any shape, a list may be empty). Keys are
    /// compared as sets: a parsed object need not keep its order.
    package func describes(_ value: JSONValue) -> Bool {
        switch (kind, value) {
        case (.optional, _): return item.describes(value)
        case (_, .null), (.leaf, .bool), (.leaf, .int), (.leaf, .double), (.leaf, .string): return true
        case let (.list, .array(values)): return values.allSatisfy(item.describes)
        case let (.object, .object(fields)):
            return Set(fields.map(\.0)).isSubset(of: members.map(\.0))
                && members.allSatisfy { name, shape in
                    guard let field = fields.first(where: { $0.0 == name }) else { return shape.isOptional }
                    return shape.describes(field.1)
                }
        default: return false
        }
    }
}

extension BoxOfficeEntry {
    package static let shape = JSONShape.object(JSONShape.leaves(
        "rank", "rankChange", "isNew", "movieCode", "title", "openDate", "audience", "audienceChange", "audienceTotal",
        "sales", "salesShare", "salesTotal", "screens", "shows") + [("nation", .optional(.leaf)), ("diversity", .optional(.leaf)), ("exact", .optional(.leaf))])
}

extension RankingScope {
    package static let shape = JSONShape.object(JSONShape.leaves("nation", "market", "region", "regionName"))
}

extension DailyBoxOffice {
    package static let shape = JSONShape.object(JSONShape.leaves("date", "provisional")
        + [("filter", .optional(RankingScope.shape)), ("exactThrough", .optional(.leaf)), ("entries", .list(BoxOfficeEntry.shape))])
}

extension DailyBoxOffice {
    /// A day of a range: its ranking, or, in its place, the day and why it was not read.
    package static let rangeShape = JSONShape.object([("date", .leaf), ("provisional", .optional(.leaf)), ("filter", .optional(RankingScope.shape)),
                                                      ("exactThrough", .optional(.leaf)), ("entries", .optional(.list(BoxOfficeEntry.shape))),
                                                      ("notRead", .optional(.leaf)), ("errorCode", .optional(.leaf)), ("errorMessage", .optional(.leaf))])
}

extension WeeklyBoxOffice {
    package static let shape = JSONShape.object(JSONShape.leaves("period", "start", "end", "yearWeek", "provisional")
        + [("filter", .optional(RankingScope.shape)), ("exactThrough", .optional(.leaf)), ("entries", .list(BoxOfficeEntry.shape))])
}

private let names = JSONShape.object(JSONShape.leaves("name", "nameEnglish"))
private let credits = JSONShape.list(.object(JSONShape.leaves("movieCode", "title", "role")))

extension MovieSummary {
    package static let shape = JSONShape.object(
        JSONShape.leaves("movieCode", "title", "titleEnglish", "productionYear", "openDate", "type", "status")
            + [("genres", .list(.leaf)), ("nations", .list(.leaf)), ("directors", .list(names))])
}

extension Movie {
    package static let shape = JSONShape.object(
        JSONShape.leaves("movieCode", "title", "titleEnglish", "titleOriginal", "productionYear", "openDate", "runtimeMinutes", "status", "type")
            + [("nations", .list(.leaf)), ("genres", .list(.leaf)), ("directors", .list(names)),
               ("actors", .list(.object(JSONShape.leaves("name", "nameEnglish", "role", "roleEnglish")))),
               ("audits", .list(.object(JSONShape.leaves("number", "grade")))),
               ("companies", .list(.object(JSONShape.leaves("code", "name", "nameEnglish", "role")))),
               ("showTypes", .list(.object(JSONShape.leaves("group", "name")))),
               ("staffs", .list(.object(JSONShape.leaves("name", "nameEnglish", "role"))))])
}

extension PersonSummary {
    package static let shape = JSONShape.object(JSONShape.leaves("code", "name", "nameEnglish", "role") + [("films", credits)])
}

extension Person {
    package static let shape = JSONShape.object(JSONShape.leaves("code", "name", "nameEnglish", "sex", "role") + [("homepages", .list(.leaf)), ("films", credits)])
}

extension CompanySummary {
    package static let shape = JSONShape.object(JSONShape.leaves("code", "name", "nameEnglish") + [("roles", .list(.leaf))] + JSONShape.leaves("ceo", "filmNames"))
}

extension Company {
    package static let shape = JSONShape.object(JSONShape.leaves("code", "name", "nameEnglish", "ceo") + [("roles", .list(.leaf)), ("films", credits)])
}

extension CodeList {
    /// One code of the table (the table's JSON is the list of them).
    package static let entryShape = JSONShape.object(JSONShape.leaves("code", "name", "nameEnglish"))
}

extension Trend {
    /// By date; aligned by opening, each point adds its `day`.
    package static let shape = JSONShape.object(JSONShape.leaves("from", "to") + PeriodCoverage.shape + [("movies", .list(.object(
        JSONShape.leaves("movieCode", "title") + [("points", .list(.object(JSONShape.leaves("date", "rank", "audience", "audienceTotal") + [("day", .optional(.leaf))]))),
                                         ("milestones", .list(.object(JSONShape.leaves("audience", "date", "day"))))])))])
}

extension PeriodRanking {
    package static let shape = JSONShape.object(JSONShape.leaves("from", "to", "basis", "provisional") + [("deep", .optional(.leaf))]
        + PeriodCoverage.shape + [("filter", .optional(RankingScope.shape)), ("films", .list(.object(
        JSONShape.leaves("rank", "movieCode", "title", "openDate", "audience", "sales", "daysInTop10", "bestRank", "firstDay", "lastDay"))))])
}

extension MonthCalendar {
    /// A day per row; `read` only when some day was not read.
    package static let shape = JSONShape.object([("month", .leaf)] + PeriodCoverage.shape + [("days", .list(.object(
        JSONShape.leaves("date", "published", "movieCode", "title", "audience") + [("read", .optional(.leaf))])))])
}

extension CacheReport {
    package static let shape = JSONShape.object(JSONShape.leaves("folder", "entries", "bytes", "otherItems", "day", "callsToday", "dailyQuota", "quotaSpentAt"))
}
