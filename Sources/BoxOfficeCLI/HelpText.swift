#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Help pages, generated from `CommandLineSpec`.
enum HelpText {
    static func main(version: String) -> String {
        var text = """
        boxoffice \(version): Korean box office figures from KOBIS (영화진흥위원회)

        USAGE
          boxoffice <command> [options]

        COMMANDS

        """
        text += rows(CommandLineSpec.commands.map { ($0.name, $0.summary) })
        text += "\nOPTIONS (before or after the command)\n"
        text += rows(CommandLineSpec.globalOptions.map { ($0.synopsis, $0.help + ($0.environment.map { " [env: \($0)]" } ?? "")) })
        text += """

        ENVIRONMENT
          KOBIS_API_KEY        your KOBIS key, used when there is no --key (else 'key = …' in ~/.config/boxoffice/config)
          BOXOFFICE_BASE_URL   KOBIS server root
          BOXOFFICE_CACHE_DIR  where answers are kept (else ${XDG_CACHE_HOME:-~/.cache}/boxoffice)
          BOXOFFICE_DEMO=1     same as --demo
          KAKAO_REST_API_KEY   key for posters from Kakao's image search (movie --poster); never printed
          OMDB_API_KEY         key for posters from OMDb (movie --poster); never printed
          BOXOFFICE_KAKAO_URL, BOXOFFICE_OMDB_URL  the poster providers' server roots
          COLUMNS              the width tables fit on a terminal (else the terminal's, else 100)
          LANG, LC_ALL         ko_KR… gives Korean labels, and audiences in 만/억 in tables
          BOXOFFICE_AMBIGUOUS_WIDE=1  your terminal draws ▲ ▼ … · two columns wide (CJK terminals)
          NO_COLOR             no colour; CLICOLOR_FORCE=1 colour even when not on a terminal

        EXIT CODES
          0 success, 1 failure (e.g. an unknown movie), 64 usage error, 65 unreadable answer from KOBIS,
          69 KOBIS unreachable (or --offline with nothing cached), 74 output not writable,
          77 no key or key rejected, 130 interrupted

        Get a free key at https://www.kobis.or.kr/kobisopenapi (키 발급/관리).
        Run 'boxoffice help <command>' for more about a command.

        """
        return text
    }

    static func command(_ spec: CommandSpec) -> String {
        var usage = "boxoffice \(spec.name)"
        for argument in spec.arguments { usage += " <\(argument.name)>" }
        for option in spec.options { usage += " [\(option.synopsis)]" }
        var text = "boxoffice \(spec.name): \(spec.summary)\n\nUSAGE\n  \(usage) [options]\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS\n" + rows(spec.arguments.map { ("<\($0.name)>", $0.help) })
        }
        if !spec.options.isEmpty {
            text += "\nOPTIONS\n" + rows(spec.options.map { ($0.synopsis, $0.help) })
        }
        if !spec.discussion.isEmpty {
            text += "\n" + spec.discussion + "\n"
        }
        if !spec.examples.isEmpty {
            text += "\nEXAMPLES\n" + spec.examples.map { "  \($0)\n" }.joined()
        }
        text += "\nGlobal options (--json, --key, --demo, …) are listed by 'boxoffice help'.\n"
        return text
    }

    private static func rows(_ rows: [(String, String)]) -> String {
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { name, help in
            "  " + name + String(repeating: " ", count: max(0, width - name.count)) + help + "\n"
        }.joined()
    }
}
