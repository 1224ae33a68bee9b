import BoxOfficeCore
/// What a search finds, named in each language.
struct SearchNoun {
    let one: String
    let many: String
    let korean: String

    static let movies = SearchNoun(one: "movie", many: "movies", korean: "영화")
    static let people = SearchNoun(one: "person", many: "people", korean: "인물")
    static let companies = SearchNoun(one: "company", many: "companies", korean: "영화사")
}

extension SearchPage {
    /// `5 movies`, `Movies 1–10 of 95,043 (page 1 of 9,505)`, or `No movies match.`; a heading
    /// when there are items, else the sentence.
    func heading(_ noun: SearchNoun, _ options: RenderOptions) -> Document.Block {
        let count = NumberFormat.grouped(total)
        guard !items.isEmpty else {
            if options.korean {
                return .text(total > 0 ? "\(NumberFormat.grouped(page))쪽에는 없습니다. \(count)건이 \(NumberFormat.grouped(pageCount))쪽까지 있습니다."
                    : "일치하는 \(noun.korean)이(가) 없습니다.")
            }
            return .text(total > 0
                ? "No \(noun.many) on page \(NumberFormat.grouped(page)); the \(count) matches fill \(NumberFormat.grouped(pageCount)) page\(pageCount == 1 ? "" : "s")."
                : "No \(noun.many) match.")
        }
        let first = NumberFormat.grouped((page - 1) * perPage + 1)
        let last = NumberFormat.grouped((page - 1) * perPage + items.count)
        let text: String
        switch (items.count == total, options.korean) {
        case (true, false): text = "\(count) \(total == 1 ? noun.one : noun.many)"
        case (true, true): text = "\(noun.korean) \(count)건"
        case (false, false):
            text = "\(noun.many.prefix(1).uppercased() + noun.many.dropFirst()) \(first)–\(last) of \(count) (page \(NumberFormat.grouped(page)) of \(NumberFormat.grouped(pageCount)))"
        case (false, true): text = "\(noun.korean) \(count)건 중 \(first)–\(last) (\(NumberFormat.grouped(page))/\(NumberFormat.grouped(pageCount))쪽)"
        }
        return .heading(text)
    }

    /// The hint for going on from an item (`lead` and its code): the first whose details can be
    /// shown; where none's can (the samples hold them not), says so.
    func details(of code: KeyPath<Item, String>, english: String, korean: String, _ options: RenderOptions) -> String? {
        // An article carries the data, not what to run for more.
        guard options.medium == .terminal else { return nil }
        guard let first = items.first(where: { detailsAtHand?.contains($0[keyPath: code]) ?? true }) else {
            guard !items.isEmpty else { return nil }
            return options.korean ? "예시 자료에는 이들의 상세 정보가 없습니다 (--demo 없이 영진위에 물어보세요)"
                : "The sample data holds none of their details; drop --demo to ask KOBIS for them."
        }
        return (options.korean ? korean : english) + first[keyPath: code]
    }

    /// The heading, a blank line, the table, a hint for the next page when there is one, and a
    /// hint for going on from the first item.
    func render(_ noun: SearchNoun, _ options: RenderOptions, table: TextTable, all: Bool = false, details: String? = nil) -> String {
        var document = Document([heading(noun, options)])
        guard !items.isEmpty else { return document.rendered(options) }
        document.blocks += [.blank, .table(table)]
        var hints: [String] = []
        if page < pageCount {
            let next = "--page \(page + 1)"
            hints.append(options.korean ? "다음 쪽: \(next)" + (all ? ", 전체: --all" : "") : "More: add \(next)" + (all ? ", or --all for every page." : "."))
        }
        if let details { hints.append(details) }
        if !hints.isEmpty { document.blocks += [.blank, .notes(hints, wrap: nil)] }
        return document.rendered(options)
    }
}

extension MovieSummary: SearchItem {
    /// The keys of `json`, as its shape declares them.
    package static var fieldNames: [String] { shape.keys }

    /// Movies as a table: code, title, English title, year, opening day, type, genres, nations, directors.
    package static func table(_ page: SearchPage<Self>, _ options: RenderOptions) -> String {
        let table = TextTable(
            columns: [
                .init(title: Label("Code", "코드")), .init(title: Label("Title", "영화명"), flexible: true), .init(title: Label("English title", "영문 제목"), dropOrder: 3),
                .init(title: Label("Year", "제작연도"), dropOrder: 7), .init(title: Label("Opened", "개봉일"), dropOrder: 5), .init(title: Label("Type", "유형"), dropOrder: 1),
                .init(title: Label("Genres", "장르"), dropOrder: 4), .init(title: Label("Nations", "국가"), dropOrder: 2), .init(title: Label("Directors", "감독"), dropOrder: 6),
            ],
            rows: page.items.map { movie in
                [
                    .init(movie.code), .init(movie.title), .init(movie.titleEnglish ?? ""), .init(movie.productionYear.map(String.init) ?? ""),
                    .init(movie.openDate?.iso ?? ""), .init(movie.type ?? ""), .init(movie.genres.joined(separator: ", ")),
                    .init(movie.nations.joined(separator: ", ")), .init(movie.directors.map(\.name).joined(separator: ", ")),
                ]
            })
        return page.render(.movies, options, table: table, all: true)
    }

