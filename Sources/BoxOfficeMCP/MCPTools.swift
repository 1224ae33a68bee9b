import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// The tools the server offers: one per task a person asks an assistant, each decoding its
/// JSON arguments into a request (the same request the command line parses its words into), so
/// the answers are the same as `--json` gives.
struct MCPTool: Sendable {
    let name: String
    let title: String
    let description: String
    /// JSON Schema of the arguments.
    let input: JSONValue
    /// The shape of `structuredContent`, from the type of the command's value: the output schema.
    let output: JSONShape
    /// The arguments that are days, checked (and explained) in the tool's own terms.
    var dates: [String] = []
    /// Whether the tool reaches KOBIS (quota_status only reads this machine's count).
    var reachesKOBIS = true
    /// Gives the arguments without a name in the request (a title, codes), in order, and checks
    /// what the input schema's types cannot say (which arguments are needed together, a code's form).
    var words: @Sendable (JSONValue) throws(MCPArgumentError) -> [String] = { _ throws(MCPArgumentError) in [] }
    /// The request's parameters that the tool names otherwise: how each is read from the
    /// arguments (`multi` is `market: "diversity"`), and how messages name it.
    var renamed: [String: ToolArguments.Renaming] = [:]
    /// The request the arguments decode into.
    let decode: @Sendable (ToolArguments) throws(UsageError) -> any ToolRequest
    /// What `structuredContent` holds: the command's JSON, wrapped when it is not an object.
    let wrap: @Sendable (JSONValue) -> JSONValue

    /// The tool as `tools/list` gives it, with the schema of its answers; `openWorld` says whether
    /// the server's answers come from the outside world (not from the recordings inside it).
    func listing(output: JSONValue?, openWorld: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
                                              ("inputSchema", input)]
        if let output { members.append(("outputSchema", output)) }
        members.append(("annotations", .object([
            ("title", .string(title)), ("readOnlyHint", .bool(true)), ("destructiveHint", .bool(false)),
            ("idempotentHint", .bool(true)), ("openWorldHint", .bool(reachesKOBIS && openWorld)),
        ])))
        return .object(members)
    }

    /// The argument names of the tool, as its input schema lists them.
    var argumentNames: [String] { input["properties"]?.keys ?? [] }
}

/// Arguments that do not fit a tool's schema: a tool result with `isError`, in the tool's terms.
struct MCPArgumentError: Error {
    let message: String
}

