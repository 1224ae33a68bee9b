/// The command line was wrong: exit 64, with the message and a pointer to help.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    /// The command whose help to point at.
    var command: String? = nil

    var description: String { message }

    static func unknownCommand(_ name: String, suggestion: String?) -> UsageError {
        UsageError(message: "unknown command '\(name)'" + hint(suggestion))
    }

    static func unknownOption(_ token: String, suggestion: String?) -> UsageError {
        UsageError(message: "unknown option '\(token)'" + hint(suggestion))
    }

    static func missingValue(option: String) -> UsageError {
        UsageError(message: "option \(option) needs a value")
    }

    static func unexpectedValue(option: String) -> UsageError {
        UsageError(message: "option \(option) takes no value")
    }

    static func optionNotForCommand(option: String, command: String?) -> UsageError {
        guard let command else { return UsageError(message: "option \(option) needs a command, e.g. 'boxoffice daily \(option) …'") }
        return UsageError(message: "option \(option) does not apply to '\(command)'", command: command)
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { ". Did you mean '\($0)'?" } ?? ""
    }
}
