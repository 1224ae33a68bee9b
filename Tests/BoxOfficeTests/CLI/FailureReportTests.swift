@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
import Foundation
import Testing

/// `FailureReport` is the one place where a failure becomes an exit status and the lines on
/// stderr: each kind of failure, worded whole, with its status.
@Suite struct FailureReportTests {
    private static let dateFault = KOBISFault(code: "320103", message: "날싸형식에 맞게 입력하십시요.(YYYYMMDD)[parameterName=targetDt,parameterValue=2023]")

    static let cases: [(error: any Error & Sendable, status: BoxOfficeCLI.ExitStatus, text: String)] = [
        (UsageError(message: "--date 2023 is not a date", command: "daily"), .usage,
         "boxoffice: --date 2023 is not a date.\nRun 'boxoffice help daily' for usage.\n"),
        (KOBISError.fault(dateFault), .failure,
         "boxoffice: KOBIS refused the request: 날싸형식에 맞게 입력하십시요.(YYYYMMDD) (error 320103, parameter targetDt=2023).\nThat parameter comes from --date; check it.\n"),
        (KOBISError.fault(KOBISFault(code: "320099", message: "알수없는 오류가 발생했습니다.")), .failure,
         "boxoffice: KOBIS refused the request: 알수없는 오류가 발생했습니다. (error 320099).\nThis is KOBIS's own error; check the request with --verbose.\n"),
        (KOBISError.fault(KOBISFault(code: "320010", message: "유효하지않은 키값입니다.")), .noPermission,
         "boxoffice: KOBIS rejected the API key (error 320010: 유효하지않은 키값입니다.).\nCheck the key at https://www.kobis.or.kr/kobisopenapi and pass it with --key or KOBIS_API_KEY.\n"),
        (QuotaExhaustedError(keys: 2, fault: nil), .tempFail,
         "boxoffice: the daily quota of all 2 keys is used up (3,000 calls counted today, Korean time).\nWhat was fetched is kept in the cache: run the same command again after midnight (Korean time) and it goes on from there.\n"),
        (KOBISError.unreachable(.timedOut, host: "127.0.0.1", attempts: 3), .unavailable,
         "boxoffice: 127.0.0.1 did not answer within the time allowed (tried 3 times).\nTry again later, or allow more time with --timeout SECONDS.\n"),
        (KOBISError.httpStatus(503, host: "www.kobis.or.kr", attempts: 1), .unavailable,
         "boxoffice: www.kobis.or.kr answered HTTP 503 Service Unavailable.\nKOBIS may be busy or under maintenance; try again later.\n"),
        (KOBISError.httpStatus(404, host: "www.kobis.or.kr", attempts: 1), .failure,
         "boxoffice: www.kobis.or.kr answered HTTP 404 Not Found.\nCheck --base-url: it should be the server root, e.g. https://www.kobis.or.kr.\n"),
        (KOBISError.unreadable(.html), .dataError,
         "boxoffice: KOBIS answered with a web page instead of data (the service may be under maintenance).\nKOBIS may be under maintenance; try again later, or use --verbose to see the request.\n"),
        (KOBISError.unreachable(.cancelled, host: "127.0.0.1", attempts: 1), .interrupted, "boxoffice: interrupted\n"),
        (CancellationError(), .interrupted, "boxoffice: interrupted\n"),
        (CacheMissError(request: "the daily box office for 2023-04-23"), .unavailable,
         "boxoffice: --offline: the cache holds no answer for the daily box office for 2023-04-23.\nRun it once without --offline to fetch and keep the answer.\n"),
        // KOBIS's text cannot steer the terminal.
        (KOBISError.fault(KOBISFault(code: "320099", message: "a\u{1B}[2Jb")), .failure,
         "boxoffice: KOBIS refused the request: a\u{FFFD}[2Jb (error 320099).\nThis is KOBIS's own error; check the request with --verbose.\n"),
    ]

    @Test(arguments: cases.indices)
    func eachFailureHasItsStatusAndItsWords(index: Int) {
        let (error, status, text) = Self.cases[index]
        let report = FailureReport(error)
        #expect(report.status == status)
        #expect(report.text == text)
    }

    /// A rejected key is named by where it came from.
    @Test func aRejectedKeyNamesWhereItCameFrom() {
        let report = FailureReport(KOBISError.fault(KOBISFault(code: "320010", message: "유효하지않은 키값입니다.")), keyOrigin: .environment)
        #expect(report.status == .noPermission)
        #expect(report.text == "boxoffice: KOBIS rejected the API key from KOBIS_API_KEY (error 320010: 유효하지않은 키값입니다.).\nCheck the key at https://www.kobis.or.kr/kobisopenapi; pass another with --key or KOBIS_API_KEY.\n")
    }

    /// Anything else is a plain failure, never a success.
    @Test func anUnknownErrorIsAFailure() {
        struct Strange: Error {}
        let report = FailureReport(Strange())
        #expect(report.status == .failure)
        #expect(report.text.hasPrefix("boxoffice: unexpected error: "))
    }
}
