/// What a value can be completed with in a shell.
package enum ValueCompletion: Sendable, Equatable {
    case none
    /// One of these words.
    case choices([String])
    /// A file name, or a folder name.
    case file, directory
    /// A command name of boxoffice.
    case command
    /// A region name from the cached region table.
    case region
    /// Field names of the command's results, separated by commas.
    case fields
}

/// One option, described once: parsing, help, completions and the man page all read this.
package struct OptionSpec: Sendable {
    package let name: String
    package var short: Character? = nil
    /// The value's placeholder (`D`, `SECONDS`), or nil for a flag.
    package var value: String? = nil
    package var environment: String? = nil
    package var help: String
    /// The default, shown in help as `[default: …]`.
    package var defaultValue: String? = nil
    package var completion: ValueCompletion = .none
    /// Whether it may be given more than once, each value kept (`--target A=1 --target B=2`).
    package var repeatable = false
    /// For an option followed by a command and its arguments, the word that ends them (`;`, as
    /// `find -exec` takes them); nil for any other.
    package var terminator: String? = nil

    /// An option: `value` is its placeholder, nil for a flag.
    package init(name: String, short: Character? = nil, value: String? = nil, environment: String? = nil, help: String,
                 defaultValue: String? = nil, completion: ValueCompletion = .none) {
        self.name = name
        self.short = short
        self.value = value
        self.environment = environment
        self.help = help
        self.defaultValue = defaultValue
        self.completion = completion
    }

    package var takesValue: Bool { value != nil }

    /// The values the option accepts, when they are a fixed list.
    package var choices: [String]? {
        if case let .choices(words) = completion { return words }
        return nil
    }

    /// `--date D`, `-h, --help`.
    package var synopsis: String {
        let long = "--" + name + (value.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }

    /// The help text with its default and environment variable.
    package var fullHelp: String {
        var text = help
        if let defaultValue { text += " [default: \(defaultValue)]" }
        if let environment { text += " [env: \(environment)]" }
        return text
    }
}
