import BoxOfficeCore
extension Movie {
    /// The details laid out for reading: a title block, then labelled fields.
    package func table(_ options: RenderOptions) -> String {
        table(options, poster: nil)
    }

    /// How many cast members the table shows without `--wide`.
    static let castShown = 10

    /// Below this many columns, labels go on lines of their own (the companies' column would be
    /// narrower than their longest names).
    static let narrowWidth = 72

    /// `poster` is nil when no poster was asked for, `.some(nil)` when none was found.
    func table(_ options: RenderOptions, poster: String??) -> String {
        guard options.medium == .terminal else { return article(options, poster: poster).rendered(options) }
        let wide = options.ambiguousWide
        var lines = [TextColor.bold.apply(TerminalText.clean(title), if: options.colors)]
        let subtitle = [titleEnglish, titleOriginal.flatMap { $0 == titleEnglish ? nil : $0 }].compactMap { $0 }
        if !subtitle.isEmpty { lines.append(TerminalText.clean(subtitle.joined(separator: " · "))) }
        lines.append("")

        var fields: [(Label, [String])] = [(Label("Code", "코드"), [code])]
        fields.append((Label("Original title", "원제"), [titleOriginal ?? "–"]))
        fields.append((Label("Year", "제작연도"), [productionYear.map(String.init) ?? "–"]))
        fields.append((Label("Opened", "개봉일"), [openDate?.iso ?? "–"]))
        fields.append((Label("Runtime", "상영시간"), [runtimeMinutes.map(options.minutes) ?? "–"]))
        fields.append((Label("Genres", "장르"), [list(genres)]))
        fields.append((Label("Nations", "국가"), [list(nations)]))
        fields.append((Label("Grade", "관람등급"), audits.isEmpty ? ["–"] : audits.map(\.line)))
        fields.append((Label("Status", "상태"), [list([status, type].compactMap { $0 })]))
        if !showTypes.isEmpty { fields.append((Label("Formats", "상영형태"), [list(showTypes.map(\.line))])) }
        fields.append((Label("Directors", "감독"), directors.isEmpty ? ["–"] : directors.map { named($0.name, $0.nameEnglish) }))
        let labelWidth = [Label("Original title", "원제"), Label("Companies", "참여 영화사"), Label("Directors", "감독"), Label("Formats", "상영형태"),
                          Label("Poster", "포스터")]
            .map { TerminalText.width(options.label($0), ambiguousWide: wide) }.max() ?? 0
        // Below 72 columns the cast and companies are sentences rather than columns, so lines
        // break only at spaces.
        let narrow = options.width.map { $0 < Self.narrowWidth } ?? false
        let valueWidth = options.width.map { max(10, $0 - labelWidth - 2) }
        fields.append((Label("Cast", "출연"), actors.isEmpty ? ["–"] : narrow ? castSentences(options) : castLines(options, width: valueWidth)))
        fields.append((Label("Companies", "참여 영화사"), companies.isEmpty ? ["–"] : narrow ? companySentences() : companyLines(options, width: valueWidth)))
        fields.append((Label("Staff", "스태프"), [staffs.isEmpty ? "–" : "\(NumberFormat.grouped(staffs.count)) \(options.label(Label("people (the full list is in --json)", "명 (전체 목록은 --json)")))"]))
        if let poster { fields.append((Label("Poster", "포스터"), [poster ?? "–"])) }
        return (lines + Self.labelled(fields, options, labelWidth: labelWidth)).map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// Labelled rows as the details lay them out: labels in a column `labelWidth` wide (the widest
    /// label's by default) and each value wrapped in the column beside it, aligned; below 72
    /// columns a label has its own line and its values the whole width under it.
    static func labelled(_ fields: [(Label, [String])], _ options: RenderOptions, labelWidth: Int? = nil) -> [String] {
        let wide = options.ambiguousWide
        var lines: [String] = []
        if let width = options.width, width < Self.narrowWidth {
            for (label, values) in fields {
                lines.append(TextColor.dim.apply(options.label(label), if: options.colors))
                for value in values {
                    // A value's own continuation goes two columns further in than the value.
                    let wrapped = TerminalText.wrap(TerminalText.clean(value), to: max(10, width - 2), later: max(10, width - 4), ambiguousWide: wide)
                    lines.append("  " + wrapped[0])
                    lines += wrapped.dropFirst().map { "    " + $0 }
                }
            }
            return lines.map { $0.trimmingTrailingSpaces() }
        }
        let labelWidth = labelWidth ?? fields.map { TerminalText.width(options.label($0.0), ambiguousWide: wide) }.max() ?? 0
        let valueWidth = options.width.map { max(10, $0 - labelWidth - 2) }
        let indent = String(repeating: " ", count: labelWidth + 2)
        // Long values wrap inside their column, aligned, instead of back to column 0.
        for (label, values) in fields {
            let label = options.label(label)
            for (index, value) in values.enumerated() {
                let pieces = valueWidth.map { TerminalText.wrap(TerminalText.clean(value), to: $0, ambiguousWide: wide) } ?? [TerminalText.clean(value)]
                for (offset, piece) in pieces.enumerated() {
                    let shown = index == 0 && offset == 0
                        ? TextColor.dim.apply(TerminalText.pad(label, to: labelWidth, ambiguousWide: wide), if: options.colors) + "  "
                        : indent
                    lines.append(shown + piece)
                }
            }
        }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    /// The details for an article (HTML): the title, then the facts as labelled rows, the whole
    /// cast and every company.
    func article(_ options: RenderOptions, poster: String??) -> Document {
        let subtitle = [titleEnglish, titleOriginal.flatMap { $0 == titleEnglish ? nil : $0 }].compactMap { $0 }
        var document = Document([.heading(([title] + subtitle).joined(separator: " · "))])
        var fields: [(Label, String)] = [(Label("Code", "코드"), code), (Label("Original title", "원제"), titleOriginal ?? "–"), (Label("Year", "제작연도"), productionYear.map(String.init) ?? "–"),
                                          (Label("Opened", "개봉일"), openDate?.iso ?? "–"), (Label("Runtime", "상영시간"), runtimeMinutes.map(options.minutes) ?? "–"),
                                          (Label("Genres", "장르"), list(genres)), (Label("Nations", "국가"), list(nations)),
                                          (Label("Grade", "관람등급"), audits.isEmpty ? "–" : audits.map(\.line).joined(separator: "; ")),
                                          (Label("Status", "상태"), list([status, type].compactMap { $0 }))]
        if !showTypes.isEmpty { fields.append((Label("Formats", "상영형태"), list(showTypes.map(\.line)))) }
        fields.append((Label("Directors", "감독"), directors.isEmpty ? "–" : directors.map { named($0.name, $0.nameEnglish) }.joined(separator: ", ")))
        fields.append((Label("Cast", "출연"), actors.isEmpty ? "–" : castSentences(RenderOptions(wide: true, korean: options.korean)).joined(separator: "; ")))
        fields.append((Label("Companies", "참여 영화사"), companies.isEmpty ? "–" : companySentences().joined(separator: "; ")))
        // An article carries the data, not what to run for more.
        fields.append((Label("Staff", "스태프"), staffs.isEmpty ? "–" : "\(NumberFormat.grouped(staffs.count)) \(options.label(Label("people", "명")))"))
        if let poster { fields.append((Label("Poster", "포스터"), poster ?? "–")) }
        document.append(.fields(fields))
        return document
    }

    /// A short card for a chat or an issue: title, facts, the first of the cast.
    func markdown(_ options: RenderOptions, poster: String??) -> String {
        func text(_ value: String) -> String { RecordTable.markdownText(value) }
        var heading = "**\(text(title))**"
        let about = [titleEnglish.map { "*\(text($0))*" }, (openDate?.year ?? productionYear).map(String.init)].compactMap { $0 }
        if !about.isEmpty { heading += " (" + about.joined(separator: ", ") + ")" }
        var lines = [heading, ""]
        if let poster = poster ?? nil { lines += ["![\(text(title))](\(poster.replacing(")", with: "%29").replacing(" ", with: "%20")))", ""] }
        func item(_ label: Label, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("- **\(options.label(label)):** \(value)")
        }
        item(Label("Opened", "개봉일"), [openDate?.iso, runtimeMinutes.map(options.minutes), audits.first?.grade].compactMap { $0 }.map(text).joined(separator: " · "))
        item(Label("Genres", "장르"), genres.map(text).joined(separator: ", "))
        item(Label("Nations", "국가"), nations.map(text).joined(separator: ", "))
        item(Label("Directors", "감독"), directors.map { text($0.name) }.joined(separator: ", "))
        let cast = actors.prefix(Self.castShown).map { actor in text(actor.name) + (actor.role.map { " (\(text($0)))" } ?? "") }
        let more = actors.count > Self.castShown ? ", … +\(actors.count - Self.castShown)" : ""
        item(Label("Cast", "출연"), cast.isEmpty ? nil : cast.joined(separator: ", ") + more)
        let distributors = companies.filter { $0.role == "배급사" }.map { text($0.name) }
        item(Label("Companies", "참여 영화사"), (distributors.isEmpty ? companies.prefix(3).map { text($0.name) } : distributors).joined(separator: ", "))
        item(Label("Code", "코드"), "`\(code)`")
        return lines.joined(separator: "\n") + "\n"
    }

    package func markdown(_ options: RenderOptions) -> String? {
        markdown(options, poster: nil)
    }

    /// The keys of `json`, as its shape declares them.
    package static var fieldNames: [String] { shape.keys }

    /// The contract's JSON object.
    package var json: JSONValue { Self.fields.json(self) }
}

extension Movie.Director {
    /// `{name, nameEnglish}`, in a movie's details and in a search alike.
    package var json: JSONValue { Self.fields.json(self) }
}

private extension Movie {
    func list(_ items: [String]) -> String {
        items.isEmpty ? "–" : items.joined(separator: ", ")
    }

