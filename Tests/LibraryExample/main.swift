import BoxOfficeCore
import BoxOfficeURLSession
import Foundation

// Prints a day's box office, one film per line: rank, movie code, title, audience.
let environment = ProcessInfo.processInfo.environment
guard let key = environment["KOBIS_API_KEY"], CommandLine.arguments.count == 2,
      let day = Day(CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: KOBIS_API_KEY=KEY ranking YYYYMMDD\n".utf8))
    exit(64)
}
let server = environment["BOXOFFICE_BASE_URL"].flatMap { URL(string: $0) } ?? BoxOfficeClient.kobis
let client = BoxOfficeClient(key: key, transport: URLSessionTransport(), baseURL: server)
do {
    let ranking = try await client.dailyBoxOffice(on: day)
    for film in ranking.entries {
        print("\(film.rank)\t\(film.movieCode)\t\(film.title)\t\(film.audience.map(String.init) ?? "")")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
