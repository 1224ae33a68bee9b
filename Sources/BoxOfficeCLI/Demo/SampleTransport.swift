import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers calls from the recordings shipped inside boxoffice, with no key and no network: the
/// demo's whole transport, with no timeout, rate, count or retry above it.
package struct SampleTransport: HTTPTransport {
    /// Says which request it answers (`--verbose`).
    private let log: (@Sendable (String) -> Void)?

    package init(log: (@Sendable (String) -> Void)? = nil) {
        self.log = log
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let (operation, parameters) = Self.operation(of: request.url) else {
            throw SampleDataError(operation: nil, request: request.url.path)
        }
        log?("demo: answering \(operation.summary(parameters)) from the sample data (nothing is sent)")
        let key = operation.requestKey(parameters)
        guard let file = SampleCatalog.entries.first(where: { $0.key == key })?.file,
              let bytes = SampleRecordings.files[file] else {
            throw SampleDataError(operation: operation, request: key)
        }
        return HTTPResponse(status: 200, body: Data(bytes))
    }

    /// The sample recordings by name, for checking them against the fixture files.
    package static var recordings: [String: Data] {
        SampleRecordings.files.mapValues { Data($0) }
    }

    /// The operation a URL asks for and its parameters without the key, in order, as
    /// `KOBISCall.requestKey` spells them.
    private static func operation(of url: URL) -> (KOBISOperation, [(name: String, value: String)])? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let operation = KOBISOperation.allCases.first(where: { components.path.hasSuffix("/" + $0.path) }) else {
            return nil
        }
        return (operation, (components.queryItems ?? []).filter { $0.name != "key" }.map { ($0.name, $0.value ?? "") })
    }
}

/// The demo was asked for something its sample data does not hold.
package struct SampleDataError: Error, Sendable, Equatable, CustomStringConvertible {
    package let operation: KOBISOperation?
    /// The request key (`operation?name=value&…`).
    package let request: String

    package var description: String {
        guard let operation else { return "the sample data has no answer for this request" }
        let value = request.split(separator: "?", maxSplits: 1).last?.split(separator: "&").first?
            .split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
        var samples = SampleCatalog.samples(of: operation)
        let filters = ["multiMovieYn", "repNationCd", "wideAreaCd"]
        if [.dailyBoxOffice, .weeklyBoxOffice].contains(operation), filters.contains(where: { request.contains("&\($0)=") }) {
            return "the sample data holds no filtered rankings (by nation, by diversity or commercial films, or by region)"
        }
        switch operation {
        case .dailyBoxOffice:
            samples = samples.compactMap { Day($0)?.iso }
            let day = Day(value)?.iso ?? value
            return "the sample data has no daily box office for \(day); sample days: \(samples.joined(separator: ", "))"
        case .movieInfo:
            return "the sample data has no movie \(value); sample movies: \(samples.joined(separator: ", "))"
        case .weeklyBoxOffice:
            let weeks = SampleTransport.sampleWeeks.map { "the \($0.period.rawValue) of \($0.day.iso)" }
            return "the sample data has no such weekly box office; it holds \(weeks.joined(separator: ", "))"
        case .movieList, .peopleList, .companyList:
            let searches = SampleCatalog.entries.filter { $0.key.hasPrefix(operation.rawValue + "?") }
                .compactMap { SampleCatalog.values(in: $0.key).first { ["movieNm", "peopleNm", "companyNm"].contains($0.key) }?.value.percentDecoded }
            return "the sample data holds only the searches for \(Set(searches).sorted().joined(separator: ", "))"
        case .peopleInfo, .companyInfo, .codeList:
            return "the sample data has no answer for \(value); it holds \(samples.joined(separator: ", "))"
        }
    }
}

extension SampleTransport {
    /// The days whose daily box office the samples hold, oldest first.
    package static var sampleDays: [Day] {
        SampleCatalog.samples(of: .dailyBoxOffice).compactMap(Day.init).sorted()
    }

    /// The weeks whose weekly box office the samples hold (a day of the week, and the period), oldest first.
    package static var sampleWeeks: [(day: Day, period: WeekPeriod)] {
        SampleCatalog.entries.compactMap { entry -> (Day, WeekPeriod)? in
            guard entry.key.hasPrefix(KOBISOperation.weeklyBoxOffice.rawValue + "?") else { return nil }
            let values = SampleCatalog.values(in: entry.key)
            guard let day = values["targetDt"].flatMap(Day.init),
                  let period = WeekPeriod.allCases.first(where: { $0.code == values["weekGb"] }) else { return nil }
            return (day, period)
        }.sorted { $0.0 < $1.0 }
    }
}

/// The demo was asked for a period holding none of its sample days.
package struct SamplePeriodError: Error, Sendable, Equatable, CustomStringConvertible {
    package let from: Day
    package let to: Day

    package var description: String {
        "the sample data has no day from \(from.iso) to \(to.iso); sample days: \(SampleTransport.sampleDays.map(\.iso).joined(separator: ", "))"
    }
}
