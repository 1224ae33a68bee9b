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
    case unavailable(KOBISError)
    /// The answer could not be understood: not JSON, cut short, too long, the wrong shape, or
    /// values that make no sense (a rank of -1, an audience of "many").
    case invalidAnswer(String)
    /// KOBIS has no movie, person or company with the code asked for.
    case notFound(NotFoundError)
    /// The task was cancelled.
    case cancelled

    /// The error a call's failure is, for a user of the library.
    init(_ error: any Error) {
        switch error {
        case let error as BoxOfficeError: self = error
        case let KOBISError.fault(fault) where fault.isQuotaExceeded: self = .quotaExhausted(fault)
        case let KOBISError.fault(fault): self = .fault(fault)
        case let KOBISError.unreadable(problem): self = .invalidAnswer(KOBISError.unreadable(problem).description)
        case let error as KOBISError: self = .unavailable(error)
        case let error as QuotaExhaustedError: self = .quotaExhausted(error.fault)
        case let error as InvalidDataError: self = .invalidAnswer(error.description)
        case let error as NotFoundError: self = .notFound(error)
        case TransportError.cancelled, is CancellationError: self = .cancelled
        case let error as TransportError: self = .unavailable(.unreachable(error, host: "the server", attempts: 1))
        default: self = .invalidAnswer(String(describing: error))
        }
    }

    public var description: String {
        let text = switch self {
        case let .fault(fault): "KOBIS answered with error \(fault.code): \(fault.summary)"
        case let .quotaExhausted(fault?): "the key's daily quota is used up for today, Korean time (KOBIS error \(fault.code): \(fault.summary))"
        case .quotaExhausted(nil): "the key's daily quota is used up for today, Korean time"
        case let .unavailable(error): error.description
        case let .invalidAnswer(problem): problem
        case let .notFound(error): error.description
        case .cancelled: "the request was cancelled"
        }
        return text.printable
    }
}
