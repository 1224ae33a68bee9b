import BoxOfficeCore

/// One parameter of a request, declared once, as swift-argument-parser's `@Option` is: its name,
/// what the command line says of it (placeholder, help, default, completion) and the kind of value
/// it takes. Help, completions and the man page read its `option`; a request reads its value
/// through it, whichever face gave it (`arguments.number(TopRequest.limit)`); an MCP tool's input
/// schema takes the value's type and bounds from it (`TopRequest.limit.property("…")`). No request
/// names a parameter by a string of its own.
package struct Parameter: Sendable {
    /// What a value is, on every face.
    package enum Kind: Sendable, Equatable {
        /// Any text that is not empty.
        case text
        /// A day, in any form `DateArgument` reads (a tool gets it as a string).
        case day
        /// Text of a form the request checks itself (a month, a rating), a string to a tool.
        case word
        /// A whole number within these bounds.
        case number(ClosedRange<Int>)
        /// A number within these bounds, of `unit` ("seconds"); `zero` says what 0 means, when it is
        /// allowed and means more than nothing ("no limit").
        case decimal(ClosedRange<Double>, unit: String, zero: String? = nil)
        /// One of these words.
        case choice([String])
        /// Given or not (a tool's `true`).
        case flag
    }

    /// How the command line shows it.
    package let option: OptionSpec
    package let kind: Kind

    /// The name a face knows it by (`--date` on the command line, `date` in a tool's arguments).
    package var name: String { option.name }

    /// A parameter: `value` is the command line's placeholder (nil for a flag); choices complete
    /// as themselves unless `completion` says otherwise.
    package init(_ name: String, value: String? = nil, help: String, default defaultValue: String? = nil, kind: Kind,
         completion: ValueCompletion? = nil, repeatable: Bool = false, terminator: String? = nil) {
        var completes = completion ?? .none
        if completion == nil, case let .choice(words) = kind { completes = .choices(words) }
        var option = OptionSpec(name: name, value: kind == .flag ? nil : value ?? "VALUE", help: help, defaultValue: defaultValue, completion: completes)
        option.repeatable = repeatable
        option.terminator = terminator
        self.option = option
        self.kind = kind
    }

    /// This parameter as a property of a tool's input schema: its type and bounds from the
    /// declaration, described for an assistant.
    package func property(_ description: String) -> (String, JSONValue) {
        (name, schema(description))
    }

    /// The JSON Schema of the value, with `description`.
    package func schema(_ description: String) -> JSONValue {
        var members: [(String, JSONValue)]
        switch kind {
        case .text: members = [("type", .string("string")), ("minLength", .int(1))]
        case .day, .word: members = [("type", .string("string"))]
        case let .number(range):
            members = [("type", .string("integer")), ("minimum", .int(Int64(range.lowerBound)))]
            if range.upperBound < Int.max { members.append(("maximum", .int(Int64(range.upperBound)))) }
        case let .decimal(range, _, _):
            members = [("type", .string("number")), ("minimum", .double(range.lowerBound)), ("maximum", .double(range.upperBound))]
        case let .choice(words): members = [("type", .string("string")), ("enum", .array(words.map(JSONValue.string)))]
        case .flag: members = [("type", .string("boolean"))]
        }
        return .object(members + [("description", .string(description))])
    }
}

package extension Parameter {
    /// Its bounds in words, for help and messages: `1 to 64`, `0.01 to 3,600`; nil for a value without bounds.
    var bounds: String? {
        switch kind {
        case let .number(range) where range.upperBound < Int.max:
            "\(NumberFormat.grouped(range.lowerBound)) to \(NumberFormat.grouped(range.upperBound))"
        case let .decimal(range, _, _):
            "\(Self.decimal(range.lowerBound)) to \(Self.decimal(range.upperBound))"
        default:
            nil
        }
    }

    /// `3,600`, `0.01`: a bound as help writes it.
    static func decimal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return NumberFormat.grouped(Int(value)) }
        return String(value)
    }

    /// `--raw`, on every command that reads from KOBIS.
    static let raw = Parameter("raw", help: "print KOBIS's own answer, untouched (after checking it is not a fault)", kind: .flag)
}
