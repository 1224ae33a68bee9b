import BoxOfficeArguments
/// `boxoffice manual`: the man page, in roff.
struct ManualCommand: BoxOfficeCommand, Equatable {
    static let spec = CommandSpec(
        name: "manual", summary: "print the man page (roff), made from the same description as the help",
        examples: ["boxoffice manual | man -l -", "boxoffice manual > ~/.local/share/man/man1/boxoffice.1"])

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        .text(ManualPage.roff(version: BoxOfficeCommandLine.version))
    }
}
