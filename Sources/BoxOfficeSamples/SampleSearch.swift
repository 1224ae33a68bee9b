import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The demo's answer to a movie search it holds no recording of: KOBIS's list, made from the films
/// the samples hold (their details, and for a film without details, what the rankings say of it:
/// code, title, opening day), matched as KOBIS matches: a title by any part of it, a director by
/// any part of a name, the opening year within the range asked. Every face that searches (the
/// command line's `search` and a title given to `movie` or `trend`, the MCP tool, `browse`'s `/`)
/// reaches it through the transport, as it would reach KOBIS.
package enum SampleSearch {
    /// One film as the samples know it: all of it from its details, or what a ranking says of it.
    private struct Film {
        let code: String
        let title: String
        var titleEnglish = ""
        var year = ""
        /// `20250924`, or "" when unknown.
        let openDay: String
        var type = ""
        var status = ""
        var nations: [String] = []
        var genres: [String] = []
        var directors: [String] = []
        var companies: [(code: String, name: String)] = []

        /// The film as KOBIS's list gives it.
        var listed: JSONValue {
            .object([
                ("movieCd", .string(code)), ("movieNm", .string(title)), ("movieNmEn", .string(titleEnglish)), ("prdtYear", .string(year)),
                ("openDt", .string(openDay)), ("typeNm", .string(type)), ("prdtStatNm", .string(status)),
                ("nationAlt", .string(nations.joined(separator: ","))), ("genreAlt", .string(genres.joined(separator: ","))),
                ("repNationNm", .string(nations.first ?? "")), ("repGenreNm", .string(genres.first ?? "")),
                ("directors", .array(directors.map { .object([("peopleNm", .string($0))]) })),
                ("companys", .array(companies.map { .object([("companyCd", .string($0.code)), ("companyNm", .string($0.name))]) })),
            ])
        }
    }

    /// KOBIS's answer to `movie/searchMovieList` with these parameters.
    package static func answer(_ parameters: [(name: String, value: String)]) -> Data {
        var values: [String: String] = [:]
        for (name, value) in parameters { values[name] = value }
        let title = fold(values["movieNm"] ?? "")
        let director = fold(values["directorNm"] ?? "")
        let from = Int(values["openStartDt"] ?? "")
        let through = Int(values["openEndDt"] ?? "")
        let matches = held.filter { film in
            let years = from == nil && through == nil || Int(film.openDay.prefix(4)).map { (from ?? $0) <= $0 && $0 <= (through ?? $0) } ?? false
            return years && (title.isEmpty || fold(film.title).contains(title) || fold(film.titleEnglish).contains(title))
                && (director.isEmpty || film.directors.contains { fold($0).contains(director) })
        }
        let perPage = max(1, min(100, Int(values["itemPerPage"] ?? "") ?? 10))
        let page = max(1, min(100_000, Int(values["curPage"] ?? "") ?? 1))
        let shown = Array(matches.dropFirst((page - 1) * perPage).prefix(perPage).map(\.listed))
        let result = JSONValue.object([("movieListResult", .object([("totCnt", .int(Int64(matches.count))), ("source", .string("영화진흥위원회")),
                                                                     ("movieList", .array(shown))]))])
        return Data(result.serialized(pretty: false).utf8)
    }

    /// How many films the samples name (the films a demo search searches).
    package static var filmCount: Int { held.count }

    /// Lower-cased, without spaces: `범죄와의전쟁` finds `범죄와의 전쟁`.
    private static func fold(_ text: String) -> String {
        text.lowercased().filter { !$0.isWhitespace }
    }

    private static func text(_ value: JSONValue?) -> String { value?.stringValue ?? "" }

    private static func list(_ value: JSONValue?) -> [JSONValue] {
        if case let .array(items)? = value { return items }
        return []
    }

    /// Every film the samples name, read once (on the first search) for the process: a server's
    /// searches after the first read nothing again.
    private static let held = films()

    /// Every film the samples name, newest opening first, each once: from its details when the
    /// samples hold them, else from a recorded search that lists it, else from the latest ranking
    /// that lists it.
    private static func films() -> [Film] {
        var films: [String: Film] = [:]
        for entry in SampleCatalog.entries where entry.key.hasPrefix(KOBISOperation.movieInfo.rawValue + "?") {
            guard let bytes = SampleRecordings.bytes(named: entry.file), let info = JSONValue.parse(Data(bytes))?["movieInfoResult"]?["movieInfo"],
                  let code = info["movieCd"]?.stringValue, let title = info["movieNm"]?.stringValue else { continue }
            films[code] = Film(code: code, title: title, titleEnglish: text(info["movieNmEn"]), year: text(info["prdtYear"]), openDay: text(info["openDt"]),
                               type: text(info["typeNm"]), status: text(info["prdtStatNm"]),
                               nations: list(info["nations"]).map { text($0["nationNm"]) }, genres: list(info["genres"]).map { text($0["genreNm"]) },
                               directors: list(info["directors"]).map { text($0["peopleNm"]) },
                               companies: list(info["companys"]).map { (text($0["companyCd"]), text($0["companyNm"])) })
        }
        for entry in SampleCatalog.entries where entry.key.hasPrefix(KOBISOperation.movieList.rawValue + "?") {
            guard let bytes = SampleRecordings.bytes(named: entry.file) else { continue }
            for row in list(JSONValue.parse(Data(bytes))?["movieListResult"]?["movieList"]) {
                guard let code = row["movieCd"]?.stringValue, films[code] == nil, let title = row["movieNm"]?.stringValue else { continue }
                films[code] = Film(code: code, title: title, titleEnglish: text(row["movieNmEn"]), year: text(row["prdtYear"]), openDay: text(row["openDt"]),
                                   type: text(row["typeNm"]), status: text(row["prdtStatNm"]),
                                   nations: text(row["nationAlt"]).split(separator: ",").map(String.init),
                                   genres: text(row["genreAlt"]).split(separator: ",").map(String.init),
                                   directors: list(row["directors"]).map { text($0["peopleNm"]) })
            }
        }
        for entry in SampleCatalog.entries.reversed() where entry.key.hasPrefix(KOBISOperation.dailyBoxOffice.rawValue + "?") {
            guard let bytes = SampleRecordings.bytes(named: entry.file) else { continue }
            for row in list(JSONValue.parse(Data(bytes))?["boxOfficeResult"]?["dailyBoxOfficeList"]) {
                guard let code = row["movieCd"]?.stringValue, films[code] == nil, let title = row["movieNm"]?.stringValue else { continue }
                films[code] = Film(code: code, title: title, openDay: text(row["openDt"]).filter(\.isNumber))
            }
        }
        return films.values.sorted { ($0.openDay, $1.code) > ($1.openDay, $0.code) }
    }
}
