/// KOBIS sent a value that makes no sense for its field, e.g. letters in an audience count.
package struct InvalidDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The KOBIS field name, with its place, e.g. `dailyBoxOfficeList[3].audiCnt`.
    package let field: String
    /// The value as KOBIS sent it, shortened.
    package let value: String
    /// Why it makes no sense.
    package let reason: String

    package var description: String {
        let shown = value.count > 40 ? value.prefix(40) + "…" : Substring(value)
        return "KOBIS sent an invalid \(field) \"\(shown)\": \(reason)"
    }
}

/// KOBIS knows nothing under the code that was asked for.
package struct NotFoundError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was looked for: `movie`, `person` or `company`.
    package let what: String
    /// The code asked for.
    package let code: String

    package init(what: String, code: String) {
        self.what = what
        self.code = code
    }

    package var description: String {
        "KOBIS has no \(what) with code \(code)"
    }
}