    func named(_ name: String, _ english: String?) -> String {
        english.map { "\(name) (\($0))" } ?? name
    }

    /// Cast as aligned columns (name, English name, role): the first ten and how many more,
    /// or everyone with `--wide`.
    func castLines(_ options: RenderOptions, width: Int?) -> [String] {
        // "… +1 more" would take the line the one would have.
        let shown = options.wide || actors.count <= Self.castShown + 2 ? actors[...] : actors.prefix(Self.castShown)
        let table = TextTable(
            columns: [.init(title: .verbatim("")), .init(title: .verbatim("")), .init(title: .verbatim(""))],
            rows: shown.map { actor in
                let role = [actor.role, actor.roleEnglish].compactMap { $0 }.joined(separator: " / ")
                return [.init(actor.name), .init(actor.nameEnglish ?? ""), .init(role.isEmpty ? "" : "\(options.label(Label("as", "역"))) \(role)")]
            })
        var lines = table.renderWrappingLast(options, width: width)
        if shown.count < actors.count {
            lines.append(options.moreCast(actors.count - shown.count))
        }
        return lines
    }

    /// The cast as sentences, for a narrow terminal: `김혜수 (KIM Hye-soo) as 조춘자`.
    func castSentences(_ options: RenderOptions) -> [String] {
        let shown = options.wide || actors.count <= Self.castShown + 2 ? actors[...] : actors.prefix(Self.castShown)
        var lines = shown.map { actor in
            let role = [actor.role, actor.roleEnglish].compactMap { $0 }.joined(separator: " / ")
            return named(actor.name, actor.nameEnglish) + (role.isEmpty ? "" : " \(options.label(Label("as", "역"))) \(role)")
        }
        if shown.count < actors.count { lines.append(options.moreCast(actors.count - shown.count)) }
        return lines
    }

