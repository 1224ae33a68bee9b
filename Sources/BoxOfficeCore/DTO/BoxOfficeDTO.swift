/// `boxoffice/searchDailyBoxOfficeList`, exactly as KOBIS sends it.
package struct DailyBoxOfficeResponse: Decodable, Sendable, Equatable {
    package var boxOfficeResult: Result

    package struct Result: Decodable, Sendable, Equatable {
        package var boxofficeType: String?
        package var showRange: String?
        package var dailyBoxOfficeList: [BoxOfficeRowDTO]?

        private enum CodingKeys: String, CodingKey { case boxofficeType, showRange, dailyBoxOfficeList }

        init(boxofficeType: String?, showRange: String?, dailyBoxOfficeList: [BoxOfficeRowDTO]?) {
            self.boxofficeType = boxofficeType
            self.showRange = showRange
            self.dailyBoxOfficeList = dailyBoxOfficeList
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            boxofficeType = try container.decodeIfPresent(String.self, forKey: .boxofficeType)
            showRange = try container.decodeIfPresent(String.self, forKey: .showRange)
            dailyBoxOfficeList = try container.decodeIfPresent(RankedRows.self, forKey: .dailyBoxOfficeList)?.rows
        }
    }
}

/// `boxoffice/searchWeeklyBoxOfficeList`, exactly as KOBIS sends it.
package struct WeeklyBoxOfficeResponse: Decodable, Sendable {
    package var boxOfficeResult: Result

    package struct Result: Decodable, Sendable, Equatable {
        package var boxofficeType: String?
        package var showRange: String?
        package var yearWeekTime: String?
        package var weeklyBoxOfficeList: [BoxOfficeRowDTO]?

        private enum CodingKeys: String, CodingKey { case boxofficeType, showRange, yearWeekTime, weeklyBoxOfficeList }

        package init(from decoder: any Decoder) throws {
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
package struct BoxOfficeRowDTO: Decodable, Sendable, Equatable {
    package var rnum: String?
    package var rank: String?
    package var rankInten: String?
    package var rankOldAndNew: String?
    package var movieCd: String?
    package var movieNm: String?
    package var openDt: String?
    package var salesAmt: String?
    package var salesShare: String?
    package var salesInten: String?
    package var salesChange: String?
    package var salesAcc: String?
    package var audiCnt: String?
    package var audiInten: String?
    package var audiChange: String?
    package var audiAcc: String?
    package var scrnCnt: String?
    package var showCnt: String?
}
