/// `people/searchPeopleList`, exactly as KOBIS sends it.
package struct PeopleListResponse: Decodable, Sendable {
    package var peopleListResult: Result

    package struct Result: Decodable, Sendable {
        package var totCnt: Int?
        package var peopleList: [PeopleListItemDTO]?
        package var source: String?
        private enum CodingKeys: String, CodingKey { case totCnt, source, peopleList }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            totCnt = try container.decodeCount(forKey: .totCnt)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            peopleList = try container.decodeIfPresent([PeopleListItemDTO].self, forKey: .peopleList)
        }
    }
}

/// One hit of a people search; `filmoNames` joins titles with `|`.
package struct PeopleListItemDTO: Decodable, Sendable {
    package var peopleCd: String?
    package var peopleNm: String?
    package var peopleNmEn: String?
    package var repRoleNm: String?
    package var filmoNames: String?
}

/// `people/searchPeopleInfo`, exactly as KOBIS sends it.
package struct PeopleInfoResponse: Decodable, Sendable {
    package var peopleInfoResult: Result

    package struct Result: Decodable, Sendable {
        package var peopleInfo: PeopleInfoDTO?
        package var source: String?
    }
}

/// One person's record and filmography.
package struct PeopleInfoDTO: Decodable, Sendable {
    package var peopleCd: String?
    package var peopleNm: String?
    package var peopleNmEn: String?
    package var sex: String?
    package var repRoleNm: String?
    package var homepages: [Homepage]?
    package var filmos: [Filmo]?

    /// KOBIS documents homepages as related URLs but no recording shows an element; both shapes decode.
    package struct Homepage: Decodable, Sendable {
        package var homeUrl: String?

        package init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                homeUrl = text
            } else {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                homeUrl = try container.decodeIfPresent(String.self, forKey: .homeUrl)
            }
        }

        private enum CodingKeys: String, CodingKey { case homeUrl }
    }

    package struct Filmo: Decodable, Sendable {
        package var movieCd: String?
        package var movieNm: String?
        package var moviePartNm: String?
    }
}
