import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// Help pages, generated from `CommandLineSpec` and wrapped to the terminal by display width,
/// so Korean text wraps where it should and continuation lines stay aligned.
struct HelpText {
    /// Columns to wrap to.
    let width: Int

    /// The narrowest a help column gets before it moves below its name.
    private static let narrowestText = 24

    /// `boxoffice help`, `boxoffice --help`: everything, commands to exit codes.
    func main(version: String) -> String {
        var text = overviewHead(version: version)
        text += "\nOPTIONS (before or after the command)\n"
        text += rows(CommandLineSpec.globalOptions.map { ($0.synopsis, $0.fullHelp) })
        text += "\nENVIRONMENT\n" + rows(CommandLineSpec.environment)
        text += "\nFILES\n" + rows(CommandLineSpec.files)
        text += "\nEXIT CODES\n" + rows(CommandLineSpec.exitCodes)
        text += "\nEXAMPLES\n" + Self.examples.map(example).joined()
        text += "\nTOPICS (boxoffice help <topic>)\n" + rows(ManualTopics.all.map { ($0.name, ManualTopics.heading($0.title)) })
        text += "\n" + paragraph("Get a free key at https://www.kobis.or.kr/kobisopenapi (키 발급/관리). Run 'boxoffice help <command>' for more about a command; 'boxoffice completions bash' and 'boxoffice manual' give shell completions and a man page.")
        return text
    }

    /// `boxoffice help caching`: one of the man page's topics, wrapped to the width; nil for a
    /// name that is none.
    func topic(_ name: String) -> String? {
        guard let topic = ManualTopics.named(name) else { return nil }
        let blocks = topic.blocks.map { block -> String in
            switch block {
            case let .paragraph(text): paragraph(text)
            case let .item(text): wrapped("- " + text, indent: 0, hanging: 2)
            case let .example(text): text.split(separator: "\n").map { example(String($0)) }.joined()
            }
        }
        return paragraph("boxoffice help \(name): \(ManualTopics.heading(topic.title))") + "\n" + blocks.joined(separator: "\n")
            + "\n" + paragraph("The same is in the man page ('boxoffice manual | man -l -'), with the other topics: \(ManualTopics.all.map(\.name).joined(separator: ", ")).")
    }

    /// A bare `boxoffice`: what it is, the commands, and where to go next.
    func overview(version: String) -> String {
        overviewHead(version: version) + "\n"
            + paragraph("Try 'boxoffice --demo daily' (no key needed). 'boxoffice help' lists every option; 'boxoffice help <command>' explains one command.")
    }

