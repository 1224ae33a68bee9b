/// One person as a people search lists them.
public struct PersonSummary: Sendable, Equatable {
    /// KOBIS's code for the person (`peopleCd`); it may hold letters.
    public let code: String
    /// The Korean name.
    public let name: String
    /// The name in English; nil when KOBIS gives none.
    public let nameEnglish: String?
    /// Main field of work, e.g. 감독 (director) or 배우 (actor).
    public let role: String?
    /// Their films as KOBIS's search lists them: titles only (no code, no role).
    public let films: [FilmCredit]
}

/// One person's details and whole filmography.
public struct Person: Sendable, Equatable {
    /// KOBIS's code for the person (`peopleCd`); it may hold letters.
    public let code: String
    /// The Korean name.
    public let name: String
    /// The name in English; nil when KOBIS gives none.
    public let nameEnglish: String?
    /// As KOBIS writes it (`여자`, `남자`).
    public let sex: String?
    /// What they are best known for (`감독`, `배우`).
    public let role: String?
    /// Their web pages.
    public let homepages: [String]
    /// Each film and the part the person had in it.
    public let films: [FilmCredit]
}

/// A film in a person's or a company's filmography, and the role they had in it.
public struct FilmCredit: Sendable, Equatable {
    /// KOBIS's code for the movie; nil where KOBIS gives the title only.
    public let movieCode: String?
    /// The movie's Korean title.
    public let title: String
    /// 감독 (director), 배우 (actor), 배급사 (distributor), …
    public let role: String?

    /// A credit from KOBIS's three fields; nil when the title is blank.
    init?(code: String?, title: String?, role: String?) {
        guard let title = FieldValue.text(title) else { return nil }
        self.init(movieCode: FieldValue.text(code), title: title, role: FieldValue.text(role))
    }

    /// A credit for one film.
    public init(movieCode: String?, title: String, role: String?) {
        self.movieCode = movieCode
        self.title = title
        self.role = role
    }
}

extension SearchPage where Item == PersonSummary {
    /// Converts KOBIS's answer to a people search.
    package init(_ response: PeopleListResponse, page: Int, perPage: Int) throws {
        let result = response.peopleListResult
        try self.init(total: result.totCnt, rows: result.peopleList, page: page, perPage: perPage, list: "peopleList") { row, place in
            PersonSummary(code: try FieldValue(row.peopleCd, "\(place).peopleCd").requiredText(),
                          name: try FieldValue(row.peopleNm, "\(place).peopleNm").requiredText(),
                          nameEnglish: FieldValue.text(row.peopleNmEn), role: FieldValue.text(row.repRoleNm),
                          films: splitList(row.filmoNames, separator: "|").map { FilmCredit(movieCode: nil, title: $0, role: nil) })
        }
    }
}

extension Person {
    /// Converts KOBIS's answer for `code`; throws `NotFoundError` when KOBIS has no such person.
    package init(_ response: PeopleInfoResponse, requested code: String) throws {
        guard let info = response.peopleInfoResult.peopleInfo else {
            throw KOBISError.unreadable(.wrongShape("peopleInfoResult.peopleInfo is missing"))
        }
        // For a code it does not know, KOBIS answers with a record whose every value is null.
        guard let found = FieldValue.text(info.peopleCd) else { throw NotFoundError(what: "person", code: code) }
        self.code = found
        name = try FieldValue(info.peopleNm, "peopleInfo.peopleNm").requiredText()
        nameEnglish = FieldValue.text(info.peopleNmEn)
        sex = FieldValue.text(info.sex)
        role = FieldValue.text(info.repRoleNm)
        homepages = (info.homepages ?? []).compactMap { FieldValue.text($0.homeUrl) }
        films = (info.filmos ?? []).compactMap { FilmCredit(code: $0.movieCd, title: $0.movieNm, role: $0.moviePartNm) }
    }
}
