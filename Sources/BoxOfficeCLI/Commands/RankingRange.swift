import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// `--from D --to D` on `daily` and `weekly`: every day (or week) of a range, fetched a few at a
/// time, printed in order as soon as each is ready (a year's CSV starts at once), every answer
/// kept in the cache as it arrives, so an interrupted or quota-stopped run goes on where it was.
enum RankingRange {
    static let from = Parameter("from", value: "D", help: "the first day of a range (with --to; default yesterday)", kind: .day)
    static let to = Parameter("to", value: "D", help: "the last day of a range", default: "yesterday in Korea", kind: .day)
    static let specs = [from.option, to.option]

    /// The range the options give, or nil; the command's single day (`date`) with them is a usage error.
    static func parse(_ arguments: some ArgumentReader, date: Parameter? = nil) throws(UsageError) -> ClosedRange<Day>? {
        guard arguments.has(from) || arguments.has(to) else { return nil }
        let (fromName, toName) = (arguments.named(from), arguments.named(to))
        if let date, arguments.has(date) {
            let dateName = arguments.named(date)
            throw UsageError(message: "\(dateName) and \(arguments.has(from) ? fromName : toName) cannot be used together; give one day with \(dateName), or a range with \(fromName) and \(toName)", command: arguments.name)
        }
        guard let first = try arguments.publishedDay(from) else {
            throw UsageError(message: "\(toName) needs \(fromName): the range's first day, e.g. \(fromName) 2023-03-01 \(toName) 2023-03-31", command: arguments.name)
        }
        let last = try arguments.publishedDay(to) ?? arguments.today.adding(days: -1)
        guard first <= last else {
            throw UsageError(message: "\(fromName) \(first.iso) is after \(toName) \(last.iso)", command: arguments.name)
        }
        return first...last
    }

    /// Every day of a range.
    static func days(_ range: ClosedRange<Day>) -> [Day] { PeriodReading.days(range) }

    /// The Monday of every week that a range touches.
    static func weeks(_ range: ClosedRange<Day>) -> [Day] { PeriodReading.weeks(range) }

    /// Fetches `items` with `--jobs` in flight and writes each result, in order, as soon as it and
    /// the ones before it are in.
    static func run<Value: Presentable>(
        _ items: [Day], unit: String, period: (@Sendable ([Day]) -> String)?, context: CommandContext, client: BoxOfficeClient,
        call: @escaping @Sendable (Day) -> KOBISCall<Value>
    ) async throws -> CommandOutput {
        try await stream(Value.self, items, unit: unit, period: period, context: context, client: client,
                         calls: { $0.map(call) }, callUnit: unit) { days, reading, deliver in
            try await client.answers(of: days, reading: reading, call: call) { try await deliver($0.value) }
        }
    }

    /// The same for deep rankings (`--deep`): each day (week) from `groups`' lists, their calls
    /// counted before a long range.
    static func runDeep<Value: Presentable & DeepRanked>(
        _ items: [Day], unit: String, period: (@Sendable ([Day]) -> String)?, context: CommandContext, client: BoxOfficeClient,
        listing: DeepListing<Value>, filter: BoxOfficeFilter, scope: RankingScope?
    ) async throws -> CommandOutput {
        try await stream(Value.self, items, unit: unit, period: period, context: context, client: client,
                         calls: { listing.calls($0, filter: filter) },
                         callUnit: deepCalls(filter, per: unit == "weeks" ? "week" : "day")) { days, reading, deliver in
            try await client.deepRankings(of: days, listing: listing, filter: filter, scope: scope, reading: reading, deliver: deliver)
        }
    }

    /// How a deep range's calls are counted when it is told before it starts: "calls (4 a day with --deep)".
    static func deepCalls(_ filter: BoxOfficeFilter, per item: String) -> String {
        "calls (\(filter.deepGroups.count) a \(item) with --deep)"
    }

    /// Reads `items` as `read` does (`--jobs` in flight), writing each value in order as soon as
    /// it and the ones before it are in; `calls` are the calls they need, told before a long range.
    private static func stream<Value: Presentable>(
        _ type: Value.Type, _ items: [Day], unit: String, period: (@Sendable ([Day]) -> String)?, context: CommandContext,
        client: BoxOfficeClient, calls: @escaping @Sendable ([Day]) -> [KOBISCall<Value>], callUnit: String,
        read: ([Day], PeriodReading, (Value) async throws -> Void) async throws -> [UnreadDay]
    ) async throws -> CommandOutput {
        try context.check(Value.self)
        if context.invocation.raw {
            throw UsageError(message: "--raw prints one KOBIS answer; give one day with --date instead of a range")
        }
        let reading = context.reading(unit: unit, period: period, began: { items in
            let callsLeft = announce(calls(items), unit: callUnit, context: context, client: client)
            context.progress.beginRange(total: items.count, unit: unit, callsLeft: callsLeft)
        })
        // With a writer (the command line), each value is written as it comes and not kept; a face
        // with none (the MCP server) gets them all at the end.
        var output = StreamedOutput(style: context.style)
        var values: [any Presentable] = []
        let write = context.write
        let failed: [UnreadDay]
        do {
            failed = try await read(reading.readable(items), reading) { value in
                if let write { try write(output.next(value)) } else { values.append(value) }
            }
        } catch {
            // Whatever was written stays a whole document (a closed JSON array).
            try? write?(output.finish())
            throw error
        }
        try write?(output.finish())
        return CommandOutput(.streamed(values), failureAfterOutput: failed.isEmpty ? nil : PeriodNotWhole(failed: failed))
    }

    /// Before a long range: how many calls it needs, and how many the keys have left today
    /// (returned, for the progress line's estimate).
    static func announce<Value>(_ calls: [KOBISCall<Value>], unit: String, context: CommandContext, client: BoxOfficeClient) -> Int? {
        // Answers from the recordings are neither fetched nor counted.
        guard calls.count > ProgressLine.fewRequests, context.source.reachesNetwork else { return nil }
        let needed = calls.filter { !client.isCached($0) }.count
        let left = client.callsLeftToday()
        guard needed > 10 || needed > (left ?? .max) else { return left }
        var text = "\(NumberFormat.grouped(calls.count)) \(unit): \(NumberFormat.grouped(needed)) to fetch from KOBIS, \(NumberFormat.grouped(calls.count - needed)) from the cache"
        if let left {
            text += "; \(NumberFormat.grouped(left)) of today's calls are left (Korean time)"
            if needed > left { text += ", so the run will stop at the quota and go on from the cache when run again tomorrow" }
        }
        context.notice?(text + ".")
        return left
    }
}
