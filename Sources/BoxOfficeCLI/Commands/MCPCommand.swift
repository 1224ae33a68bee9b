import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeMCP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `boxoffice mcp`: the same tools as the command line, for AI assistants, over the Model Context
/// Protocol on stdin and stdout.
struct MCPCommand: BoxOfficeCommand, Equatable {
    /// The server reports progress in its own notifications.
    static let clientVoice = ClientVoice.noProgress

    /// `--config CLIENT`: print that client's registration of this binary instead of serving.
    var registration: MCPRegistration.Client?

    static let config = Parameter("config", value: "CLIENT", help: "print the registration of this binary for an MCP client, and where the client keeps it",
                                  kind: .choice(MCPRegistration.Client.allCases.map(\.rawValue)))

    static let spec = CommandSpec(
        name: "mcp", summary: "serve the tools to AI assistants over the Model Context Protocol (stdio)",
        options: [config.option],
        discussion: """
        Speaks JSON-RPC 2.0 on stdin and stdout, a message a line: the stateless MCP revision
        2026-07-28 (server/discover, each request's _meta) and the initialize handshake of
        2024-11-05 to 2025-11-25, with tools for the daily and weekly box office, ranges, searches
        and details of movies, people and companies, code tables, a movie's run and the quota.
        Global options apply to every call: --demo, --offline, --key, --cache-dir and so on. Only
        protocol messages go to stdout; notes go to stderr. It ends when stdin ends.

        An assistant starts it itself once it is registered: --config claude-desktop, claude-code,
        vscode, cursor or codex prints that client's snippet (or command) with this binary's full
        path on stdout, and on stderr where the client keeps it. With --demo, the registration
        starts the server on the sample data.
        """,
        examples: ["boxoffice mcp", "boxoffice --demo mcp", "boxoffice mcp --config claude-code", "boxoffice mcp --config codex"])

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 0)
        registration = try arguments.choice(Self.config, among: MCPRegistration.Client.self)
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        if let registration {
            let program = MCPRegistration.programPath()
            let arguments = context.invocation.sourceOptions + ["mcp"]
            context.notice?(MCPRegistration.note(for: registration, program: program, arguments: arguments))
            return .text(MCPRegistration.snippet(for: registration, program: program, arguments: arguments))
        }
        // Typed at a prompt, the server would wait in silence for JSON-RPC and look hung.
        if isatty(STDIN_FILENO) == 1 { context.notice?(Self.terminalNote) }
        let lock = Locked(())
        let write = context.write ?? { _ in }
        let server = MCPServer(session: Self.session(context)) { message in
            lock.withLock { _ in try? write(message) }
        }
        await server.serve()
        return .none
    }

    /// The server's session, composed from the run's settings: the one client (whose decoded
    /// answers are kept, as a server answers the same days again and again, and which draws no
    /// progress line: the server's calls are its client's to follow), the limit of
    /// calls, the quota's count, and failures in words that name no flag.
    static func session(_ context: CommandContext) -> MCPSession {
        var context = context.with(progress: ProgressLine(enabled: false, width: nil, write: { _ in }))
        context.decoded = DecodedAnswers()
        // The server's own client: these settings, its decoded answers kept, no progress line.
        context = context.withOwnClient(heard: .noProgress)
        let secrets = context.secrets
        // A failure to compose the client is the command line's to word (its own errors); the
        // engine's failures are the server's.
        let client: @Sendable () throws -> BoxOfficeClient = { [context] in
            do {
                return try context.client()
            } catch {
                throw MCPSession.SetupFailure(words: FailureReport(error, keyOrigin: secrets.keyOrigin).what)
            }
        }
        var session = MCPSession(client: client, offline: context.invocation.cacheMode == .offline,
                          now: context.now, jobs: context.invocation.jobs,
                          callLimit: { [context] in try context.invocation.callLimit(environment: context.environment) },
                          allowsAnyCost: context.invocation.yes, callsLeftToday: { [context] in try context.callsLeftToday() },
                          quota: { [context] today in
                              var context = context
                              context.today = today
                              return try CacheRequest.report(context)
                          },
                          notice: context.notice, log: context.log,
                          keyOrigin: { secrets.keyOrigin?.description },
                          version: BoxOfficeCommandLine.version,
                          history: { [context] in try await context.history(writing: false) })
        session.korean = context.options.korean
        session.attempts = context.invocation.retries + 1
        return session
    }

    /// What a person who starts the server at a terminal is told, on one line.
    static let terminalNote = "mcp: a Model Context Protocol server, waiting for JSON-RPC on stdin; an AI assistant starts it itself "
        + "once the command `boxoffice mcp` is registered in its MCP settings (see the README). Ctrl-D or Ctrl-C ends it."
}
