extension SearchPage {
    /// `Movies 1–10 of 95,043 (page 1 of 9,505)`, or `No movies match.`
    func heading(_ noun: String, _ options: RenderOptions) -> String {
        guard !items.isEmpty else {
            return total > 0
                ? "No \(noun) on page \(NumberFormat.grouped(page)); the \(NumberFormat.grouped(total)) matches fill \(NumberFormat.grouped(pageCount)) page\(pageCount == 1 ? "" : "s").\n"
                : "No \(noun) match.\n"
        }
        let first = (page - 1) * perPage + 1
        let shown = items.count == total
            ? "\(NumberFormat.grouped(total)) \(total == 1 ? Self.singular(noun) : noun)"
            : "\(noun.prefix(1).uppercased() + noun.dropFirst()) \(NumberFormat.grouped(first))–\(NumberFormat.grouped(first + items.count - 1)) of \(NumberFormat.grouped(total)) (page \(NumberFormat.grouped(page)) of \(NumberFormat.grouped(pageCount)))"
        return TextColor.bold.apply(items.count == total ? shown.prefix(1).uppercased() + shown.dropFirst() : shown, if: options.colors) + "\n"
    }

    private static func singular(_ noun: String) -> String {
        ["movies": "movie", "people": "person", "companies": "company"][noun] ?? noun
    }

    /// The heading, a blank line, the table, and a hint for the next page when there is one.
    func render(_ noun: String, _ options: RenderOptions, table: TextTable, next: String? = nil) -> String {
        var text = heading(noun, options)
        guard !items.isEmpty else { return text }
        text += "\n" + table.render(options).joined(separator: "\n") + "\n"
        if page < pageCount, let next { text += "\n" + TextColor.dim.apply(next, if: options.colors) + "\n" }
        return text
    }
}

extension MovieSummary: SearchItem {
    public static let fieldNames = ["movieCode", "title", "titleEnglish", "productionYear", "openDate", "type", "status", "genres",
                                    "nations", "directors"]

    /// Movies as a table: code, title, English title, year, opening day, type, genres, nations, directors.
    public static func table(_ page: SearchPage<Self>, _ options: RenderOptions) -> String {
        let table = TextTable(
            columns: [
                .init(title: "Code"), .init(title: "Title", flexible: true), .init(title: "English title"), .init(title: "Year"),
                .init(title: "Opened"), .init(title: "Type"), .init(title: "Genres"), .init(title: "Nations"), .init(title: "Directors"),
            ],
            rows: page.items.map { movie in
                [
                    .init(movie.code), .init(movie.title), .init(movie.titleEnglish ?? ""), .init(movie.productionYear.map(String.init) ?? ""),
                    .init(movie.openDate?.iso ?? ""), .init(movie.type ?? ""), .init(movie.genres.joined(separator: ", ")),
                    .init(movie.nations.joined(separator: ", ")), .init(movie.directors.joined(separator: ", ")),
                ]
            })
        return page.render("movies", options, table: table, next: "More: add --page \(page.page + 1), or --all for every page.")
    }

    public var json: JSONValue {
        .object([
            ("movieCode", .string(code)), ("title", .string(title)), ("titleEnglish", JSONValue(titleEnglish)),
            ("productionYear", JSONValue(productionYear)), ("openDate", JSONValue(openDate)), ("type", JSONValue(type)),
            ("status", JSONValue(status)), ("genres", .array(genres.map(JSONValue.string))),
            ("nations", .array(nations.map(JSONValue.string))), ("directors", .array(directors.map(JSONValue.string))),
        ])
    }
}

extension PersonSummary: SearchItem {
    public static let fieldNames = ["peopleCode", "name", "nameEnglish", "role", "films"]

    /// People as a table: code, name, English name, role, and their first films.
    public static func table(_ page: SearchPage<Self>, _ options: RenderOptions) -> String {
        let table = TextTable(
            columns: [.init(title: "Code"), .init(title: "Name"), .init(title: "English name"), .init(title: "Role"), .init(title: "Films", flexible: true)],
            rows: page.items.map { person in
                [.init(person.code), .init(person.name), .init(person.nameEnglish ?? ""), .init(person.role ?? ""), .init(PersonSummary.films(person.films))]
            })
        var text = page.render("people", options, table: table, next: "More: add --page \(page.page + 1).")
        if let first = page.items.first {
            text += TextColor.dim.apply("A person's whole filmography: boxoffice people \(first.code)", if: options.colors) + "\n"
        }
        return text
    }

    public var json: JSONValue {
        .object([
            ("peopleCode", .string(code)), ("name", .string(name)), ("nameEnglish", JSONValue(nameEnglish)),
            ("role", JSONValue(role)), ("films", .array(films.map(JSONValue.string))),
        ])
    }

    /// `기생충, 옥자, 마더 (+12 more)`.
    static func films(_ films: [String]) -> String {
        let shown = films.prefix(3).joined(separator: ", ")
        return films.count > 3 ? shown + " (+\(films.count - 3) more)" : shown
    }
}

extension CompanySummary: SearchItem {
    public static let fieldNames = ["companyCode", "name", "nameEnglish", "parts", "ceo", "filmNames"]

    /// Companies as a table: code, name, English name, categories, CEO, films.
    public static func table(_ page: SearchPage<Self>, _ options: RenderOptions) -> String {
        let table = TextTable(
            columns: [.init(title: "Code"), .init(title: "Name"), .init(title: "English name"), .init(title: "Parts"),
                      .init(title: "CEO"), .init(title: "Films", flexible: true)],
            rows: page.items.map { company in
                [.init(company.code), .init(company.name), .init(company.nameEnglish ?? ""), .init(company.parts.joined(separator: ", ")),
                 .init(company.ceo ?? ""), .init(company.filmNames ?? "")]
            })
        var text = page.render("companies", options, table: table, next: "More: add --page \(page.page + 1).")
        if let first = page.items.first {
            text += TextColor.dim.apply("A company's films: boxoffice company \(first.code)", if: options.colors) + "\n"
        }
        return text
    }

    public var json: JSONValue {
        .object([
            ("companyCode", .string(code)), ("name", .string(name)), ("nameEnglish", JSONValue(nameEnglish)),
            ("parts", .array(parts.map(JSONValue.string))), ("ceo", JSONValue(ceo)), ("filmNames", JSONValue(filmNames)),
        ])
    }
}


extension SearchPage where Item == MovieSummary {
    /// The matches as aligned lines for choosing one (code, title, year, directors), header first.
    public func candidateLines() -> [String] {
        TextTable(columns: [.init(title: "Code"), .init(title: "Title"), .init(title: "Year"), .init(title: "Directors")],
                  rows: items.map { movie in
                      [.init(movie.code), .init(movie.title), .init((movie.openDate?.year ?? movie.productionYear).map(String.init) ?? ""),
                       .init(movie.directors.joined(separator: ", "))]
                  }).render(RenderOptions())
    }
}