    /// The companies as sentences, for a narrow terminal: `배급사: (주)넥스트엔터테인먼트월드(NEW)`.
    func companySentences() -> [String] {
        companiesByRole().map { "\($0.role): " + $0.names }
    }

    /// Companies grouped by the part they played, in KOBIS's order.
    func companyLines(_ options: RenderOptions, width: Int?) -> [String] {
        let table = TextTable(
            columns: [.init(title: .verbatim("")), .init(title: .verbatim(""))],
            rows: companiesByRole().map { [.init($0.role), .init($0.names)] })
        return table.renderWrappingLast(options, width: width)
    }

    /// Each part companies played, in KOBIS's order, with the names of those that played it.
    func companiesByRole() -> [(role: String, names: String)] {
        var roles: [String] = []
        var names: [String: [String]] = [:]
        for company in companies {
            let role = company.role ?? "기타"
            if names[role] == nil { roles.append(role) }
            let name = named(company.name, company.nameEnglish)
            if names[role]?.contains(name) != true { names[role, default: []].append(name) }
        }
        return roles.map { ($0, names[$0, default: []].joined(separator: ", ")) }
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

// MARK: Fields

extension Movie.Director {
    /// `{name, nameEnglish}`, in a movie's details and in a search alike.
    package static let fields: [Field<Movie.Director>] = [
        .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
    ]
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

// MARK: Meanings

package extension Meaning {
    /// What `titleOriginal` holds.
    static let titleOriginal = leaf(.string, nullable: true, "Original title; null when KOBIS has none.")
    /// What `runtimeMinutes` holds.
    static let runtimeMinutes = leaf(.integer, nullable: true, "Running time in minutes.")
    /// What `actors` holds.
    static let actors = list("Cast, in KOBIS's order.")
    /// What `audits` holds.
    static let audits = list("Rating certificates.")
    /// What `audits.number` holds.
    static let auditNumber = leaf(.string, nullable: true, "Certificate number.")
    /// What `audits.grade` holds.
    static let auditGrade = leaf(.string, nullable: true, "Rating (e.g. 15세이상관람가).")
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
}
