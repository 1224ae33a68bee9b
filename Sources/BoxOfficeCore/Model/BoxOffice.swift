#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One film's line in a daily or weekly ranking.
public struct BoxOfficeEntry: Sendable, Equatable {
    /// Its place in the ranking, from 1.
    public package(set) var rank: Int
    /// Places gained since the previous day or period (negative when it fell); 0 for a new entry.
    public package(set) var rankChange: Int?
    /// Whether the film is new to the ranking (not necessarily newly released).
    public package(set) var isNew: Bool
    /// KOBIS's code for the movie (`movieCd`), e.g. `20231089`; it may hold letters.
    public let movieCode: String
    /// The Korean title, as KOBIS writes it.
    public let title: String
    /// The day the film opened in Korea; nil when KOBIS leaves it blank.
    public let openDate: Day?
    /// Admissions on the day or in the period; nil when KOBIS leaves it blank.
    public let audience: Int?
    /// Audience change against the previous day or period.
    public let audienceChange: Int?
    /// Audience change in per cent, as KOBIS computes it.
    public let audienceChangePercent: Double?
    /// Admissions since the film opened, up to the end of the day or period.
    public let audienceTotal: Int?
    /// Revenue in won.
    public let sales: Int64?
    /// Per cent of all revenue of the day or period.
    public let salesShare: Double?
    /// Revenue change against the previous day or period, in won.
    public let salesChange: Int64?
    /// Revenue change in per cent, as KOBIS computes it.
    public let salesChangePercent: Double?
    /// Revenue since the film opened, in won.
    public let salesTotal: Int64?
    /// Screens that showed the film.
    public let screens: Int?
    /// Showings of the film.
    public let shows: Int?
    /// Korean or foreign, where a deep ranking's lists tell (``BoxOfficeClient/deepDailyBoxOffice(on:filter:)``); nil otherwise.
    public package(set) var nation: BoxOfficeFilter.Nation? = nil
    /// Diversity or commercial, where a deep ranking's lists tell; nil otherwise.
    public package(set) var market: BoxOfficeFilter.Market? = nil
}

/// The filter a ranking was asked for: what KOBIS was sent, and the region's name when the
/// region was given by name.
package struct RankingScope: Sendable, Equatable {
    /// What KOBIS was sent.
    package var filter: BoxOfficeFilter
    /// The region's name in KOBIS's table (`서울시`), or nil when it was given by its code.
    package var regionName: String?

    /// A scope of `filter`, naming its region `regionName` when known.
    package init(filter: BoxOfficeFilter, regionName: String? = nil) {
        self.filter = filter
        self.regionName = regionName
    }

    /// Whether the filter leaves any film out.
    package var isFiltered: Bool { filter.nation != nil || filter.market != nil || filter.regionCode != nil }
}

/// The ranking of one day.
public struct DailyBoxOffice: Sendable, Equatable {
    /// The day the ranking is of.
    public let day: Day
    /// The films, by rank: at most ten, none for a day KOBIS has not published.
    public package(set) var entries: [BoxOfficeEntry]
    /// Which films the ranking covers when it is filtered; nil for all films.
    package var scope: RankingScope? = nil
    /// Whether KOBIS may still revise the figures: fetched less than three days after the period ended (Korean time).
    public var provisional = false
    /// In a deep ranking (past the top 10, from KOBIS's four filtered lists), the last rank
    /// certainly in its true place: below it a film may be missing. Nil for KOBIS's own top 10.
    public package(set) var exactThrough: Int? = nil
}

extension DailyBoxOffice {
    /// Converts KOBIS's answer for `day`, rejecting values that make no sense.
    /// A day's ranking from its entries, by rank.
    package init(day: Day, entries: [BoxOfficeEntry]) {
        self.day = day
        self.entries = entries
    }

    package init(_ response: DailyBoxOfficeResponse, requested day: Day) throws {
        let result = response.boxOfficeResult
        // KOBIS repeats the day it answers for; another day would be filed under the wrong one.
        if let reported = BoxOfficeEntry.range(result.showRange), reported.start != day {
            throw KOBISError.unreadable(.wrongShape("showRange \(result.showRange ?? "") is not the day asked for (\(day.iso))"))
        }
        self.day = day
        entries = try BoxOfficeEntry.ranking(result.dailyBoxOfficeList, list: "dailyBoxOfficeList")
    }

    /// The most films a KOBIS ranking holds (`itemPerPage` is at most 10).
    package static let maximumEntries = 10
}

