/// `company/searchCompanyList`, as documented (no recording exists yet).
package struct CompanyListResponse: Decodable, Sendable {
    package var companyListResult: Result

    package struct Result: Decodable, Sendable {
        package var totCnt: Int?
        package var companyList: [CompanyListItemDTO]?
        package var source: String?
        private enum CodingKeys: String, CodingKey { case totCnt, source, companyList }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            totCnt = try container.decodeCount(forKey: .totCnt)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            companyList = try container.decodeIfPresent([CompanyListItemDTO].self, forKey: .companyList)
        }
    }
}

/// One hit of a company search.
package struct CompanyListItemDTO: Decodable, Sendable {
    package var companyCd: String?
    package var companyNm: String?
    package var companyNmEn: String?
    package var companyPartNames: String?
    package var ceoNm: String?
    package var filmoNames: String?
}

/// `company/searchCompanyInfo`, as documented (no recording exists yet).
package struct CompanyInfoResponse: Decodable, Sendable {
    package var companyInfoResult: Result

    package struct Result: Decodable, Sendable {
        package var companyInfo: CompanyInfoDTO?
        package var source: String?
    }
}

/// One company's record.
package struct CompanyInfoDTO: Decodable, Sendable {
    package var companyCd: String?
    package var companyNm: String?
    package var companyNmEn: String?
    package var ceoNm: String?
    package var parts: [Part]?
    package var filmos: [Filmo]?

    package struct Part: Decodable, Sendable { package var companyPartNm: String? }
    package struct Filmo: Decodable, Sendable {
        package var movieCd: String?
        package var movieNm: String?
        package var companyPartNm: String?
    }
}
