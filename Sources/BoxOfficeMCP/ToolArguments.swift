import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// A tool's JSON arguments as a request reads them: each parameter from the argument of the same
/// name, as JSON typed it (a number stays a number); the arguments that are the request's words
/// without a name (a title, codes) come as `positionals`. Messages name the tool's arguments,
/// never a flag.
struct ToolArguments: ArgumentReader {
    let name: String
    let today: Day
    let positionals: [String]
    let arguments: JSONValue
    /// The tool's arguments that are parameters of the request (not its words): no other is read.
    let offered: [String]

    func value(_ parameter: String) -> ArgumentValue? {
        guard offered.contains(parameter) else { return nil }
        switch arguments[parameter] {
        case let .string(text)?: return .text(text)
        case let .int(number)? where number.magnitude < 1_000_000_000: return .number(Int(number))
        case let .double(number)? where number == number.rounded() && abs(number) < 1e9: return .number(Int(number))
        case .bool(true)?: return .flag
        default: return nil
        }
    }

    func named(_ parameter: String) -> String { parameter }

    func offers(_ parameter: Parameter) -> Bool { offered.contains(parameter.name) }

    func hint(forUnexpected word: String) -> String { "" }

    /// A day the tool cannot read, with every form a day takes (an assistant cannot ask for help).
    func dateMistake(_ problem: DateArgument.Problem, text: String, parameter: Parameter) -> UsageError {
        let detail = problem == .notARealDate ? "is not a real date" : "is not a date"
        return UsageError(message: "\(parameter.name) must be a day such as 2023-03-27 (or 20230327, 2023.03.27, 2023/03/27, 2023년 3월 27일), yesterday (어제) or -Nd (N days ago); \(UsageError.quote(text)) \(detail)")
    }
}

extension MCPTool {
    /// The tool's arguments that are parameters of its request.
    var parameterNames: [String] { argumentNames.filter { !wordArguments.contains($0) } }

    /// The request a tool's arguments decode into, or what is wrong with them in the tool's terms.
    func request(_ arguments: JSONValue, today: Day) throws(MCPArgumentError) -> any ToolRequest {
        let allowed = argumentNames
        if let unknown = arguments.keys.first(where: { !allowed.contains($0) }) {
            let known = allowed.isEmpty ? "it takes none" : "its arguments are " + allowed.joined(separator: ", ")
            throw MCPArgumentError(message: "\(name) has no argument '\(unknown)'; \(known)")
        }
        for argument in allowed {
            try MCPTools.checkType(arguments, argument, schema: input["properties"]?[argument])
        }
        let positionals = try words(arguments)
        do {
            return try decode(ToolArguments(name: name, today: today, positionals: positionals, arguments: arguments, offered: parameterNames))
        } catch {
            throw MCPArgumentError(message: error.message)
        }
    }
}
