/// `boxoffice/searchDailyBoxOfficeList`, exactly as KOBIS sends it.
public struct DailyBoxOfficeResponse: Decodable, Sendable {
    public var boxOfficeResult: Result

    public struct Result: Decodable, Sendable {
        public var boxofficeType: String?
        public var showRange: String?
        public var dailyBoxOfficeList: [BoxOfficeRowDTO]?
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
