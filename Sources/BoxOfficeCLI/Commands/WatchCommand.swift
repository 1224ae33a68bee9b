import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `boxoffice watch`: every event since the watch's last run, for cron and systemd timers.
extension WatchRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "watch", summary: "every event since this watch's last run: news of each new day, targets reached, KOBIS's revisions",
        options: [name.option, target.option, exec.option, execTimeout.option, NewsRequest.deep.option],
        discussion: """
        watch tells what happened since its last run, and remembers what it told: the news of each
        day KOBIS published since (as 'boxoffice news' tells a day, catching up over days it missed,
        as many as --max-calls allows, the rest next time), the --target audiences reached, and the
        revisions KOBIS made to a day the watch saw while its figures could still change (one event
        a film, with every figure changed, from what to what). It prints nothing when nothing
        happened, so cron mails only news; the first run records where things stand and says so in
        one line.

        Its state is the file watch-NAME.json, one for each --name, in the folder
        ${XDG_STATE_HOME:-~/.local/state}/boxoffice (or BOXOFFICE_STATE_DIR). It is kept after each
        event told, written whole and synced to the disk before it replaces the one before, which
        stays beside it as watch-NAME.json.prev: a run killed at any moment tells again at most the
        event it was telling (--json writes the run's events as one document, kept as one), and
        one run of a watch at a time holds it (another waits). A state found cut short by a crash
        gives way to the .prev one, with a note (events since then are told again, none is lost);
        one damaged otherwise is moved aside (exit 65), never read as empty; one written by a newer
        boxoffice is left as it is (exit 65). A failed fetch (KOBIS down, the quota spent) leaves
        the state as it was. A day looked back on that KOBIS cannot answer does not stop the watch:
        the news is told without it (a film back after days out may be said to enter) and the day
        is named; only the day being told, or the day before it, stops the run, for the next run to
        catch up.

        --exec runs a program once per event, as find -exec does (end it with \\; or ';'): the
        event's JSON on its standard input as one line, and each of its fields in a variable, BOXOFFICE_EVENT_KIND,
        BOXOFFICE_EVENT_TITLE, BOXOFFICE_EVENT_TEXT, BOXOFFICE_EVENT_MOVIE_CODE and so on (objects as
        JSON). No shell is involved, and neither the keys nor a review's password are in its
        environment. It runs with every signal at its default, in a process group of its own, which
        is ended (SIGTERM, then SIGKILL) when it runs past --exec-timeout or boxoffice is
        interrupted. A program that fails or runs too long is reported, and its event is kept for the
        next run (exit 1); one that cannot be started is tried once, every event kept. A target
        reached is told once, even when the same --target is given again.
        """,
        examples: ["boxoffice watch   # needs a key", "boxoffice watch --format jsonl   # needs a key",
                   "boxoffice watch --name boss --target 보스=3000000   # needs a key",
                   "boxoffice watch --exec logger -t boxoffice \\;   # needs a key"],
        fields: CommandSpec.fields(of: WatchShown.self))

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        try context.check(WatchShown.self)
        if context.invocation.raw { throw UsageError(message: "--raw prints one KOBIS answer; watch reads the rankings of several days", command: "watch") }
        let notice = context.notice
        let recovered: @Sendable (WatchStateRecovery) -> Void = { recovery in
            notice?("the watch's state \(recovery.path) cannot be read: \(recovery.problem) (a crash while it was written); going on from the state before it, \(recovery.previous): events told since then are told again, none is lost.")
        }
        guard let store = FolderWatchStore.chosen(name: name, environment: context.environment, recovered: recovered) else {
            throw WatchStateError.unusable(path: "${XDG_STATE_HOME:-~/.local/state}/boxoffice", reason: "cannot be found: \(XDGFolder.missingHomeReason(environment: context.environment))")
        }
        let client = try context.client()
        let wanted = targets.map { WantedTarget(film: $0.film, audience: $0.audience) }
        let calls = try context.invocation.callLimit(environment: context.environment)
        let failures = Locked<[String]>([])
        let unshown = Locked<(any Error)?>(nil)
        let update: WatchUpdate
        do {
            update = try await client.watch(store: store, targets: wanted, deep: deep, maxCalls: calls, reading: context.reading(period: nil),
                                            delivery: delivery(context, failures: failures, unshown: unshown))
        } catch is UnchangingSourceError {
            throw UsageError(message: "watch follows what KOBIS publishes day by day; the demo's recorded days never change (try 'boxoffice --demo news')", command: "watch")
        }
        if let failure = unshown.withLock({ $0 }) { throw failure }
        if update.started {
            notice?("watch '\(name)' started: it follows KOBIS from \(update.state.lastDay.iso) on; the next run tells what happens after\(wanted.isEmpty ? "" : ", and when a target is reached").")
        }
        for line in Self.gapNotes(update.gaps) { notice?(line) }
        if update.daysLeft > 0 {
            notice?("read up to \(update.state.lastDay.iso); \(update.daysLeft) more day\(update.daysLeft == 1 ? "" : "s") published since are left for the next run (--max-calls sets how many a run reads).")
        }
        let failed = failures.withLock { $0 }
        guard failed.isEmpty else { throw EventProgramError(failures: failed, kept: update.undelivered.count) }
        return .none
    }

    /// How the events reach the user: each given to the program, or each printed as it is told
    /// (a line of the table, of JSON Lines, a row of CSV); JSON, markdown and html as one document.
    private func delivery(_ context: CommandContext, failures: Locked<[String]>, unshown: Locked<(any Error)?>) -> WatchDelivery {
        let (style, write) = (context.style, context.write)
        if let exec {
            let program = EventProgram(words: exec, environment: context.environment, timeLimit: .milliseconds(Int64(execTimeout * 1000)))
            return .each { event, deep in
                let told = ToldEvent(event, korean: style.options.korean, deep: deep)
                if let failure = unshown.withLock({ $0 }) { throw failure }
                let (outcome, output) = await program.run(told)
                // Shown once its outcome is known: an event its program took is kept as delivered
                // even when what it printed cannot be written (the run then ends with that failure).
                if !output.isEmpty {
                    do { try write?(output.hasSuffix("\n") ? output : output + "\n") } catch { unshown.withLock { $0 = error } }
                }
                switch outcome {
                case .succeeded: return .delivered
                case .interrupted: throw CancellationError()
                case let .failed(why):
                    failures.withLock { $0.append("\(why) for \(event.date.iso) \(event.kind.rawValue) \(MessageText.quote(event.title))") }
                    return .kept
                case let .cannotStart(why):
                    failures.withLock { $0.append(why) }
                    return .stopped
                }
            }
        }
        switch style.format {
        case .table, .jsonl, .csv, .tsv:
            // Out before the state is kept: an event that cannot be written is told again. A
            // table's lines, as JSON Lines, stand alone; CSV and TSV have their header once.
            let stream = Locked(StreamedOutput(style: style))
            return .each { event, deep in
                let shown = WatchShown([event], korean: style.options.korean, deep: deep)
                try write?(style.format == .table ? shown.rendered(style) : stream.withLock { $0.next(shown) })
                return .delivered
            }
        case .json, .markdown, .html:
            return .all { events, deep in try write?(WatchShown(events, korean: style.options.korean, deep: deep).rendered(style)) }
        }
    }

    /// The days the run went on without: a day looked back on (its news told without it), or a
    /// day seen earlier that could not be read again for revisions.
    static func gapNotes(_ gaps: [WatchGap]) -> [String] {
        var notes: [String] = []
        let lookedBack = gaps.filter { $0.news != nil }
        if !lookedBack.isEmpty {
            let days = Set(lookedBack.map(\.unread.day)).sorted()
            let news = PeriodCoverage.listed(Set(lookedBack.compactMap(\.news)).sorted().map(\.iso))
            notes.append("KOBIS could not answer for \(PeriodCoverage.listed(days.map(\.iso))), looked back on for the news of \(news): told without \(days.count == 1 ? "it" : "them"), so a film back in the top 10 after days out may be said to enter.")
        }
        let unchecked = gaps.filter { $0.news == nil }
        let failed = Set(unchecked.filter { $0.unread.reason.limitReached == nil }.map(\.unread.day)).sorted().map(\.iso)
        if !failed.isEmpty {
            notes.append("KOBIS could not answer for \(PeriodCoverage.listed(failed)), seen earlier while it could still revise \(failed.count == 1 ? "it" : "them"): \(failed.count == 1 ? "its revisions are" : "their revisions are") looked for again next run.")
        }
        let limited = unchecked.filter { $0.unread.reason.limitReached != nil }
        if let limit = limited.first?.unread.reason.limitReached {
            let days = Set(limited.map(\.unread.day)).sorted().map(\.iso)
            notes.append("the limit of \(NumberFormat.grouped(limit)) calls to KOBIS was reached before \(PeriodCoverage.listed(days)), seen earlier while KOBIS could still revise \(days.count == 1 ? "it" : "them"), \(days.count == 1 ? "was" : "were") read again: \(days.count == 1 ? "its revisions are" : "their revisions are") looked for next run.")
        }
        return notes
    }
}

/// Programs that failed for some events (`--exec`); `kept` events were kept for the next run.
struct EventProgramError: Error, Sendable, Equatable {
    let failures: [String]
    let kept: Int
}
