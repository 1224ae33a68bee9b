import BoxOfficeCore

extension PeriodCoverage {

    /// The notes under a period's heading when not all its days were read: how many the samples
    /// held, and which days KOBIS could not answer. `english` and `korean` name the period's days
    /// ("the period's 31 days", "기간 31일").
    package func notes(_ options: RenderOptions, of english: String, _ korean: String) -> [String] {
        var notes: [String] = []
        let notHeld = unread.filter { $0.reason == .notHeld }.count
        if notHeld > 0 {
            notes.append(options.sampleNote(read: daysInPeriod - notHeld, of: english, korean))
        }
        let korean = options.korean
        // An article carries the data and its notes; what to do next is the terminal's alone.
        let terminal = options.medium == .terminal
        let notCached = self.notCached
        if !notCached.isEmpty {
            let days = Self.listed(notCached.map(\.iso), korean: korean)
            let offline = terminal ? " (--offline)" : ""
            notes.append(korean ? "캐시에 없는 날 \(notCached.count)일은 빠짐\(offline): \(days)"
                         : "not counted, as the cache does not hold \(notCached.count == 1 ? "it" : "them")\(offline): \(days)")
        }
        let failed = self.failed
        if !failed.isEmpty {
            let days = Self.failedDays(failed, korean: korean)
            let again = terminal ? (korean ? ". 나중에 다시 실행하면 그날만 가져옴" : "; run it again later to fetch only \(failed.count == 1 ? "that day" : "those days")") : ""
            notes.append(korean ? "KOBIS가 답하지 못한 날 \(failed.count)일은 빠짐: \(days)\(again)"
                : "not counted, as KOBIS could not answer for \(failed.count == 1 ? "it" : "them"): \(days)\(again)")
        }
        let beyond = unread.compactMap { day in day.reason.limitReached.map { (day.day, $0) } }
        if let limit = beyond.first?.1 {
            let days = Self.listed(beyond.map(\.0.iso), korean: korean)
            let again = terminal ? (korean ? ". 다시 실행하면 이어서 가져옴" : "; run it again to go on") : ""
            notes.append(korean ? "호출 한도 \(NumberFormat.grouped(limit))회(재시도 포함)에 닿아 읽지 못한 날 \(beyond.count)일은 빠짐: \(days)\(again)"
                : "not counted, as the limit of \(NumberFormat.grouped(limit)) calls (retries included) was reached before \(beyond.count == 1 ? "it" : "them"): \(days)\(again)")
        }
        return notes
    }
}

extension UnreadDay {
    /// The word for why the day was not read, in JSON: `notInSamples`, `kobisFailed`, `notCached`.
    package var reasonWord: String {
        switch reason {
        case .notHeld: "notInSamples"
        case .kobisFailed: "kobisFailed"
        case .notCached: "notCached"
        case .callLimit: "callLimit"
        }
    }

    /// The day in its place among a range's days (`daily --from --to --json`): `{date,
    /// notRead, errorCode?, errorMessage?}`, its date under `dateKey` (a week's `start`).
    package func inPlace(dateKey: String = "date") -> JSONValue {
        .object([(dateKey, .string(day.iso))] + Self.inPlaceFields.compactMap { $0.member(of: self) })
    }

    /// `{date, reason}`, with KOBIS's error for a day it could not answer.
    package var json: JSONValue { Self.fields.json(self) }
}

// MARK: Fields

extension PeriodCoverage {
    /// What a period's JSON says of its days, always: `daysInPeriod`, `daysRead`, and
    /// `daysNotRead`, each day with its reason, empty when every day was read.
    package static let fields: [Field<PeriodCoverage>] = [
        .leaf("daysInPeriod", .daysInPeriod) { .int(Int64($0.daysInPeriod)) }, .leaf("daysRead", .daysRead) { .int(Int64($0.daysRead)) },
        .list("daysNotRead", .daysNotRead, UnreadDay.fields) { $0.unread },
    ]
}

// MARK: Meanings

package extension Meaning {
    /// What `daysInPeriod` holds.
    static let daysInPeriod = leaf(.integer, "The period's days.")
    /// What `daysRead` holds.
    static let daysRead = leaf(.integer, "How many of the period's days were read; fewer than daysInPeriod when KOBIS could not answer for some, the cache lacked some (offline), or the sample data holds only some.")
    /// What `daysNotRead` holds.
    static let daysNotRead = list("The period's days that were not read, each with why; empty when every day was read.")
}
