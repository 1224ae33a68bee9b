/// `boxoffice/searchDailyBoxOfficeList`, exactly as KOBIS sends it.
public struct DailyBoxOfficeResponse: Decodable, Sendable {
    public var boxOfficeResult: Result

    public struct Result: Decodable, Sendable {
        public var boxofficeType: String?
        public var showRange: String?
        public var dailyBoxOfficeList: [BoxOfficeRowDTO]?

        private enum CodingKeys: String, CodingKey { case boxofficeType, showRange, dailyBoxOfficeList }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            boxofficeType = try container.decodeIfPresent(String.self, forKey: .boxofficeType)
            showRange = try container.decodeIfPresent(String.self, forKey: .showRange)
            dailyBoxOfficeList = try container.decodeIfPresent(RankedRows.self, forKey: .dailyBoxOfficeList)?.rows
        }
    }
}

/// `boxoffice/searchWeeklyBoxOfficeList`, exactly as KOBIS sends it.
public struct WeeklyBoxOfficeResponse: Decodable, Sendable {
    public var boxOfficeResult: Result

    public struct Result: Decodable, Sendable {
        public var boxofficeType: String?
        public var showRange: String?
        public var yearWeekTime: String?
        public var weeklyBoxOfficeList: [BoxOfficeRowDTO]?

        private enum CodingKeys: String, CodingKey { case boxofficeType, showRange, yearWeekTime, weeklyBoxOfficeList }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            boxofficeType = try container.decodeIfPresent(String.self, forKey: .boxofficeType)
            showRange = try container.decodeIfPresent(String.self, forKey: .showRange)
            yearWeekTime = try container.decodeIfPresent(String.self, forKey: .yearWeekTime)
            weeklyBoxOfficeList = try container.decodeIfPresent(RankedRows.self, forKey: .weeklyBoxOfficeList)?.rows
        }
    }
}

/// A ranking's rows, decoded one by one and refused at the eleventh: KOBIS ranks at most ten
/// films, and a list of millions must not become millions of values before anything looks at it.
struct RankedRows: Decodable {
    static let limit = 10
    var rows: [BoxOfficeRowDTO] = []

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            guard rows.count < Self.limit else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "more than \(Self.limit) rows; KOBIS ranks at most \(Self.limit)")
            }
            rows.append(try container.decode(BoxOfficeRowDTO.self))
        }
    }
}

/// One ranked row of a daily or weekly list; every value is a string on the wire.
public struct BoxOfficeRowDTO: Decodable, Sendable {
    public var rnum: String?
    public var rank: String?
    public var rankInten: String?
    public var rankOldAndNew: String?
    public var movieCd: String?
    public var movieNm: String?
    public var openDt: String?
    public var salesAmt: String?
    public var salesShare: String?
    public var salesInten: String?
    public var salesChange: String?
    public var salesAcc: String?
    public var audiCnt: String?
    public var audiInten: String?
    public var audiChange: String?
    public var audiAcc: String?
    public var scrnCnt: String?
    public var showCnt: String?
}
