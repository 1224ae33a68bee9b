/// One KOBIS call: an operation, its parameters (never the key), and the type it answers with.
package struct Endpoint<Response: Decodable & Sendable>: Sendable, Hashable {
    package let operation: KOBISOperation
    /// Parameters in a fixed order, so equal requests spell the same URL.
    package let parameters: [Parameter]

    /// One query parameter.
    package struct Parameter: Sendable, Hashable {
        package let name: String
        package let value: String
    }

    init(_ operation: KOBISOperation, _ parameters: [(String, String?)]) {
        self.operation = operation
        self.parameters = parameters.compactMap { name, value in
            value.map { Parameter(name: name, value: $0) }
        }
    }
}

/// The nine operations of the KOBIS REST service.
package enum KOBISOperation: String, CaseIterable, Sendable {
    case dailyBoxOffice = "boxoffice/searchDailyBoxOfficeList"
    case weeklyBoxOffice = "boxoffice/searchWeeklyBoxOfficeList"
    case codeList = "code/searchCodeList"
    case movieList = "movie/searchMovieList"
    case movieInfo = "movie/searchMovieInfo"
    case companyList = "company/searchCompanyList"
    case companyInfo = "company/searchCompanyInfo"
    case peopleList = "people/searchPeopleList"
    case peopleInfo = "people/searchPeopleInfo"

    /// What the operation answers, for messages: "the daily box office".
    package var noun: String {
        switch self {
        case .dailyBoxOffice: "the daily box office"
        case .weeklyBoxOffice: "the weekly box office"
        case .codeList: "the code table"
        case .movieList: "the movie search"
        case .movieInfo: "the movie"
        case .companyList: "the company search"
        case .companyInfo: "the company"
        case .peopleList: "the people search"
        case .peopleInfo: "the person"
        }
    }

    /// The path below the server root, e.g. `kobisopenapi/webservice/rest/movie/searchMovieInfo.json`.
    package var path: String { "kobisopenapi/webservice/rest/\(rawValue).json" }
}

/// Filters shared by the daily and weekly box office.
public struct BoxOfficeFilter: Sendable, Hashable {
    /// Korean or foreign films only; nil for both.
    public var nation: Nation?
    /// Diversity or commercial films only; nil for both.
    public var market: Market?
    /// A region's `fullCd` from the `regions` code table, e.g. `0105001` for Seoul.
    public var regionCode: String?

    /// A filter; every part nil (the default) is no filter.
    public init(nation: Nation? = nil, market: Market? = nil, regionCode: String? = nil) {
        self.nation = nation
        self.market = market
        self.regionCode = regionCode
    }

    /// Korean or foreign films (`repNationCd`).
    public enum Nation: String, Sendable, CaseIterable {
        /// Korean films.
        case korean = "K"
        /// Foreign films.
        case foreign = "F"
    }

    /// Diversity (independent and art) or commercial films (`multiMovieYn`).
    public enum Market: String, Sendable, CaseIterable {
        /// Diversity films: independent and art films.
        case diversity = "Y"
        /// Commercial films.
        case commercial = "N"
    }

    var parameters: [(String, String?)] {
        [("multiMovieYn", market?.rawValue), ("repNationCd", nation?.rawValue), ("wideAreaCd", regionCode)]
    }
}

/// Which days of a week the weekly box office adds up (`weekGb`).
public enum WeekPeriod: String, Sendable, CaseIterable {
    /// Monday to Sunday.
    case week
    /// Friday to Sunday; KOBIS's default.
    case weekend
    /// Monday to Thursday.
    case weekdays

    package var code: String {
        switch self {
        case .week: "0"
        case .weekend: "1"
        case .weekdays: "2"
        }
    }
}

/// A KOBIS code table (`comCode`): the four that KOBIS documents, by name, or any other parent code.
public enum CodeTable: Sendable, Hashable {
    /// The regions (`0105000000`), which `BoxOfficeFilter.regionCode` takes.
    case regions
    /// The nations (`2204`).
    case nations
    /// The kinds of film (`2201`): feature, short, ….
    case movieTypes
    /// The parts a company plays in a film (`2601`): production, distribution, ….
    case companyParts
    /// Any other parent code, for tables KOBIS does not document.
    case other(String)

    /// The documented tables, in the order `boxoffice codes` lists them.
    public static let named: [CodeTable] = [.regions, .nations, .movieTypes, .companyParts]

    /// The `comCode` KOBIS lists the table under.
    public var comCode: String {
        switch self {
        case .regions: "0105000000"
        case .nations: "2204"
        case .movieTypes: "2201"
        case .companyParts: "2601"
        case let .other(code): code
        }
    }

    /// The name `boxoffice codes` accepts.
    public var name: String {
        switch self {
        case .regions: "regions"
        case .nations: "nations"
        case .movieTypes: "types"
        case .companyParts: "parts"
        case let .other(code): code
        }
    }

    /// What the table holds and which filter uses it.
    package var summary: String {
        switch self {
        case .regions: "wide-area regions (광역지역)"
        case .nations: "nations (국적)"
        case .movieTypes: "movie types (영화유형)"
        case .companyParts: "company categories (영화사 분류)"
        case let .other(code): "the table under comCode \(code)"
        }
    }
}

