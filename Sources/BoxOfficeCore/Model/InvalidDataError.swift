/// KOBIS sent a value that makes no sense for its field, e.g. letters in an audience count.
public struct InvalidDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The KOBIS field name, with its place, e.g. `dailyBoxOfficeList[3].audiCnt`.
    public let field: String
    public let value: String
    public let reason: String

    public var description: String {
        let shown = value.count > 40 ? value.prefix(40) + "…" : Substring(value)
        return "KOBIS sent an invalid \(field) \"\(shown)\": \(reason)"
    }
}

/// KOBIS knows nothing under the code that was asked for.
public struct NotFoundError: Error, Sendable, Equatable, CustomStringConvertible {
    public let what: String
    public let code: String

    public var description: String {
        "KOBIS has no \(what) with code \(code)"
    }
}
