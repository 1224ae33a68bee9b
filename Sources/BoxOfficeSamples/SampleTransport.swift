import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers calls from the recordings shipped inside boxoffice, with no key and no network: the
/// demo's whole transport, with no timeout, rate, count or retry above it. It asks no one for what
/// it lacks (``ClosedAnswerSource``): the engine reads what it holds, and it words its own notes.
package struct SampleTransport: HTTPTransport, ClosedAnswerSource {
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

    /// What the samples hold, read from their catalogue when first asked for.
    package var held: HeldAnswers { Self.holdings }

    private static let holdings = HeldAnswers(days: sampleDays, weeks: sampleWeeks, people: Set(SampleCatalog.samples(of: .peopleInfo)),
                                              companies: Set(SampleCatalog.samples(of: .companyInfo)), films: SampleSearch.filmCount)

    /// The request keys answered from a recording.
    private static let recorded = Set(SampleCatalog.entries.map(\.key))

    /// Whether the samples answer a request: a recorded one, or any film search (made from the films they hold).
    package func holds(requestKey: String) -> Bool {
        Self.recorded.contains(requestKey) || requestKey.hasPrefix(KOBISOperation.movieList.rawValue + "?")
    }

    /// The samples' own words for what the engine chose or read from them.
    package func words(_ note: HeldNote, korean: Bool) -> String {
        switch note {
        case let .latestDay(day):
            "the samples end on \(day.iso); showing that day (pass --date for another sample day)."
        case let .latestWeek(day, period):
            "the samples hold the \(period.rawValue) list of the week of \(day.iso); showing it (pass --date for another)."
        case let .latestMonth(year, month):
            "the samples end in \(cFormat("%04d-%02d", year, month)); showing that month (the samples hold only some days)."
        case let .busiestYear(year):
            "the samples hold only some days; showing \(year), the year they hold most days of (pass --year or --month for another)."
        case let .someDays(read, asked, period):
            korean ? "\(NumberFormat.grouped(asked))일 가운데 예시 자료에 있는 \(NumberFormat.grouped(read))일만 읽었습니다." : "read \(NumberFormat.grouped(read)) of \(period), the ones the sample data holds."
        case .searched:
            "searched the samples (titles, directors, recorded searches), not KOBIS."
        case let .noDay(from, to):
            "the sample data has no day from \(from.iso) to \(to.iso); sample days: \(Self.describe(Self.sampleDays))"
        case .composed:
            korean ? "KOBIS에서 기록해 둔 예시 자료를 보여 줍니다 (--demo): 키도 네트워크도 쓰지 않습니다."
                : "showing sample data recorded from KOBIS (--demo); no key or network used."
        }
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
package struct SampleDataError: NotHeldError, Sendable, Equatable {
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

    /// Days in a few words (``HeldAnswers/describe(_:)``).
    static func describe(_ days: [Day]) -> String {
        HeldAnswers.describe(days)
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
