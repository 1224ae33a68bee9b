import BoxOfficeCore

/// The filters `daily` and `weekly` share: nation, diversity or commercial films, region.
package struct RankingFilterOptions: Equatable, Sendable {
    /// Only Korean or only foreign films; nil for both.
    package var nation: BoxOfficeFilter.Nation?
    /// Only diversity or only commercial films; nil for both.
    package var market: BoxOfficeFilter.Market?
    /// What the user typed for `--region`: a code, or a name resolved through the code table at run time.
    package var region: String?
    /// `--deep`: past the top 10, from the four filtered lists (those the filters keep).
    package var deep = false

    /// The same filters, whichever face gave them.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.nation, lhs.market, lhs.region, lhs.deep) == (rhs.nation, rhs.market, rhs.region, rhs.deep)
    }

    package static let nation = Parameter("nation", value: "korean|foreign", help: "only Korean or only foreign films", kind: .choice(["korean", "foreign"]))
    package static let multi = Parameter("multi", help: "only diversity films (independent and art, 다양성영화)", kind: .flag)
    package static let commercial = Parameter("commercial", help: "only commercial films (상업영화)", kind: .flag)
    /// A tool's one argument for `multi` and `commercial`: `market: "diversity"` or `"commercial"`.
    package static let market = Parameter("market", value: "diversity|commercial", help: "only diversity or only commercial films",
                                          kind: .choice(["diversity", "commercial"]))
    package static let region = Parameter("region", value: "NAME|CODE", help: "only one region: 서울시, 서울, seoul or 0105001 ('boxoffice codes regions' lists them)",
                                  kind: .text, completion: .region)
    package static let deep = Parameter("deep", help: "past the top 10: KOBIS's four filtered lists (Korean or foreign × diversity or commercial) merged, up to 40 films, exact as far as they prove; 4 calls a day, 2 with --nation, --multi or --commercial",
                                kind: .flag)
    package static let specs = [nation, multi, commercial, region, deep].map(\.option)

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        if let text = arguments.string(Self.nation) {
            switch text.trimmingBlanks().lowercased() {
            case "korean", "k", "한국": nation = .korean
            case "foreign", "f", "외국": nation = .foreign
            default:
                let hint = Suggestion.hint(text.lowercased(), among: ["korean", "foreign"])
                throw UsageError(message: "\(arguments.named(Self.nation)) \(UsageError.quote(text)) is not one of: korean, foreign\(hint)", command: arguments.name)
            }
        }
        if arguments.has(Self.multi), arguments.has(Self.commercial) {
            throw UsageError(message: "\(arguments.named(Self.multi)) and \(arguments.named(Self.commercial)) cannot be used together (a film is one or the other); leave both out for all films", command: arguments.name)
        }
        market = arguments.has(Self.multi) ? .diversity : arguments.has(Self.commercial) ? .commercial : nil
        if let text = arguments.string(Self.market) {
            switch text {
            case "diversity": market = .diversity
            case "commercial": market = .commercial
            default: throw UsageError(message: "'\(arguments.named(Self.market))' is 'diversity' or 'commercial', not '\(text)'", command: arguments.name)
            }
        }
        if let text = arguments.string(Self.region) {
            let trimmed = text.composed.trimmingBlanks()
            guard !trimmed.isEmpty else {
                throw UsageError(message: "\(arguments.named(Self.region)) needs a region name or code, e.g. \(arguments.named(Self.region)) 서울", command: arguments.name)
            }
            region = trimmed
        }
        deep = arguments.has(Self.deep)
        if deep, arguments.has(Parameter.raw) {
            throw UsageError(message: "\(arguments.named(Self.deep)) merges several KOBIS answers, so there is no single raw answer to print; drop \(arguments.named(Parameter.raw)) or \(arguments.named(Self.deep))",
                             command: arguments.name)
        }
    }

    /// The filter KOBIS is sent, but the region: that is the request's `region`, a name or a code
    /// the engine looks up.
    package var filter: BoxOfficeFilter { BoxOfficeFilter(nation: nation, market: market) }
}

package extension RankingFilterOptions {
    /// The filter KOBIS is sent for `filter` and `region` (a name looked up in the region table
    /// through `client`), and the scope a ranking names; `log` is told what the region was found
    /// to be (`region 서울 is 서울시 (0105001)`), for a face that shows its lookups.
    nonisolated(nonsending) static func resolve(_ filter: BoxOfficeFilter, region: String?, with client: BoxOfficeClient,
                                                log: (@Sendable (String) -> Void)?) async throws -> (BoxOfficeFilter, RankingScope?) {
        let resolved = try await client.scope(filter: filter, region: region)
        if let region, let name = resolved.1?.regionName, let code = resolved.0.regionCode { log?("region \(region) is \(name) (\(code))") }
        return resolved
    }
}
