import BoxOfficeCore

/// The shape of a value's JSON, declared by its type once: the keys of each object in order,
/// what each list holds, and what each key means (`Meaning`: its type, blankness and meaning).
/// `--fields` takes the keys from it, and the MCP server's output schemas are made from it, so a
/// schema describes what a type writes, not what one sample call happened to answer; a test
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
    /// What the key holding this value means; nil for a list's items and a whole answer.
    package let meaning: Meaning?

    /// A list's item, or an optional member's shape.
    package var item: JSONShape { inner.first ?? JSONShape(.leaf) }

    private init(_ kind: Kind, members: [(String, JSONShape)] = [], inner: [JSONShape] = [], meaning: Meaning? = nil) {
        self.kind = kind
        self.members = members
        self.inner = inner
        self.meaning = meaning
    }

    /// One value, meaning `meaning`.
    package static func leaf(_ meaning: Meaning) -> JSONShape { JSONShape(.leaf, meaning: meaning) }
    /// A list of `item`s, meaning `meaning`.
    package static func list(_ item: JSONShape, _ meaning: Meaning? = nil) -> JSONShape { JSONShape(.list, inner: [item], meaning: meaning) }
    /// An object of `members`; `meaning` says what it is under its key (a ranking's `filter`).
    package static func object(_ members: [(String, JSONShape)], _ meaning: Meaning? = nil) -> JSONShape {
        JSONShape(.object, members: members, meaning: meaning)
    }
    /// A member an object has only sometimes.
    package static func optional(_ shape: JSONShape) -> JSONShape { JSONShape(.optional, inner: [shape]) }

    /// The same shape, meaning `meaning` under its key.
    package func meaning(_ meaning: Meaning) -> JSONShape { JSONShape(kind, members: members, inner: inner, meaning: meaning) }

    /// The keys of an object, in order: what `--fields` takes.
    package var keys: [String] { members.map(\.0) }

    /// The shape of an object's member `key` (an optional one's own shape), if it has one.
    package func member(_ key: String) -> JSONShape? {
        guard let shape = members.first(where: { $0.0 == key })?.1 else { return nil }
        return shape.isOptional ? shape.item : shape
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

/// Members that are single values, each meaning what its name says in ``Meaning``.
private func leaves(_ members: (String, Meaning)...) -> [(String, JSONShape)] {
    members.map { ($0.0, .leaf($0.1)) }
}

extension BoxOfficeEntry {
    package static let shape = JSONShape.object(leaves(
        ("rank", .rank), ("rankChange", .rankChange), ("isNew", .isNew), ("movieCode", .movieCode), ("title", .title), ("openDate", .openDate),
        ("audience", .audience), ("audienceChange", .audienceChange), ("audienceTotal", .audienceTotal), ("sales", .sales),
        ("salesShare", .salesShare), ("salesTotal", .salesTotal), ("screens", .screens), ("shows", .shows))
        + [("nation", .optional(.leaf(.entryNation))), ("diversity", .optional(.leaf(.entryDiversity))), ("exact", .optional(.leaf(.entryExact)))])
}

extension RankingScope {
    package static let shape = JSONShape.object(leaves(("nation", .filterNation), ("market", .filterMarket), ("region", .filterRegion),
                                                       ("regionName", .filterRegionName)), .filter)
}

extension DailyBoxOffice {
    package static let shape = JSONShape.object(leaves(("date", .date), ("provisional", .provisional))
        + [("filter", .optional(RankingScope.shape)), ("exactThrough", .optional(.leaf(.exactThrough))), ("entries", .list(BoxOfficeEntry.shape, .entries))])
}

extension DailyBoxOffice {
    /// A day of a range: its ranking, or, in its place, the day and why it was not read.
    package static let rangeShape = JSONShape.object([("date", .leaf(.date)), ("provisional", .optional(.leaf(.provisional))), ("filter", .optional(RankingScope.shape)),
                                                      ("exactThrough", .optional(.leaf(.exactThrough))), ("entries", .optional(.list(BoxOfficeEntry.shape, .entries))),
                                                      ("notRead", .optional(.leaf(.dayNotRead))), ("errorCode", .optional(.leaf(.dayErrorCode))),
                                                      ("errorMessage", .optional(.leaf(.dayErrorMessage)))])
}

extension WeeklyBoxOffice {
    package static let shape = JSONShape.object(leaves(("period", .period), ("start", .start), ("end", .end), ("yearWeek", .yearWeek), ("provisional", .provisional))
        + [("filter", .optional(RankingScope.shape)), ("exactThrough", .optional(.leaf(.exactThrough))), ("entries", .list(BoxOfficeEntry.shape, .entries))])
}

private let names = JSONShape.object(leaves(("name", .name), ("nameEnglish", .nameEnglish)))
private let credits = JSONShape.list(.object(leaves(("movieCode", .filmMovieCode), ("title", .title), ("role", .role))), .films)

extension MovieSummary {
    package static let shape = JSONShape.object(
        leaves(("movieCode", .movieCode), ("title", .title), ("titleEnglish", .titleEnglish), ("productionYear", .productionYear),
               ("openDate", .openDate), ("type", .type), ("status", .status))
            + [("genres", .list(.leaf(.genres), .genres)), ("nations", .list(.leaf(.nations), .nations)), ("directors", .list(names, .directors))])
}

extension Movie {
    package static let shape = JSONShape.object(
        leaves(("movieCode", .movieCode), ("title", .title), ("titleEnglish", .titleEnglish), ("titleOriginal", .titleOriginal),
               ("productionYear", .productionYear), ("openDate", .openDate), ("runtimeMinutes", .runtimeMinutes), ("status", .status), ("type", .type))
            + [("nations", .list(.leaf(.nations), .nations)), ("genres", .list(.leaf(.genres), .genres)), ("directors", .list(names, .directors)),
               ("actors", .list(.object(leaves(("name", .name), ("nameEnglish", .nameEnglish), ("role", .role), ("roleEnglish", .roleEnglish))), .actors)),
               ("audits", .list(.object(leaves(("number", .auditNumber), ("grade", .auditGrade))), .audits)),
               ("companies", .list(.object(leaves(("code", .companyCodeOrNull), ("name", .name), ("nameEnglish", .nameEnglish), ("role", .role))), .companies)),
               ("showTypes", .list(.object(leaves(("group", .showTypeGroup), ("name", .showTypeName))), .showTypes)),
               ("staffs", .list(.object(leaves(("name", .name), ("nameEnglish", .nameEnglish), ("role", .role))), .staffs))])
}

extension PersonSummary {
    package static let shape = JSONShape.object(leaves(("code", .code), ("name", .name), ("nameEnglish", .nameEnglish), ("role", .role)) + [("films", credits)])
}

extension Person {
    package static let shape = JSONShape.object(leaves(("code", .code), ("name", .name), ("nameEnglish", .nameEnglish), ("sex", .sex), ("role", .role))
        + [("homepages", .list(.leaf(.homepages), .homepages)), ("films", credits)])
}

extension CompanySummary {
    package static let shape = JSONShape.object(leaves(("code", .companyCodeOrNull), ("name", .name), ("nameEnglish", .nameEnglish)) + [("roles", .list(.leaf(.roles), .roles))]
        + leaves(("ceo", .ceo), ("filmNames", .filmNames)))
}

extension Company {
    package static let shape = JSONShape.object(leaves(("code", .code), ("name", .name), ("nameEnglish", .nameEnglish), ("ceo", .ceo))
        + [("roles", .list(.leaf(.roles), .roles)), ("films", credits)])
}

extension CodeList {
    /// One code of the table (the table's JSON is the list of them).
    package static let entryShape = JSONShape.object(leaves(("code", .code), ("name", .name), ("nameEnglish", .nameEnglish)))
}

extension Trend {
    /// By date; aligned by opening, each point adds its `day`.
    package static let shape = JSONShape.object(leaves(("from", .from), ("to", .to)) + PeriodCoverage.shape + [("movies", .list(.object(
        leaves(("movieCode", .movieCode), ("title", .title))
            + [("points", .list(.object(leaves(("date", .date), ("rank", .pointRank), ("audience", .pointAudience), ("audienceTotal", .pointAudienceTotal))
                                        + [("day", .optional(.leaf(.pointDay)))]), .points)),
               ("milestones", .list(.object(leaves(("audience", .milestoneAudience), ("date", .date), ("day", .milestoneDay))), .milestones))]), .movies))])
}

extension PeriodRanking {
    package static let shape = JSONShape.object(leaves(("from", .from), ("to", .to), ("basis", .basis), ("provisional", .provisional)) + [("deep", .optional(.leaf(.deep)))]
        + PeriodCoverage.shape + [("filter", .optional(RankingScope.shape)), ("films", .list(.object(
        leaves(("rank", .filmRank), ("movieCode", .filmMovieCode), ("title", .title), ("openDate", .openDate), ("audience", .filmAudience), ("sales", .filmSales),
               ("daysInTop10", .daysInTop10), ("bestRank", .bestRank), ("firstDay", .firstDay), ("lastDay", .lastDay))), .films))])
}

extension MonthCalendar {
    /// A day per row; `read` only when some day was not read.
    package static let shape = JSONShape.object([("month", .leaf(.month))] + PeriodCoverage.shape + [("days", .list(.object(
        leaves(("date", .date), ("published", .dayPublished), ("movieCode", .dayMovieCode), ("title", .dayTitle), ("audience", .dayAudience))
            + [("read", .optional(.leaf(.dayRead)))]), .days))])
}

extension CacheReport {
    package static let shape = JSONShape.object(leaves(("folder", .folder), ("entries", .cacheEntries), ("bytes", .bytes), ("otherItems", .otherItems), ("day", .day),
                                                       ("callsToday", .callsToday), ("dailyQuota", .dailyQuota), ("quotaSpentAt", .quotaSpentAt)))
}
