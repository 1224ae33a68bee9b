import BoxOfficeCore

// Each output type's fields, declared once, in the order its JSON writes them: its JSON, its
// shape (and so the MCP output schema, with each key's meaning) and its keys (`--fields`, the
// flat formats' columns) are made from these lists.

/// A value seen within what holds it: an item with what its list says of every item (a ranking's
/// last exact rank, whether a trend is aligned, whether a calendar marks days read).
package struct Within<Item: Sendable, Context: Sendable>: Sendable {
    package let item: Item
    package let context: Context

    package init(_ item: Item, _ context: Context) {
        self.item = item
        self.context = context
    }
}

extension BoxOfficeEntry {
    /// One ranked film, within a ranking exact through a rank (a deep one) or not.
    package static let fields: [Field<Within<BoxOfficeEntry, Int?>>] = [
        .leaf("rank", .rank) { .int(Int64($0.item.rank)) }, .leaf("rankChange", .rankChange) { JSONValue($0.item.rankChange) },
        .leaf("isNew", .isNew) { .bool($0.item.isNew) }, .leaf("movieCode", .movieCode) { .string($0.item.movieCode) },
        .leaf("title", .title) { .string($0.item.title) }, .leaf("openDate", .openDate) { JSONValue($0.item.openDate) },
        .leaf("audience", .audience) { JSONValue($0.item.audience) }, .leaf("audienceChange", .audienceChange) { JSONValue($0.item.audienceChange) },
        .leaf("audienceTotal", .audienceTotal) { JSONValue($0.item.audienceTotal) }, .leaf("sales", .sales) { JSONValue($0.item.sales) },
        .leaf("salesShare", .salesShare) { JSONValue($0.item.salesShare) }, .leaf("salesTotal", .salesTotal) { JSONValue($0.item.salesTotal) },
        .leaf("screens", .screens) { JSONValue($0.item.screens) }, .leaf("shows", .shows) { JSONValue($0.item.shows) },
        // What a deep ranking's lists reveal of each film, and whether its rank is certain.
        .optional("nation", .entryNation) { $0.item.nation.map { .string($0.word) } },
        .optional("diversity", .entryDiversity) { $0.item.market.map { .bool($0 == .diversity) } },
        .optional("exact", .entryExact) { entry in entry.context.map { .bool(entry.item.rank <= $0) } },
    ]
    package static let shape = fields.shape()
}

extension RankingScope {
    package static let fields: [Field<RankingScope>] = [
        .leaf("nation", .filterNation) { JSONValue($0.filter.nation?.word) },
        .leaf("market", .filterMarket) { JSONValue($0.filter.market.map { $0 == .diversity ? "diversity" : "commercial" }) },
        .leaf("region", .filterRegion) { JSONValue($0.filter.regionCode) }, .leaf("regionName", .filterRegionName) { JSONValue($0.regionName) },
    ]
    package static let shape = fields.shape(.filter)
}

extension RankingPresentation {
    /// What every ranking writes after its period: whether it may be revised, its filter, how
    /// far a deep one is exact, and its films.
    static func rankingFields() -> [Field<Self>] {
        [.leaf("provisional", .provisional) { .bool($0.provisional) },
         .member("filter", .optional(RankingScope.shape)) { $0.scope?.json },
         .optional("exactThrough", .exactThrough) { $0.exactThrough.map { .int(Int64($0)) } },
         .list("entries", .entries, BoxOfficeEntry.fields) { ranking in ranking.entries.map { Within($0, ranking.exactThrough) } }]
    }
}

extension DailyBoxOffice {
    package static let fields: [Field<DailyBoxOffice>] = [.leaf("date", .date) { .string($0.day.iso) }] + rankingFields()
    package static let shape = fields.shape()
    /// A day of a range: its ranking, or, in its place, the day and why it was not read.
    package static let rangeShape = JSONShape.object(
        fields.map { ($0.key, $0.key == "date" || $0.shape.isOptional ? $0.shape : .optional($0.shape)) }
            + UnreadDay.inPlaceFields.map { ($0.key, .optional($0.shape)) })
}

