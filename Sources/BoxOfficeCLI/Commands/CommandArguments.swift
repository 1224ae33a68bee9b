import BoxOfficeCore
import BoxOfficeArguments

/// The command line's arguments for one command: its positionals and its options as text (a flag
/// as an empty one), named `--option` in messages.
struct CommandArguments: ArgumentReader {
    let name: String
    let positionals: [String]
    let options: [String: String]
    /// Every value of an option given more than once, or the words of one that takes a list.
    var lists: [String: [String]] = [:]
    let today: Day

    func value(_ parameter: String) -> ArgumentValue? { options[parameter].map(ArgumentValue.text) }
    func values(_ parameter: String) -> [String] { lists[parameter] ?? options[parameter].map { [$0] } ?? [] }

    func named(_ parameter: String) -> String { "--" + parameter }

    /// `daily 20220105` → `--date 20220105`; `weekly weekend` → `--period weekend`.
    func hint(forUnexpected word: String) -> String {
        let options = Commands.named(name)?.spec.options ?? []
        if let choice = options.first(where: { $0.choices?.contains(word.lowercased()) == true }) {
            return "; did you mean '--\(choice.name) \(word.lowercased())'?"
        }
        if options.contains(where: { $0.name == "date" }), (try? DateArgument.day(word, today: today, option: "--date")) != nil {
            return "; did you mean '--date \(word)'?"
        }
        if let flag = options.first(where: { !$0.takesValue && $0.name == word.lowercased() }) {
            return "; did you mean '--\(flag.name)'?"
        }
        return ""
    }
}
