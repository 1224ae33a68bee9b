import BoxOfficeCore
import BoxOfficeURLSession
import Foundation

// Prints the top 5 films of April 2023 (rank, code, title, audience), then each milestone they
// passed that month. Answers are kept in a folder: run again, it sends no request.
let environment = ProcessInfo.processInfo.environment
guard let key = environment["KOBIS_API_KEY"], let folder = environment["BOXOFFICE_CACHE_DIR"] else {
    FileHandle.standardError.write(Data("usage: KOBIS_API_KEY=KEY BOXOFFICE_CACHE_DIR=DIR april\n".utf8))
    exit(64)
}
let server = environment["BOXOFFICE_BASE_URL"].flatMap { URL(string: $0) } ?? BoxOfficeClient.kobis
let client = BoxOfficeClient(key: key, transport: URLSessionTransport(), baseURL: server,
                             cache: FolderAnswerStore(folder: URL(fileURLWithPath: folder)))
let first = Day(year: 2023, month: 4, day: 1)!, last = Day(year: 2023, month: 4, day: 30)!
do {
    let top = try await client.periodRanking(from: first, to: last, limit: 5)
    for film in top.films {
        print("\(film.rank)\t\(film.movieCode)\t\(film.title)\t\(film.audience)")
    }
    let trend = try await client.trend(of: top.films.map(\.movieCode), from: first, to: last)
    for movie in trend.movies {
        for milestone in movie.milestones {
            print("\(movie.title) passed \(milestone.audience) on \(milestone.date.iso)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
