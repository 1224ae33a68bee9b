import BoxOfficeCore
extension Person {
    package static var fieldNames: [String] { shape.keys }

    /// The details, then the filmography as a table.
    package func table(_ options: RenderOptions) -> String {
        FilmCredit.details(name: name, nameEnglish: nameEnglish,
                           fields: [(Label("Code", "코드"), code), (Label("Role", "분야"), role ?? "–"), (Label("Sex", "성별"), sex ?? "–")] + homepages.map { (Label("Homepage", "홈페이지"), $0) },
                           films: films, heading: Label("Filmography", "필모그래피"), options)
    }

    package var json: JSONValue { Self.fields.json(self) }
}

extension FilmCredit {
    /// `{movieCode, title, role}`: one shape wherever a film credit appears (null where KOBIS does not say).
    package var json: JSONValue { Self.fields.json(self) }

    /// A person's or a company's page: name, labelled fields, then their films as a table.
    static func details(name: String, nameEnglish: String?, fields: [(Label, String)], films: [FilmCredit],
                        heading: Label, _ options: RenderOptions) -> String {
        var document = Document([.heading(name + (nameEnglish.map { " · " + $0 } ?? "")), .blank, .fields(fields), .blank])
        guard !films.isEmpty else {
            document.append(.text(options.label(Label("KOBIS lists no films.", "영진위 자료에 영화가 없습니다."))))
            return document.rendered(options)
        }
        let table = TextTable(
            columns: [.init(title: Label("Code", "코드")), .init(title: Label("Title", "영화명"), flexible: true), .init(title: Label("Part", "역할"))],
            rows: films.map { [.init($0.movieCode ?? ""), .init($0.title), .init($0.role ?? "")] })
        document.blocks += [.heading("\(options.label(heading)) (\(NumberFormat.grouped(films.count)))"), .table(table)]
        return document.rendered(options)
    }
}

extension Company {
    package static var fieldNames: [String] { shape.keys }

    /// The details, then the films as a table.
    package func table(_ options: RenderOptions) -> String {
        FilmCredit.details(name: name, nameEnglish: nameEnglish,
                           fields: [(Label("Code", "코드"), code), (Label("CEO", "대표자"), ceo ?? "–"), (Label("Parts", "분류"), roles.isEmpty ? "–" : roles.joined(separator: ", "))],
                           films: films, heading: Label("Films", "필모그래피"), options)
    }

    package var json: JSONValue { Self.fields.json(self) }
}

/// `Label  value` lines with the labels padded to one width.
struct LabelledFields {
    let fields: [(Label, String)]

    init(_ fields: [(Label, String)]) {
        self.fields = fields
    }

    func render(_ options: RenderOptions) -> String {
        let labels = fields.map { options.label($0.0) }
        let width = labels.map { TerminalText.width($0, ambiguousWide: options.ambiguousWide) }.max() ?? 0
        return zip(labels, fields).map { label, field in
            TextColor.dim.apply(TerminalText.pad(label, to: width, ambiguousWide: options.ambiguousWide), if: options.colors) + "  "
                + TerminalText.clean(field.1) + "\n"
        }.joined()
    }
}

// MARK: Fields

extension FilmCredit {
    /// `{movieCode, title, role}`: one shape wherever a film credit appears (null where KOBIS does not say).
    package static let fields: [Field<FilmCredit>] = [
        .leaf("movieCode", .filmMovieCode) { JSONValue($0.movieCode) }, .leaf("title", .title) { .string($0.title) },
        .leaf("role", .role) { JSONValue($0.role) },
    ]
}

extension Person {
    package static let fields: [Field<Person>] = [
        .leaf("code", .code) { .string($0.code) }, .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
        .leaf("sex", .sex) { JSONValue($0.sex) }, .leaf("role", .role) { JSONValue($0.role) }, .texts("homepages", .homepages) { $0.homepages },
        .list("films", .films, FilmCredit.fields) { $0.films },
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

// MARK: Meanings

package extension Meaning {
    /// What `sex` holds.
    static let sex = leaf(.string, nullable: true, "Sex as KOBIS words it.")
    /// What `homepages` holds.
    static let homepages = list(of: .string, "Web addresses.")
}
