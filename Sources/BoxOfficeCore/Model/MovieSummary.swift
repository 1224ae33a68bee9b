/// One movie as a search lists it.
public struct MovieSummary: Sendable, Equatable {
    /// KOBIS's code for the movie; it may hold letters.
    public let code: String
    /// The Korean title.
    public let title: String
    /// The English title; nil when KOBIS gives none.
    public let titleEnglish: String?
    /// The year it was made.
    public let productionYear: Int?
    /// The day it opened in Korea; nil when it has not, or KOBIS does not say.
    public let openDate: Day?
    /// Kind of film, e.g. 장편 (feature).
    public let type: String?
    /// Production status, e.g. 개봉 (released).
    public let status: String?
    /// Its genres, in Korean.
    public let genres: [String]
    /// Where it was made, in Korean.
    public let nations: [String]
    /// As in a movie's details; a search gives no English names, so theirs are nil.
    public let directors: [Movie.Director]
}

extension SearchPage where Item == MovieSummary {
    /// Converts KOBIS's answer to a movie search for `query`.
    package init(_ response: MovieListResponse, query: MovieQuery) throws {
        let result = response.movieListResult
        try self.init(total: result.totCnt, rows: result.movieList, page: query.page, perPage: query.perPage,
                      list: "movieList") { row, place in try MovieSummary(row, place: place) }
    }
}

extension MovieSummary {
    init(_ row: MovieListItemDTO, place: String) throws {
        func field(_ raw: String?, _ name: String) -> FieldValue { FieldValue(raw, "\(place).\(name)") }
        code = try field(row.movieCd, "movieCd").requiredText()
        title = try field(row.movieNm, "movieNm").requiredText()
        titleEnglish = field(row.movieNmEn, "movieNmEn").text
        productionYear = try field(row.prdtYear, "prdtYear").year()
        openDate = try field(row.openDt, "openDt").day()
        type = field(row.typeNm, "typeNm").text
        status = field(row.prdtStatNm, "prdtStatNm").text
        genres = splitList(row.genreAlt ?? row.repGenreNm, separator: ",")
        nations = splitList(row.nationAlt ?? row.repNationNm, separator: ",")
        directors = (row.directors ?? []).compactMap { FieldValue.text($0.peopleNm).map { Movie.Director(name: $0, nameEnglish: nil) } }
    }
}
