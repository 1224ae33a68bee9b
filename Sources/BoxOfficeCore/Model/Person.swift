/// One person as a people search lists them.
public struct PersonSummary: Sendable, Equatable {
    public let code: String
    public let name: String
    public let nameEnglish: String?
    /// Main field of work, e.g. 감독 (director) or 배우 (actor).
    public let role: String?
    /// Their films as KOBIS's search lists them: titles only (no code, no role).
    public let films: [FilmCredit]
}

/// One person's details and whole filmography.
public struct Person: Sendable, Equatable {
    public let code: String
    public let name: String
    public let nameEnglish: String?
    public let sex: String?
    public let role: String?
    public let homepages: [String]
    /// Each film and the part the person had in it.
    public let films: [FilmCredit]
}

/// A film in a person's or a company's filmography, and the role they had in it.
public struct FilmCredit: Sendable, Equatable {
    public let movieCode: String?
    public let title: String
    /// 감독 (director), 배우 (actor), 배급사 (distributor), …
    public let role: String?

    /// A credit from KOBIS's three fields; nil when the title is blank.
    init?(code: String?, title: String?, role: String?) {
        guard let title = FieldValue.text(title) else { return nil }
        self.init(movieCode: FieldValue.text(code), title: title, role: FieldValue.text(role))
    }

    public init(movieCode: String?, title: String, role: String?) {
        self.movieCode = movieCode
        self.title = title
        self.role = role
    }
}

extension SearchPage where Item == PersonSummary {
    /// Converts KOBIS's answer to a people search.
    public init(_ response: PeopleListResponse, page: Int, perPage: Int) throws {
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
    public init(_ response: PeopleInfoResponse, requested code: String) throws {
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
