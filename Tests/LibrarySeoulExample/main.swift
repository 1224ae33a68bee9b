import BoxOfficeCore
import BoxOfficeURLSession
import Foundation

// Ranks the Korean films of April 2023 in Seoul past the top 10 (as `boxoffice top --month 2023-04
// --region 서울 --nation korean --deep` does), then follows one film, named by its title, that month.
let environment = ProcessInfo.processInfo.environment
guard let key = environment["KOBIS_API_KEY"], CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: KOBIS_API_KEY=KEY seoul TITLE\n".utf8))
    exit(64)
}
let server = environment["BOXOFFICE_BASE_URL"].flatMap { URL(string: $0) } ?? BoxOfficeClient.kobis
let client = BoxOfficeClient(key: key, transport: URLSessionTransport(), baseURL: server)
do {
    let request = TopFilmsRequest(.month(year: 2023, month: 4), filter: BoxOfficeFilter(nation: .korean), region: "서울", limit: 20, deep: true)
    let ranking = try await client.topFilms(request)
    for film in ranking.films {
        print("\(film.rank)\t\(film.title)\t\(film.audience)")
    }
    // A film by its title (or code): the title must name exactly one film.
    let film = FilmReference(CommandLine.arguments[1])
    let run = try await client.trend(TrendRequest([film], range: request.period.days)).movies[0]
    print("\(run.title): \(run.daysRanked) days in the top 10, best rank \(run.bestRank ?? 0)")
    for milestone in run.milestones {
        print("passed \(milestone.audience) on \(milestone.date.iso), day \(milestone.day ?? 0)")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
