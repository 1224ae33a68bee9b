import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeHistory
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeTransports
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// boxoffice's exit codes (see the README and the contract).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case unavailable = 69
    case tempFail = 75
    case ioError = 74
    case noPermission = 77
    case interrupted = 130
    case terminated = 143
}

/// No key was given anywhere: `configFile` is the file looked at (nil without HOME), and
/// `configProblem` what it held instead of a key line.
struct MissingKeyError: Error {
    let configFile: String?
    let configProblem: String?
    /// The places that were set but held only commas and blanks (`--key ","`), so were passed over.
    var hollowSources: [String] = []
}

/// A file the user named for output (`trend --svg FILE`) could not be written; `what` says what
/// it was to hold ("the chart").
struct OutputFileError: Error {
    let what: String
    let failure: FileAccessError
}

/// No folder for the history: `reason` says why ("HOME is not set").
struct NoHistoryFolderError: Error {
    let reason: String
}

/// The history's folder cannot be made or is not safe to write in.
struct HistoryFolderError: Error {
    let folder: String
    let reason: String
}

/// A configured key too short to be a KOBIS key.
struct ImplausibleKeyError: Error {
    let origin: KeySource.Origin
    let length: Int
}

/// KOBIS rejected the key; `origin` says where it came from.
struct RejectedKeyError: Error {
    let fault: KOBISFault
    let origin: KeySource.Origin?
}

/// `cache info` or `cache clear` without any cache folder to speak of; `reason` says why
/// ("HOME is not set", "HOME (x) is not an absolute path").
struct NoCacheFolderError: Error {
    let reason: String
}

/// The cache folder is not safe to use (another user's, writable by others, a planted link).
struct UnsafeCacheError: Error {
    let reason: String
}

/// Standard output could not be written (a full disk, a closed descriptor); not a closed pipe.
struct OutputWriteError: Error {
    let code: Int32
}

/// An error as the user sees it: an exit code, what happened, and what to do about it on the
/// command line. What happened is every face's; the advice (which names flags and commands) is
/// the command line's alone.
struct FailureReport: Equatable {
    let status: ExitStatus
    /// What happened: a line (and, for a title that matches several movies, the candidates).
    let happened: [String]
    /// The command line's next step, if there is one.
    let advice: String?
    /// The movies a title matched, listed under the first line (fitted to the terminal when printed).
    private(set) var candidates: SearchPage<MovieSummary>? = nil

    /// Every line the command line prints.
    var lines: [String] { happened + (advice.map { [$0] } ?? []) }

    /// What happened, as one text: what another face (the MCP server) says.
    var what: String { happened.joined(separator: "\n") }

    /// Like `init(_:)`, naming where a key KOBIS rejected came from; in Korean where the locale
    /// asks for it and the failure is a common one (days not read, the limit of calls).
    init(_ error: any Error, keyOrigin: KeySource.Origin?, korean: Bool = false) {
        if korean, let worded = Self.korean(error) {
            self = worded
        } else if case let KOBISError.fault(fault) = error, fault.isKeyRejected {
            self.init(RejectedKeyError(fault: fault, origin: keyOrigin))
        } else {
            self.init(error)
        }
    }

