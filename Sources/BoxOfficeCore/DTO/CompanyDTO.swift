/// `company/searchCompanyList`, as documented (no recording exists yet).
public struct CompanyListResponse: Decodable, Sendable {
    public var companyListResult: Result

    public struct Result: Decodable, Sendable {
        public var totCnt: Int?
        public var companyList: [CompanyListItemDTO]?
        public var source: String?
        private enum CodingKeys: String, CodingKey { case totCnt, source, companyList }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            totCnt = try container.decodeCount(forKey: .totCnt)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            companyList = try container.decodeIfPresent([CompanyListItemDTO].self, forKey: .companyList)
        }
    }
}

/// One hit of a company search.
public struct CompanyListItemDTO: Decodable, Sendable {
    public var companyCd: String?
    public var companyNm: String?
    public var companyNmEn: String?
    public var companyPartNames: String?
    public var ceoNm: String?
    public var filmoNames: String?
}

/// `company/searchCompanyInfo`, as documented (no recording exists yet).
public struct CompanyInfoResponse: Decodable, Sendable {
    public var companyInfoResult: Result

    public struct Result: Decodable, Sendable {
        public var companyInfo: CompanyInfoDTO?
        public var source: String?
    }
}

/// One company's record.
public struct CompanyInfoDTO: Decodable, Sendable {
    public var companyCd: String?
    public var companyNm: String?
    public var companyNmEn: String?
    public var ceoNm: String?
    public var parts: [Part]?
    public var filmos: [Filmo]?

    public struct Part: Decodable, Sendable { public var companyPartNm: String? }
    public struct Filmo: Decodable, Sendable {
        public var movieCd: String?
        public var movieNm: String?
        public var companyPartNm: String?
    }
}
