import BoxOfficeCore
import BoxOfficeHistory
import BoxOfficeURLSession
import Foundation

// Keeps April 2023 in a history file (BOXOFFICE_HISTORY), then asks it, in SQL, for the month's
// three biggest days: date, title, audience. Run again, it sends no request.
let environment = ProcessInfo.processInfo.environment
guard let key = environment["KOBIS_API_KEY"], let file = environment["BOXOFFICE_HISTORY"] else {
    FileHandle.standardError.write(Data("usage: KOBIS_API_KEY=KEY BOXOFFICE_HISTORY=FILE history-example\n".utf8))
    exit(64)
}
let server = environment["BOXOFFICE_BASE_URL"].flatMap { URL(string: $0) } ?? BoxOfficeClient.kobis
do {
    let history = try BoxOfficeHistory(path: file)
    let client = BoxOfficeClient(transport: URLSessionTransport(), middlewares: [history.source] + BoxOfficeClient.standardMiddlewares(keys: [key]),
                                 baseURL: server)
    let summary = try await history.sync(from: Day(year: 2023, month: 4, day: 1)!, to: Day(year: 2023, month: 4, day: 30)!, with: client)
    print("kept \(summary.added) new days")
    let best = try history.query("SELECT date, title, audience FROM ranking WHERE list = 'all' AND date LIKE '2023-04-%' ORDER BY audience DESC LIMIT 3")
    for row in best.values {
        print(row.map(\.description).joined(separator: "\t"))
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
