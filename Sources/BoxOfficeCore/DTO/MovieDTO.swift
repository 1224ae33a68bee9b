/// `movie/searchMovieInfo`, exactly as KOBIS sends it.
package struct MovieInfoResponse: Decodable, Sendable {
    package var movieInfoResult: Result

    package struct Result: Decodable, Sendable {
        package var movieInfo: MovieInfoDTO?
        package var source: String?
    }
}

/// The detail record of one movie.
package struct MovieInfoDTO: Decodable, Sendable {
    package var movieCd: String?
    package var movieNm: String?
    package var movieNmEn: String?
    package var movieNmOg: String?
    package var showTm: String?
    package var prdtYear: String?
    package var openDt: String?
    package var prdtStatNm: String?
    package var typeNm: String?
    package var nations: [Nation]?
    package var genres: [Genre]?
    package var directors: [Director]?
    package var actors: [Actor]?
    package var showTypes: [ShowType]?
    package var companys: [Company]?
    package var audits: [Audit]?
    package var staffs: [Staff]?

    package struct Nation: Decodable, Sendable { package var nationNm: String? }
    package struct Genre: Decodable, Sendable { package var genreNm: String? }
    package struct Director: Decodable, Sendable {
        package var peopleNm: String?
        package var peopleNmEn: String?
    }
    package struct Actor: Decodable, Sendable {
        package var peopleNm: String?
        package var peopleNmEn: String?
        package var cast: String?
        package var castEn: String?
    }
    package struct ShowType: Decodable, Sendable {
        package var showTypeGroupNm: String?
        package var showTypeNm: String?
    }
    package struct Company: Decodable, Sendable {
        package var companyCd: String?
        package var companyNm: String?
        package var companyNmEn: String?
        package var companyPartNm: String?
    }
    package struct Audit: Decodable, Sendable {
        package var auditNo: String?
        package var watchGradeNm: String?
    }
    package struct Staff: Decodable, Sendable {
        package var peopleNm: String?
        package var peopleNmEn: String?
        package var staffRoleNm: String?
    }
}

/// `movie/searchMovieList`, exactly as KOBIS sends it.
package struct MovieListResponse: Decodable, Sendable {
    package var movieListResult: Result

    package struct Result: Decodable, Sendable {
        package var totCnt: Int?
        package var source: String?
        package var movieList: [MovieListItemDTO]?
        private enum CodingKeys: String, CodingKey { case totCnt, source, movieList }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            totCnt = try container.decodeCount(forKey: .totCnt)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            movieList = try container.decodeIfPresent([MovieListItemDTO].self, forKey: .movieList)
        }
    }
}

/// One hit of a movie search.
package struct MovieListItemDTO: Decodable, Sendable {
    package var movieCd: String?
    package var movieNm: String?
    package var movieNmEn: String?
    package var prdtYear: String?
    package var openDt: String?
    package var typeNm: String?
    package var prdtStatNm: String?
    package var nationAlt: String?
    package var genreAlt: String?
    package var repNationNm: String?
    package var repGenreNm: String?
    package var directors: [Director]?
    package var companys: [Company]?

    package struct Director: Decodable, Sendable { package var peopleNm: String? }
    package struct Company: Decodable, Sendable {
        package var companyCd: String?
        package var companyNm: String?
    }
}