    /// The one place where errors become messages and exit codes.
    init(_ error: any Error) {
        switch error {
        case let error as CallLimitError where error.korean:
            self.init(.usage, (error.declined ? "아무것도 가져오지 않았습니다: " : "") + error.what + ".",
                      "기간을 줄이거나 --yes로 계속하세요. 한도는 --max-calls N (또는 설정 파일의 'max-calls = N')으로 정합니다.")
        case let error as CallLimitError:
            self.init(.usage, (error.declined ? "nothing was fetched: " : "") + error.what + ".",
                      "Give a shorter period, or add --yes to go ahead; --max-calls N (or 'max-calls = N' in the config file) sets the limit.")
        case let error as UsageError:
            let help = error.command.map { "boxoffice help \($0)" } ?? "boxoffice help"
            self.init(.usage, Self.sentence(error.message), "Run '\(help)' for usage.")
        case let error as MissingKeyError:
            let file = error.configFile ?? "${XDG_CONFIG_HOME:-~/.config}/boxoffice/config"
            let hollow = error.hollowSources.isEmpty ? ""
                : " (\(error.hollowSources.joined(separator: " and ")) \(error.hollowSources.count == 1 ? "holds" : "hold") only commas and blanks)"
            if let problem = error.configProblem {
                self.init(.noPermission, "no KOBIS API key is configured\(hollow): the config file \(file) \(problem).",
                          "Write 'key = YOUR_KEY' there, pass --key KEY, or set KOBIS_API_KEY. Try --demo to see sample data.")
            } else {
                self.init(.noPermission, "no KOBIS API key is configured\(hollow).",
                          "Get a free key at https://www.kobis.or.kr/kobisopenapi, then pass --key KEY, set KOBIS_API_KEY, or put 'key = KEY' in \(file). Try --demo to see sample data.")
            }
        case let error as CallLimitReached:
            self.init(.tempFail, "the limit of \(NumberFormat.grouped(error.limit)) calls to KOBIS for this command (retries included) was reached; nothing more was sent.",
                      "What was fetched is kept in the cache: run the same command again to go on from there, or allow more calls with --max-calls N.")
        case let error as QuotaExhaustedError:
            self.init(.tempFail, error.description + ".",
                      "What was fetched is kept in the cache: run the same command again after midnight (Korean time) and it goes on from there\(error.keys == 1 ? ", or add another key (KOBIS_API_KEY=KEY1,KEY2)" : "").")
        case let error as ImplausibleKeyError:
            self.init(.noPermission, "the key from \(error.origin.description) has \(error.length) character\(error.length == 1 ? "" : "s"), which is not a KOBIS key (KOBIS issues keys of 32 letters and digits).",
                      "Pass the whole key with --key, KOBIS_API_KEY or 'key = …' in the config file.")
        case let error as RejectedKeyError:
            let origin = error.origin.map { " from \($0.description)" } ?? ""
            self.init(.noPermission, "KOBIS rejected the API key\(origin) (error \(error.fault.code): \(error.fault.summary)).",
                      "Check the key at https://www.kobis.or.kr/kobisopenapi; pass another with --key or KOBIS_API_KEY.")
        case let error as ConfigError:
            self.init(.noPermission, error.description + ".", "Fix the file, or pass the key with --key or KOBIS_API_KEY.")
        case let error as KOBISError:
            self.init(kobis: error)
        case let error as BoxOfficeError:
            self.init(library: error)
        case let error as TooManyPagesError:
            self.init(UsageError(message: "--all would fetch \(NumberFormat.grouped(error.pages)) pages for \(NumberFormat.grouped(error.total)) matches (at most \(error.most) are fetched); narrow the search, e.g. with --year or --director, or use --page N"))
        case let error as UnknownRegionError:
            self.init(UsageError(message: "--region \(UsageError.quote(error.name)) is not a KOBIS region; use one of: \(error.known.joined(separator: ", ")) (or its code, from 'boxoffice codes regions')"))
        case let TrendRangeError.noOpeningDay(title):
            self.init(UsageError(message: "KOBIS gives no opening day for \(UsageError.quote(title)); give the range with --from and --to", command: "trend"))
        case let TrendRangeError.notOpenYet(title, opens):
            self.init(UsageError(message: "\(UsageError.quote(title)) opens on \(opens.iso), so there is no run to show yet", command: "trend"))
        case let error as InvalidDataError:
            self.init(.dataError, error.description + ".", "This is KOBIS's data, not your input; try again later, or report it with --verbose output.")
        case let error as NotFoundError:
            self.init(.failure, error.description + ".", Self.finding[error.what] ?? "Check the code.")
        case let error as ReviewStoreError:
            self.init(.failure, error.description + ".", "Check the file and the folder's permissions, or choose another folder with --data-dir DIR.")
        case let error as UnknownReviewError:
            self.init(.failure, "there is no review \(error.id).", "'boxoffice review list' shows the reviews and their ids.")
        case let error as WrongPasswordError:
            self.init(.noPermission, error.missing ? "review \(error.id) has a password, and none was given; nothing was \(error.verb)."
                          : "the password of review \(error.id) does not match; nothing was \(error.verb).",
                      error.missing ? "Run it in a terminal to be asked for it, or set BOXOFFICE_REVIEW_PASSWORD." : "Only the review's author, with its password, can change or delete it.")
        case let error as ReviewInputError:
            self.init(.failure, error.message + ".")
        case let error as AmbiguousTitleError:
            self.init(ambiguous: error)
        case is MissingPosterKeyError:
            self.init(.noPermission, "--poster needs a poster provider's key, and none is set.",
                      "Set KAKAO_REST_API_KEY (a Kakao REST API key, from developers.kakao.com) or OMDB_API_KEY (from www.omdbapi.com).")
        case let error as PosterLookupError:
            self.init(poster: error)
        case let error as OutputFileError:
            self.init(.ioError, "cannot write \(error.what): \(error.failure).", "Choose another file name, or check that its folder exists and can be written.")
        case let error as FileAccessError:
            self.init(.failure, "cannot use the cache: \(error).", "Check the folder's owner and permissions, or pass --cache-dir DIR.")
        case let error as CacheReadError:
            self.init(.failure, error.description + ".", "Check the folder's owner and permissions, or pass --cache-dir DIR.")
        case let error as UnsafeCacheError:
            self.init(.failure, "boxoffice does not use the cache at \(error.reason).", UnsafeCacheError.advice)
        case let error as OutputWriteError:
            self.init(.ioError, "cannot write the output: \(OwnFiles.reason(error.code)).", "Check where standard output goes (a full disk, a closed descriptor).")
        case let error as CacheMissError:
            self.init(.unavailable, "--offline: " + error.description + ".", "Run it once without --offline to fetch and keep the answer.")
        case let error as HistoryError:
            self.init(history: error)
        case let error as QueryError:
            switch error {
            case let .notARead(what): self.init(UsageError(message: "sql runs only queries that read; \(what) is refused (nothing was run)", command: "sql"))
            case let .invalid(message): self.init(UsageError(message: "SQLite cannot run the query: \(message)", command: "sql"))
            case let .timedOut(seconds):
                self.init(.failure, "the query was stopped after \(Parameter.decimal(seconds)) second\(seconds == 1 ? "" : "s") (--timeout).", "Give it longer with --timeout S, or narrow it.")
            }
        case let error as NoHistoryFolderError:
            self.init(.failure, "there is no folder for the history: \(error.reason).", "Pass --history FILE or set BOXOFFICE_HISTORY.")
        case let error as HistoryFolderError:
            self.init(.failure, "cannot keep the history in \(error.folder): \(error.reason).", "Pass --history FILE, in a folder of your own.")
        case let error as NoCacheFolderError:
            self.init(.failure, "there is no cache folder: \(error.reason).", "Pass --cache-dir DIR or set BOXOFFICE_CACHE_DIR.")
        case let error as any NotHeldError:
            self.init(.unavailable, error.description + ".", "Drop --demo to ask KOBIS itself.")
        case let error as PeriodNotWhole where error.limit != nil:
            let count = error.beyondLimit.count
            let others = [error.kobisFailed.isEmpty ? nil : "KOBIS could not answer for \(error.days)",
                          error.notCached.isEmpty ? nil : "the cache holds no answer for \(PeriodCoverage.listed(error.notCached.map(\.iso)))"].compactMap(\.self)
            self.init(.tempFail, "the limit of \(error.limit ?? 0) calls to KOBIS (retries included) was reached before \(count == 1 ? "1 day" : "\(NumberFormat.grouped(count)) days") of the period were read (\(PeriodCoverage.listed(error.beyondLimit.map(\.iso))))\(others.isEmpty ? "" : "; " + others.joined(separator: "; ")); the other days are shown.",
                      "What was fetched is kept in the cache: run the same command again to go on from there, or allow more calls with --max-calls N.")
        case let error as PeriodNotWhole where error.kobisFailed.isEmpty:
            let count = error.notCached.count
            self.init(.unavailable, "--offline: the cache holds no answer for \(count == 1 ? "1 day" : "\(NumberFormat.grouped(count)) days") of the period (\(PeriodCoverage.listed(error.notCached.map(\.iso)))); the other days are shown.",
                      "Run it once without --offline to fetch \(count == 1 ? "that day" : "those days") and keep them.")
        case let error as PeriodNotWhole:
            let cached = error.notCached.isEmpty ? "" : " The cache holds no answer for \(PeriodCoverage.listed(error.notCached.map(\.iso))) (--offline)."
            self.init(.unavailable, "KOBIS could not answer for \(error.days); the other days are shown.\(cached)",
                      "This is a failure on KOBIS's side: run the same command again later, and only \(error.kobisFailed.count == 1 ? "that day is" : "those days are") fetched.")
        case let error as NewsDayUnread where error.limit != nil:
            self.init(.tempFail, error.description + ".", "What was fetched is kept in the cache: run the same command again to go on from there, or allow more calls with --max-calls N.")
        case let error as NewsDayUnread where error.reason == .notCached:
            // The engine says only stored answers were to be used; here that is --offline.
            let against = error.day == error.news ? "" : ", the day before \(error.news.iso), against which its news is told"
            self.init(.unavailable, "the cache holds no ranking of \(error.day.iso)\(against), and --offline asks nothing of KOBIS.",
                      "Run it once without --offline to fetch and keep the days.")
        case let error as NewsDayUnread:
            self.init(.unavailable, error.description + ".", error.reason == .notHeld ? "Pick a day the samples hold, or drop --demo to ask KOBIS itself."
                          : error.reason == .notCached ? "Run it once without --offline to fetch and keep the days." : "This is a failure on KOBIS's side: run the same command again later.")
        case let error as WatchStateError:
            switch error {
            case let .damaged(_, setAside, _):
                self.init(.dataError, error.description + ".", setAside == nil ? "Nothing was told; move the file away to start the watch afresh, or mend it to go on from it."
                              : "Nothing was told, and the file is kept as it was: run the watch again to start it afresh (what it had still to tell is not told), or put the file back, mended, to go on from it.")
            case .newer: self.init(.dataError, error.description + ".", "Nothing was told: run this watch with the newer boxoffice, or give this one another --name.")
            case .busy: self.init(.failure, error.description + ".", "Check for a run that hangs (ps); the state is left as it was.")
            case .unusable: self.init(.failure, error.description + ".", "Check the folder's owner and permissions, or choose another with BOXOFFICE_STATE_DIR.")
            case .unsafeFolder: self.init(.failure, error.description + ".", "Use a folder of your own that only you can write (chmod 700), or choose another with BOXOFFICE_STATE_DIR.")
            }
        case let error as EventProgramError:
            let kept = error.kept == 1 ? "That event is kept" : "Those \(NumberFormat.grouped(error.kept)) events are kept"
            self.init(.failure, error.failures.joined(separator: "; ") + ".", "\(kept), and given to the program again on the next run.")
        case let error as DayNotPublishedError:
            self.init(.failure, error.description + ".", "KOBIS publishes a day after it ends; pass --date \(error.day.adding(days: -1).iso) for the day before.")
        case let error as NoHeldDayError:
            self.init(.unavailable, error.description + ".", "Pick a period with sample days, or drop --demo to ask KOBIS itself.")
        case let error as NetworkHelperError:
            self.init(.failure, error.description + ".",
                      "Install \(HelperMessage.helperName) beside boxoffice: 'swift build -c release' makes both in .build/release/.")
        case is CancellationError:
            self.init(.interrupted, "interrupted")
        default:
            self.init(.failure, "unexpected error: \(error)")
        }
    }

