import BoxOfficeArguments
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A service that finds a movie's poster image: Kakao's image search or OMDb.
package struct PosterProvider: Sendable, Equatable {
    package enum Service: String, Sendable, CaseIterable {
        case kakao, omdb

        /// The provider's name in messages.
        package var title: String { self == .kakao ? "Kakao image search" : "OMDb" }
        /// Where its key comes from.
        package var keyVariable: String { self == .kakao ? "KAKAO_REST_API_KEY" : "OMDB_API_KEY" }
        /// Where its server root can be changed.
        package var urlVariable: String { self == .kakao ? "BOXOFFICE_KAKAO_URL" : "BOXOFFICE_OMDB_URL" }
        package var defaultRoot: String { self == .kakao ? "https://dapi.kakao.com" : "https://www.omdbapi.com" }
    }

    package let service: Service
    /// Never shown: it is sent in a header (Kakao) or the query (OMDb) and masked everywhere else.
    package let key: String
    package let root: URL

    package init(service: Service, key: String, root: URL) {
        self.service = service
        self.key = key
        self.root = root
    }

    /// Posters rarely change; a week, like movie details.
    static let freshness = Freshness.seconds(7 * 86_400)

    /// The search for `movie`'s poster, or nil when this provider cannot look for it (OMDb
    /// searches by English title, which not every film has).
    package func call(for movie: Movie) -> RemoteCall? {
        let year = (movie.openDate?.year ?? movie.productionYear).map(String.init)
        var text = root.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        switch service {
        case .kakao:
            let query = [movie.title, year.map { "(\($0))" }, "포스터"].compactMap { $0 }.joined(separator: " ")
            let path = "v2/search/image?query=\(KOBISOperation.percentEncoded(query))&size=5"
            guard let url = URL(string: text + path) else { return nil }
            return RemoteCall(url: url, displayAddress: text + path, cacheKey: "kakao:" + path,
                              summary: "the Kakao image search for \(movie.title)", freshness: Self.freshness,
                              headers: ["Authorization": "KakaoAK " + key], secrets: [key])
        case .omdb:
            guard let english = movie.titleEnglish else { return nil }
            var query = "t=\(KOBISOperation.percentEncoded(english))"
            if let year { query += "&y=\(year)" }
            guard let url = URL(string: text + "?apikey=\(KOBISOperation.percentEncoded(key))&" + query) else { return nil }
            return RemoteCall(url: url, displayAddress: text + "?apikey=***&" + query, cacheKey: "omdb:?" + query,
                              summary: "the OMDb search for \(english)", freshness: Self.freshness, secrets: [key])
        }
    }

    /// The poster's address in the provider's answer, or nil when it found none.
    package func posterURL(in body: Data) throws -> String? {
        do {
            switch service {
            case .kakao:
                let answer = try JSONDecoder().decode(KakaoImageAnswer.self, from: body)
                return answer.documents.lazy.compactMap { Self.webAddress($0.image_url) }.first
            case .omdb:
                let answer = try JSONDecoder().decode(OMDbAnswer.self, from: body)
                if answer.Response?.lowercased() == "false" {
                    // "Movie not found!" is an answer; anything else (a bad key, a limit) is a failure.
                    let error = answer.Error ?? "no reason given"
                    guard error.lowercased().contains("not found") else { throw PosterError.refused(.omdb, error) }
                    return nil
                }
                return Self.webAddress(answer.Poster)
            }
        } catch let error as PosterError {
            throw error
        } catch {
            throw PosterError.unreadable(service)
        }
    }

    /// Only an http(s) address is a poster; "N/A" and anything else are not.
    private static func webAddress(_ text: String?) -> String? {
        guard let text = text?.trimmingBlanksAndNewlines(), let url = URL(string: text),
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil else { return nil }
        return text
    }

    /// The part of Kakao's answer boxoffice reads.
    private struct KakaoImageAnswer: Decodable {
        var documents: [Document]
        struct Document: Decodable {
            // Kakao's own field name.
            var image_url: String?
        }
    }

    /// The part of OMDb's answer boxoffice reads (OMDb capitalises its keys).
    private struct OMDbAnswer: Decodable {
        var Poster: String?
        var Response: String?
        var Error: String?
    }
}

/// Why a poster could not be looked up.
package enum PosterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The provider answered with something that is not its answer.
    case unreadable(PosterProvider.Service)
    /// The provider refused the request and said why (OMDb's `Error`).
    case refused(PosterProvider.Service, String)

    package var description: String {
        switch self {
        case let .unreadable(service): "\(service.title) sent an answer boxoffice cannot read"
        case let .refused(service, reason): "\(service.title) refused the search: \(reason)"
        }
    }
}

/// Neither poster provider has a key.
package struct MissingPosterKeyError: Error, Sendable, Equatable {
    package init() {}
}
