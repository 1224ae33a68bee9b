import BoxOfficeCore
import BoxOfficeRendering
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
              let bytes = SampleRecordings.bytes(named: file) else {
            // A search the samples hold no recording of searches the films they hold.
            if operation == .movieList { return HTTPResponse(status: 200, body: SampleSearch.answer(parameters)) }
            throw SampleDataError(operation: operation, request: key)
        }
        return HTTPResponse(status: 200, body: Data(bytes))
    }

    /// The sample recordings by name, for checking them against the fixture files.
    package static var recordings: [String: Data] {
        Dictionary(uniqueKeysWithValues: SampleRecordings.names.compactMap { name in SampleRecordings.bytes(named: name).map { (name, Data($0)) } })
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
            return "the sample data has no daily box office for \(day); sample days: \(SampleTransport.describe(SampleTransport.sampleDays))"
        case .movieInfo:
            return "the sample data has no details of movie \(value); it holds those of \(samples.count) films, most of those in its rankings"
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

package extension SampleTransport {
    /// The days whose daily box office the samples hold, oldest first.
    static var sampleDays: [Day] {
        SampleCatalog.samples(of: .dailyBoxOffice).compactMap(Day.init).sorted()
    }

    /// Days in a few words: single days by name, and a run of consecutive days as its first and
    /// last, with the few days missing inside it (`2025-09-08 to 2025-10-28 but 2025-09-24 and
    /// 2025-10-20`), so that a season reads as one stretch rather than fifty dates.
    static func describe(_ days: [Day]) -> String {
        var runs: [[Day]] = []
        for day in days.sorted() {
            // A gap of two days or fewer continues a run of at least a week; it is named as missing.
            if let last = runs.last?.last, last.days(to: day) <= 3, (runs.last?.count ?? 0) >= 7 || last.days(to: day) == 1 {
                runs[runs.count - 1].append(day)
            } else {
                runs.append([day])
            }
        }
        return runs.map { run -> String in
            guard run.count >= 7, let first = run.first, let last = run.last else { return run.map(\.iso).joined(separator: ", ") }
            let missing = PeriodReading.days(first...last).filter { !run.contains($0) }
            let but = missing.isEmpty ? "" : " but " + (missing.count == 1 ? missing[0].iso
                : missing.dropLast().map(\.iso).joined(separator: ", ") + " and " + (missing.last?.iso ?? ""))
            return "\(first.iso) to \(last.iso)" + but
        }.joined(separator: ", ")
    }

    /// The weeks whose weekly box office the samples hold (a day of the week, and the period), oldest first.
    static var sampleWeeks: [(day: Day, period: WeekPeriod)] {
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
        "the sample data has no day from \(from.iso) to \(to.iso); sample days: \(SampleTransport.describe(SampleTransport.sampleDays))"
    }
}