/// What a movie search looks for; every part is optional.
public struct MovieQuery: Sendable, Hashable {
    /// Words of the title; nil for any.
    public var title: String?
    /// Words of a director's name; nil for any.
    public var director: String?
    /// The first year of opening to include; nil for no limit.
    public var openedFrom: Int?
    /// The last year of opening to include; nil for no limit.
    public var openedThrough: Int?
    /// The page wanted, from 1.
    public var page: Int = 1
    /// Movies on a page, at most 100.
    public var perPage: Int = 10

    /// A query; nil parts match anything.
    public init(title: String? = nil, director: String? = nil, openedFrom: Int? = nil,
                openedThrough: Int? = nil, page: Int = 1, perPage: Int = 10) {
        self.title = title
        self.director = director
        self.openedFrom = openedFrom
        self.openedThrough = openedThrough
        self.page = page
        self.perPage = perPage
    }
}

package extension Endpoint where Response == DailyBoxOfficeResponse {
    /// The top ten of one day.
    static func dailyBoxOffice(on day: Day, filter: BoxOfficeFilter = .init()) -> Self {
        Self(.dailyBoxOffice, [("targetDt", day.compact)] + filter.parameters)
    }
}

package extension Endpoint where Response == WeeklyBoxOfficeResponse {
    /// The top ten of the week (or its weekend or weekdays) that holds `day`.
    static func weeklyBoxOffice(containing day: Day, period: WeekPeriod, filter: BoxOfficeFilter = .init()) -> Self {
        Self(.weeklyBoxOffice, [("targetDt", day.compact), ("weekGb", period.code)] + filter.parameters)
    }
}

package extension Endpoint where Response == CodeListResponse {
    /// The entries of one code table.
    static func codeList(_ table: CodeTable) -> Self {
        Self(.codeList, [("comCode", table.comCode)])
    }
}

package extension Endpoint where Response == MovieListResponse {
    /// Movies matching a query.
    static func movieList(_ query: MovieQuery) -> Self {
        Self(.movieList, [
            ("curPage", String(query.page)), ("itemPerPage", String(query.perPage)),
            ("movieNm", query.title), ("directorNm", query.director),
            ("openStartDt", query.openedFrom.map(String.init)), ("openEndDt", query.openedThrough.map(String.init)),
        ])
    }
}

package extension Endpoint where Response == MovieInfoResponse {
    /// One movie's details.
    static func movieInfo(code: String) -> Self {
        Self(.movieInfo, [("movieCd", code)])
    }
}

package extension Endpoint where Response == CompanyListResponse {
    /// Companies matching a name or a CEO's name.
    static func companyList(name: String? = nil, ceo: String? = nil, page: Int = 1, perPage: Int = 10) -> Self {
        Self(.companyList, [
            ("curPage", String(page)), ("itemPerPage", String(perPage)), ("companyNm", name), ("ceoNm", ceo),
        ])
    }
}

package extension Endpoint where Response == CompanyInfoResponse {
    /// One company's details.
    static func companyInfo(code: String) -> Self {
        Self(.companyInfo, [("companyCd", code)])
    }
}

package extension Endpoint where Response == PeopleListResponse {
    /// People matching a name, or a title in their filmography.
    static func peopleList(name: String? = nil, filmography: String? = nil, page: Int = 1, perPage: Int = 10) -> Self {
        Self(.peopleList, [
            ("curPage", String(page)), ("itemPerPage", String(perPage)), ("peopleNm", name), ("filmoNames", filmography),
        ])
    }
}

package extension Endpoint where Response == PeopleInfoResponse {
    /// One person's details and filmography.
    static func peopleInfo(code: String) -> Self {
        Self(.peopleInfo, [("peopleCd", code)])
    }
}

extension Endpoint {
    /// `operation?name=value&…` without the key, values percent-encoded: what identifies an answer.
    package var requestKey: String {
        operation.requestKey(parameters.map { ($0.name, $0.value) })
    }

    /// The request for messages: `the daily box office (targetDt=20230327)`.
    package var summary: String {
        operation.summary(parameters.map { ($0.name, $0.value) })
    }

    /// What the request is about, in a message: `for 2025-11-10` for a day's (or a week's)
    /// ranking, `for the movie (movieCd=20124079)` otherwise (the summary names it).
    package var subject: String {
        if let date = parameters.first(where: { $0.name == "targetDt" })?.value {
            return "for " + (Day(date)?.iso ?? date)
        }
        return "for " + summary
    }
}

extension KOBISOperation {
    /// See `Endpoint.summary`.
    package func summary(_ parameters: [(name: String, value: String)]) -> String {
        noun + " (" + parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + ")"
    }

    /// See `Endpoint.requestKey`; values are encoded so that `&` or `=` inside one cannot mimic another parameter.
    package func requestKey(_ parameters: [(name: String, value: String)]) -> String {
        rawValue + "?" + parameters.map { "\($0.name)=\(Self.percentEncoded($0.value))" }.joined(separator: "&")
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// Percent-encodes everything but RFC 3986's unreserved characters (so `+`, `&` and Hangul are safe).
    package static func percentEncoded(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += cFormat("%%%02X", byte)
            }
        }
        return encoded
    }
}
