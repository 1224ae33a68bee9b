import BoxOfficeArguments
import BoxOfficeBrowse

/// The man page in roff, generated from `CommandLineSpec` like the help and the completions.
enum ManualPage {
    static func roff(version: String) -> String {
        var lines = [
            ".TH BOXOFFICE 1 \"\" \"boxoffice \(version)\" \"User Commands\"",
            ".nh",
            ".SH NAME",
            "boxoffice \\- Korean box office figures from KOBIS",
            ".SH SYNOPSIS",
            ".B boxoffice",
            ".I command",
            ".RI [ options ]",
            ".SH DESCRIPTION",
            text("boxoffice is a command-line client for the Korean Film Council's box office service (KOBIS Open API, 영화진흥위원회). It shows the daily, weekly and weekend rankings, finds movies, people and companies, and prints tables that line up with Korean titles, or JSON, JSON Lines, CSV, TSV and markdown for scripts. Answers are cached on disk; --demo answers from sample data with no key and no network."),
            ".SH COMMANDS",
        ]
        for command in CommandLineSpec.commands {
            lines.append(".TP")
            lines.append(".B " + text(command.usage))
            lines.append(text(command.summary + "."))
            for argument in command.arguments {
                lines += [".RS", ".TP", ".I " + text("<\(argument.name)>"), text(argument.help), ".RE"]
            }
            for option in command.options {
                lines += [".RS", ".TP", option.takesValue ? ".BI \(text("--" + option.name)) \" \(text(option.value ?? ""))\"" : ".B " + text("--" + option.name),
                          text(option.fullHelp), ".RE"]
            }
            if !command.discussion.isEmpty {
                lines += [".RS", ".PP", text(command.discussion.split(whereSeparator: \.isNewline).joined(separator: " ")), ".RE"]
            }
        }
        lines.append(".SH BROWSE KEYS")
        lines.append(text("The keys of 'boxoffice browse' (also shown by ? in the view):"))
        for (keys, meaning) in BrowseBody.keys {
            lines += [".TP", ".B " + text(keys), text(meaning)]
        }
        lines.append(text("In the calendar, the arrows move a day or a week, PgUp and PgDn a month, and Enter picks the day. A film's credits open the person; their films open as films."))
        lines.append(".SH OPTIONS")
        lines.append(text("Global options may come before or after the command."))
        for option in CommandLineSpec.globalOptions {
            lines.append(".TP")
            let names = (option.short.map { "-\($0), " } ?? "") + "--" + option.name
            lines.append(option.takesValue ? ".BI \(text(names)) \" \(text(option.value ?? ""))\"" : ".B " + text(names))
            lines.append(text(option.fullHelp))
        }
        lines.append(".SH ENVIRONMENT")
        for (name, meaning) in CommandLineSpec.environment {
            lines += [".TP", ".B " + text(name), text(meaning)]
        }
        lines.append(".SH FILES")
        for (path, meaning) in CommandLineSpec.files {
            lines += [".TP", ".I " + text(path), text(meaning)]
        }
        lines.append(".SH EXIT STATUS")
        for (code, meaning) in CommandLineSpec.exitCodes {
            lines += [".TP", ".B " + code, text(meaning)]
        }
        for (_, title, blocks) in ManualTopics.all {
            lines.append(".SH " + text(title))
            for block in blocks {
                switch block {
                case let .paragraph(paragraph): lines += [".PP", text(paragraph)]
                case let .item(item): lines += [".IP \\(bu 2", text(item)]
                case let .example(example): lines += [".PP", ".nf"] + example.split(separator: "\n").map { text(String($0)) } + [".fi"]
                }
            }
        }
        lines.append(".SH EXAMPLES")
        for example in HelpText.examples {
            lines += [".PP", ".nf", text(example), ".fi"]
        }
        lines += [".SH SEE ALSO", text("https://www.kobis.or.kr/kobisopenapi")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe for roff: backslashes and dashes escaped, a leading dot or quote guarded, and
    /// every character beyond ASCII written as a \[uXXXX] escape, so any groff reads it.
    static func text(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            // A place to break a long path or name where roff may, without showing anything.
            case "/": escaped += "/\\:"
            case "\"": escaped += "\\(dq"
            case _ where scalar.value < 0x20: escaped += " "
            case _ where scalar.value > 0x7E: escaped += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