    /// Work ended by a signal: Ctrl-C (SIGINT) is "interrupted" (130), SIGTERM "terminated" (143).
    init(stoppedBy signal: Int32) {
        let terminated = signal == SIGTERM
        self.init(terminated ? .terminated : .interrupted, terminated ? "terminated" : "interrupted")
    }

    /// The common failures in Korean: a period shown without days not read, a day's news that
    /// cannot be told, the limit of calls reached; nil for the others (said in English).
    static func korean(_ error: any Error) -> FailureReport? {
        let kept = "가져온 것은 캐시에 남아 있으니, 같은 명령을 다시 실행하면 이어서 가져옵니다 (--max-calls N으로 한도를 늘릴 수 있음)."
        switch error {
        case let error as CallLimitReached:
            return FailureReport(.tempFail, "이 명령의 KOBIS 호출 한도 \(NumberFormat.grouped(error.limit))회(재시도 포함)에 닿아 더 보내지 않았습니다.", kept)
        case let error as PeriodNotWhole:
            var parts: [String] = []
            if let limit = error.limit {
                parts.append("호출 한도 \(NumberFormat.grouped(limit))회(재시도 포함)에 닿아 \(error.beyondLimit.count)일을 읽지 못했습니다 (\(PeriodCoverage.listed(error.beyondLimit.map(\.iso), korean: true)))")
            }
            if !error.kobisFailed.isEmpty {
                let failed = PeriodCoverage(daysInPeriod: error.kobisFailed.count, unread: error.kobisFailed).failed
                parts.append("KOBIS가 \(PeriodCoverage.failedDays(failed, korean: true))에 답하지 못했습니다")
            }
            if !error.notCached.isEmpty {
                parts.append("캐시에 \(PeriodCoverage.listed(error.notCached.map(\.iso), korean: true))의 답이 없습니다 (--offline)")
            }
            let status: ExitStatus = error.limit != nil ? .tempFail : .unavailable
            let advice = error.limit != nil ? kept : error.kobisFailed.isEmpty ? "--offline 없이 한 번 실행하면 그날들을 가져와 둡니다."
                : "KOBIS 쪽의 실패입니다: 나중에 같은 명령을 다시 실행하면 그날들만 가져옵니다."
            return FailureReport(status, parts.joined(separator: "; ") + ". 나머지 날은 보여 드렸습니다.", advice)
        case let error as NewsDayUnread:
            let against = error.day == error.news ? "" : " (\(error.news.iso) 소식의 비교 대상인 전날)"
            switch error.reason {
            case .notHeld: return FailureReport(.unavailable, "예시 자료에 \(error.day.iso)\(against)의 순위가 없습니다.", "예시 자료에 있는 날을 고르거나 --demo 없이 KOBIS에 물어보세요.")
            case .notCached: return FailureReport(.unavailable, "캐시에 \(error.day.iso)\(against)의 순위가 없습니다 (--offline).", "--offline 없이 한 번 실행하면 그날들을 가져와 둡니다.")
            case let .kobisFailed(fault): return FailureReport(.unavailable, "KOBIS가 \(error.day.iso)\(against)에 답하지 못했습니다: \(fault.summary) (오류 \(fault.code)).",
                                                              "KOBIS 쪽의 실패입니다: 나중에 다시 실행하세요.")
            case let .callLimit(limit): return FailureReport(.tempFail, "호출 한도 \(NumberFormat.grouped(limit))회(재시도 포함)에 닿아 \(error.day.iso)\(against)을 읽지 못했습니다.", kept)
            }
        default:
            return nil
        }
    }