    package var json: JSONValue { Self.fields.json(self) }
}

extension PersonSummary: SearchItem {
    package static var fieldNames: [String] { shape.keys }

    /// People as a table: code, name, English name, role, and their first films.
    package static func table(_ page: SearchPage<Self>, _ options: RenderOptions) -> String {
        let table = TextTable(
            columns: [.init(title: Label("Code", "코드")), .init(title: Label("Name", "이름")), .init(title: Label("English name", "영문 이름"), dropOrder: 2), .init(title: Label("Role", "분야"), dropOrder: 1),
                      .init(title: Label("Films", "필모그래피"), flexible: true)],
            rows: page.items.map { person in
                [.init(person.code), .init(person.name), .init(person.nameEnglish ?? ""), .init(person.role ?? ""), .init(PersonSummary.films(person.films, options))]
            })
        let details = page.details(of: \.code, english: "A person's whole filmography: boxoffice people ", korean: "필모그래피 전체: boxoffice people ", options)
        return page.render(.people, options, table: table, details: details)
    }

    package var json: JSONValue { Self.fields.json(self) }

    /// `기생충, 옥자, 마더 (+12 more)`.
    static func films(_ films: [FilmCredit], _ options: RenderOptions) -> String {
        let shown = films.prefix(3).map(\.title).joined(separator: ", ")
        guard films.count > 3 else { return shown }
        return shown + (options.korean ? " 외 \(films.count - 3)편" : " (+\(films.count - 3) more)")
    }
}

extension CompanySummary: SearchItem {
    package static var fieldNames: [String] { shape.keys }

    /// Companies as a table: code, name, English name, categories, CEO, films.
    package static func table(_ page: SearchPage<Self>, _ options: RenderOptions) -> String {
        let table = TextTable(
            columns: [.init(title: Label("Code", "코드")), .init(title: Label("Name", "이름")), .init(title: Label("English name", "영문 이름"), dropOrder: 3), .init(title: Label("Parts", "분류"), dropOrder: 2),
                      .init(title: Label("CEO", "대표자"), dropOrder: 1), .init(title: Label("Films", "필모그래피"), flexible: true)],
            rows: page.items.map { company in
                [.init(company.code), .init(company.name), .init(company.nameEnglish ?? ""), .init(company.roles.joined(separator: ", ")),
                 .init(company.ceo ?? ""), .init(company.filmNames ?? "")]
            })
        let details = page.details(of: \.code, english: "A company's films: boxoffice company ", korean: "참여 영화 전체: boxoffice company ", options)
        return page.render(.companies, options, table: table, details: details)
    }

    package var json: JSONValue { Self.fields.json(self) }
}


extension SearchPage where Item == MovieSummary {
    /// The matches as aligned lines for choosing one (code, title, year, directors), header first.
    /// `width`: the columns the lines may take (a terminal's, less their indent); the title gives
    /// way first, then the directors and the year, the codes never.
    package func candidateLines(width: Int? = nil) -> [String] {
        TextTable(columns: [.init(title: Label("Code", "코드")), .init(title: Label("Title", "영화명"), flexible: true), .init(title: Label("Year", "제작연도"), dropOrder: 2), .init(title: Label("Directors", "감독"), dropOrder: 1)],
                  rows: items.map { movie in
                      [.init(movie.code), .init(movie.title), .init((movie.openDate?.year ?? movie.productionYear).map(String.init) ?? ""),
                       .init(movie.directors.map(\.name).joined(separator: ", "))]
                  }).render(RenderOptions(width: width))
    }
}

// MARK: Fields

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

extension PersonSummary {
    package static let fields: [Field<PersonSummary>] = [
        .leaf("code", .code) { .string($0.code) }, .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
        .leaf("role", .role) { JSONValue($0.role) }, .list("films", .films, FilmCredit.fields) { $0.films },
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

// MARK: Meanings

package extension Meaning {
    /// What `filmNames` holds.
    static let filmNames = leaf(.string, nullable: true, "Titles of their films, comma-separated as KOBIS gives them.")
}
