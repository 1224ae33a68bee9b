/// KOBIS sent a value that makes no sense for its field, e.g. letters in an audience count.
public struct InvalidDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The KOBIS field name, with its place, e.g. `dailyBoxOfficeList[3].audiCnt`.
    public let field: String
    /// The value as KOBIS sent it, shortened.
    public let value: String
    /// Why it makes no sense.
    public let reason: String

    public var description: String {
        let shown = value.count > 40 ? value.prefix(40) + "…" : Substring(value)
        return "KOBIS sent an invalid \(field) \"\(shown)\": \(reason)"
    }
}

/// KOBIS knows nothing under the code that was asked for.
public struct NotFoundError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was looked for: `movie`, `person` or `company`.
    public let what: String
    /// The code asked for.
    public let code: String

    public var description: String {
        "KOBIS has no \(what) with code \(code)"
    }
}
