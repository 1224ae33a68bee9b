import BoxOfficeCore

/// What a key of boxoffice's JSON holds: its type, whether KOBIS may leave it blank (null), its
/// format or choices, and what it counts. Each is declared once here and given to its keys in the
/// types' shapes (`JSONShape`), from which the MCP server's output schemas are made; one name has
/// one meaning, and where a key means something else under a parent (`points.rank`), that parent's
/// shape gives it the other.
package struct Meaning: Sendable {
    /// What a key holds: one value or a list (an object's keys speak for themselves).
    package enum Kind: Sendable {
        case leaf, array
    }

    /// A JSON Schema type of one value.
    package enum Scalar: String, Sendable {
        case string, integer, number, boolean
    }

    package let kind: Kind
    package let type: Scalar?
    package let nullable: Bool
    package let format: String?
    /// What a list of single values holds.
    package let items: Scalar?
    package let description: String
    package let choices: [String]?

    /// The JSON Schema of a value with this meaning.
    package var schema: JSONValue {
        var members: [(String, JSONValue)] = []
        let name = JSONValue.string(type?.rawValue ?? "string")
        members.append(("type", nullable ? .array([name, .string("null")]) : name))
        if let format { members.append(("format", .string(format))) }
        if let choices { members.append(("enum", .array(choices.map(JSONValue.string) + (nullable ? [.null] : [])))) }
        members.append(("description", .string(description)))
        return .object(members)
    }

    /// One value: its type, whether it may be null, its format or choices, and what it holds.
    static func leaf(_ type: Scalar, nullable: Bool = false, format: String? = nil, choices: [String]? = nil, _ description: String) -> Meaning {
        Meaning(kind: .leaf, type: type, nullable: nullable, format: format, items: nil, description: description, choices: choices)
    }

    /// A list, of values of `items` or (without it) of objects whose keys speak for themselves;
    /// `nullable`: null where it does not apply.
    static func list(of items: Scalar? = nil, nullable: Bool = false, _ description: String) -> Meaning {
        Meaning(kind: .array, type: nil, nullable: nullable, format: nil, items: items, description: description, choices: nil)
    }
}

