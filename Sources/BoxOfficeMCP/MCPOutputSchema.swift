import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// The output schemas of the MCP tools, made from the types of their values: the structure (keys,
/// nesting, lists) is the `JSONShape` the type declares beside its JSON writer (a test holds the
/// two together); each leaf's type, blankness and meaning come from `OutputMeanings`, by key.
enum MCPOutputSchema {
    /// The schema of a value of `shape`; `path` is the keys above it; `item`: the value is an
    /// item of the list under that key (which the list's own meaning describes).
    static func of(_ shape: JSONShape, path: [String] = [], item: Bool = false) -> JSONValue {
        switch shape.kind {
        case .object:
            let required = shape.members.filter { !$0.1.isOptional }
            // An object under a key says what it is too (a ranking's `filter`); a list's items do
            // not take a meaning the same key has elsewhere (the cache report's count of `entries`).
            let described = item ? [] : OutputMeanings.meaning(path, kind: .leaf).map { [("description", JSONValue.string($0.description))] } ?? []
            return .object([("type", .string("object"))] + described
                + [("properties", .object(shape.members.map { key, member in (key, of(member, path: path + [key])) })),
                   ("required", .array(required.map { .string($0.0) }))])
        case .optional:
            return of(shape.item, path: path)
        case .list:
            let ofObjects = shape.item.kind == .object
            let meaning = OutputMeanings.meaning(path, kind: .array) { ($0.items == nil) == ofObjects }
                ?? (ofObjects ? nil : OutputMeanings.meaning(path, kind: .array))
            var schema: [(String, JSONValue)] = [("type", .string("array"))]
            if let meaning { schema.append(("description", .string(meaning.description))) }
            if let scalar = meaning?.items {
                schema.append(("items", .object([("type", .string(scalar.rawValue))])))
            } else if ofObjects {
                schema.append(("items", of(shape.item, path: path, item: true)))
            } else {
                schema.append(("items", .object([])))
            }
            return .object(schema)
        case .leaf:
            // A key with no meaning (a test finds it undescribed) is left untyped.
            return OutputMeanings.meaning(path, kind: .leaf)?.schema ?? .object([])
        }
    }
}

/// What each key of boxoffice's JSON holds: its type, whether KOBIS may leave it blank (null),
/// and, for numbers, what they count. One name has one meaning; where a key means something else
/// under a parent, `parent.key` says so.
enum OutputMeanings {
    /// What a key holds: one value or a list (an object's keys speak for themselves).
    enum Kind {
        case leaf, array
    }

    /// A JSON Schema type of one value.
    enum Scalar: String {
        case string, integer, number, boolean
    }

    /// A key's type, blankness and meaning.
    struct Meaning {
        let kind: Kind
        let type: Scalar?
        let nullable: Bool
        let format: String?
        let items: Scalar?
        let description: String
        let choices: [String]?

        /// The JSON Schema of a value with this meaning.
        var schema: JSONValue {
            var members: [(String, JSONValue)] = []
            let name = JSONValue.string(type?.rawValue ?? "string")
            members.append(("type", nullable ? .array([name, .string("null")]) : name))
            if let format { members.append(("format", .string(format))) }
            if let choices { members.append(("enum", .array(choices.map(JSONValue.string) + (nullable ? [.null] : [])))) }
            members.append(("description", .string(description)))
            return .object(members)
        }
    }

    /// One value: its type, whether it may be null, its format or choices, and what it holds.
    static func leaf(_ type: Scalar, nullable: Bool = false, format: String? = nil, choices: [String]? = nil, _ description: String) -> Meaning {
        Meaning(kind: .leaf, type: type, nullable: nullable, format: format, items: nil, description: description, choices: choices)
    }

    /// A list, of values of `items` or (without it) of objects whose keys speak for themselves.
    static func list(of items: Scalar? = nil, _ description: String) -> Meaning {
        Meaning(kind: .array, type: nil, nullable: false, format: nil, items: items, description: description, choices: nil)
    }

