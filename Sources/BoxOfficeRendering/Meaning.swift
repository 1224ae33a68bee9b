import BoxOfficeCore

/// What a key of boxoffice's JSON holds: its type, whether KOBIS may leave it blank (null), its
/// format or choices, and what it counts. Each is declared once and given to its keys in the
/// types' shapes (`JSONShape`), from which the MCP server's output schemas are made: a meaning
/// several types share (a day, a title, a movie code) here, a type's own beside its view and its
/// fields; one name has one meaning, and where a key means something else under a parent
/// (`points.rank`), that parent's shape gives it the other.
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

    /// A value of any type (a number, text, true or false, or null): a query's.
    static func any(_ description: String) -> Meaning {
        Meaning(kind: .leaf, type: nil, nullable: true, format: nil, items: nil, description: description, choices: nil)
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
    /// What `rank` holds.
    static let rank = leaf(.integer, "Place in the top 10, from 1.")
    /// What `movieCode` holds.
    static let movieCode = leaf(.string, "KOBIS movie code, e.g. 20124079.")
    /// What `films.movieCode` holds.
    static let filmMovieCode = leaf(.string, nullable: true, "KOBIS movie code; null when KOBIS gives none.")
    /// What `title` holds.
    static let title = leaf(.string, "Korean title as KOBIS lists it.")
    /// What `openDate` holds.
    static let openDate = leaf(.string, nullable: true, format: "date", "Opening day in Korea (YYYY-MM-DD); null when KOBIS leaves it blank.")
    /// What `days` holds.
    static let days = list("One per day, oldest first: the day's ranking (a range), or the day and its number one film (month_calendar).")
    /// What `movies` holds.
    static let movies = list("The movies, in KOBIS's order.")
    /// What `titleEnglish` holds.
    static let titleEnglish = leaf(.string, nullable: true, "English title; null when KOBIS has none.")
    /// What `productionYear` holds.
    static let productionYear = leaf(.integer, nullable: true, "Year of production.")
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
    /// What `companies` holds.
    static let companies = list("Companies.")
    /// What a company's `code` holds where KOBIS may leave it out (a film's companies, a search's).
    static let companyCodeOrNull = leaf(.string, nullable: true, "KOBIS company code; null when KOBIS gives none.")
    /// What `people` holds.
    static let people = list("The people found, in KOBIS's order.")
    /// What `name` holds.
    static let name = leaf(.string, "Name, in Korean as KOBIS lists it.")
    /// What `nameEnglish` holds.
    static let nameEnglish = leaf(.string, nullable: true, "Name in English; null when KOBIS has none.")
    /// What `role` holds.
    static let role = leaf(.string, nullable: true, "Role or part, in Korean; null when KOBIS leaves it blank.")
    /// What `films` holds.
    static let films = list("Films: a person's or company's, with the part they had; or (top_films) the period's films, most admissions first.")
    /// What `roles` holds.
    static let roles = list(of: .string, "Kinds of work (제작사, 배급사 …).")
    /// What `ceo` holds.
    static let ceo = leaf(.string, nullable: true, "Chief executive's name.")
    /// What `codes` holds.
    static let codes = list("The codes of the table.")
    /// What `code` holds.
    static let code = leaf(.string, "KOBIS code: of the person (e.g. 10031641), the company (20100109) or the table entry (0105001).")
    /// What `from` holds.
    static let from = leaf(.string, format: "date", "First day (YYYY-MM-DD).")
    /// What `to` holds.
    static let to = leaf(.string, format: "date", "Last day (YYYY-MM-DD).")
    /// What a range of days not read starts with (the MCP server's `daysNotRead`).
    static let rangeFrom = leaf(.string, format: "date", "The first day of the range, YYYY-MM-DD.")
    /// What a range of days not read ends with.
    static let rangeTo = leaf(.string, format: "date", "The last day of the range, YYYY-MM-DD (the same as from for one day).")
}
