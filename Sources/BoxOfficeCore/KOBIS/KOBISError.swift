/// Why a KOBIS call gave no usable answer, inside the client; callers of `BoxOfficeClient` see a
/// `BoxOfficeError`.
package enum KOBISError: Error, Sendable, Equatable {
    /// No HTTP answer arrived from `host`, after `attempts` tries.
    case unreachable(TransportError, host: String, attempts: Int)
    /// `host` answered with a status other than 2xx, after `attempts` tries.
    case httpStatus(Int, host: String, attempts: Int)
    /// KOBIS answered with a `faultInfo` body.
    case fault(KOBISFault)
    /// KOBIS failed on its own side (``KOBISFault/isKOBISFailure``) answering `request` (`for
    /// 2025-11-10`), after `attempts` tries: not a refusal of the request.
    case failed(KOBISFault, request: String, attempts: Int)
    /// The body could not be understood.
    case unreadable(UnreadableAnswer)
    /// `host` redirected the request somewhere boxoffice does not follow: `target` says where,
    /// as a host name or a kind of address, never the whole address (it may hold the key).
    case redirected(status: Int, host: String, target: String)
}

/// A `faultInfo` answer: KOBIS's own error code and message.
public struct KOBISFault: Sendable, Equatable {
    /// KOBIS's error code, e.g. `320010` (a rejected key) or `320011` (the daily quota is spent).
    public let code: String
    /// KOBIS's message, in Korean.
    public let message: String

    /// A fault as KOBIS states it.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The key was missing or not accepted (`320010`).
    public var isKeyRejected: Bool { code == "320010" }
    /// The key's daily quota is used up (`320011`).
    public var isQuotaExceeded: Bool { code == "320011" }
    /// KOBIS failed on its own side (`320099`, "an unknown error occurred", seen for one day while
    /// the days around it answered): not a refusal of the request, so worth trying again.
    public var isKOBISFailure: Bool { code == "320099" }

    /// The parameter KOBIS complains about, from a message ending in `[parameterName=…,parameterValue=…]`.
    public var parameter: (name: String, value: String)? {
        guard let open = message.lastRange(of: "[parameterName="),
              let close = message[open.upperBound...].firstRange(of: "]") else { return nil }
        let inside = message[open.upperBound..<close.lowerBound]
        guard let comma = inside.firstRange(of: ",parameterValue=") else { return nil }
        return (String(inside[..<comma.lowerBound]), String(inside[comma.upperBound...]))
    }

    /// The message without the bracketed parameter part.
    public var summary: String {
        guard let open = message.lastRange(of: "[parameterName=") else {
            return message.trimmingBlanks()
        }
        return message[..<open.lowerBound].trimmingBlanks()
    }
}

/// The ways a body can fail to be a KOBIS answer.
package enum UnreadableAnswer: Sendable, Equatable {
    /// The body was empty.
    case empty
    /// The body was an HTML page (an error or maintenance page), not JSON.
    case html
    /// The body ended early.
    case truncated
    /// The body was not JSON.
    case notJSON
    /// Longer than any answer KOBIS sends.
    case tooLarge(limit: Int)
    /// Compressed as it says it is not (a wrong `Content-Encoding`).
    case badEncoding
    /// JSON, but not the shape this operation answers with; the detail names where.
    case wrongShape(String)
}

extension KOBISError: CustomStringConvertible {
    package var description: String {
        switch self {
        case let .unreachable(failure, host, attempts):
            "\(failure.description(host: host))\(Self.tries(attempts))"
        case let .httpStatus(status, host, attempts):
            "\(host) answered HTTP \(status) \(HTTPStatus.phrase(status))\(Self.tries(attempts))"
        case let .fault(fault):
            if let parameter = fault.parameter {
                "KOBIS refused the request: \(fault.summary) (error \(fault.code), parameter \(parameter.name)=\(parameter.value))"
            } else {
                "KOBIS refused the request: \(fault.summary) (error \(fault.code))"
            }
        case let .failed(fault, request, attempts):
            "KOBIS could not answer \(request): \(fault.summary) (error \(fault.code)\(attempts > 1 ? ", tried \(attempts) times" : ""))"
        case let .unreadable(kind):
            kind.description
        case let .redirected(status, host, target):
            "\(host) redirected the request (HTTP \(status)) to \(target); only redirects on the same server are followed"
        }
    }

    private static func tries(_ attempts: Int) -> String {
        attempts > 1 ? " (tried \(attempts) times)" : ""
    }
}

extension UnreadableAnswer: CustomStringConvertible {
    package var description: String {
        switch self {
        case .empty: "KOBIS answered with an empty body"
        case .html: "KOBIS answered with a web page instead of data (the service may be under maintenance)"
        case .truncated: "KOBIS's answer was cut off before its end"
        case .notJSON: "KOBIS's answer is not valid JSON"
        case .badEncoding: "KOBIS's answer is not encoded as its Content-Encoding header says"
        case let .tooLarge(limit): "KOBIS's answer is longer than \(NumberFormat.bytes(limit)), far more than KOBIS ever sends; it was cut off"
        case let .wrongShape(detail): "KOBIS's answer does not have the expected shape: \(detail)"
        }
    }
}

extension TransportError: CustomStringConvertible {
    public var description: String { description(host: "the KOBIS server") }

    /// One sentence naming the server (never the URL, which holds the key).
    package func description(host: String) -> String {
        switch self {
        case .connectionRefused: "could not connect to \(host): connection refused"
        case .hostNotFound: "could not find \(host): the name does not resolve"
        case .connectionLost: "the connection to \(host) broke off before the answer was complete"
        case .timedOut: "\(host) did not answer within the time allowed"
        case .insecureConnection: "could not make a secure connection to \(host)"
        case .notTLS: "\(host) does not speak TLS: it answered the https:// request in plain text"
        case let .tooLarge(limit): "the answer from \(host) is longer than \(NumberFormat.bytes(limit))"
        case .badContentEncoding: "the answer from \(host) is not encoded as its Content-Encoding header says"
        case .cancelled: "the request to \(host) was cancelled"
        case let .other(detail): "the request to \(host) failed (\(detail))"
        }
    }
}

/// Reason phrases for the statuses a server in front of KOBIS may answer with.
enum HTTPStatus {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: status >= 500 ? "(server error)" : "(client error)"
        }
    }
}
