extension Movie {
    /// The details laid out for reading: a title block, then labelled fields.
    public func table(_ options: RenderOptions) -> String {
        table(options, poster: nil)
    }

    /// `poster` is nil when no poster was asked for, `.some(nil)` when none was found.
    func table(_ options: RenderOptions, poster: String??) -> String {
        var lines = [TextColor.bold.apply(TerminalText.clean(title), if: options.colors)]
        let subtitle = [titleEnglish, titleOriginal.flatMap { $0 == titleEnglish ? nil : $0 }].compactMap { $0 }
        if !subtitle.isEmpty { lines.append(TerminalText.clean(subtitle.joined(separator: " · "))) }
        lines.append("")

        var fields: [(String, [String])] = [("Code", [code])]
        fields.append(("Original title", [titleOriginal ?? "–"]))
        fields.append(("Year", [productionYear.map(String.init) ?? "–"]))
        fields.append(("Opened", [openDate?.iso ?? "–"]))
        fields.append(("Runtime", [runtimeMinutes.map { "\($0) min" } ?? "–"]))
        fields.append(("Genres", [list(genres)]))
        fields.append(("Nations", [list(nations)]))
        fields.append(("Grade", audits.isEmpty ? ["–"] : audits.map(\.line)))
        fields.append(("Status", [list([status, type].compactMap { $0 })]))
        if !showTypes.isEmpty { fields.append(("Formats", [list(showTypes.map(\.line))])) }
        fields.append(("Directors", directors.isEmpty ? ["–"] : directors.map { named($0.name, $0.nameEnglish) }))
        fields.append(("Cast", actors.isEmpty ? ["–"] : castLines()))
        fields.append(("Companies", companies.isEmpty ? ["–"] : companyLines()))
        fields.append(("Staff", [staffs.isEmpty ? "–" : "\(staffs.count) people (the full list is in --json)"]))
        if let poster { fields.append(("Poster", [poster ?? "–"])) }

        let labelWidth = fields.map { TerminalText.width($0.0) }.max() ?? 0
        for (label, values) in fields {
            for (index, value) in values.enumerated() {
                let shown = index == 0 ? TextColor.dim.apply(TerminalText.pad(label, to: labelWidth), if: options.colors)
                    : String(repeating: " ", count: labelWidth)
                lines.append(shown + "  " + TerminalText.clean(value))
            }
        }
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// The keys of `json`.
    public static let fieldNames = ["movieCode", "title", "titleEnglish", "titleOriginal", "productionYear", "openDate", "runtimeMinutes",
                                    "status", "type", "nations", "genres", "directors", "actors", "audits", "companies", "showTypes", "staffs"]

    /// The contract's JSON object.
    public var json: JSONValue {
        .object([
            ("movieCode", .string(code)), ("title", .string(title)), ("titleEnglish", JSONValue(titleEnglish)),
            ("titleOriginal", JSONValue(titleOriginal)), ("productionYear", JSONValue(productionYear)),
            ("openDate", JSONValue(openDate)), ("runtimeMinutes", JSONValue(runtimeMinutes)),
            ("status", JSONValue(status)), ("type", JSONValue(type)),
            ("nations", .array(nations.map(JSONValue.string))), ("genres", .array(genres.map(JSONValue.string))),
            ("directors", .array(directors.map { .object([("name", .string($0.name)), ("nameEnglish", JSONValue($0.nameEnglish))]) })),
            ("actors", .array(actors.map {
                .object([("name", .string($0.name)), ("nameEnglish", JSONValue($0.nameEnglish)),
                         ("role", JSONValue($0.role)), ("roleEnglish", JSONValue($0.roleEnglish))])
            })),
            ("audits", .array(audits.map { .object([("number", JSONValue($0.number)), ("grade", JSONValue($0.grade))]) })),
            ("companies", .array(companies.map {
                .object([("code", JSONValue($0.code)), ("name", .string($0.name)),
                         ("nameEnglish", JSONValue($0.nameEnglish)), ("role", JSONValue($0.role))])
            })),
            ("showTypes", .array(showTypes.map { .object([("group", JSONValue($0.group)), ("name", JSONValue($0.name))]) })),
            ("staffs", .array(staffs.map {
                .object([("name", .string($0.name)), ("nameEnglish", JSONValue($0.nameEnglish)), ("role", JSONValue($0.role))])
            })),
        ])
    }
}

private extension Movie {
    func list(_ items: [String]) -> String {
        items.isEmpty ? "–" : items.joined(separator: ", ")
    }

    func named(_ name: String, _ english: String?) -> String {
        english.map { "\(name) (\($0))" } ?? name
    }

    /// Cast as aligned columns: name, English name, role.
    func castLines() -> [String] {
        let table = TextTable(
            columns: [.init(title: ""), .init(title: ""), .init(title: "")],
            rows: actors.map { actor in
                let role = [actor.role, actor.roleEnglish].compactMap { $0 }.joined(separator: " / ")
                return [.init(actor.name), .init(actor.nameEnglish ?? ""), .init(role.isEmpty ? "" : "as \(role)")]
            })
        return Array(table.render(RenderOptions()).dropFirst())
    }

    /// Companies grouped by the part they played, in KOBIS's order.
    func companyLines() -> [String] {
        var roles: [String] = []
        var names: [String: [String]] = [:]
        for company in companies {
            let role = company.role ?? "기타"
            if names[role] == nil { roles.append(role) }
            let name = named(company.name, company.nameEnglish)
            if names[role]?.contains(name) != true { names[role, default: []].append(name) }
        }
        let table = TextTable(
            columns: [.init(title: ""), .init(title: "")],
            rows: roles.map { [.init($0), .init(names[$0, default: []].joined(separator: ", "))] })
        return Array(table.render(RenderOptions()).dropFirst())
    }
}

private extension Movie.Audit {
    var line: String {
        switch (grade, number) {
        case let (grade?, number?): "\(grade) (\(number))"
        case let (grade?, nil): grade
        case let (nil, number?): number
        case (nil, nil): "–"
        }
    }
}

private extension Movie.ShowType {
    var line: String {
        switch (group, name) {
        case let (group?, name?) where group == name: group
        case let (group?, name?): "\(group) \(name)"
        default: group ?? name ?? ""
        }
    }
}

/// A movie, and its poster's address when one was asked for (`--poster`).
public struct MovieWithPoster: Presentable {
    public let movie: Movie
    public let poster: String?
    public static var fieldNames: [String] { Movie.fieldNames + ["poster"] }

    public init(movie: Movie, poster: String?) {
        self.movie = movie
        self.poster = poster
    }

    public func table(_ options: RenderOptions) -> String {
        movie.table(options, poster: .some(poster))
    }

    /// The movie's JSON with a `poster` key (null when none was found).
    public var json: JSONValue {
        guard case let .object(members) = movie.json else { return movie.json }
        return .object(members + [("poster", JSONValue(poster))])
    }
}
