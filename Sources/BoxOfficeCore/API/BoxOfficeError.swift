/// Why a ``BoxOfficeClient`` call gave no answer. Descriptions are sentences for a person, safe to
/// print: they never contain the key, and text from the server has its control characters and
/// bidirectional overrides neutralised (the raw text stays in the values, such as a fault's message).
public enum BoxOfficeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// KOBIS answered with a fault of its own: a rejected key (``KOBISFault/isKeyRejected``), a
    /// parameter it refuses.
    case fault(KOBISFault)
    /// The key's daily quota is spent for today, Korean time: KOBIS's fault 320011, or nil when
    /// nothing was sent because the client already knew (KOBIS said so earlier today). KOBIS gives
    /// a new quota at midnight in Korea, and the same client asks again from then on.
    case quotaExhausted(KOBISFault?)
    /// The server could not be reached or kept failing, after every try: refused, reset or timed
    /// out, an HTTP error status, or a redirect elsewhere.
    case unavailable(Unavailable)
    /// The answer could not be understood: not JSON, cut short, too long, the wrong shape, or
    /// values that make no sense (a rank of -1, an audience of "many").
    case invalidAnswer(String)
    /// KOBIS has no `what` (`movie`, `person` or `company`) with the code asked for.
    case notFound(what: String, code: String)
    /// A title that names no film, or several (``TitleMatch/matches`` lists them): a film asked
    /// for by title (``FilmReference/title(_:)``) must be the only one it names.
    case unmatchedTitle(TitleMatch)
    /// Only stored answers were to be used (``CacheMiddleware/Mode/offline``) and none is stored
    /// for the request named (`the daily box office (targetDt=20230423)`).
    case notCached(String)
    /// The request reached the limit of calls to KOBIS it was given, retries included (a face's
    /// `--max-calls`): nothing more was sent; what was read is kept by a cache, and asking again goes on.
    case callLimitReached(Int)
    /// The task was cancelled.
    case cancelled
    /// The request itself cannot be asked: a period that ends before it starts, or that KOBIS has
    /// published no day of yet; too many films for a trend.
    case invalidRequest(String)
    /// KOBIS has not published `day` yet (it publishes a day after it ends): a day's news, or a
    /// watch's, needs the day and the day before it.
    case notPublished(Day)
    /// A day's news cannot be told: `day` (the day asked for, `news`, or the day before it, which
    /// its events are told against) was not read, for `reason` (KOBIS failed on it; only stored
    /// answers were to be used and it is not stored; the request's limit of calls was reached).
    case dayNotRead(Day, reason: UnreadDay.Reason, news: Day)
    /// A folder or file where the client keeps answers (an ``AnswerCache``) cannot be used:
    /// `problem` names it and says why (its owner, its mode, a link in its place).
    case storage(String)
    /// A middleware or transport of the program's own threw an error of its own: as it describes itself.
    case custom(String)

    /// The error a call's failure is, for a user of the library.
    package init(_ error: any Error) {
        switch error {
        case let error as BoxOfficeError: self = error
        case let KOBISError.fault(fault) where fault.isQuotaExceeded: self = .quotaExhausted(fault)
        case let KOBISError.fault(fault): self = .fault(fault)
        case let KOBISError.failed(fault, request, attempts): self = .unavailable(.failed(fault, request: request, attempts: attempts))
        case let KOBISError.unreadable(problem): self = .invalidAnswer(KOBISError.unreadable(problem).description)
        case let KOBISError.unreachable(failure, host, attempts): self = .unavailable(.unreachable(failure, host: host, attempts: attempts))
        case let KOBISError.httpStatus(status, host, attempts): self = .unavailable(.httpStatus(status, host: host, attempts: attempts))
        case let KOBISError.redirected(status, host, target): self = .unavailable(.redirected(status: status, host: host, target: target))
        case let error as QuotaExhaustedError: self = .quotaExhausted(error.fault)
        case let error as InvalidDataError: self = .invalidAnswer(error.description)
        case let error as NotFoundError: self = .notFound(what: error.what, code: error.code)
        case let error as CacheMissError: self = .notCached(error.request)
        case let error as AmbiguousTitleError: self = .unmatchedTitle(TitleMatch(title: error.title, matches: error.page))
        case let error as TooManyPagesError:
            self = .invalidRequest("the search has \(error.pages) pages for \(error.total) films, more than the \(error.most) allowed; narrow it")
        case let TrendRangeError.noOpeningDay(title):
            self = .invalidRequest("KOBIS gives no opening day for '\(title)', so its run has no start; ask for a range of days")
        case let TrendRangeError.notOpenYet(title, opens):
            self = .invalidRequest("'\(title)' opens on \(opens.iso), so there is no run to show yet")
        case let error as UnknownRegionError:
            self = .invalidRequest("'\(error.name)' is not a KOBIS region; the regions are \(error.known.joined(separator: ", "))")
        case let error as CallLimitReached: self = .callLimitReached(error.limit)
        case let error as DayNotPublishedError: self = .notPublished(error.day)
        case let error as NewsDayUnread: self = .dayNotRead(error.day, reason: error.reason, news: error.news)
        case is LocalQuotaReached: self = .quotaExhausted(nil)
        case let error as FileAccessError: self = .storage(error.description)
        case let error as UnsafeFolderError: self = .storage(error.description)
        case let error as CacheReadError: self = .storage(error.description)
        case TransportError.cancelled, is CancellationError: self = .cancelled
        case let error as TransportError: self = .unavailable(.unreachable(error, host: "the server", attempts: 1))
        // Every error of the engine's own is one of the above: what is left is the program's.
        default: self = .custom(String(describing: error))
        }
    }

    public var description: String {
        let text = switch self {
        case let .fault(fault): "KOBIS answered with error \(fault.code): \(fault.summary)"
        case let .quotaExhausted(fault?): "the key's daily quota is used up for today, Korean time (KOBIS error \(fault.code): \(fault.summary))"
        case .quotaExhausted(nil): "the key's daily quota is used up for today, Korean time"
        case let .unavailable(reason): reason.description
        case let .invalidAnswer(problem): problem
        case let .notFound(what, code): NotFoundError(what: what, code: code).description
        case let .unmatchedTitle(match) where match.matches.total == 0: "no movie's title contains '\(match.title)'"
        case let .unmatchedTitle(match): "\(match.matches.total) movies match '\(match.title)'; ask for one by its code"
        case let .notCached(request): CacheMissError(request: request).description
        case let .callLimitReached(limit): "the limit of \(limit) calls to KOBIS for this request (retries included) was reached"
        case .cancelled: "the request was cancelled"
        case let .invalidRequest(problem): problem
        case let .notPublished(day): DayNotPublishedError(day: day).description
        case let .dayNotRead(day, reason, news): NewsDayUnread(day: day, news: news, reason: reason).description
        case let .storage(problem): problem
        case let .custom(problem): problem
        }
        return text.printable
    }

    /// Why the server gave no usable answer.
    public enum Unavailable: Sendable, Equatable, CustomStringConvertible {
        /// No HTTP answer arrived from `host`, after `attempts` tries.
        case unreachable(TransportError, host: String, attempts: Int)
        /// `host` answered with a status other than 2xx, after `attempts` tries.
        case httpStatus(Int, host: String, attempts: Int)
        /// `host` redirected the request somewhere the client does not follow: `target` says
        /// where, as a host name or a kind of address, never the whole address (it may hold the key).
        case redirected(status: Int, host: String, target: String)
        /// KOBIS failed on its own side answering `request` (`for 2025-11-10`), after `attempts`
        /// tries (``KOBISFault/isKOBISFailure``): not a refusal of the request; try again later.
        case failed(KOBISFault, request: String, attempts: Int)

        /// One sentence, naming the server (never the URL, which holds the key).
        public var description: String {
            switch self {
            case let .unreachable(failure, host, attempts): KOBISError.unreachable(failure, host: host, attempts: attempts).description
            case let .httpStatus(status, host, attempts): KOBISError.httpStatus(status, host: host, attempts: attempts).description
            case let .redirected(status, host, target): KOBISError.redirected(status: status, host: host, target: target).description
            case let .failed(fault, request, attempts): KOBISError.failed(fault, request: request, attempts: attempts).description
            }
        }
    }
}