    /// The meaning of the key at the end of `path`: `parent.key` first, then the key alone.
    static func meaning(_ path: [String], kind: Kind, where fits: (Meaning) -> Bool = { _ in true }) -> Meaning? {
        guard let key = path.last else { return nil }
        let candidates = (path.count > 1 ? [path[path.count - 2] + "." + key] : []) + [key]
        for name in candidates {
            if let found = meanings[name]?.first(where: { $0.kind == kind && fits($0) }) { return found }
        }
        return nil
    }

    /// What a `date` holds.
    static let day = "A Korean calendar day, YYYY-MM-DD."

    /// The meanings by key (or `parent.key`); a key with two kinds (`entries`) has one of each.
    static let meanings: [String: [Meaning]] = [
        // Rankings.
        "date": [leaf(.string, format: "date", day)],
        "provisional": [leaf(.boolean, "Whether KOBIS may still revise these figures (the period ended only days ago).")],
        "entries": [list("The top 10, best first."),
                    leaf(.integer, "Answers kept in the cache.")],
        "rank": [leaf(.integer, "Place in the top 10, from 1.")],
        "points.rank": [leaf(.integer, nullable: true, "Place in that day's top 10; null when the film was outside it.")],
        "rankChange": [leaf(.integer, nullable: true, "Places gained (positive) or lost (negative) since the day or week before.")],
        "isNew": [leaf(.boolean, "Whether the film entered the ranking in this period.")],
        "movieCode": [leaf(.string, "KOBIS movie code, e.g. 20124079.")],
        "films.movieCode": [leaf(.string, nullable: true, "KOBIS movie code; null when KOBIS gives none.")],
        "title": [leaf(.string, "Korean title as KOBIS lists it.")],
        "openDate": [leaf(.string, nullable: true, format: "date", "Opening day in Korea (YYYY-MM-DD); null when KOBIS leaves it blank.")],
        "audience": [leaf(.integer, nullable: true, "Admissions (tickets sold) in the day or period.")],
        "points.audience": [leaf(.integer, nullable: true, "Admissions (tickets sold) that day; null when the film was outside the top 10.")],
        "audienceChange": [leaf(.integer, nullable: true, "Admissions compared with the day or week before (difference, may be negative).")],
        "audienceTotal": [leaf(.integer, nullable: true, "Admissions since the film opened (cumulative).")],
        "points.audienceTotal": [leaf(.integer, nullable: true, "Admissions since opening, up to that day; null when the film was outside the top 10.")],
        "sales": [leaf(.integer, nullable: true, "Ticket sales in Korean won (KRW) in the day or period.")],
        "salesShare": [leaf(.number, nullable: true, "Share of all ticket sales in the day or period, in percent (0-100).")],
        "salesTotal": [leaf(.integer, nullable: true, "Ticket sales since the film opened, in Korean won (KRW).")],
        "screens": [leaf(.integer, nullable: true, "Screens that showed the film.")],
        "shows": [leaf(.integer, nullable: true, "Showings (screenings) of the film.")],
        "exactThrough": [leaf(.integer, "With deep: the last rank certainly in its true place; below it a film may be missing.")],
        "entries.nation": [leaf(.string, choices: ["korean", "foreign"], "With deep: whether the film is Korean or foreign (from the list it came from).")],
        "entries.diversity": [leaf(.boolean, "With deep: whether the film is a diversity (independent/art) film rather than a commercial one.")],
        "entries.exact": [leaf(.boolean, "With deep: whether the film's rank is certain (it is at or above exactThrough); below it a film may be missing from the lists.")],
        "days": [list("One per day, oldest first: the day's ranking (a range), or the day and its number one film (month_calendar).")],
        // The calendar.
        "month": [leaf(.string, "The month, YYYY-MM.")],
        "days.published": [leaf(.boolean, "Whether KOBIS has published the day (it does once the day ends); false for today and later.")],
        "days.movieCode": [leaf(.string, nullable: true, "KOBIS movie code of the day's number one; null when the day has no figures.")],
        "days.title": [leaf(.string, nullable: true, "Korean title of the day's number one; null when the day has no figures.")],
        "days.audience": [leaf(.integer, nullable: true, "Admissions (tickets sold) of the day's number one that day; null when the day has no figures.")],
        "days.notRead": [leaf(.string, choices: ["kobisFailed", "notCached", "notInSamples"], "In a range, in place of a day's ranking: why the day was not read (kobisFailed: KOBIS failed on its side; notCached: offline and not in the cache; notInSamples: not in the sample data).")],
        "days.errorCode": [leaf(.string, "KOBIS's error code for a day it could not answer.")],
        "days.errorMessage": [leaf(.string, "KOBIS's error message for a day it could not answer, in Korean.")],
        "days.read": [leaf(.boolean, "Whether the day was read (given only when some were not: KOBIS could not answer, or the samples do not hold it).")],
        "period": [leaf(.string, choices: ["week", "weekend", "weekdays"], "week: Monday-Sunday; weekend: Friday-Sunday; weekdays: Monday-Thursday.")],
        "start": [leaf(.string, format: "date", "First day of the period (YYYY-MM-DD).")],
        "end": [leaf(.string, format: "date", "Last day of the period (YYYY-MM-DD).")],
        "yearWeek": [leaf(.string, nullable: true, "KOBIS's year and ISO week number, e.g. 201152.")],
        // Movies.
        "movies": [list("The movies, in KOBIS's order.")],
        "titleEnglish": [leaf(.string, nullable: true, "English title; null when KOBIS has none.")],
        "titleOriginal": [leaf(.string, nullable: true, "Original title; null when KOBIS has none.")],
        "productionYear": [leaf(.integer, nullable: true, "Year of production.")],
        "runtimeMinutes": [leaf(.integer, nullable: true, "Running time in minutes.")],
        "status": [leaf(.string, nullable: true, "Production status as KOBIS words it (e.g. 개봉).")],
        "type": [leaf(.string, nullable: true, "Movie type as KOBIS words it (e.g. 장편).")],
        "genres": [list(of: .string, "Genres, in Korean.")],
        "nations": [list(of: .string, "Countries of production, in Korean.")],
        "directors": [list(of: .string, "Directors' names."), list("Directors.")],
        "actors": [list("Cast, in KOBIS's order.")],
        "audits": [list("Rating certificates.")],
        "audits.number": [leaf(.string, nullable: true, "Certificate number.")],
        "audits.grade": [leaf(.string, nullable: true, "Rating (e.g. 15세이상관람가).")],
        "companies": [list("Companies.")],
        "companies.code": [leaf(.string, nullable: true, "KOBIS company code; null when KOBIS gives none.")],
        "showTypes": [list("How the film was shown (2D, IMAX …).")],
        "showTypes.group": [leaf(.string, nullable: true, "Kind of showing.")],
        "showTypes.name": [leaf(.string, nullable: true, "Showing format.")],
        "staffs": [list("Crew.")],
        "roleEnglish": [leaf(.string, nullable: true, "The part in English; null when KOBIS has none.")],
        // People and companies.
        "people": [list("The people found, in KOBIS's order.")],
        "peopleCode": [leaf(.string, "KOBIS people code, e.g. 10031641.")],
        "companyCode": [leaf(.string, "KOBIS company code, e.g. 20100109.")],
        "name": [leaf(.string, "Name, in Korean as KOBIS lists it.")],
        "nameEnglish": [leaf(.string, nullable: true, "Name in English; null when KOBIS has none.")],
        "role": [leaf(.string, nullable: true, "Role or part, in Korean; null when KOBIS leaves it blank.")],
        "sex": [leaf(.string, nullable: true, "Sex as KOBIS words it.")],
        "homepages": [list(of: .string, "Web addresses.")],
        "films": [list(of: .string, "Titles of their films."), list("Films: a person's or company's, with the part they had; or (top_films) the period's films, most admissions first.")],
        "films.rank": [leaf(.integer, "Place in the period's ranking by admissions, from 1.")],
        "films.audience": [leaf(.integer, "Admissions (tickets sold) in the period, counted as 'basis' says.")],
        "films.sales": [leaf(.integer, "Ticket sales in the period in Korean won (KRW), counted as 'basis' says.")],
        "daysInTop10": [leaf(.integer, "Days the film was in the daily top 10 within the period (with deep: in the day's deep ranking).")],
        "bestRank": [leaf(.integer, "Its best place in a daily top 10 within the period (with deep: in a day's deep ranking).")],
        "deep": [leaf(.boolean, "Present, and true, when the ranking was made from each day's deep ranking (past the top 10), as basis says.")],
        "firstDay": [leaf(.string, format: "date", "Its first day in the daily top 10 within the period (YYYY-MM-DD).")],
        "lastDay": [leaf(.string, format: "date", "Its last day in the daily top 10 within the period (YYYY-MM-DD).")],
        "basis": [leaf(.string, "How the period's audience and sales of a film are counted from the daily top 10.")],
        "daysInPeriod": [leaf(.integer, "The period's days.")],
        "daysRead": [leaf(.integer, "How many of the period's days were read; fewer than daysInPeriod when KOBIS could not answer for some, the cache lacked some (offline), or the sample data holds only some.")],
        "daysNotRead": [list("The period's days that were not read, each with why; empty when every day was read.")],
        "reason": [leaf(.string, choices: ["kobisFailed", "notCached", "notInSamples"], "Why the day was not read: kobisFailed (KOBIS failed on its side; asking again later fetches only such days), notCached (offline, and the cache does not hold it) or notInSamples (the sample data does not hold it).")],
        "errorCode": [leaf(.string, "KOBIS's error code for the day (320099: an unknown error on its side).")],
        "errorMessage": [leaf(.string, "KOBIS's error message for the day, in Korean.")],
        "part": [leaf(.string, nullable: true, "The part they had in the film (감독, 배우 …).")],
        "parts": [list(of: .string, "Kinds of work (제작사, 배급사 …).")],
        "roles": [list(of: .string, "Kinds of work (제작사, 배급사 …).")],
        "ceo": [leaf(.string, nullable: true, "Chief executive's name.")],
        "filmNames": [leaf(.string, nullable: true, "Titles of their films, comma-separated as KOBIS gives them.")],
        // Code tables.
        "codes": [list("The codes of the table.")],
        "code": [leaf(.string, "KOBIS code: of the person (e.g. 10031641), the company (20100109) or the table entry (0105001).")],
        // Trends.
        "from": [leaf(.string, format: "date", "First day (YYYY-MM-DD).")],
        "to": [leaf(.string, format: "date", "Last day (YYYY-MM-DD).")],
        "points": [list("One point per day, oldest first.")],
        "filter": [leaf(.string, "Which films the ranking covers, when it is filtered; absent for all films (an object).")],
        "filter.nation": [leaf(.string, nullable: true, choices: ["korean", "foreign"], "Only Korean or only foreign films; null for both.")],
        "filter.market": [leaf(.string, nullable: true, choices: ["diversity", "commercial"], "Only diversity (independent and art) or only commercial films; null for both.")],
        "filter.region": [leaf(.string, nullable: true, "The region's KOBIS code (wideAreaCd); null for all of Korea.")],
        "filter.regionName": [leaf(.string, nullable: true, "The region's name in KOBIS's table, when known.")],
        "points.day": [leaf(.integer, nullable: true, "Days since the film's opening (opening day = 1, previews 0 and below); null without an opening date. Only with alignOpening.")],
        "milestones": [list("Round numbers of admissions (100,000, 500,000, each million) the film's cumulative audience passed on a day it was in the top 10 within the range.")],
        "milestones.audience": [leaf(.integer, "The round number of admissions passed.")],
        "milestones.day": [leaf(.integer, nullable: true, "Days since the film's opening on that date (opening day = 1); null without an opening date.")],
        // The quota.
        "folder": [leaf(.string, "The cache folder.")],
        "bytes": [leaf(.integer, "Bytes the cached answers take.")],
        "otherItems": [leaf(.integer, "Items in the cache folder that boxoffice did not make.")],
        "day": [leaf(.string, format: "date", "Today in Korea (YYYY-MM-DD), the day the count is for.")],
        "callsToday": [leaf(.integer, "Calls to KOBIS made today (Korean time) from this machine.")],
        "dailyQuota": [leaf(.integer, "Calls a key may make a day.")],
        "quotaSpentAt": [leaf(.string, nullable: true, format: "date-time", "When KOBIS said today that a key's quota was spent (its error 320011), in Korean time; null when it has not.")],
        "text": [leaf(.string, "The command's answer as text.")],
    ]
}
