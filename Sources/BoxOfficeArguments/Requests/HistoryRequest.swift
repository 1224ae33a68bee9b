import BoxOfficeCore

/// The local history database (`history sync|info|path|check`).
package struct HistoryRequest: Equatable, Sendable {
    /// What is asked of the history.
    package enum Action: String, Equatable, Sendable, CaseIterable { case sync, info, path, check }

    package var action: Action
    /// `sync`: the first and the last day to hold (nil: KOBIS's first day, yesterday).
    package var from: Day?
    package var to: Day?
    /// `sync --deep`: the four filtered lists too.
    package var deep = false
    /// `sync --details`: each ranked film's details.
    package var details = false

    package static let deep = Parameter("deep", help: "sync KOBIS's four filtered lists too (Korean or foreign × diversity or commercial): 4 more calls a day", kind: .flag)
    package static let details = Parameter("details", help: "sync each ranked film's details too (one call a film, once)", kind: .flag)
    package static let from = Parameter("from", value: "D", help: "the first day to hold", default: "2004-01-01, KOBIS's first", kind: .day)
    package static let to = Parameter("to", value: "D", help: "the last day to hold", default: "yesterday in Korea", kind: .day)

    package init(action: Action) {
        self.action = action
    }

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 1)
        guard let text = arguments.positionals.first else {
            throw UsageError(message: "history needs an action: 'history sync', 'history info', 'history path' or 'history check'", command: arguments.name)
        }
        guard let action = Action(rawValue: text.trimmingBlanks().lowercased()) else {
            let hint = Suggestion.hint(text.lowercased(), among: Action.allCases.map(\.rawValue))
            throw UsageError(message: "unknown history action \(UsageError.quote(text)); use sync, info, path or check\(hint)", command: arguments.name)
        }
        self.action = action
        from = try arguments.publishedDay(Self.from)
        to = try arguments.publishedDay(Self.to)
        deep = arguments.has(Self.deep)
        details = arguments.has(Self.details)
        if action != .sync, let given = [Self.from, Self.to, Self.deep, Self.details].first(where: arguments.has) {
            throw UsageError(message: "\(arguments.named(given)) applies to 'history sync', not to 'history \(action.rawValue)'", command: arguments.name)
        }
        if let from, from < Day.kobisFirst {
            throw UsageError(message: "\(arguments.named(Self.from)) \(from.iso) is before KOBIS's first day, \(Day.kobisFirst.iso)", command: arguments.name)
        }
        if let from, let to, from > to {
            throw UsageError(message: "\(arguments.named(Self.from)) \(from.iso) is after \(arguments.named(Self.to)) \(to.iso)", command: arguments.name)
        }
    }

    /// The days a sync holds: `from` (else KOBIS's first day) to `to` (else yesterday).
    package func range(today: Day) -> ClosedRange<Day> {
        let last = to ?? today.adding(days: -1)
        return min(from ?? Day.kobisFirst, last)...last
    }
}

/// A read-only SQL query over the history (`sql`).
package struct SQLRequest: Equatable, Sendable {
    package var query: String
    /// `--max-rows N`: at most N rows, in every format.
    package var maxRows: Int?

    package static let maxRows = Parameter("max-rows", value: "N", help: "at most N rows in every format (a table shows at most 1,000 and counts the others)",
                                           kind: .number(1...100_000_000))

    /// A tool's `maxRows`, for `--max-rows`.
    package static let toolMaxRows = Parameter("maxRows", value: "N", help: "at most N rows", kind: .number(1...10_000))

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        query = try arguments.text("a query", example: "\"SELECT * FROM film ORDER BY audience_total DESC LIMIT 10\"")
        if let rows = try arguments.number(Self.maxRows) {
            maxRows = rows
        } else {
            maxRows = try arguments.number(Self.toolMaxRows)
        }
    }

    /// How long a query may run when no time is given.
    package static let defaultSeconds = 10.0
}
