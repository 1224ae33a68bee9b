import BoxOfficeArguments
/// The raw result of parsing: which command, its positional arguments, and the options given.
struct ParsedArguments: Equatable {
    var command: String?
    var positionals: [String] = []
    /// Option values by name; flags map to "". An option that takes a value may be given once.
    var options: [String: String] = [:]
    /// Every value of an option given more than once, or the words of one that takes a list.
    var lists: [String: [String]] = [:]

    func has(_ name: String) -> Bool { options[name] != nil }
}

/// Splits arguments according to `CommandLineSpec`; global options may come before or after the command.
struct ArgumentParser {
    let globalOptions: [OptionSpec]
    let commands: [CommandSpec]

    init(globalOptions: [OptionSpec] = CommandLineSpec.globalOptions, commands: [CommandSpec] = CommandLineSpec.commands) {
        self.globalOptions = globalOptions
        self.commands = commands
    }

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        let options = Self.ownWords(arguments.prefix { $0 != "--" }, terminated: (globalOptions + commands.flatMap(\.options)).filter { $0.terminator != nil })
        if options.contains("--help") || options.contains("-h") {
            // Help wins over anything else on the line, even mistakes.
            var parsed = ParsedArguments(options: ["help": ""])
            parsed.command = options.first { argument in commands.contains { $0.name == argument } }
            if parsed.command == "help" {
                parsed.positionals = Array(options.drop { $0 != "help" }.dropFirst().filter { !$0.hasPrefix("-") }.prefix(1))
            }
            return parsed
        }
        var parsed = ParsedArguments()
        var pendingOptions: [(token: String, name: String, value: String?, list: [String]?)] = []
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if onlyPositionals || token == "-" || !token.hasPrefix("-") || Self.isNegativeNumber(token) {
                if parsed.command == nil, !onlyPositionals {
                    guard let command = commands.first(where: { $0.name == token }) else {
                        throw UsageError.unknownCommand(token, suggestion: Suggestion.closest(to: token, among: commands.map(\.name)))
                    }
                    parsed.command = command.name
                } else {
                    parsed.positionals.append(token)
                }
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inlineValue) = Self.split(token)
            guard let spec = option(named: name, command: parsed.command) ?? laterCommandOption(named: name, in: arguments) else {
                throw unknownOption(token, name: name, command: parsed.command, laterCommand: firstCommand(in: arguments))
            }
            if let terminator = spec.terminator {
                // A command and its arguments, to the terminator, taken as they are (as `find -exec` takes them).
                guard inlineValue == nil, let end = arguments[index...].firstIndex(of: terminator) else {
                    throw UsageError(message: "--\(spec.name) takes a command and its arguments ended by '\(terminator)' (written \\\(terminator) or '\(terminator)' in a shell), e.g. --\(spec.name) logger -t boxoffice \\\(terminator)",
                                     command: parsed.command)
                }
                let words = Array(arguments[index..<end])
                guard let program = words.first, !program.isEmpty else {
                    throw UsageError(message: "--\(spec.name) needs a command before its '\(terminator)'", command: parsed.command)
                }
                index = end + 1
                pendingOptions.append((token, spec.name, program, words))
                continue
            }
            var value = inlineValue
            if spec.takesValue, value == nil {
                guard index < arguments.count, Self.canBeValue(arguments[index]) else {
                    throw UsageError.missingValue(option: spec.synopsis)
                }
                value = arguments[index]
                index += 1
            } else if !spec.takesValue, inlineValue != nil {
                throw UsageError.unexpectedValue(option: "--" + spec.name)
            }
            pendingOptions.append((token, spec.name, value, nil))
        }
        for option in pendingOptions {
            guard let spec = self.option(named: "--" + option.name, command: parsed.command) else {
                throw UsageError.optionNotForCommand(option: "--" + option.name, command: parsed.command)
            }
            if let list = option.list {
                if parsed.lists[option.name] != nil {
                    throw UsageError(message: "--\(option.name) is given twice; give it once", command: parsed.command)
                }
                parsed.lists[option.name] = list
                parsed.options[option.name] = option.value ?? ""
                continue
            }
            if spec.repeatable, let value = option.value {
                parsed.lists[option.name, default: []].append(value)
                parsed.options[option.name] = value
                continue
            }
            if spec.takesValue, let earlier = parsed.options[option.name], let value = option.value {
                throw UsageError(message: "--\(option.name) is given twice (\(UsageError.quote(earlier)) and \(UsageError.quote(value))); give it once",
                                 command: parsed.command)
            }
            parsed.options[option.name] = option.value ?? ""
        }
        return parsed
    }

    /// The words that are boxoffice's own: those of a program given to an option that takes one
    /// (`--exec grep -h x ;`) are the program's, its `-h` none of ours.
    static func ownWords(_ words: ArraySlice<String>, terminated: [OptionSpec]) -> [String] {
        var own: [String] = []
        var ending: String?
        for word in words {
            if let end = ending {
                if word == end { ending = nil }
                continue
            }
            own.append(word)
            if word.hasPrefix("--"), let option = terminated.first(where: { "--" + $0.name == word }) { ending = option.terminator }
        }
        return own
    }

    /// The options a command accepts, global ones included.
    func options(for command: String?) -> [OptionSpec] {
        globalOptions + (command.flatMap { name in commands.first { $0.name == name } }?.options ?? [])
    }

    private func option(named token: String, command: String?) -> OptionSpec? {
        options(for: command).first { spec in
            token == "--" + spec.name || spec.short.map { token == "-" + String($0) } == true
        }
    }

    /// Command options may come before the command name (`boxoffice --date D daily`).
    private func laterCommandOption(named token: String, in arguments: [String]) -> OptionSpec? {
        guard let name = firstCommand(in: arguments) else { return nil }
        return option(named: token, command: name)
    }

    private func firstCommand(in arguments: [String]) -> String? {
        arguments.prefix { $0 != "--" }.first { argument in commands.contains { $0.name == argument } }
    }

    private func unknownOption(_ token: String, name: String, command: String?, laterCommand: String?) -> UsageError {
        let command = command ?? laterCommand
        if commands.contains(where: { $0.options.contains { "--" + $0.name == name } }) {
            return .optionNotForCommand(option: name, command: command)
        }
        if let letter = Self.shortLetter(name) {
            // `-v`, `-d`: a user guessing a short form; name the long options that begin with that letter,
            // the command's own first (`daily -d` → `--date`, not the global `--data-dir`).
            let own = command.flatMap { name in commands.first { $0.name == name } }?.options ?? []
            let starting = { (specs: [OptionSpec]) in specs.filter { $0.name.first == letter }.map { "'--\($0.name)'" } }
            let names = starting(own).isEmpty ? starting(globalOptions) : starting(own)
            if !names.isEmpty {
                return UsageError(message: "unknown option \(UsageError.quote(token)). Did you mean \(Suggestion.either(names))?", command: command)
            }
        }
        let candidates = options(for: command).map { "--" + $0.name }
        if let suggestion = Suggestion.closest(to: name, among: candidates) {
            return UsageError(message: "unknown option \(UsageError.quote(token))" + Suggestion.mentioning(suggestion), command: command)
        }
        // A typo of another command's option: say whose it is.
        for other in commands where other.name != command {
            if let suggestion = Suggestion.closest(to: name, among: other.options.map { "--" + $0.name }) {
                return UsageError(message: "unknown option \(UsageError.quote(token)). Did you mean '\(suggestion)' (an option of '\(other.name)')?", command: command)
            }
        }
        return UsageError(message: "unknown option \(UsageError.quote(token))", command: command)
    }

    /// The letter of a one-letter short option (`-v` → `v`), the form a user guesses from other tools.
    private static func shortLetter(_ name: String) -> Character? {
        guard name.count == 2, name.hasPrefix("-"), let letter = name.last, letter.isLetter, letter.isASCII else { return nil }
        return Character(letter.lowercased())
    }

    /// `--name=value` → ("--name", "value").
    private static func split(_ token: String) -> (String, String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    /// The token after an option that needs a value is that value unless it is a long option or
    /// `-h`: so `--date -3d` and `--timeout -inf` reach their option's check, which says what is wrong.
    private static func canBeValue(_ token: String) -> Bool {
        !token.hasPrefix("--") && token != "-h"
    }

    private static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.hasPrefix("-") && token.dropFirst().first?.isNumber == true
    }
}
