import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// A tool's JSON arguments as a request reads them: each parameter from the argument of the same
/// name, as JSON typed it (a number stays a number), or through the tool's own naming (`market:
/// "diversity"` is the request's `multi`); messages name the tool's arguments, never a flag.
struct ToolArguments: ArgumentReader {
    /// How a tool's argument stands for what the request reads.
    enum Renaming: Sendable {
        /// One of the words without a name (a title, codes): the tool's `words` gives them.
        case positional
        /// Parameters of the request, each given its value when the argument has a given one.
        case parameters([(parameter: String, when: JSONValue, is: ArgumentValue)])

        static func parameter(_ parameter: String, when: JSONValue, is value: ArgumentValue) -> Renaming {
            .parameters([(parameter, when, value)])
        }
    }

    let name: String
    let today: Day
    let positionals: [String]
    let arguments: JSONValue
    let renamed: [String: Renaming]

    func value(_ parameter: String) -> ArgumentValue? {
        if let (argument, entry) = standIn(for: parameter) {
            return arguments[argument] == entry.when ? entry.is : nil
        }
        guard renamed[parameter] == nil else { return nil }
        switch arguments[parameter] {
        case let .string(text)?: return .text(text)
        case let .int(number)? where number.magnitude < 1_000_000_000: return .number(Int(number))
        case let .double(number)? where number == number.rounded() && abs(number) < 1e9: return .number(Int(number))
        case .bool(true)?: return .flag
        default: return nil
        }
    }

    /// `date`; `market diversity` for the request's `multi`.
    func named(_ parameter: String) -> String {
        guard let (argument, entry) = standIn(for: parameter) else { return parameter }
        if case let .string(text) = entry.when { return "\(argument) \(text)" }
        return argument
    }

    func hint(forUnexpected word: String) -> String { "" }

    /// The tool's argument that stands for a parameter of the request under another name.
    private func standIn(for parameter: String) -> (String, (parameter: String, when: JSONValue, is: ArgumentValue))? {
        for (argument, renaming) in renamed {
            guard case let .parameters(entries) = renaming, let entry = entries.first(where: { $0.parameter == parameter }) else { continue }
            return (argument, entry)
        }
        return nil
    }
}

extension MCPTool {
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
        for date in dates {
            guard let text = try MCPTools.string(arguments, date) else { continue }
            do {
                _ = try DateArgument.read(text, today: today)
            } catch {
                let detail = error == .notARealDate ? "is not a real date" : "is not a date"
                throw MCPArgumentError(message: "\(date) must be a day such as 2023-03-27 (or 20230327, 2023.03.27, 2023/03/27, 2023년 3월 27일), yesterday (어제) or -Nd (N days ago); \(UsageError.quote(text)) \(detail)")
            }
        }
        let positionals = try words(arguments)
        do {
            return try decode(ToolArguments(name: name, today: today, positionals: positionals, arguments: arguments, renamed: renamed))
        } catch {
            throw MCPArgumentError(message: error.message)
        }
    }
}
