import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice watch`: every event since the watch's last run, for cron and systemd timers.
extension WatchRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "watch", summary: "every event since this watch's last run: news of each new day, targets reached, KOBIS's revisions",
        options: [name.option, target.option, exec.option, NewsRequest.deep.option],
        discussion: """
        watch tells what happened since its last run, and remembers what it told: the news of each
        day KOBIS published since (as 'boxoffice news' tells a day, catching up over days it missed,
        as many as --max-calls allows, the rest next time), the --target audiences reached, and the
        revisions KOBIS made to a day the watch saw while its figures could still change (which
        film, which figure, from what to what). It prints nothing when nothing happened, so cron
        mails only news; the first run records where things stand and says so in one line.

        Its state is the file watch-NAME.json, one for each --name, in the folder
        ${XDG_STATE_HOME:-~/.local/state}/boxoffice (or BOXOFFICE_STATE_DIR). It is written whole or not at all, after the
        events are out, and one run of a watch at a time holds it (another waits): two runs never
        both tell an event, and a run that fails or is killed tells it again next time. A state
        that cannot be read (damaged, or from another version) is moved aside with a message
        (exit 65), never read as empty. A failed fetch (KOBIS down, the quota spent) leaves the
        state as it was.

        --exec runs a program once per event, as find -exec does (end it with \\; or ';'): the
        event's JSON on its standard input, and each of its fields in a variable, BOXOFFICE_EVENT_KIND,
        BOXOFFICE_EVENT_TITLE, BOXOFFICE_EVENT_TEXT, BOXOFFICE_EVENT_MOVIE_CODE and so on (objects as
        JSON). No shell is involved, and neither the keys nor a review's password are in its
        environment. A program that fails is reported, and its event is kept for the next run
        (exit 1). A target reached is told once, even when the same --target is given again.
        """,
        examples: ["boxoffice watch   # needs a key", "boxoffice watch --format jsonl   # needs a key",
                   "boxoffice watch --name boss --target 보스=3000000   # needs a key",
                   "boxoffice watch --exec logger -t boxoffice \\;   # needs a key"],
        fields: CommandSpec.fields(of: WatchShown.self))

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(WatchShown.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; watch reads the rankings of several days", command: "watch") }
        if !context.source.reachesNetwork {
            throw UsageError(message: "watch follows what KOBIS publishes day by day; the demo's recorded days never change (try 'boxoffice --demo news')", command: "watch")
        }
        guard let store = FolderWatchStore.chosen(name: name, environment: context.environment) else {
            throw WatchStateError.unusable(path: "${XDG_STATE_HOME:-~/.local/state}/boxoffice", reason: "cannot be found: \(XDGFolder.missingHomeReason(environment: context.environment))")
        }
        let client = try context.client()
        var wanted: [WatchTarget] = []
        for target in targets {
            let code = try await client.code(of: target.film)
            let title = if case let .title(title) = target.film { title } else { code }
            wanted.append(WatchTarget(movieCode: code, title: title, audience: target.audience))
        }
        // As many new days as the call limit allows, each with the days its news looks back on.
        let perDay = deep ? 4 : 1
        let maxDays = max(1, try context.invocation.callLimit(environment: context.environment) / perDay - DayNews.lookback - 1)
        let reading = context.reading(period: nil)
        let (style, write, notice) = (context.style, context.write, context.notice)
        let program = exec.map { EventProgram(words: $0, environment: context.environment) }
        let failures = Locked<[String]>([])
        let update = try await store.update { state in
            let update = try await client.watch(state, targets: wanted, deep: deep, maxDays: maxDays, reading: reading)
            var undelivered: [NewsEvent] = []
            if let program {
                for event in update.events {
                    let told = ToldEvent(event, korean: style.options.korean, deep: update.state.deep)
                    let (failure, output) = program.run(told)
                    if !output.isEmpty { try write?(output) }
                    if let failure {
                        failures.withLock { $0.append("\(failure) for \(event.date.iso) \(event.kind.rawValue) \(MessageText.quote(event.title)); the event is kept for the next run") }
                        undelivered.append(event)
                    }
                }
            } else if !update.events.isEmpty {
                // Out before the state is kept: a run that cannot write them keeps nothing, and tells them again.
                try write?(WatchShown(update.events, korean: style.options.korean, deep: update.state.deep).rendered(style))
            }
            return (update.state(keeping: undelivered), update)
        }
        if update.started {
            notice?("watch '\(name)' started: it follows KOBIS from \(update.state.lastDay.iso) on; the next run tells what happens after\(wanted.isEmpty ? "" : ", and when a target is reached").")
        }
        if update.daysLeft > 0 {
            notice?("read up to \(update.state.lastDay.iso); \(update.daysLeft) more day\(update.daysLeft == 1 ? "" : "s") published since are left for the next run (--max-calls sets how many a run reads).")
        }
        let failed = failures.withLock { $0 }
        guard failed.isEmpty else { throw EventProgramError(failures: failed) }
        return .none
    }
}

/// Programs that failed for some events (`--exec`); their events were kept for the next run.
struct EventProgramError: Error, Sendable, Equatable {
    let failures: [String]
}