extension WeeklyBoxOffice {
    package static let fields: [Field<WeeklyBoxOffice>] = [
        .leaf("period", .period) { .string($0.period.rawValue) }, .leaf("start", .start) { .string($0.start.iso) },
        .leaf("end", .end) { .string($0.end.iso) }, .leaf("yearWeek", .yearWeek) { JSONValue($0.yearWeek) },
    ] + rankingFields()
    package static let shape = fields.shape()
}

extension Movie.Director {
    /// `{name, nameEnglish}`, in a movie's details and in a search alike.
    package static let fields: [Field<Movie.Director>] = [
        .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
    ]
}

extension FilmCredit {
    /// `{movieCode, title, role}`: one shape wherever a film credit appears (null where KOBIS does not say).
    package static let fields: [Field<FilmCredit>] = [
        .leaf("movieCode", .filmMovieCode) { JSONValue($0.movieCode) }, .leaf("title", .title) { .string($0.title) },
        .leaf("role", .role) { JSONValue($0.role) },
    ]
}

extension MovieSummary {
    package static let fields: [Field<MovieSummary>] = [
        .leaf("movieCode", .movieCode) { .string($0.code) }, .leaf("title", .title) { .string($0.title) },
        .leaf("titleEnglish", .titleEnglish) { JSONValue($0.titleEnglish) }, .leaf("productionYear", .productionYear) { JSONValue($0.productionYear) },
        .leaf("openDate", .openDate) { JSONValue($0.openDate) }, .leaf("type", .type) { JSONValue($0.type) },
        .leaf("status", .status) { JSONValue($0.status) }, .texts("genres", .genres) { $0.genres }, .texts("nations", .nations) { $0.nations },
        .list("directors", .directors, Movie.Director.fields) { $0.directors },
    ]
    package static let shape = fields.shape()
}

extension Movie {
    package static let fields: [Field<Movie>] = [
        .leaf("movieCode", .movieCode) { .string($0.code) }, .leaf("title", .title) { .string($0.title) },
        .leaf("titleEnglish", .titleEnglish) { JSONValue($0.titleEnglish) }, .leaf("titleOriginal", .titleOriginal) { JSONValue($0.titleOriginal) },
        .leaf("productionYear", .productionYear) { JSONValue($0.productionYear) }, .leaf("openDate", .openDate) { JSONValue($0.openDate) },
        .leaf("runtimeMinutes", .runtimeMinutes) { JSONValue($0.runtimeMinutes) }, .leaf("status", .status) { JSONValue($0.status) },
        .leaf("type", .type) { JSONValue($0.type) }, .texts("nations", .nations) { $0.nations }, .texts("genres", .genres) { $0.genres },
        .list("directors", .directors, Movie.Director.fields) { $0.directors },
        .list("actors", .actors, [
            .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
            .leaf("role", .role) { JSONValue($0.role) }, .leaf("roleEnglish", .roleEnglish) { JSONValue($0.roleEnglish) },
        ]) { $0.actors },
        .list("audits", .audits, [.leaf("number", .auditNumber) { JSONValue($0.number) }, .leaf("grade", .auditGrade) { JSONValue($0.grade) }]) { $0.audits },
        .list("companies", .companies, [
            .leaf("code", .companyCodeOrNull) { JSONValue($0.code) }, .leaf("name", .name) { .string($0.name) },
            .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) }, .leaf("role", .role) { JSONValue($0.role) },
        ]) { $0.companies },
        .list("showTypes", .showTypes, [.leaf("group", .showTypeGroup) { JSONValue($0.group) }, .leaf("name", .showTypeName) { JSONValue($0.name) }]) { $0.showTypes },
        .list("staffs", .staffs, [
            .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
            .leaf("role", .role) { JSONValue($0.role) },
        ]) { $0.staffs },
    ]
    package static let shape = fields.shape()
}

extension PersonSummary {
    package static let fields: [Field<PersonSummary>] = [
        .leaf("code", .code) { .string($0.code) }, .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
        .leaf("role", .role) { JSONValue($0.role) }, .list("films", .films, FilmCredit.fields) { $0.films },
    ]
    package static let shape = fields.shape()
}

extension Person {
    package static let fields: [Field<Person>] = [
        .leaf("code", .code) { .string($0.code) }, .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
        .leaf("sex", .sex) { JSONValue($0.sex) }, .leaf("role", .role) { JSONValue($0.role) }, .texts("homepages", .homepages) { $0.homepages },
        .list("films", .films, FilmCredit.fields) { $0.films },
    ]
    package static let shape = fields.shape()
}

