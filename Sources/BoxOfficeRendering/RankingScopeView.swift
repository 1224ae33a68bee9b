import BoxOfficeCore
extension RankingScope {
    /// `{nation, market, region, regionName}`, each null when not filtered on.
    package var json: JSONValue { Self.fields.json(self) }

    /// The filter in one cell of a flat format: `nation=korean;region=0105001`.
    package var text: String {
        guard case let .object(members) = json else { return "" }
        return members.filter { $0.0 != "regionName" && $0.1 != .null }.map { "\($0.0)=\($0.1.flatText)" }.joined(separator: ";")
    }

    /// `Korean films · 서울시`, for headings.
    func heading(_ options: RenderOptions) -> String {
        var parts: [String] = []
        if let nation = filter.nation { parts.append(options.label(nation == .korean ? Label("Korean films", "한국영화") : Label("foreign films", "외국영화"))) }
        if let market = filter.market { parts.append(options.label(market == .diversity ? Label("diversity films", "다양성영화") : Label("commercial films", "상업영화"))) }
        if let region = regionName ?? filter.regionCode { parts.append(region) }
        return parts.joined(separator: " · ")
    }
}

extension BoxOfficeFilter.Nation {
    /// How JSON names it, in a filter and in a deep ranking's entries: `korean` or `foreign`.
    package var word: String { self == .korean ? "korean" : "foreign" }
}

// MARK: Fields

extension RankingScope {
    package static let fields: [Field<RankingScope>] = [
        .leaf("nation", .filterNation) { JSONValue($0.filter.nation?.word) },
        .leaf("market", .filterMarket) { JSONValue($0.filter.market.map { $0 == .diversity ? "diversity" : "commercial" }) },
        .leaf("region", .filterRegion) { JSONValue($0.filter.regionCode) }, .leaf("regionName", .filterRegionName) { JSONValue($0.regionName) },
    ]
    package static let shape = fields.shape(.filter)
}

// MARK: Meanings

package extension Meaning {
    /// What `filter` holds.
    static let filter = leaf(.string, "Which films the ranking covers, when it is filtered; absent for all films (an object).")
    /// What `filter.nation` holds.
    static let filterNation = leaf(.string, nullable: true, choices: ["korean", "foreign"], "Only Korean or only foreign films; null for both.")
    /// What `filter.market` holds.
    static let filterMarket = leaf(.string, nullable: true, choices: ["diversity", "commercial"], "Only diversity (independent and art) or only commercial films; null for both.")
    /// What `filter.region` holds.
    static let filterRegion = leaf(.string, nullable: true, "The region's KOBIS code (wideAreaCd); null for all of Korea.")
    /// What `filter.regionName` holds.
    static let filterRegionName = leaf(.string, nullable: true, "The region's name in KOBIS's table, when known.")
}