    /// A message ending as a sentence does, so the advice after it never reads as its continuation.
    static func sentence(_ message: String) -> String {
        guard let last = message.last, !".?!".contains(last) else { return message }
        return message + "."
    }

    /// How to find the right code, for each kind of thing KOBIS may not know.
    private static let finding = [
        "movie": "Check the code; 'boxoffice search TITLE' and 'boxoffice daily' show movie codes.",
        "person": "Check the code; 'boxoffice people NAME' shows people codes.",
        "company": "Check the code; 'boxoffice company NAME' shows company codes.",
    ]

    private init(_ status: ExitStatus, happened: [String], advice: String?) {
        self.status = status
        self.happened = happened
        self.advice = advice
    }

    /// The history cannot be used: the file is left as it is, and the message says why.
    private init(history error: HistoryError) {
        switch error {
        case let .missing(path):
            self.init(.failure, "there is no history at \(path) yet.", "Run 'boxoffice history sync' first (or pass --history FILE).")
        case let .notHistory(path, reason):
            self.init(.failure, "\(path) is not a boxoffice history: \(reason); it was left as it is.", "Pass --history FILE to keep the history elsewhere.")
        case let .damaged(path, reason):
            self.init(.dataError, "the history at \(path) is damaged (\(reason)); it was left as it is.",
                      "Keep it for repair ('sqlite3 FILE .recover'), or move it away and sync again.")
        case let .newer(path, version):
            self.init(.failure, "the history at \(path) has schema version \(version), newer than this boxoffice reads (\(HistorySchema.version)); it was left as it is.",
                      "Upgrade boxoffice, or pass --history FILE for another history.")
        case let .readOnly(path):
            self.init(.failure, "cannot write the history at \(path): the file or its folder is read-only.", "Queries still read it; to sync, use a file you can write (--history FILE).")
        case let .busy(path):
            self.init(.tempFail, "the history at \(path) is held by another program (another sync?).", "Try again when it is done.")
        case let .sqlite(message):
            self.init(.failure, "SQLite failed: \(message).")
        }
    }