extension CompanySummary {
    package static let fields: [Field<CompanySummary>] = [
        .leaf("code", .companyCodeOrNull) { .string($0.code) }, .leaf("name", .name) { .string($0.name) },
        .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) }, .texts("roles", .roles) { $0.roles },
        .leaf("ceo", .ceo) { JSONValue($0.ceo) }, .leaf("filmNames", .filmNames) { JSONValue($0.filmNames) },
    ]
    package static let shape = fields.shape()
}

extension Company {
    package static let fields: [Field<Company>] = [
        .leaf("code", .code) { .string($0.code) }, .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
        .leaf("ceo", .ceo) { JSONValue($0.ceo) }, .texts("roles", .roles) { $0.roles }, .list("films", .films, FilmCredit.fields) { $0.films },
    ]
    package static let shape = fields.shape()
}

extension CodeList {
    /// One code of the table (the table's JSON is the list of them).
    package static let entryFields: [Field<CodeList.Entry>] = [
        .leaf("code", .code) { .string($0.code) }, .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
    ]
    package static let entryShape = entryFields.shape()
}

extension UnreadDay {
    /// A day of a period not read, in the period's list of them: `{date, reason}`, with KOBIS's
    /// error for a day it could not answer.
    package static let fields: [Field<UnreadDay>] = [
        .leaf("date", .date) { .string($0.day.iso) }, .leaf("reason", .reason) { .string($0.reasonWord) },
        .optional("errorCode", .errorCode) { $0.fault.map { .string($0.code) } }, .optional("errorMessage", .errorMessage) { $0.fault.map { .string($0.message) } },
    ]

    /// The same day in its place among a range's days, after its date (`{date, notRead, errorCode?, errorMessage?}`).
    package static let inPlaceFields: [Field<UnreadDay>] = [
        .leaf("notRead", .dayNotRead) { .string($0.reasonWord) },
        .optional("errorCode", .dayErrorCode) { $0.fault.map { .string($0.code) } }, .optional("errorMessage", .dayErrorMessage) { $0.fault.map { .string($0.message) } },
    ]

    /// KOBIS's failure, for a day it could not answer.
    var fault: KOBISFault? {
        if case let .kobisFailed(fault) = reason { return fault }
        return nil
    }
}

extension PeriodCoverage {
    /// What a period's JSON says of its days, always: `daysInPeriod`, `daysRead`, and
    /// `daysNotRead`, each day with its reason, empty when every day was read.
    package static let fields: [Field<PeriodCoverage>] = [
        .leaf("daysInPeriod", .daysInPeriod) { .int(Int64($0.daysInPeriod)) }, .leaf("daysRead", .daysRead) { .int(Int64($0.daysRead)) },
        .list("daysNotRead", .daysNotRead, UnreadDay.fields) { $0.unread },
    ]
}

extension Trend {
    /// A film's day: with its `day` since opening when the runs are aligned by opening.
    package static let pointFields: [Field<Within<Trend.Point, Bool>>] = [
        .leaf("date", .date) { .string($0.item.date.iso) }, .optional("day", .pointDay) { $0.context ? JSONValue($0.item.day) : nil },
        .leaf("rank", .pointRank) { JSONValue($0.item.rank) }, .leaf("audience", .pointAudience) { JSONValue($0.item.audience) },
        .leaf("audienceTotal", .pointAudienceTotal) { JSONValue($0.item.audienceTotal) },
    ]

    /// A milestone passed: `{audience, date, day}`, in a trend and in a film's run alike.
    package static let milestoneFields: [Field<Trend.Series.Milestone>] = [
        .leaf("audience", .milestoneAudience) { .int(Int64($0.audience)) }, .leaf("date", .date) { .string($0.date.iso) },
        .leaf("day", .milestoneDay) { JSONValue($0.day) },
    ]

    /// A film: its code, title, days and milestones.
    package static let seriesFields: [Field<Within<Trend.Series, Bool>>] = [
        .leaf("movieCode", .movieCode) { .string($0.item.movieCode) }, .leaf("title", .title) { .string($0.item.title) },
        .list("points", .points, pointFields) { series in series.item.points.map { Within($0, series.context) } },
        .list("milestones", .milestones, milestoneFields) { $0.item.milestones },
    ]

