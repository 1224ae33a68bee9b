import BoxOfficeArguments
/// `boxoffice completions bash|zsh|fish`: a completion script for the shell.
struct CompletionsCommand: BoxOfficeCommand, Equatable {
    var shell: Completions.Shell

    static let spec = CommandSpec(
        name: "completions", summary: "print a shell completion script (bash, zsh or fish)",
        arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish", completion: .choices(Completions.Shell.allCases.map(\.rawValue)))],
        discussion: """
        The script completes commands, options, their values (formats, periods, nations, colours,
        and region names from the cached region table), and folders for --cache-dir.

        bash: source <(boxoffice completions bash), or save it as
        ~/.local/share/bash-completion/completions/boxoffice. zsh: save it as _boxoffice in a folder
        of your $fpath. fish: save it as ~/.config/fish/completions/boxoffice.fish.
        """,
        examples: ["source <(boxoffice completions bash)", "boxoffice completions zsh > ~/.zfunc/_boxoffice",
                   "boxoffice completions fish > ~/.config/fish/completions/boxoffice.fish"])

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 1)
        guard let text = arguments.positionals.first else {
            throw UsageError(message: "completions needs a shell: bash, zsh or fish", command: arguments.name)
        }
        guard let shell = Completions.Shell(rawValue: text.lowercased()) else {
            let hint = Suggestion.hint(text.lowercased(), among: Completions.Shell.allCases.map(\.rawValue))
            throw UsageError(message: "unknown shell \(UsageError.quote(text)); completions are made for bash, zsh and fish\(hint)", command: arguments.name)
        }
        self.shell = shell
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        .text(Completions.script(for: shell))
    }
}
