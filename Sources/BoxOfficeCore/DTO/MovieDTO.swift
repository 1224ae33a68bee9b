/// `movie/searchMovieInfo`, exactly as KOBIS sends it.
public struct MovieInfoResponse: Decodable, Sendable {
    public var movieInfoResult: Result

    public struct Result: Decodable, Sendable {
        public var movieInfo: MovieInfoDTO?
        public var source: String?
    }
}

/// The detail record of one movie.
public struct MovieInfoDTO: Decodable, Sendable {
    public var movieCd: String?
    public var movieNm: String?
    public var movieNmEn: String?
    public var movieNmOg: String?
    public var showTm: String?
    public var prdtYear: String?
    public var openDt: String?
    public var prdtStatNm: String?
    public var typeNm: String?
    public var nations: [Nation]?
    public var genres: [Genre]?
    public var directors: [Director]?
    public var actors: [Actor]?
    public var showTypes: [ShowType]?
    public var companys: [Company]?
    public var audits: [Audit]?
    public var staffs: [Staff]?

    public struct Nation: Decodable, Sendable { public var nationNm: String? }
    public struct Genre: Decodable, Sendable { public var genreNm: String? }
    public struct Director: Decodable, Sendable {
        public var peopleNm: String?
        public var peopleNmEn: String?
    }
    public struct Actor: Decodable, Sendable {
        public var peopleNm: String?
        public var peopleNmEn: String?
        public var cast: String?
        public var castEn: String?
    }
    public struct ShowType: Decodable, Sendable {
        public var showTypeGroupNm: String?
        public var showTypeNm: String?
    }
    public struct Company: Decodable, Sendable {
        public var companyCd: String?
        public var companyNm: String?
        public var companyNmEn: String?
        public var companyPartNm: String?
    }
    public struct Audit: Decodable, Sendable {
        public var auditNo: String?
        public var watchGradeNm: String?
    }
    public struct Staff: Decodable, Sendable {
        public var peopleNm: String?
        public var peopleNmEn: String?
        public var staffRoleNm: String?
    }
}

/// `movie/searchMovieList`, exactly as KOBIS sends it.
public struct MovieListResponse: Decodable, Sendable {
    public var movieListResult: Result

    public struct Result: Decodable, Sendable {
        public var totCnt: Int?
        public var source: String?
        public var movieList: [MovieListItemDTO]?
        private enum CodingKeys: String, CodingKey { case totCnt, source, movieList }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            totCnt = try container.decodeCount(forKey: .totCnt)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            movieList = try container.decodeIfPresent([MovieListItemDTO].self, forKey: .movieList)
        }
    }
}

/// One hit of a movie search.
public struct MovieListItemDTO: Decodable, Sendable {
    public var movieCd: String?
    public var movieNm: String?
    public var movieNmEn: String?
    public var prdtYear: String?
    public var openDt: String?
    public var typeNm: String?
    public var prdtStatNm: String?
    public var nationAlt: String?
    public var genreAlt: String?
    public var repNationNm: String?
    public var repGenreNm: String?
    public var directors: [Director]?
    public var companys: [Company]?

    public struct Director: Decodable, Sendable { public var peopleNm: String? }
    public struct Company: Decodable, Sendable {
        public var companyCd: String?
        public var companyNm: String?
    }
}