    /// `boxoffice help daily`, `boxoffice daily --help`.
    func command(_ spec: CommandSpec) -> String {
        var text = paragraph("boxoffice \(spec.name): \(spec.summary)")
        text += "\nUSAGE\n" + usage(spec.usageParts)
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS\n" + rows(spec.arguments.map { ("<\($0.name)>", $0.help) })
        }
        if !spec.options.isEmpty {
            text += "\nOPTIONS\n" + rows(spec.options.map { ($0.synopsis, $0.fullHelp) })
        }
        if !spec.discussion.isEmpty {
            text += "\n" + spec.discussion.split(separator: "\n\n").map { paragraph(String($0)) }.joined(separator: "\n")
        }
        if !spec.examples.isEmpty {
            text += "\nEXAMPLES\n" + spec.examples.map(example).joined()
        }
        let globals = CommandLineSpec.globalOptions.filter { !["help", "version"].contains($0.name) }.map { "--" + $0.name }
        text += "\n" + paragraph("Global options, before or after the command: \(globals.joined(separator: ", ")); 'boxoffice help' explains them.")
        return text
    }

    private func overviewHead(version: String) -> String {
        paragraph("boxoffice \(version): Korean box office figures from KOBIS (영화진흥위원회)")
            + "\nUSAGE\n  boxoffice <command> [options]\n\nCOMMANDS\n"
            + rows(CommandLineSpec.commands.map { ($0.name, $0.summary) })
    }

    /// The main help's examples; each works with --demo, or says what it needs (`# needs a key`).
    static let examples = [
        "boxoffice --demo daily", "boxoffice daily --date 2025-10-06", "boxoffice weekly --period weekend --nation korean --region 서울   # needs a key",
        "boxoffice movie 어쩔수가없다", "boxoffice search 범죄와의 전쟁", "boxoffice people 봉준호",
        "boxoffice daily --format csv > day.csv", "boxoffice daily --json | jq '.entries[0]'",
    ]

    /// An example as help shows it, indented: on one line when it fits, else broken between its
    /// words with a shell's ` \` at each break (so it still pastes as one command), a note after
    /// `#` on a line of its own above it.
    private func example(_ text: String) -> String {
        guard TerminalText.width(text) + 2 > width else { return "  " + text + "\n" }
        var command = text
        var lines: [String] = []
        if let mark = text.firstRange(of: "   # ") {
            lines.append("  # " + text[mark.upperBound...])
            command = String(text[..<mark.lowerBound])
            if TerminalText.width(command) + 2 <= width { return lines.joined(separator: "\n") + "\n  " + command + "\n" }
        }
        // Words, with a quoted stretch kept whole.
        var words: [String] = []
        var quote: Character?
        for character in command {
            if character == " ", quote == nil {
                words.append("")
                continue
            }
            if character == "'" || character == "\"" { quote = quote == character ? nil : (quote ?? character) }
            if words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        var line = "  "
        for word in words where !word.isEmpty {
            let empty = line.allSatisfy { $0 == " " }
            let lead = empty ? line : line + " "
            if empty || TerminalText.width(lead + word) + 2 <= width {
                line = lead + word
            } else {
                lines.append(line + " \\")
                line = "      " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text reflowed to the width, each line ending in a newline.
    private func paragraph(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        return wrapped(words, indent: 0, hanging: 0)
    }

    /// Two columns: a name and its help; the help wraps in its own column, or below the name when
    /// the terminal is too narrow for both side by side.
    private func rows(_ rows: [(String, String)]) -> String {
        let longest = rows.map { TerminalText.width($0.0) }.max() ?? 0
        let column = min(longest, max(12, width / 3))
        let helpColumn = 2 + column + 2
        let sideBySide = width - helpColumn >= Self.narrowestText
        return rows.map { name, help in
            let nameWidth = TerminalText.width(name)
            guard sideBySide else {
                return wrapped(name, indent: 2, hanging: 4) + wrapped(help, indent: 6, hanging: 6)
            }
            let lines = TerminalText.wrap(help, to: width - helpColumn)
            if nameWidth > column {
                return wrapped(name, indent: 2, hanging: 4) + lines.map { String(repeating: " ", count: helpColumn) + $0 + "\n" }.joined()
            }
            return lines.enumerated().map { index, line in
                (index == 0 ? "  " + name + String(repeating: " ", count: helpColumn - 2 - nameWidth) : String(repeating: " ", count: helpColumn))
                    + line + "\n"
            }.joined()
        }.joined()
    }

    /// The usage line, broken between its parts (never inside `[--period week|weekend|weekdays]`).
    private func usage(_ parts: [String]) -> String {
        var lines: [String] = []
        var line = "  "
        for part in parts {
            let candidate = line.allSatisfy { $0 == " " } ? line + part : line + " " + part
            if TerminalText.width(candidate) > width, !line.allSatisfy({ $0 == " " }) {
                lines.append(line)
                line = "    " + part
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines.map { $0 + "\n" }.joined()
    }

    /// `text` from column `indent`, its later lines from column `hanging`.
    private func wrapped(_ text: String, indent: Int, hanging: Int) -> String {
        let wrapped = TerminalText.wrap(text, to: max(10, width - indent), later: max(10, width - hanging))
        guard let head = wrapped.first else { return "\n" }
        let lines = [String(repeating: " ", count: indent) + head] + wrapped.dropFirst().map { String(repeating: " ", count: hanging) + $0 }
        return lines.map { $0.trimmingTrailingSpaces() + "\n" }.joined()
    }
}