extension BoxOfficeEntry {
    /// The rows of a daily or weekly ranking, checked: at most ten, each rank once.
    static func ranking(_ rows: [BoxOfficeRowDTO]?, list: String) throws -> [BoxOfficeEntry] {
        // An empty day is an empty list; no list at all means KOBIS changed the answer's shape.
        guard let rows else {
            throw KOBISError.unreadable(.wrongShape("boxOfficeResult.\(list) is missing"))
        }
        // KOBIS ranks at most ten films; a longer list is not its answer, and is refused before any work.
        guard rows.count <= DailyBoxOffice.maximumEntries else {
            throw KOBISError.unreadable(.wrongShape("\(list) has \(NumberFormat.grouped(rows.count)) rows; KOBIS ranks at most \(DailyBoxOffice.maximumEntries)"))
        }
        let entries = try rows.enumerated().map { index, row in
            try BoxOfficeEntry(row, place: "\(list)[\(index)]")
        }
        var seen = Set<Int>()
        for entry in entries where !seen.insert(entry.rank).inserted {
            throw KOBISError.unreadable(.wrongShape("\(list) holds rank \(entry.rank) twice"))
        }
        return entries
    }

    /// The days of a `showRange` such as `20230327~20230402` (or one day, `20230327~20230327`).
    static func range(_ showRange: String?) -> (start: Day, end: Day)? {
        guard let parts = showRange?.split(separator: "~", omittingEmptySubsequences: false),
              let start = parts.first.flatMap({ Day(String($0).trimmingBlanks()) }) else { return nil }
        let end = parts.count == 2 ? Day(String(parts[1]).trimmingBlanks()) : start
        guard let end, start <= end else { return nil }
        return (start, end)
    }
}

extension BoxOfficeEntry {
    /// An entry from its figures, as a history kept them (the percentages of change aside).
    package init(rank: Int, rankChange: Int?, isNew: Bool, movieCode: String, title: String, openDate: Day?, audience: Int?, audienceChange: Int?,
                 audienceTotal: Int?, sales: Int64?, salesShare: Double?, salesChange: Int64?, salesTotal: Int64?, screens: Int?, shows: Int?) {
        self.rank = rank
        self.rankChange = rankChange
        self.isNew = isNew
        self.movieCode = movieCode
        self.title = title
        self.openDate = openDate
        self.audience = audience
        self.audienceChange = audienceChange
        audienceChangePercent = nil
        self.audienceTotal = audienceTotal
        self.sales = sales
        self.salesShare = salesShare
        self.salesChange = salesChange
        salesChangePercent = nil
        self.salesTotal = salesTotal
        self.screens = screens
        self.shows = shows
    }

    init(_ row: BoxOfficeRowDTO, place: String) throws {
        func field(_ raw: String?, _ name: String) -> FieldValue { FieldValue(raw, place: place, name: name) }
        let rankField = field(row.rank ?? row.rnum, "rank")
        guard let rank = try rankField.count(), rank > 0 else { throw rankField.invalid("expected a rank of 1 or more") }
        self.rank = rank
        rankChange = try field(row.rankInten, "rankInten").signed()
        isNew = try Self.isNew(field(row.rankOldAndNew, "rankOldAndNew"))
        movieCode = try field(row.movieCd, "movieCd").requiredText()
        title = try field(row.movieNm, "movieNm").requiredText()
        openDate = try field(row.openDt, "openDt").day()
        audience = try field(row.audiCnt, "audiCnt").count()
        audienceChange = try field(row.audiInten, "audiInten").signed()
        audienceChangePercent = try field(row.audiChange, "audiChange").decimal()
        audienceTotal = try field(row.audiAcc, "audiAcc").count()
        sales = try field(row.salesAmt, "salesAmt").count().map(Int64.init)
        salesShare = try field(row.salesShare, "salesShare").decimal()
        salesChange = try field(row.salesInten, "salesInten").signed().map(Int64.init)
        salesChangePercent = try field(row.salesChange, "salesChange").decimal()
        salesTotal = try field(row.salesAcc, "salesAcc").count().map(Int64.init)
        screens = try field(row.scrnCnt, "scrnCnt").count()
        shows = try field(row.showCnt, "showCnt").count()
    }

    private static func isNew(_ flag: FieldValue) throws -> Bool {
        switch flag.text?.uppercased() {
        case "NEW": true
        case "OLD", nil: false
        default: throw flag.invalid("expected NEW or OLD")
        }
    }
}

/// A value whose figures KOBIS may still revise, judged from when its answer was fetched.
/// `BoxOfficeClient` stamps every such value as it answers, the one place `provisional` is decided:
/// the library, the command line, the MCP server and `browse` all get it from there.
package protocol FetchStamped {
    /// The value as fetched at `instant`.
    func fetched(at instant: Date) -> Self
}

extension DailyBoxOffice: FetchStamped {
    /// The ranking as fetched at `instant`: provisional when KOBIS could still revise the day's
    /// figures then (less than three Korean days after it).
    package func fetched(at instant: Date) -> DailyBoxOffice {
        var copy = self
        copy.provisional = !Freshness.boxOffice(lastDay: day).isSettled(stored: instant)
        return copy
    }
}