    /// No movie, or several, for a title: the candidates go to stderr with the way to pick one.
    private init(ambiguous error: AmbiguousTitleError) {
        let page = error.page
        guard let first = page.items.first else {
            if let films = error.searchedHeld {
                self.init(.unavailable, "the sample data holds no film whose title contains \(UsageError.quote(error.title)): the demo searched the \(films) films it holds (the autumn of 2025 and a few older ones), not KOBIS.",
                          "'boxoffice --demo search TITLE' lists what it holds; drop --demo to ask KOBIS itself.")
                return
            }
            // 2021854 or 202185411: a movie code with a digit missing or one too many.
            let digits = error.title.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            if digits, error.title.count == 7 || error.title.count == 9 {
                self.init(.failure, "no movie's title contains \(UsageError.quote(error.title)), and it is not a movie code: codes have 8 characters (\(error.title.count) here).",
                          "Check the code ('boxoffice search TITLE' shows them), e.g. 'boxoffice movie 20124079'.")
                return
            }
            self.init(.failure, "no movie's title contains \(UsageError.quote(error.title)).",
                      "Try part of the title, or 'boxoffice search --director NAME'.")
            return
        }
        let more = page.total > page.items.count ? " (the first \(page.items.count) are listed; 'boxoffice search' shows the rest)" : ""
        self.init(.failure, happened: ["\(NumberFormat.grouped(page.total)) movies match \(UsageError.quote(error.title))\(more):"]
                  + page.candidateLines().map { "  " + $0 },
                  advice: "Pick one by its code, e.g. 'boxoffice movie \(first.code)'.")
        candidates = page
    }

