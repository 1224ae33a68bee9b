import BoxOfficeCore

/// The command line was wrong: exit 64, with the message and a pointer to help.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    package let message: String
    /// The command whose help to point at.
    package var command: String? = nil

    package init(message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    package var description: String { message }

    /// A user's text quoted for a message: `'text'`, or, when it is long, its start and its length,
    /// so that a 100 KB argument does not fill the screen. Cut on a character boundary.
    package static func quote(_ text: String) -> String {
        MessageText.quote(text)
    }

    package static func unknownCommand(_ name: String, suggestion: String?) -> UsageError {
        UsageError(message: "unknown command \(quote(name))" + Suggestion.mentioning(suggestion))
    }

    package static func unknownOption(_ token: String, suggestion: String?) -> UsageError {
        UsageError(message: "unknown option \(quote(token))" + Suggestion.mentioning(suggestion))
    }

    package static func missingValue(option: String) -> UsageError {
        UsageError(message: "option \(option) needs a value")
    }

    package static func unexpectedValue(option: String) -> UsageError {
        UsageError(message: "option \(option) takes no value")
    }

    package static func optionNotForCommand(option: String, command: String?) -> UsageError {
        guard let command else { return UsageError(message: "option \(option) needs a command, e.g. 'boxoffice daily \(option) …'") }
        return UsageError(message: "option \(option) does not apply to '\(command)'", command: command)
    }
}