enum MCPTools {
    static let all: [MCPTool] = [
        MCPTool(
            name: "daily_box_office", title: "Daily box office (Korea)",
            description: "The top 10 films in Korean cinemas on one day, from KOBIS (영화진흥위원회): rank and rank change, whether new, movie code, title, opening date; audience is admissions (tickets sold) that day, audienceTotal admissions since opening; sales and salesTotal are ticket sales in Korean won (KRW), salesShare the film's percent of the day's sales; screens and shows count screens and showings. Days are Korean days; a day is published only after it ends, so the default is yesterday in Korea. Figures of the last few days may still be revised (provisional: true). Filters: Korean or foreign films, diversity (independent/art) or commercial films, one region.",
            input: schema([DailyRequest.date.property("The day: YYYY-MM-DD (also YYYYMMDD, YYYY.MM.DD or YYYY/MM/DD), 'yesterday' or '-Nd' (N days ago); every date argument takes these. Default: yesterday in Korea.")] + filterProperties),
            output: DailyBoxOffice.shape,
            dates: [DailyRequest.date.name],
            words: { arguments throws(MCPArgumentError) in
                try checkMarket(arguments)
                return []
            },
            renamed: marketFilter,
            decode: { arguments throws(UsageError) in try DailyRequest(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "daily_box_office_range", title: "Daily box office for a range of days",
            description: "The daily top 10 for every day from 'from' to 'to' (inclusive), fetched concurrently and kept in the cache; each day as daily_box_office gives it (audience = admissions, sales in Korean won). Use it for questions about a holiday, a month or a season. At most 366 days per call. Sends progress notifications when asked.",
            input: schema([RankingRange.from.property("The first day (YYYY-MM-DD)."), RankingRange.to.property("The last day (YYYY-MM-DD); default yesterday in Korea.")]
                          + filterProperties, required: [RankingRange.from.name]),
            output: .object([("days", .list(DailyBoxOffice.rangeShape, .days))]),
            dates: [RankingRange.from.name, RankingRange.to.name],
            words: { arguments throws(MCPArgumentError) in
                try checkMarket(arguments)
                guard try string(arguments, "from") != nil else {
                    throw MCPArgumentError(message: "daily_box_office_range needs 'from': the first day, e.g. 2023-04-01")
                }
                return []
            },
            renamed: marketFilter,
            decode: { arguments throws(UsageError) in try DailyRequest(arguments) },
            wrap: { .object([("days", $0)]) }),
        MCPTool(
            name: "weekly_box_office", title: "Weekly or weekend box office (Korea)",
            description: "The top 10 of the Monday-to-Sunday week holding a day, or of its weekend (Friday-Sunday) or weekdays (Monday-Thursday). Default: the last complete week. The answer gives the days added up (start, end) and KOBIS's ISO year-week; audience is admissions (tickets sold) in the period, sales are in Korean won (KRW), changes compare with the week before.",
            input: schema([WeeklyRequest.date.property("Any day of the week (YYYY-MM-DD). Default: the last complete week."),
                           WeeklyRequest.period.property("week: Monday-Sunday (default); weekend: Friday-Sunday; weekdays: Monday-Thursday.")]
                          + filterProperties),
            output: WeeklyBoxOffice.shape,
            dates: [WeeklyRequest.date.name],
            words: { arguments throws(MCPArgumentError) in
                try checkMarket(arguments)
                return []
            },
            renamed: marketFilter,
            decode: { arguments throws(UsageError) in try WeeklyRequest(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "search_movies", title: "Search movies",
            description: "Find movies in KOBIS by (part of) a title, a director's name and/or the year they opened; returns their movie codes (for movie_details and movie_trend), titles, English titles, years, opening dates, genres, nations and directors. Titles are matched in Korean as KOBIS lists them (e.g. '기생충'); English titles often do not match.",
            input: schema([("title", stringSchema("All or part of the title.")), SearchRequest.director.property("A director's name, e.g. '봉준호'."),
                           SearchRequest.year.property("The year the film opened."), SearchRequest.page.property(pageDescription)]),
            output: .object([("movies", .list(MovieSummary.shape, .movies))]),
            words: { arguments throws(MCPArgumentError) in
                let title = try string(arguments, "title")
                let director = try string(arguments, "director")
                guard title != nil || director != nil else { throw MCPArgumentError(message: "search_movies needs a title or a director") }
                return title.map { [$0] } ?? []
            },
            renamed: ["title": .positional],
            decode: { arguments throws(UsageError) in try SearchRequest(arguments) },
            wrap: { .object([("movies", $0)]) }),
        MCPTool(
            name: "movie_details", title: "Movie details",
            description: "One movie's details from KOBIS: titles, production year, opening date, runtime, status, type, nations, genres, directors, actors with their roles, rating certificates, companies and staff; and its box-office run as the Korean press counts it (run: previews, opening day, weekend and week, totals, days and longest run at number one, best day, most screens, milestones with their day since opening, second weekend's change; each null where the days read cannot give it), from the days at hand, or read whole first with run: true. Give the 8-character movie code (from a ranking or search_movies), or a title: a title that matches several movies is an error listing them with their codes.",
            input: schema([("movie", stringSchema("A KOBIS movie code such as 20124079, or a title.")), MovieRequest.run.property("Read the film's whole run first (a call for each day not cached, at most 100); without it, the run is what the days at hand tell."), MovieRequest.deep.property("The run from each day's deep ranking past the top 10 (four calls a day with run), lasting while the film is in it."), maxCalls], required: ["movie"]),
            output: MovieShown.shape,
            words: { arguments throws(MCPArgumentError) in
                guard let movie = try string(arguments, "movie") else { throw MCPArgumentError(message: "movie_details needs 'movie': a movie code or a title") }
                return [movie]
            },
            renamed: ["movie": .positional],
            decode: { arguments throws(UsageError) in try MovieRequest(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "search_people", title: "Search people",
            description: "Find actors, directors and crew in KOBIS by name (in Korean, e.g. '봉준호'); returns their people codes, names, English names, main roles and film titles.",
            input: schema([("name", stringSchema("The person's name.")), PeopleRequest.page.property(pageDescription)], required: ["name"]),
            output: .object([("people", .list(PersonSummary.shape, .people))]),
            words: { arguments throws(MCPArgumentError) in
                guard let name = try string(arguments, "name") else { throw MCPArgumentError(message: "search_people needs 'name'") }
                guard !CodeArgument.isCode(name) else { throw MCPArgumentError(message: "'name' is a code; use person_details for a people code") }
                return [name]
            },
            renamed: ["name": .positional],
            decode: { arguments throws(UsageError) in try PeopleRequest(arguments) },
            wrap: { .object([("people", $0)]) }),
        MCPTool(
            name: "person_details", title: "Person details and filmography",
            description: "One person's details from KOBIS and their whole filmography (each film's code, title and the part they had), by people code (from search_people).",
            input: schema([("peopleCode", stringSchema("A KOBIS people code such as 10031641."))], required: ["peopleCode"]),
            output: Person.shape,
            words: { arguments throws(MCPArgumentError) in
                guard let code = try string(arguments, "peopleCode"), CodeArgument.isCode(code) else {
                    throw MCPArgumentError(message: "person_details needs 'peopleCode', such as 10031641")
                }
                return [code]
            },
            renamed: ["peopleCode": .positional],
            decode: { arguments throws(UsageError) in try PeopleRequest(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "search_companies", title: "Search film companies",
            description: "Find production and distribution companies in KOBIS by name; returns their company codes, names, categories, CEOs and films.",
            input: schema([("name", stringSchema("The company's name, e.g. 'CJ' or '쇼박스'.")), CompanyRequest.page.property(pageDescription)], required: ["name"]),
            output: .object([("companies", .list(CompanySummary.shape, .companies))]),
            words: { arguments throws(MCPArgumentError) in
                guard let name = try string(arguments, "name") else { throw MCPArgumentError(message: "search_companies needs 'name'") }
                return [name]
            },
            renamed: ["name": .positional],
            decode: { arguments throws(UsageError) in try CompanyRequest(arguments) },
            wrap: { .object([("companies", $0)]) }),
        MCPTool(
            name: "company_details", title: "Company details and films",
            description: "One company's details from KOBIS (CEO, categories) and its films with the part it played, by company code (from search_companies).",
            input: schema([("companyCode", stringSchema("A KOBIS company code such as 20100109."))], required: ["companyCode"]),
            output: Company.shape,
            words: { arguments throws(MCPArgumentError) in
                guard let code = try string(arguments, "companyCode"), CodeArgument.isCode(code) else {
                    throw MCPArgumentError(message: "company_details needs 'companyCode', such as 20100109")
                }
                return [code]
            },
            renamed: ["companyCode": .positional],
            decode: { arguments throws(UsageError) in try CompanyRequest(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "code_table", title: "KOBIS code table",
            description: "A KOBIS code table: 'regions' (the names and codes the region filter accepts), 'nations', 'types' (movie types) or 'parts' (company categories).",
            input: schema([("table", enumSchema(CodeTable.named.map(\.name), "Which table."))], required: ["table"]),
            output: .object([("codes", .list(CodeList.entryShape, .codes))]),
            words: { arguments throws(MCPArgumentError) in
                guard let table = try string(arguments, "table") else { throw MCPArgumentError(message: "code_table needs 'table'") }
                return [table]
            },
            renamed: ["table": .positional],
            decode: { arguments throws(UsageError) in try CodesRequest(arguments) },
            wrap: { .object([("codes", $0)]) }),
        MCPTool(
            name: "movie_trend", title: "Movies' daily run",
            description: "Films' daily rank, audience (admissions that day) and cumulative audience (admissions since opening) across a range of days, read from the daily top 10. Without from/to: from the opening day while the film stays in the top 10, at most 60 days. A day outside the top 10 has rank null (never 0). Up to six films by code or title. alignOpening lines the runs up by days since each film's opening (each point gains 'day', opening day = 1, previews 0 and below, null without an opening date); without from/to each film's own run is read, so runs years apart compare. milestones: each time a film's cumulative audience passed 100,000, 500,000 or a whole million on a day it was in the top 10 within the range (date and day since opening); a mark passed before the range or on a day outside the top 10 is not listed. Sends progress notifications when asked.",
            input: schema([
                ("movies", .object([("type", .string("array")), ("items", .object([("type", .string("string"))])), ("minItems", .int(1)), ("maxItems", .int(6)),
                                    ("description", .string("Movie codes (or titles) to compare."))])),
                RankingRange.from.property("The first day (YYYY-MM-DD); needs 'to' too, else the film's run is used."),
                RankingRange.to.property("The last day (YYYY-MM-DD)."),
                ("alignOpening", .object([("type", .string("boolean")), ("description", .string("Count each film's days from its opening (day 1) instead of by date, to compare runs of different years. Default false."))])),
                maxCalls,
            ], required: ["movies"]),
            output: Trend.shape,
            dates: [RankingRange.from.name, RankingRange.to.name],
            words: { arguments throws(MCPArgumentError) in
                guard case let .array(values)? = arguments["movies"], !values.isEmpty else {
                    throw MCPArgumentError(message: "movie_trend needs 'movies': a list of movie codes or titles")
                }
                let movies = try values.map { value throws(MCPArgumentError) -> String in
                    guard let text = value.stringValue else { throw MCPArgumentError(message: "'movies' holds strings: movie codes or titles") }
                    return text
                }
                return movies
            },
            renamed: ["movies": .positional, "alignOpening": .parameter("align", when: .bool(true), is: .text("opening"))],
            decode: { arguments throws(UsageError) in try TrendQuery(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "top_films", title: "Top films of a year, a month or a period",
            description: "Films ranked by admissions within a calendar year, a month or any range of days, which KOBIS itself does not offer: computed from the daily top 10 of every day of the period (a year is 365 calls the first time, then instant from the cache). Sends progress notifications when asked. Give one of year, month, or from (with to). Default: the last complete year; this year or month runs to yesterday and is provisional. A film's audience and sales are the difference of its cumulative figures between its first and last day in the top 10 within the period, counting the first day ('basis' says so): days outside the top 10 between them count, days before and after are not seen. Each film: rank, movie code, title, opening date, audience (admissions), sales (Korean won), days in the top 10, best rank, first and last day in the top 10. Filters as in daily_box_office apply to every day.",
            input: schema(periodProperties + [TopRequest.limit.property("How many films (default \(TopRequest.defaultLimit)).")] + filterProperties),
            output: PeriodRanking.shape,
            dates: [RankingRange.from.name, RankingRange.to.name],
            words: periodWords,
            renamed: marketFilter,
            decode: { arguments throws(UsageError) in try TopRequest(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "period_records", title: "Box-office records of a year, a month or a period",
            description: "A period's box-office records as the Korean film press counts them, computed from the daily top 10 of every day of the period (read as top_films reads it: a year is 365 calls the first time, then instant from the cache). Sends progress notifications when asked. Among the films that opened in the period: the biggest opening days (openingDay: day 1's admissions), the biggest opening weekends (openingWeekend: the first Friday to Sunday, the opening day's own when it opens Friday to Sunday) and the fastest to 1,000,000 admissions (fastestTo: days since opening, the opening day being day 1; also to 'milestone' when given). Among all its films: the most days at number one (daysAtNumberOne), the longest run of consecutive days at number one (longestAtNumberOne) and the best single days (bestDay: each film's biggest). Each record: kind, rank (equal figures share one), movie code, title, value (admissions or days), milestone (fastestTo only), and the first and last day it rests on. Every figure rests on days read; a film that opened on a day not read is left out of the opening records. Give one of year, month, or from (with to); default the last complete year. Filters as in daily_box_office apply to every day.",
            input: schema(periodProperties + [
                RecordsQuery.places.property("How many places of each record (default \(TopRequest.defaultLimit); equal figures share a place)."),
                RecordsQuery.milestone.property("Also the fastest to this many admissions, e.g. '3000000' or '300만'."),
            ] + filterProperties),
            output: PeriodRecords.shape,
            dates: [RankingRange.from.name, RankingRange.to.name],
            words: periodWords,
            renamed: marketFilter,
            decode: { arguments throws(UsageError) in try RecordsQuery(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "box_office_news", title: "What happened at the Korean box office on a day",
            description: "A published day's events against the day before, as the Korean film press reports them, computed from the daily top 10 of the day, the day before and the 7 days before those (one call a day the first time, then from the cache): a new number one (newNumberOne, with endedRun: the film it replaced and its days at number one in a row as far as the days read show; its text says 'at least' when a day before them was not read), films entering the top 10 (entered) or back after days out (reentered), films leaving it (left), and milestones passed that day (milestone: 100,000, 500,000, every million; 10,000,000 is 천만), each with day (days since opening, the opening day being day 1; null on a preview day before the opening). Each event: kind, movie code, title, rank and the day before's rank, audience (admissions that day), audienceTotal, milestone, day, endedRun, and text: one sentence ready to post (Korean under a Korean locale). No event means nothing changed. Default: the latest published day (yesterday in Korea).",
            input: schema([NewsRequest.date.property("The day, YYYY-MM-DD; default the latest published day (yesterday in Korea)."),
                           ("deep", .object([("type", .string("boolean")), ("description", .string("The same past the top 10, over KOBIS's four filtered lists merged (4 calls a day). Default false."))])),
                           maxCalls]),
            output: NewsShown.shape,
            dates: [NewsRequest.date.name],
            decode: { arguments throws(UsageError) in try NewsRequest(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "month_calendar", title: "A month's number one film, day by day",
            description: "A month of Korean box office as a calendar: for every day, the film ranked first that day (movie code, title) and its admissions (audience: tickets sold that day), from the daily top 10 of each day (one call a day the first time, then from the cache). Sends progress notifications when asked. Days KOBIS has not published yet (today and later; a day is published after it ends) have published false and nulls. Default: this month in Korea.",
            input: schema([TopRequest.month.property("The month, YYYY-MM, e.g. 2023-04; default this month in Korea."), maxCalls]),
            output: MonthCalendar.shape,
            words: { arguments throws(MCPArgumentError) in
                try string(arguments, TopRequest.month.name).map { [$0] } ?? []
            },
            renamed: [TopRequest.month.name: .positional],
            decode: { arguments throws(UsageError) in try CalendarRequest(arguments) },
            wrap: { $0 }),
        MCPTool(
            name: "quota_status", title: "KOBIS quota status",
            description: "How many calls to KOBIS this machine made today (Korean time) against the key's daily quota of 3,000, and where the cache is. Answers from the cache cost no call. Reads this machine's count only; nothing is sent.",
            input: schema([]),
            output: CacheReport.shape,
            reachesKOBIS: false,
            decode: { _ throws(UsageError) in CacheRequest(action: .info) },
            wrap: { $0 }),
    ]

    static func named(_ name: String) -> MCPTool? {
        all.first { $0.name == name }
    }

    // MARK: Schemas

    static func schema(_ properties: [(String, JSONValue)], required: [String] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
        members.append(("additionalProperties", .bool(false)))
        return .object(members)
    }

    static func stringSchema(_ description: String) -> JSONValue {
        .object([("type", .string("string")), ("minLength", .int(1)), ("description", .string(description))])
    }

    static func enumSchema(_ values: [String], _ description: String) -> JSONValue {
        .object([("type", .string("string")), ("enum", .array(values.map(JSONValue.string))), ("description", .string(description))])
    }

    /// The period a tool reads as `top` does: a year, a month, or a range of days.
    static let periodProperties: [(String, JSONValue)] = [
        TopRequest.year.property("A calendar year, e.g. 2025."),
        TopRequest.month.property("A month, YYYY-MM, e.g. 2025-10."),
        RankingRange.from.property("The first day of a range (YYYY-MM-DD)."),
        RankingRange.to.property("The last day of a range (YYYY-MM-DD); default yesterday in Korea."),
    ]

    /// A period tool's words: none positional; its market filter checked.
    static let periodWords: @Sendable (JSONValue) throws(MCPArgumentError) -> [String] = { arguments throws(MCPArgumentError) in
        try checkMarket(arguments)
        return []
    }

    static let pageDescription = "Which page of ten results (default 1)."

    static let filterProperties: [(String, JSONValue)] = [
        RankingFilterOptions.nation.property("Only Korean or only foreign films."),
        ("market", enumSchema(["diversity", "commercial"], "Only diversity (independent and art) or only commercial films.")),
        RankingFilterOptions.region.property("Only one region, by name (서울시, 서울, seoul, 부산, gyeonggi …) or code (0105001)."),
        RankingFilterOptions.deep.property("Past the top 10: KOBIS's four filtered lists (Korean or foreign × diversity or commercial) merged into one ranking of up to 40 films; 'exactThrough' gives the last rank certainly in its true place (below it a film may be missing), and each entry its 'nation' and 'diversity'. Four calls a day (two with nation or market) instead of one."),
        maxCalls,
    ]

    /// The argument that lets a call cost more than the server's limit of calls to KOBIS.
    static let maxCalls: (String, JSONValue) = ("maxCalls", .object([
        ("type", .string("integer")), ("minimum", .int(1)), ("maximum", .int(1_000_000)),
        ("description", .string("The most calls to KOBIS this call may make (days already in the cache cost none). A call that needs more is refused, saying how many it needs, so that a long period never spends a large part of the key's 3,000 calls a day unasked. Default: the server's limit, \(CallLimitError.standardLimit) unless it was started with --max-calls.")),
    ]))

    // MARK: Arguments

    static func string(_ arguments: JSONValue, _ key: String) throws(MCPArgumentError) -> String? {
        guard let value = arguments[key], value != .null else { return nil }
        guard let text = value.stringValue, !text.isEmpty else { throw MCPArgumentError(message: "'\(key)' must be a non-empty string") }
        return text
    }

    static func integer(_ arguments: JSONValue, _ key: String) throws(MCPArgumentError) -> Int? {
        switch arguments[key] {
        case nil, .null?: return nil
        case let .int(number)? where number.magnitude < 1_000_000_000: return Int(number)
        case let .double(number)? where number == number.rounded() && abs(number) < 1e9: return Int(number)
        default: throw MCPArgumentError(message: "'\(key)' must be a whole number")
        }
    }

    static func boolean(_ arguments: JSONValue, _ key: String) throws(MCPArgumentError) -> Bool? {
        switch arguments[key] {
        case nil, .null?: return nil
        case let .bool(value)?: return value
        default: throw MCPArgumentError(message: "'\(key)' must be true or false")
        }
    }

    /// An argument as its input schema types it: a non-empty string, a whole number, true or
    /// false (an array, and what a value must be beyond its type, are the tool's own to check).
    static func checkType(_ arguments: JSONValue, _ key: String, schema: JSONValue?) throws(MCPArgumentError) {
        switch schema?["type"]?.stringValue {
        case "string"?: _ = try string(arguments, key)
        case "integer"?: _ = try integer(arguments, key)
        case "boolean"?: _ = try boolean(arguments, key)
        default: break
        }
    }

    /// `market`, which the request reads as its `multi` or `commercial`: one of its two words.
    static func checkMarket(_ arguments: JSONValue) throws(MCPArgumentError) {
        switch try string(arguments, "market") {
        case "diversity"?, "commercial"?, nil: break
        case let other?: throw MCPArgumentError(message: "'market' is 'diversity' or 'commercial', not '\(other)'")
        }
    }

    /// `market` for the request's `multi` and `commercial`.
    static let marketFilter: [String: ToolArguments.Renaming] = [
        "market": .parameters([("multi", when: .string("diversity"), is: .flag), ("commercial", when: .string("commercial"), is: .flag)]),
    ]
}
