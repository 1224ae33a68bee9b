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

extension Person {
    /// The details, then the filmography as a table.
    public func table(_ options: RenderOptions) -> String {
        var text = TextColor.bold.apply(TerminalText.clean(name), if: options.colors) + (nameEnglish.map { " · " + TerminalText.clean($0) } ?? "") + "\n\n"
        text += LabelledFields([("Code", code), ("Role", role ?? "–"), ("Sex", sex ?? "–")]
            + homepages.map { ("Homepage", $0) }).render(options)
        guard !films.isEmpty else { return text + "\nKOBIS lists no films.\n" }
        let table = TextTable(
            columns: [.init(title: "Code"), .init(title: "Title", flexible: true), .init(title: "Part")],
            rows: films.map { [.init($0.movieCode ?? ""), .init($0.title), .init($0.part ?? "")] })
        return text + "\n" + TextColor.bold.apply("Filmography (\(NumberFormat.grouped(films.count)))", if: options.colors) + "\n"
            + table.render(options).joined(separator: "\n") + "\n"
    }

    public var json: JSONValue {
        .object([
            ("peopleCode", .string(code)), ("name", .string(name)), ("nameEnglish", JSONValue(nameEnglish)),
            ("sex", JSONValue(sex)), ("role", JSONValue(role)), ("homepages", .array(homepages.map(JSONValue.string))),
            ("films", .array(films.map {
                .object([("movieCode", JSONValue($0.movieCode)), ("title", .string($0.title)), ("part", JSONValue($0.part))])
            })),
        ])
    }
}

extension CompanySummary: SearchItem {
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

extension Company {
    /// The details, then the films as a table.
    public func table(_ options: RenderOptions) -> String {
        var text = TextColor.bold.apply(TerminalText.clean(name), if: options.colors) + (nameEnglish.map { " · " + TerminalText.clean($0) } ?? "") + "\n\n"
        text += LabelledFields([("Code", code), ("CEO", ceo ?? "–"), ("Parts", parts.isEmpty ? "–" : parts.joined(separator: ", "))]).render(options)
        guard !films.isEmpty else { return text + "\nKOBIS lists no films.\n" }
        let table = TextTable(
            columns: [.init(title: "Code"), .init(title: "Title", flexible: true), .init(title: "Part")],
            rows: films.map { [.init($0.movieCode ?? ""), .init($0.title), .init($0.part ?? "")] })
        return text + "\n" + TextColor.bold.apply("Films (\(NumberFormat.grouped(films.count)))", if: options.colors) + "\n"
            + table.render(options).joined(separator: "\n") + "\n"
    }

    public var json: JSONValue {
        .object([
            ("companyCode", .string(code)), ("name", .string(name)), ("nameEnglish", JSONValue(nameEnglish)),
            ("ceo", JSONValue(ceo)), ("parts", .array(parts.map(JSONValue.string))),
            ("films", .array(films.map {
                .object([("movieCode", JSONValue($0.movieCode)), ("title", .string($0.title)), ("part", JSONValue($0.part))])
            })),
        ])
    }
}

extension CodeList {
    /// The codes as a table: code, Korean name, English name.
    public func table(_ options: RenderOptions) -> String {
        let heading = TextColor.bold.apply("KOBIS codes · \(table.name) (comCode \(table.comCode)) · \(NumberFormat.grouped(entries.count))", if: options.colors) + "\n"
        guard !entries.isEmpty else { return heading + "\nKOBIS lists no codes under \(table.comCode).\n" }
        let english = entries.contains { $0.nameEnglish != nil }
        var columns: [TextTable.Column] = [.init(title: "Code"), .init(title: "Name")]
        if english { columns.append(.init(title: "English name", flexible: true)) }
        let rendered = TextTable(columns: columns, rows: entries.map { entry in
            [.init(entry.code), .init(entry.name)] + (english ? [.init(entry.nameEnglish ?? "")] : [])
        })
        return heading + "\n" + rendered.render(options).joined(separator: "\n") + "\n"
    }

    public var json: JSONValue {
        .array(entries.map { .object([("code", .string($0.code)), ("name", .string($0.name)), ("nameEnglish", JSONValue($0.nameEnglish))]) })
    }

    /// The tables `boxoffice codes` knows by name, for `boxoffice codes` without a name.
    public static func catalogue(_ options: RenderOptions) -> String {
        let table = TextTable(columns: [.init(title: "Table"), .init(title: "comCode"), .init(title: "Holds", flexible: true)],
                              rows: CodeTable.named.map { [.init($0.name), .init($0.comCode), .init($0.summary)] })
        return TextColor.bold.apply("KOBIS code tables", if: options.colors) + "\n\n" + table.render(options).joined(separator: "\n")
            + "\n\nShow one with 'boxoffice codes regions'; any other comCode works too ('boxoffice codes 2204').\n"
    }

    public static var catalogueJSON: JSONValue {
        .array(CodeTable.named.map { .object([("table", .string($0.name)), ("comCode", .string($0.comCode)), ("holds", .string($0.summary))]) })
    }
}

/// `Label  value` lines with the labels padded to one width.
struct LabelledFields {
    let fields: [(String, String)]

    init(_ fields: [(String, String)]) {
        self.fields = fields
    }

    func render(_ options: RenderOptions) -> String {
        let width = fields.map { TerminalText.width($0.0) }.max() ?? 0
        return fields.map { label, value in
            TextColor.dim.apply(TerminalText.pad(label, to: width), if: options.colors) + "  " + TerminalText.clean(value) + "\n"
        }.joined()
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