    /// A poster provider failed after the movie was shown.
    private init(poster error: PosterLookupError) {
        let name = error.service.title
        if case let KOBISError.httpStatus(status, _, _) = error.underlying, status == 401 || status == 403 {
            self.init(.noPermission, "no poster: \(name) rejected the key (HTTP \(status)).", "Check \(error.service.keyVariable).")
            return
        }
        let inner = FailureReport(error.underlying)
        let reason = inner.lines.first.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 } ?? "it failed"
        self.init(inner.status, "no poster: \(name): \(reason).",
                  "The movie is shown without one; try again later, or check \(error.service.urlVariable) if you set it.")
    }

    /// A line of what happened, and a line of advice when there is one.
    private init(_ status: ExitStatus, _ lines: String...) {
        self.status = status
        happened = lines.count > 1 ? Array(lines.dropLast()) : lines
        advice = lines.count > 1 ? lines.last : nil
    }

    /// The library's public error, said as the engine's own failure it stands for is.
    private init(library error: BoxOfficeError) {
        switch error {
        case let .fault(fault): self.init(kobis: .fault(fault))
        case let .quotaExhausted(fault): self.init(QuotaExhaustedError(keys: 1, fault: fault))
        case let .unavailable(.unreachable(failure, host, attempts)): self.init(kobis: .unreachable(failure, host: host, attempts: attempts))
        case let .unavailable(.httpStatus(status, host, attempts)): self.init(kobis: .httpStatus(status, host: host, attempts: attempts))
        case let .unavailable(.redirected(status, host, target)): self.init(kobis: .redirected(status: status, host: host, target: target))
        case let .unavailable(.failed(fault, request, attempts)): self.init(kobis: .failed(fault, request: request, attempts: attempts))
        case let .invalidAnswer(problem):
            self.init(.dataError, problem + ".", "This is KOBIS's data, not your input; try again later, or report it with --verbose output.")
        case let .notFound(what, code): self.init(NotFoundError(what: what, code: code))
        case let .notCached(request): self.init(CacheMissError(request: request))
        case let .unmatchedTitle(match): self.init(AmbiguousTitleError(title: match.title, page: match.matches))
        case let .callLimitReached(limit): self.init(CallLimitReached(limit: limit))
        case .cancelled: self.init(CancellationError())
        case let .invalidRequest(problem): self.init(UsageError(message: problem))
        case let .notPublished(day): self.init(DayNotPublishedError(day: day))
        case let .dayNotRead(day, reason, news): self.init(NewsDayUnread(day: day, news: news, reason: reason))
        case let .storage(problem): self.init(.failure, problem + ".", "Check the folder's owner and permissions.")
        case let .custom(problem): self.init(.failure, problem + ".")
        }
    }

    private init(kobis error: KOBISError) {
        switch error {
        case let .fault(fault) where fault.isKeyRejected:
            self.init(.noPermission, "KOBIS rejected the API key (error \(fault.code): \(fault.summary)).",
                      "Check the key at https://www.kobis.or.kr/kobisopenapi and pass it with --key or KOBIS_API_KEY.")
        case let .fault(fault) where fault.isQuotaExceeded:
            self.init(QuotaExhaustedError(keys: 1, fault: fault))
        case let .fault(fault):
            let flag = fault.parameter.flatMap { Self.flags[$0.name] }
            self.init(.failure, error.description + ".", flag.map { "That parameter comes from \($0); check it." }
                ?? "This is KOBIS's own error; check the request with --verbose.")
        case .failed:
            self.init(.unavailable, error.description + "; try again later.", "This is a failure on KOBIS's side, not a refusal of the request.")
        case .unreachable(.cancelled, _, _):
            self.init(.interrupted, "interrupted")
        case let .unreachable(failure, _, _):
            self.init(.unavailable, error.description + ".", Self.advice(failure))
        case let .httpStatus(status, _, _) where status >= 500 || status == 429:
            self.init(.unavailable, error.description + ".", "KOBIS may be busy or under maintenance; try again later.")
        case .httpStatus:
            self.init(.failure, error.description + ".", "Check --base-url: it should be the server root, e.g. https://www.kobis.or.kr.")
        case let .redirected(status, host, target):
            self.init(.failure, "\(host) redirected the request (HTTP \(status)) to \(target); boxoffice follows redirects only on the same server.",
                      "Check --base-url: it should be the server root, e.g. https://www.kobis.or.kr.")
        case .unreadable:
            self.init(.dataError, error.description + ".", "KOBIS may be under maintenance; try again later, or use --verbose to see the request.")
        }
    }

    private static func advice(_ failure: TransportError) -> String {
        switch failure {
        case .connectionRefused: "Check --base-url and your network, and try again later."
        case .hostNotFound: "Check the server name in --base-url and your network."
        case .connectionLost: "KOBIS may be overloaded; try again in a few minutes."
        case .timedOut: "Try again later, or allow more time with --timeout SECONDS."
        case .insecureConnection: "Check the system clock and its CA certificates."
        case .notTLS: "If that server speaks plain HTTP, give --base-url an http:// address."
        case .tooLarge, .badContentEncoding: "This is not an answer KOBIS sends; check --base-url."
        case .cancelled, .other: "Check your network and try again; --verbose shows the request."
        }
    }

    /// The option behind each KOBIS parameter, for naming it when KOBIS refuses a value.
    private static let flags = [
        "targetDt": "--date", "movieCd": "the movie code", "peopleCd": "the people code", "companyCd": "the company code",
        "weekGb": "--period", "repNationCd": "--nation", "multiMovieYn": "--multi or --commercial", "wideAreaCd": "--region",
        "comCode": "the code table", "curPage": "--page", "movieNm": "the title", "directorNm": "--director",
        "openStartDt": "--year", "openEndDt": "--year", "peopleNm": "the name", "companyNm": "the name",
    ]

    /// The lines as printed, the first prefixed with `boxoffice: `.
    var text: String { text(width: nil) }

    /// The lines as printed on a terminal `width` columns wide (nil: not a terminal): a list of
    /// candidates fitted to it, a row a line.
    func text(width: Int?) -> String {
        var lines = self.lines
        if let candidates, let width, width >= 20 {
            lines = [happened[0]] + candidates.candidateLines(width: width - 2).map { "  " + $0 } + (advice.map { [$0] } ?? [])
        }
        return lines.enumerated().map { index, line in
            // Messages quote KOBIS's own text, which must not steer the terminal.
            TerminalText.clean(index == 0 ? "boxoffice: " + line : line) + "\n"
        }.joined()
    }
}

extension UnsafeCacheError {
    static let advice = "Use a folder of your own that only you can write (chmod 700), or pass --cache-dir DIR."
}