    package static let fields: [Field<Trend>] = [.leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) }]
        + Field.part(PeriodCoverage.fields) { $0.coverage }
        + [.list("movies", .movies, seriesFields) { trend in trend.movies.map { Within($0, trend.alignedByOpening) } }]
    package static let shape = fields.shape()
}

extension PeriodRanking {
    package static let filmFields: [Field<PeriodRanking.Film>] = [
        .leaf("rank", .filmRank) { .int(Int64($0.rank)) }, .leaf("movieCode", .filmMovieCode) { .string($0.movieCode) },
        .leaf("title", .title) { .string($0.title) }, .leaf("openDate", .openDate) { JSONValue($0.openDate) },
        .leaf("audience", .filmAudience) { .int(Int64($0.audience)) }, .leaf("sales", .filmSales) { .int($0.sales) },
        .leaf("daysInTop10", .daysInTop10) { .int(Int64($0.daysInTop10)) }, .leaf("bestRank", .bestRank) { .int(Int64($0.bestRank)) },
        .leaf("firstDay", .firstDay) { .string($0.firstDay.iso) }, .leaf("lastDay", .lastDay) { .string($0.lastDay.iso) },
    ]

    package static let fields: [Field<PeriodRanking>] = [
        .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
        .leaf("basis", .basis) { .string($0.deep ? PeriodRanking.deepBasis : PeriodRanking.basis) }, .leaf("provisional", .provisional) { .bool($0.provisional) },
        .optional("deep", .deep) { $0.deep ? .bool(true) : nil },
    ] + Field.part(PeriodCoverage.fields) { $0.coverage } + [
        .member("filter", .optional(RankingScope.shape)) { $0.scope?.json },
        .list("films", .films, filmFields) { $0.films },
    ]
    package static let shape = fields.shape()
}

extension MonthCalendar {
    /// A day: its number one, or nulls; and whether it was read, when some were not.
    package static let dayFields: [Field<Within<MonthCalendar.Entry, Bool>>] = [
        .leaf("date", .date) { .string($0.item.date.iso) }, .leaf("published", .dayPublished) { .bool($0.item.published) },
        .leaf("movieCode", .dayMovieCode) { JSONValue($0.item.top?.movieCode) }, .leaf("title", .dayTitle) { JSONValue($0.item.top?.title) },
        .leaf("audience", .dayAudience) { JSONValue($0.item.top?.audience) }, .optional("read", .dayRead) { $0.context ? .bool($0.item.read) : nil },
    ]

    package static let fields: [Field<MonthCalendar>] = [.leaf("month", .month) { .string($0.name) }]
        + Field.part(PeriodCoverage.fields) { $0.coverage }
        + [.list("days", .days, dayFields) { calendar in calendar.days.map { Within($0, calendar.daysRead != nil) } }]
    package static let shape = fields.shape()
}

extension CacheReport {
    package static let fields: [Field<CacheReport>] = [
        .leaf("folder", .folder) { .string($0.folder) }, .leaf("entries", .cacheEntries) { JSONValue($0.entries) },
        .leaf("bytes", .bytes) { JSONValue($0.bytes) }, .leaf("otherItems", .otherItems) { JSONValue($0.others) },
        .leaf("day", .day) { .string($0.day.iso) }, .leaf("callsToday", .callsToday) { JSONValue($0.callsToday) },
        .leaf("dailyQuota", .dailyQuota) { _ in JSONValue(KOBISQuota.daily) },
        .leaf("quotaSpentAt", .quotaSpentAt) { $0.quotaSpentAt.map { .string(Day.koreanISO($0)) } ?? .null },
    ]
    package static let shape = fields.shape()
}

