import BoxOfficeCore

/// One argument's value as a face received it.
package enum ArgumentValue: Equatable, Sendable {
    /// The text after `--name`, or a tool's string.
    case text(String)
    /// A tool's whole number.
    case number(Int)
    /// A flag given (`--all`), or a tool's `true`.
    case flag
}

/// How a request reads its arguments, whichever face they came through: the command line's
/// words (`CommandArguments`) or an MCP tool's JSON (`ToolArguments`). A request decodes itself
/// from a reader once, as a `Decodable` type does from any decoder; each face says how its
/// arguments are named in messages (`--date` on the command line, `date` for a tool), so a
/// request's checks speak the face's terms without a message ever being reworded.
package protocol ArgumentReader {
    /// What the arguments are for, in messages: the command (`daily`) or the tool.
    var name: String { get }
    /// Today in Korea.
    var today: Day { get }
    /// The arguments without a name (a title, codes), in order.
    var positionals: [String] { get }
    /// A parameter's value, nil when it was not given.
    func value(_ parameter: String) -> ArgumentValue?
    /// Every value of a parameter given more than once, or of one that takes a list (`--exec CMD ARG ;`), in order.
    func values(_ parameter: String) -> [String]
    /// A parameter as messages name it.
    func named(_ parameter: String) -> String
    /// What the face suggests for a word no parameter took (`; did you mean '--date 20220105'?`), or "".
    func hint(forUnexpected word: String) -> String
    /// Whether the face offers `parameter` at all (a tool offers only those in its schema), so a
    /// message names only what can be given.
    func offers(_ parameter: Parameter) -> Bool
    /// What is wrong with `text`, given for a day, in the face's words (the command line's are
    /// ``DateArgument/mistake(_:text:option:)``'s).
    func dateMistake(_ problem: DateArgument.Problem, text: String, parameter: Parameter) -> UsageError
}

package extension ArgumentReader {
    /// Every parameter a command declares can be given.
    func offers(_ parameter: Parameter) -> Bool { true }

    /// The command line's words for a day it cannot read.
    func dateMistake(_ problem: DateArgument.Problem, text: String, parameter: Parameter) -> UsageError {
        DateArgument.mistake(problem, text: text, option: named(parameter))
    }

    /// One value, or none: a face whose parameters are never repeated.
    func values(_ parameter: String) -> [String] {
        switch value(parameter) {
        case let .text(text)?: [text]
        case let .number(number)?: [String(number)]
        case .flag?, nil: []
        }
    }

    /// Whether the parameter was given.
    func has(_ parameter: Parameter) -> Bool { value(parameter.name) != nil }

    /// The parameter as messages name it (`--date`, `date`).
    func named(_ parameter: Parameter) -> String { named(parameter.name) }

    /// A parameter's value as text: a number in digits, a flag as nothing.
    func string(_ parameter: Parameter) -> String? {
        switch value(parameter.name) {
        case let .text(text)?: text
        case let .number(number)?: String(number)
        case .flag?: ""
        case nil: nil
        }
    }

    /// Refuses positionals beyond `count`, with the face's hint of what the word was meant for.
    func expectPositionals(atMost count: Int) throws(UsageError) {
        guard positionals.count > count else { return }
        let word = positionals[count]
        throw UsageError(message: "unexpected argument \(UsageError.quote(word)) for '\(name)'\(hint(forUnexpected: word))", command: name)
    }

    /// The positionals joined into one text (`boxoffice search 범죄와의 전쟁` without quotes),
    /// composed (NFC) and trimmed; a usage error when there is none.
    func text(_ what: String, example: String) throws(UsageError) -> String {
        let text = positionals.joined(separator: " ").composed.trimmingBlanksAndNewlines()
        guard !text.isEmpty else {
            throw UsageError(message: "\(name) needs \(what), e.g. 'boxoffice \(name) \(example)'", command: name)
        }
        return text
    }

    /// A day (`date`, `from`, `to`), checked to be one KOBIS has published; nil when not given.
    func publishedDay(_ parameter: Parameter) throws(UsageError) -> Day? {
        guard let text = string(parameter) else { return nil }
        let day: Day
        do {
            day = try DateArgument.read(text, today: today)
        } catch {
            throw dateMistake(error, text: text, parameter: parameter)
        }
        try DateArgument.requirePublished(day, today: today, option: named(parameter))
        return day
    }

    /// A code to show, or a name to search for (with `page`), as `people` and `company` take them.
    func lookup(_ what: String, example: String, page pageParameter: Parameter) throws(UsageError) -> Lookup {
        let text = try self.text("a name or a \(what) code", example: example)
        let page = try number(pageParameter)
        guard CodeArgument.isCode(text) else { return .name(text, page: page ?? 1) }
        if page != nil { throw UsageError(message: "\(named(pageParameter)) applies to a search by name, not to a \(what) code", command: name) }
        return .code(text)
    }

    /// A whole number within the parameter's bounds.
    func number(_ parameter: Parameter) throws(UsageError) -> Int? {
        let range: ClosedRange<Int> = if case let .number(bounds) = parameter.kind { bounds } else { Int.min...Int.max }
        guard let text = string(parameter) else { return nil }
        let number: Int? = if case let .number(number)? = value(parameter.name) { number } else { Int(text.trimmingBlanks()) }
        guard let number, range.contains(number) else {
            throw UsageError(message: "\(named(parameter)) \(UsageError.quote(text)) is not a whole number from \(NumberFormat.grouped(range.lowerBound)) to \(NumberFormat.grouped(range.upperBound))", command: name)
        }
        return number
    }

    /// A number within the parameter's bounds (`.decimal`): `--timeout '0' is not a number of
    /// seconds from 0.01 to 3,600`.
    func decimal(_ parameter: Parameter) throws(UsageError) -> Double? {
        guard case let .decimal(range, unit, zero) = parameter.kind else { return nil }
        guard let text = string(parameter) else { return nil }
        let number: Double? = if case let .number(number)? = value(parameter.name) { Double(number) } else { Double(text.trimmingBlanks()) }
        guard let number, number.isFinite, range.contains(number) else {
            let low = Parameter.decimal(range.lowerBound) + (range.lowerBound == 0 ? zero.map { " (\($0))" } ?? "" : "")
            throw UsageError(message: "\(named(parameter)) \(UsageError.quote(text)) is not a number of \(unit) from \(low) to \(Parameter.decimal(range.upperBound))",
                             command: name)
        }
        return number
    }

    /// One of an enumeration's values, named by its raw value.
    func choice<T: RawRepresentable & CaseIterable>(_ parameter: Parameter, among: T.Type) throws(UsageError) -> T? where T.RawValue == String {
        guard let text = string(parameter) else { return nil }
        guard let value = T(rawValue: text.trimmingBlanks().lowercased()) else {
            let valid = T.allCases.map(\.rawValue)
            let hint = Suggestion.hint(text.lowercased(), among: valid)
            throw UsageError(message: "\(named(parameter)) \(UsageError.quote(text)) is not one of: \(valid.joined(separator: ", "))\(hint)", command: name)
        }
        return value
    }
}