package extension Meaning {
    /// What a `date` holds.
    static let koreanDay = "A Korean calendar day, YYYY-MM-DD."

    /// What `date` holds.
    static let date = leaf(.string, format: "date", koreanDay)
    /// What `provisional` holds.
    static let provisional = leaf(.boolean, "Whether KOBIS may still revise these figures (the period ended only days ago).")
    /// What `entries` holds: a ranking's films.
    static let entries = list("The top 10, best first.")
    /// What `entries` holds in the cache's report.
    static let cacheEntries = leaf(.integer, "Answers kept in the cache.")
    /// What `rank` holds.
    static let rank = leaf(.integer, "Place in the top 10, from 1.")
    /// What `points.rank` holds.
    static let pointRank = leaf(.integer, nullable: true, "Place in that day's top 10; null when the film was outside it.")
    /// What `rankChange` holds.
    static let rankChange = leaf(.integer, nullable: true, "Places gained (positive) or lost (negative) since the day or week before.")
    /// What `isNew` holds.
    static let isNew = leaf(.boolean, "Whether the film entered the ranking in this period.")
    /// What `movieCode` holds.
    static let movieCode = leaf(.string, "KOBIS movie code, e.g. 20124079.")
    /// What `films.movieCode` holds.
    static let filmMovieCode = leaf(.string, nullable: true, "KOBIS movie code; null when KOBIS gives none.")
    /// What `title` holds.
    static let title = leaf(.string, "Korean title as KOBIS lists it.")
    /// What `openDate` holds.
    static let openDate = leaf(.string, nullable: true, format: "date", "Opening day in Korea (YYYY-MM-DD); null when KOBIS leaves it blank.")
    /// What `audience` holds.
    static let audience = leaf(.integer, nullable: true, "Admissions (tickets sold) in the day or period.")
    /// What `points.audience` holds.
    static let pointAudience = leaf(.integer, nullable: true, "Admissions (tickets sold) that day; null when the film was outside the top 10.")
    /// What `audienceChange` holds.
    static let audienceChange = leaf(.integer, nullable: true, "Admissions compared with the day or week before (difference, may be negative).")
    /// What `audienceTotal` holds.
    static let audienceTotal = leaf(.integer, nullable: true, "Admissions since the film opened (cumulative).")
    /// What `points.audienceTotal` holds.
    static let pointAudienceTotal = leaf(.integer, nullable: true, "Admissions since opening, up to that day; null when the film was outside the top 10.")
    /// What `sales` holds.
    static let sales = leaf(.integer, nullable: true, "Ticket sales in Korean won (KRW) in the day or period.")
    /// What `salesShare` holds.
    static let salesShare = leaf(.number, nullable: true, "Share of all ticket sales in the day or period, in percent (0-100).")
    /// What `salesTotal` holds.
    static let salesTotal = leaf(.integer, nullable: true, "Ticket sales since the film opened, in Korean won (KRW).")
    /// What `screens` holds.
    static let screens = leaf(.integer, nullable: true, "Screens that showed the film.")
    /// What `shows` holds.
    static let shows = leaf(.integer, nullable: true, "Showings (screenings) of the film.")
    /// What `exactThrough` holds.
    static let exactThrough = leaf(.integer, "With deep: the last rank certainly in its true place; below it a film may be missing.")
    /// What `entries.nation` holds.
    static let entryNation = leaf(.string, choices: ["korean", "foreign"], "With deep: whether the film is Korean or foreign (from the list it came from).")
    /// What `entries.diversity` holds.
    static let entryDiversity = leaf(.boolean, "With deep: whether the film is a diversity (independent/art) film rather than a commercial one.")
    /// What `entries.exact` holds.
    static let entryExact = leaf(.boolean, "With deep: whether the film's rank is certain (it is at or above exactThrough); below it a film may be missing from the lists.")
    /// What `days` holds.
    static let days = list("One per day, oldest first: the day's ranking (a range), or the day and its number one film (month_calendar).")
    /// What `month` holds.
    static let month = leaf(.string, "The month, YYYY-MM.")
    /// What `days.published` holds.
    static let dayPublished = leaf(.boolean, "Whether KOBIS has published the day (it does once the day ends); false for today and later.")
    /// What `days.movieCode` holds.
    static let dayMovieCode = leaf(.string, nullable: true, "KOBIS movie code of the day's number one; null when the day has no figures.")
    /// What `days.title` holds.
    static let dayTitle = leaf(.string, nullable: true, "Korean title of the day's number one; null when the day has no figures.")
    /// What `days.audience` holds.
    static let dayAudience = leaf(.integer, nullable: true, "Admissions (tickets sold) of the day's number one that day; null when the day has no figures.")
    /// What `days.notRead` holds.
    static let dayNotRead = leaf(.string, choices: ["kobisFailed", "notCached", "notInSamples", "callLimit"], "In a range, in place of a day's ranking: why the day was not read (kobisFailed: KOBIS failed on its side; notCached: offline and not in the cache; notInSamples: not in the sample data; callLimit: the call's limit of calls to KOBIS, retries included, was reached first).")
    /// What `days.errorCode` holds.
    static let dayErrorCode = leaf(.string, "KOBIS's error code for a day it could not answer.")
    /// What `days.errorMessage` holds.
    static let dayErrorMessage = leaf(.string, "KOBIS's error message for a day it could not answer, in Korean.")
    /// What `days.read` holds.
    static let dayRead = leaf(.boolean, "Whether the day was read (given only when some were not: KOBIS could not answer, or the samples do not hold it).")
    /// What `period` holds.
    static let period = leaf(.string, choices: ["week", "weekend", "weekdays"], "week: Monday-Sunday; weekend: Friday-Sunday; weekdays: Monday-Thursday.")
    /// What `start` holds.
    static let start = leaf(.string, format: "date", "First day of the period (YYYY-MM-DD).")
    /// What `end` holds.
    static let end = leaf(.string, format: "date", "Last day of the period (YYYY-MM-DD).")
    /// What `yearWeek` holds.
    static let yearWeek = leaf(.string, nullable: true, "KOBIS's year and ISO week number, e.g. 201152.")
    /// What `movies` holds.
    static let movies = list("The movies, in KOBIS's order.")
    /// What `titleEnglish` holds.
    static let titleEnglish = leaf(.string, nullable: true, "English title; null when KOBIS has none.")
    /// What `titleOriginal` holds.
    static let titleOriginal = leaf(.string, nullable: true, "Original title; null when KOBIS has none.")
    /// What `productionYear` holds.
    static let productionYear = leaf(.integer, nullable: true, "Year of production.")
    /// What `runtimeMinutes` holds.
    static let runtimeMinutes = leaf(.integer, nullable: true, "Running time in minutes.")
    /// What `status` holds.
    static let status = leaf(.string, nullable: true, "Production status as KOBIS words it (e.g. 개봉).")
    /// What `type` holds.
    static let type = leaf(.string, nullable: true, "Movie type as KOBIS words it (e.g. 장편).")
    /// What `genres` holds.
    static let genres = list(of: .string, "Genres, in Korean.")
    /// What `nations` holds.
    static let nations = list(of: .string, "Countries of production, in Korean.")
    /// What `directors` holds.
    static let directors = list("Directors.")
    /// What `actors` holds.
    static let actors = list("Cast, in KOBIS's order.")
    /// What `audits` holds.
    static let audits = list("Rating certificates.")
    /// What `audits.number` holds.
    static let auditNumber = leaf(.string, nullable: true, "Certificate number.")
    /// What `audits.grade` holds.
    static let auditGrade = leaf(.string, nullable: true, "Rating (e.g. 15세이상관람가).")
    /// What `companies` holds.
    static let companies = list("Companies.")
    /// What a company's `code` holds where KOBIS may leave it out (a film's companies, a search's).
    static let companyCodeOrNull = leaf(.string, nullable: true, "KOBIS company code; null when KOBIS gives none.")
    /// What `showTypes` holds.
    static let showTypes = list("How the film was shown (2D, IMAX …).")
    /// What `showTypes.group` holds.
    static let showTypeGroup = leaf(.string, nullable: true, "Kind of showing.")
    /// What `showTypes.name` holds.
    static let showTypeName = leaf(.string, nullable: true, "Showing format.")
    /// What `staffs` holds.
    static let staffs = list("Crew.")
    /// What `roleEnglish` holds.
    static let roleEnglish = leaf(.string, nullable: true, "The part in English; null when KOBIS has none.")
    /// What `people` holds.
    static let people = list("The people found, in KOBIS's order.")
    /// What `name` holds.
    static let name = leaf(.string, "Name, in Korean as KOBIS lists it.")
    /// What `nameEnglish` holds.
    static let nameEnglish = leaf(.string, nullable: true, "Name in English; null when KOBIS has none.")
    /// What `role` holds.
    static let role = leaf(.string, nullable: true, "Role or part, in Korean; null when KOBIS leaves it blank.")
    /// What `sex` holds.
    static let sex = leaf(.string, nullable: true, "Sex as KOBIS words it.")
    /// What `homepages` holds.
    static let homepages = list(of: .string, "Web addresses.")
    /// What `films` holds.
    static let films = list("Films: a person's or company's, with the part they had; or (top_films) the period's films, most admissions first.")
    /// What `films.rank` holds.
    static let filmRank = leaf(.integer, "Place in the period's ranking by admissions, from 1.")
    /// What `films.audience` holds.
    static let filmAudience = leaf(.integer, "Admissions (tickets sold) in the period, counted as 'basis' says.")
    /// What `films.sales` holds.
    static let filmSales = leaf(.integer, "Ticket sales in the period in Korean won (KRW), counted as 'basis' says.")
    /// What `daysInTop10` holds.
    static let daysInTop10 = leaf(.integer, "Days the film was in the daily top 10 within the period (with deep: in the day's deep ranking).")
    /// What `bestRank` holds.
    static let bestRank = leaf(.integer, "Its best place in a daily top 10 within the period (with deep: in a day's deep ranking).")
    /// What `deep` holds.
    static let deep = leaf(.boolean, "Present, and true, when the ranking was made from each day's deep ranking (past the top 10), as basis says.")
    /// What `firstDay` holds.
    static let firstDay = leaf(.string, format: "date", "Its first day in the daily top 10 within the period (YYYY-MM-DD).")
    /// What `lastDay` holds.
    static let lastDay = leaf(.string, format: "date", "Its last day in the daily top 10 within the period (YYYY-MM-DD).")
    /// What `basis` holds.
    static let basis = leaf(.string, "How the period's audience and sales of a film are counted from the daily top 10.")
    /// What `daysInPeriod` holds.
    static let daysInPeriod = leaf(.integer, "The period's days.")
    /// What `daysRead` holds.
    static let daysRead = leaf(.integer, "How many of the period's days were read; fewer than daysInPeriod when KOBIS could not answer for some, the cache lacked some (offline), or the sample data holds only some.")
    /// What `daysNotRead` holds.
    static let daysNotRead = list("The period's days that were not read, each with why; empty when every day was read.")
    /// What `reason` holds.
    static let reason = leaf(.string, choices: ["kobisFailed", "notCached", "notInSamples", "callLimit"], "Why the day was not read: kobisFailed (KOBIS failed on its side; asking again later fetches only such days), notCached (offline, and the cache does not hold it), notInSamples (the sample data does not hold it) or callLimit (the limit of calls to KOBIS, retries included, was reached first; asking again goes on from what was read).")
    /// What `errorCode` holds.
    static let errorCode = leaf(.string, "KOBIS's error code for the day (320099: an unknown error on its side).")
    /// What `errorMessage` holds.
    static let errorMessage = leaf(.string, "KOBIS's error message for the day, in Korean.")
    /// What `roles` holds.
    static let roles = list(of: .string, "Kinds of work (제작사, 배급사 …).")
    /// What `ceo` holds.
    static let ceo = leaf(.string, nullable: true, "Chief executive's name.")
    /// What `filmNames` holds.
    static let filmNames = leaf(.string, nullable: true, "Titles of their films, comma-separated as KOBIS gives them.")
    /// What `codes` holds.
    static let codes = list("The codes of the table.")
    /// What `code` holds.
    static let code = leaf(.string, "KOBIS code: of the person (e.g. 10031641), the company (20100109) or the table entry (0105001).")
    /// What `from` holds.
    static let from = leaf(.string, format: "date", "First day (YYYY-MM-DD).")
    /// What `to` holds.
    static let to = leaf(.string, format: "date", "Last day (YYYY-MM-DD).")
    /// What `points` holds.
    static let points = list("One point per day, oldest first.")
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
    /// What `points.day` holds.
    static let pointDay = leaf(.integer, nullable: true, "Days since the film's opening (opening day = 1, previews 0 and below); null without an opening date. Only with alignOpening.")
    /// What `milestones` holds.
    static let milestones = list("Round numbers of admissions (100,000, 500,000, each million) the film's cumulative audience passed on a day it was in the top 10 within the range.")
    /// What `milestones.audience` holds.
    static let milestoneAudience = leaf(.integer, "The round number of admissions passed.")
    /// What `milestones.day` holds.
    static let milestoneDay = leaf(.integer, nullable: true, "Days since the film's opening on that date (opening day = 1); null without an opening date.")
    /// What `folder` holds.
    static let folder = leaf(.string, "The cache folder.")
    /// What `bytes` holds.
    static let bytes = leaf(.integer, "Bytes the cached answers take.")
    /// What `otherItems` holds.
    static let otherItems = leaf(.integer, "Items in the cache folder that boxoffice did not make.")
    /// What `day` holds.
    static let day = leaf(.string, format: "date", "Today in Korea (YYYY-MM-DD), the day the count is for.")
    /// What `callsToday` holds.
    static let callsToday = leaf(.integer, "Calls to KOBIS made today (Korean time) from this machine.")
    /// What `dailyQuota` holds.
    static let dailyQuota = leaf(.integer, "Calls a key may make a day.")
    /// What `quotaSpentAt` holds.
    static let quotaSpentAt = leaf(.string, nullable: true, format: "date-time", "When KOBIS said today that a key's quota was spent (its error 320011), in Korean time; null when it has not.")
    // What the command line alone shows (no tool answers with it).
    /// What `removedEntries` holds.
    static let removedEntries = leaf(.integer, "Answers removed from the cache.")
    /// What `removedBytes` holds.
    static let removedBytes = leaf(.integer, "Bytes the removed answers took.")
    /// What `leftItems` holds.
    static let leftItems = leaf(.integer, "Items in the cache folder that boxoffice did not make, left where they are.")
    /// What `table` holds.
    static let table = leaf(.string, "The code table's name, as 'boxoffice codes' takes it.")
    /// What `comCode` holds.
    static let comCode = leaf(.string, "KOBIS's code of the table (comCode).")
    /// What `holds` holds.
    static let holds = leaf(.string, "What the table holds.")
    /// What `poster` holds.
    static let poster = leaf(.string, nullable: true, format: "uri", "A poster image's address; null when none was found.")

    // A film's run (`movie`'s `run`), as the press counts it.
    /// What `movie`'s `run` holds.
    static let run = leaf(.string, nullable: true, "The film's box-office run as the Korean press counts it, from the daily rankings read (at hand, or the whole run with --run): each figure null where the days read cannot give it; null when no day of the film is at hand.")
    /// What a run's `previews` holds.
    static let previews = leaf(.string, nullable: true, "Admissions before the opening day (paid previews, eve screenings); null when neither the opening day nor a preview day was read.")
    /// What `previews.audience` holds.
    static let previewAudience = leaf(.integer, nullable: true, "Admissions before the opening day: KOBIS's total on the opening day less that day's audience; null when the opening day was not read.")
    /// What `previews.days` holds.
    static let previewDays = list(of: .string, "The days before the opening day on which the film was in a ranking read.")
    /// What `openingDay` holds.
    static let openingDay = leaf(.string, nullable: true, "The opening day (day 1): its audience and rank; null when it was not read or the film was not ranked.")
    /// What `openingWeekend` holds.
    static let openingWeekend = leaf(.string, nullable: true, "The first Friday to Sunday from the opening day (the opening day's own weekend when it opens Friday to Sunday); null unless each of its days was read with the film ranked.")
    /// What `openingWeek` holds.
    static let openingWeek = leaf(.string, nullable: true, "The total at the end of the opening week (its first Sunday, previews included); null when that day is not known.")
    /// What a weekend's or a day's `audience` holds in a run.
    static let runAudience = leaf(.integer, "Admissions (tickets sold) on those days.")
    /// What `asOf` holds.
    static let asOf = leaf(.string, nullable: true, format: "date", "The latest day the film was ranked on, whose totals these are (KOBIS revises the last days; the latest answer holds it).")
    /// What a run's `audienceTotal` holds.
    static let runAudienceTotal = leaf(.integer, nullable: true, "Admissions since the first screening, previews included, as of asOf.")
    /// What a run's `salesTotal` holds.
    static let runSalesTotal = leaf(.integer, nullable: true, "Ticket sales since the first screening in Korean won (KRW), as of asOf.")
    /// What `inTop10` holds.
    static let inTop10 = leaf(.boolean, "Whether the film is ranked on the last day read.")
    /// What a run's `daysInTop10` holds.
    static let runDaysInTop10 = leaf(.integer, "Days read on which the film was ranked.")
    /// What `daysAtNumberOne` holds.
    static let daysAtNumberOne = leaf(.integer, "Days read on which the film was number one.")
    /// What `longestAtNumberOne` holds.
    static let longestAtNumberOne = leaf(.string, nullable: true, "The longest run of consecutive days at number one, every day of it read; null when it never was.")
    /// What a streak's `days` holds.
    static let streakDays = leaf(.integer, "How many consecutive days.")
    /// What a run's `bestRank` holds.
    static let runBestRank = leaf(.integer, nullable: true, "The film's best rank on a day read.")
    /// What `bestDay` holds.
    static let bestDay = leaf(.string, nullable: true, "The film's largest single-day audience on a day read; null when it was never ranked.")
    /// What `mostScreens` holds.
    static let mostScreens = leaf(.integer, nullable: true, "The most screens the film had on a day read.")
    /// What a run's `milestones` holds.
    static let runMilestones = list("Each milestone (100,000, 500,000, every million; 10,000,000 is 천만) passed on a day read: the first day whose total reached it, and its day since opening.")
    /// What `secondWeekendChange` holds.
    static let secondWeekendChange = leaf(.number, nullable: true, "The second weekend's audience against the opening weekend's, in percent (negative when it fell); null unless both are known.")

    // A period's records (`records`).
    /// What `records` holds.
    static let records = list("The period's records, kind by kind, each kind ranked: among the films that opened in the period, the biggest opening days and weekends and the fastest to each milestone; among all its films, the most days and the longest run at number one and the best single days. A film that opened on a day not read is left out of the opening records.")
    /// What a record's `kind` holds.
    static let recordKind = leaf(.string, choices: PeriodRecords.Kind.allCases.map(\.rawValue), "What the record is of: openingDay (day 1's audience), openingWeekend (the first Friday to Sunday), fastestTo (days since opening to reach milestone), daysAtNumberOne, longestAtNumberOne (consecutive days), bestDay (a film's largest one-day audience).")
    /// What a record's `rank` holds.
    static let recordRank = leaf(.integer, "Its place among records of its kind (of its milestone, for fastestTo), from 1; equal figures share a place.")
    /// What a record's `value` holds.
    static let recordValue = leaf(.integer, "The figure: admissions for openingDay, openingWeekend and bestDay; days for the others (for fastestTo, days since opening, the opening day being day 1).")
    /// What a record's `milestone` holds.
    static let recordMilestone = leaf(.integer, nullable: true, "The audience reached, for fastestTo; null for the other kinds.")
    /// What a record's `from` holds.
    static let recordFrom = leaf(.string, format: "date", "The first day the figure rests on (the opening day, for fastestTo).")
    /// What a record's `to` holds.
    static let recordTo = leaf(.string, format: "date", "The last day the figure rests on (the day the milestone was passed, for fastestTo).")
    /// What a record's `atLeast` holds.
    static let recordAtLeast = leaf(.boolean, "Whether the figure may be larger than the days read show: for daysAtNumberOne, a day of the period was not read; for longestAtNumberOne, the day before or after the run was not read. False for the other kinds.")
    /// What a records answer's `leftOut` holds.
    static let leftOut = list("The films that opened in the period but are left out of its opening records, each with why: its opening day was not read (openingDayNotRead), or its opening weekend ends after the period (weekendAfterPeriod). Empty when none is.")
    /// What a range of days not read starts with (the MCP server's `daysNotRead`).
    static let rangeFrom = leaf(.string, format: "date", "The first day of the range, YYYY-MM-DD.")
    /// What a range of days not read ends with.
    static let rangeTo = leaf(.string, format: "date", "The last day of the range, YYYY-MM-DD (the same as from for one day).")
    /// What a left-out film's `openDate` holds.
    static let leftOutOpenDate = leaf(.string, format: "date", "The film's opening day (YYYY-MM-DD).")
    /// What a left-out film's `why` holds.
    static let leftOutWhy = leaf(.string, choices: ["openingDayNotRead", "weekendAfterPeriod"], "Why it is left out: openingDayNotRead (its opening day was not read) or weekendAfterPeriod (its first weekend ends after the period).")

    /// What a news's `events` holds.
    static let events = list("The day's events: a new number one first, then milestones passed, films entering, coming back to and leaving the ranking. Empty when nothing changed.")
    /// What an event's `kind` holds.
    static let eventKind = leaf(.string, choices: NewsEvent.Kind.allCases.map(\.rawValue), "What happened: newNumberOne (a film took number one; endedRun is the run it ended), entered (new to the ranking), reentered (back after days out), left (in the ranking the day before, not now), milestone (the total passed 100,000, 500,000 or a whole million), target (a watch's own target reached), revised (KOBIS changed a figure of a day a watch had seen).")
    /// What an event's `rank` holds.
    static let eventRank = leaf(.integer, nullable: true, "The film's rank that day; null for a film that left the ranking.")
    /// What an event's `previousRank` holds.
    static let previousRank = leaf(.integer, nullable: true, "The film's rank the day before; null when it was not in the ranking then.")
    /// What an event's `audience` holds.
    static let eventAudience = leaf(.integer, nullable: true, "Admissions that day; null for a film that left, or when KOBIS left it blank.")
    /// What an event's `audienceTotal` holds.
    static let eventAudienceTotal = leaf(.integer, nullable: true, "The film's total admissions at the end of that day (at the end of the day before, for a film that left).")
    /// What an event's `milestone` holds.
    static let eventMilestone = leaf(.integer, nullable: true, "The milestone or target passed, for milestone and target; null otherwise.")
    /// What an event's `day` holds.
    static let eventDay = leaf(.integer, nullable: true, "Days since the film opened (the opening day is day 1); null on a preview day before it opens, or when KOBIS gives no opening day.")
    /// What an event's `endedRun` holds.
    static let endedRun = leaf(.string, nullable: true, "For newNumberOne, the run at number one it ended: the film and its days at number one in a row through the day before (as many as the days read show: the text says 'at least' when a day before them was not read); null otherwise.")
    /// What `endedRun.days` holds.
    static let endedRunDays = leaf(.integer, "Days at number one in a row, through the day before.")
    /// What `endedRun.from` holds.
    static let endedRunFrom = leaf(.string, format: "date", "The first of those days, as far as the days read show.")
    /// What `endedRun.atLeast` holds.
    static let endedRunAtLeast = leaf(.boolean, "Whether the run may be longer: a day before it was not read (or the reading back stopped at the limit of calls).")
    /// What an event's `changes` holds.
    static let changes = list(nullable: true, "For revised, every figure KOBIS changed for the film that day, each once; null for other kinds.")
    /// What a change's `field` holds.
    static let changeField = leaf(.string, choices: ["rank", "audience", "audienceTotal", "sales", "screens", "shows"], "The figure's key, as in the daily ranking.")
    /// What a change's `from` holds.
    static let changeFrom = leaf(.integer, nullable: true, "The figure as the watch first saw it; null when blank (for rank: the film was not listed).")
    /// What a change's `to` holds.
    static let changeTo = leaf(.integer, nullable: true, "The figure as KOBIS gives it now; null when blank (for rank: the film is no longer listed).")
    /// What an event's `text` holds.
    static let eventText = leaf(.string, "One sentence ready to post, in Korean under a Korean locale.")
}
