@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
import Foundation
import Testing

/// The library's public error is worded by the command line as the engine's own failure it stands
/// for: the same status, the same lines, whichever a command met.
@Suite struct FailureReportLibraryTests {
    static let fault = KOBISFault(code: "320103", message: "날싸형식에 맞게 입력하십시요.(YYYYMMDD)[parameterName=targetDt,parameterValue=2023]")
    static let failing = KOBISFault(code: "320099", message: "알수없는 오류가 발생했습니다.")

    static let pairs: [(library: BoxOfficeError, engine: any Error & Sendable)] = [
        (.fault(fault), KOBISError.fault(fault)),
        (.quotaExhausted(nil), QuotaExhaustedError(keys: 1, fault: nil)),
        (.unavailable(.unreachable(.timedOut, host: "127.0.0.1", attempts: 3)), KOBISError.unreachable(.timedOut, host: "127.0.0.1", attempts: 3)),
        (.unavailable(.httpStatus(503, host: "www.kobis.or.kr", attempts: 2)), KOBISError.httpStatus(503, host: "www.kobis.or.kr", attempts: 2)),
        (.unavailable(.redirected(status: 302, host: "www.kobis.or.kr", target: "another server")),
         KOBISError.redirected(status: 302, host: "www.kobis.or.kr", target: "another server")),
        (.unavailable(.failed(failing, request: "for 2025-11-10", attempts: 3)), KOBISError.failed(failing, request: "for 2025-11-10", attempts: 3)),
        (.notFound(what: "movie", code: "NOSUCH01"), NotFoundError(what: "movie", code: "NOSUCH01")),
        (.notCached("the daily box office (targetDt=20230423)"), CacheMissError(request: "the daily box office (targetDt=20230423)")),
        (.cancelled, CancellationError()),
    ]

    @Test(arguments: pairs.indices)
    func theLibrarysErrorIsSaidAsTheEnginesIs(index: Int) {
        let (library, engine) = Self.pairs[index]
        let (said, expected) = (FailureReport(library), FailureReport(engine))
        #expect(said.status == expected.status)
        #expect(said.text == expected.text)
        // And the engine's error is the library's same error.
        #expect(BoxOfficeError(engine) == library)
    }

    @Test func whatTheLibraryAloneSaysHasItsOwnWords() {
        let answer = FailureReport(BoxOfficeError.invalidAnswer("KOBIS answered with a web page instead of data"))
        #expect(answer.status == .dataError)
        #expect(answer.text == "boxoffice: KOBIS answered with a web page instead of data.\nThis is KOBIS's data, not your input; try again later, or report it with --verbose output.\n")
        let request = FailureReport(BoxOfficeError.invalidRequest("the period starts on 2023-04-30, after its last day, 2023-04-01"))
        #expect(request.status == .usage)
        #expect(request.text.hasPrefix("boxoffice: the period starts on 2023-04-30, after its last day, 2023-04-01.\n"))
    }

    /// A film with no run to read is the engine's error, worded by each face: here with the options.
    @Test func aRunWithoutAStartNamesTheOptionsThatGiveOne() {
        let report = FailureReport(TrendRangeError.noOpeningDay(title: "개봉일 없음"))
        #expect(report.status == .usage)
        #expect(report.text == "boxoffice: KOBIS gives no opening day for '개봉일 없음'; give the range with --from and --to.\nRun 'boxoffice help trend' for usage.\n")
        let early = FailureReport(TrendRangeError.notOpenYet(title: "개봉 예정", opens: Day(year: 2026, month: 12, day: 24)!))
        #expect(early.text == "boxoffice: '개봉 예정' opens on 2026-12-24, so there is no run to show yet.\nRun 'boxoffice help trend' for usage.\n")
    }
}
