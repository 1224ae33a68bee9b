/// One company as a company search lists it.
public struct CompanySummary: Sendable, Equatable {
    /// KOBIS's code for the company (`companyCd`); it may hold letters.
    public let code: String
    /// The Korean name.
    public let name: String
    /// The name in English; nil when KOBIS gives none.
    public let nameEnglish: String?
    /// What the company does, e.g. 제작사 (production), 배급사 (distribution).
    public let roles: [String]
    /// Its chief executive; nil when KOBIS does not say.
    public let ceo: String?
    /// KOBIS's list of representative films, as one text: it joins titles with commas, which
    /// titles themselves contain ("광해, 왕이 된 남자"), so it cannot be split reliably.
    public let filmNames: String?
}

/// One company's details and films.
public struct Company: Sendable, Equatable {
    /// KOBIS's code for the company (`companyCd`); it may hold letters.
    public let code: String
    /// The Korean name.
    public let name: String
    /// The name in English; nil when KOBIS gives none.
    public let nameEnglish: String?
    /// Its chief executive; nil when KOBIS does not say.
    public let ceo: String?
    /// What the company does, e.g. 제작사 (production), 배급사 (distribution).
    public let roles: [String]
    /// Each film and the role the company had in it.
    public let films: [FilmCredit]
}

extension SearchPage where Item == CompanySummary {
    /// Converts KOBIS's answer to a company search.
    package init(_ response: CompanyListResponse, page: Int, perPage: Int) throws {
        let result = response.companyListResult
        try self.init(total: result.totCnt, rows: result.companyList, page: page, perPage: perPage, list: "companyList") { row, place in
            CompanySummary(code: try FieldValue(row.companyCd, "\(place).companyCd").requiredText(),
                           name: try FieldValue(row.companyNm, "\(place).companyNm").requiredText(),
                           nameEnglish: FieldValue.text(row.companyNmEn), roles: splitList(row.companyPartNames, separator: ","),
                           ceo: FieldValue.text(row.ceoNm), filmNames: FieldValue.text(row.filmoNames))
        }
    }
}

extension Company {
    /// Converts KOBIS's answer for `code`; throws `NotFoundError` when KOBIS has no such company.
    package init(_ response: CompanyInfoResponse, requested code: String) throws {
        guard let info = response.companyInfoResult.companyInfo else {
            throw KOBISError.unreadable(.wrongShape("companyInfoResult.companyInfo is missing"))
        }
        guard let found = FieldValue.text(info.companyCd) else { throw NotFoundError(what: "company", code: code) }
        self.code = found
        name = try FieldValue(info.companyNm, "companyInfo.companyNm").requiredText()
        nameEnglish = FieldValue.text(info.companyNmEn)
        ceo = FieldValue.text(info.ceoNm)
        var roles: [String] = []
        for role in (info.parts ?? []).compactMap({ FieldValue.text($0.companyPartNm) }) where !roles.contains(role) {
            roles.append(role)
        }
        self.roles = roles
        films = (info.filmos ?? []).compactMap { FilmCredit(code: $0.movieCd, title: $0.movieNm, role: $0.companyPartNm) }
    }
}
