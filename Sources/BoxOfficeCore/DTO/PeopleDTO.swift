/// `people/searchPeopleList`, exactly as KOBIS sends it.
public struct PeopleListResponse: Decodable, Sendable {
    public var peopleListResult: Result

    public struct Result: Decodable, Sendable {
        public var totCnt: Int?
        public var peopleList: [PeopleListItemDTO]?
        public var source: String?
        private enum CodingKeys: String, CodingKey { case totCnt, source, peopleList }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            totCnt = try container.decodeCount(forKey: .totCnt)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            peopleList = try container.decodeIfPresent([PeopleListItemDTO].self, forKey: .peopleList)
        }
    }
}

/// One hit of a people search; `filmoNames` joins titles with `|`.
public struct PeopleListItemDTO: Decodable, Sendable {
    public var peopleCd: String?
    public var peopleNm: String?
    public var peopleNmEn: String?
    public var repRoleNm: String?
    public var filmoNames: String?
}

/// `people/searchPeopleInfo`, exactly as KOBIS sends it.
public struct PeopleInfoResponse: Decodable, Sendable {
    public var peopleInfoResult: Result

    public struct Result: Decodable, Sendable {
        public var peopleInfo: PeopleInfoDTO?
        public var source: String?
    }
}

/// One person's record and filmography.
public struct PeopleInfoDTO: Decodable, Sendable {
    public var peopleCd: String?
    public var peopleNm: String?
    public var peopleNmEn: String?
    public var sex: String?
    public var repRoleNm: String?
    public var homepages: [Homepage]?
    public var filmos: [Filmo]?

    /// KOBIS documents homepages as related URLs but no recording shows an element; both shapes decode.
    public struct Homepage: Decodable, Sendable {
        public var homeUrl: String?

        public init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                homeUrl = text
            } else {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                homeUrl = try container.decodeIfPresent(String.self, forKey: .homeUrl)
            }
        }

        private enum CodingKeys: String, CodingKey { case homeUrl }
    }

    public struct Filmo: Decodable, Sendable {
        public var movieCd: String?
        public var movieNm: String?
        public var moviePartNm: String?
    }
}