extension FilmRun {
    /// The run as `movie`'s JSON gives it under `run`: each figure null where the days read cannot give it.
    package static let fields: [Field<FilmRun>] = [
        .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
    ] + Field.part(PeriodCoverage.fields) { $0.coverage } + [
        .object("previews", .previews, [
            .leaf("audience", .previewAudience) { JSONValue($0.audience) }, .texts("days", .previewDays) { $0.days.map(\.iso) },
        ]) { $0.previews },
        .object("openingDay", .openingDay, [
            .leaf("date", .date) { .string($0.date.iso) }, .leaf("audience", .runAudience) { .int(Int64($0.audience)) },
            .leaf("rank", .rank) { .int(Int64($0.rank)) },
        ]) { $0.openingDay },
        .object("openingWeekend", .openingWeekend, [
            .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
            .leaf("audience", .runAudience) { .int(Int64($0.audience)) },
        ]) { $0.openingWeekend },
        .object("openingWeek", .openingWeek, [
            .leaf("to", .to) { .string($0.to.iso) }, .leaf("audienceTotal", .runAudienceTotal) { .int(Int64($0.audienceTotal)) },
        ]) { $0.openingWeek },
        .leaf("asOf", .asOf) { JSONValue($0.asOf) }, .leaf("audienceTotal", .runAudienceTotal) { JSONValue($0.audienceTotal) },
        .leaf("salesTotal", .runSalesTotal) { JSONValue($0.salesTotal) }, .leaf("inTop10", .inTop10) { .bool($0.inTop10) },
        .leaf("daysInTop10", .runDaysInTop10) { .int(Int64($0.daysInTop10)) },
        .leaf("daysAtNumberOne", .daysAtNumberOne) { .int(Int64($0.daysAtNumberOne)) },
        .object("longestAtNumberOne", .longestAtNumberOne, [
            .leaf("days", .streakDays) { .int(Int64($0.days)) }, .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
        ]) { $0.longestAtNumberOne },
        .leaf("bestRank", .runBestRank) { JSONValue($0.bestRank) },
        .object("bestDay", .bestDay, [
            .leaf("date", .date) { .string($0.date.iso) }, .leaf("audience", .runAudience) { .int(Int64($0.audience)) },
        ]) { $0.bestDay },
        .leaf("mostScreens", .mostScreens) { JSONValue($0.mostScreens) },
        .list("milestones", .runMilestones, Trend.milestoneFields) { $0.milestones },
        .leaf("secondWeekendChange", .secondWeekendChange) { JSONValue($0.secondWeekendChange) },
    ]
    package static let shape = fields.shape()

    /// The run's JSON object.
    package var json: JSONValue { Self.fields.json(self) }
}

extension PeriodRecords {
    /// One record's object: `{kind, rank, movieCode, title, value, milestone, from, to}`.
    package static let recordFields: [Field<PeriodRecords.Record>] = [
        .leaf("kind", .recordKind) { .string($0.kind.rawValue) }, .leaf("rank", .recordRank) { .int(Int64($0.rank)) },
        .leaf("movieCode", .movieCode) { .string($0.movieCode) }, .leaf("title", .title) { .string($0.title) },
        .leaf("value", .recordValue) { .int(Int64($0.value)) }, .leaf("milestone", .recordMilestone) { JSONValue($0.milestone) },
        .leaf("from", .recordFrom) { .string($0.from.iso) }, .leaf("to", .recordTo) { .string($0.to.iso) },
        .leaf("atLeast", .recordAtLeast) { .bool($0.atLeast) },
    ]

    /// A film left out of the opening records, and why.
    package struct LeftOut: Sendable {
        package let film: Opening
        /// `openingDayNotRead` or `weekendAfterPeriod`.
        package let why: String
    }

    /// The films left out of the opening records: those whose opening day was not read, then
    /// those whose opening weekend ends after the period.
    package var leftOutFilms: [LeftOut] {
        openingsNotRead.map { LeftOut(film: $0, why: "openingDayNotRead") } + weekendsAfter.map { LeftOut(film: $0, why: "weekendAfterPeriod") }
    }

    /// `{from, to, daysInPeriod, daysRead, daysNotRead, records: [...], leftOut: [...]}`.
    package static let fields: [Field<PeriodRecords>] = [
        .leaf("from", .from) { .string($0.from.iso) }, .leaf("to", .to) { .string($0.to.iso) },
    ] + Field.part(PeriodCoverage.fields) { $0.coverage } + [
        .list("records", .records, recordFields) { $0.entries },
        .list("leftOut", .leftOut, [
            .leaf("movieCode", .movieCode) { .string($0.film.movieCode) }, .leaf("title", .title) { .string($0.film.title) },
            .leaf("openDate", .leftOutOpenDate) { .string($0.film.openDate.iso) }, .leaf("why", .leftOutWhy) { .string($0.why) },
        ]) { $0.leftOutFilms },
    ]
    package static let shape = fields.shape()
}
