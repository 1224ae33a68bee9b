import BoxOfficeCore

/// A day (or week) of a range that was not read, shown in its place among the others: in JSON
/// `{date, notRead, errorCode?, errorMessage?}`, in a table a line that says why; flat formats
/// (CSV, TSV, JSON Lines of entries) have no row for it.
package struct NotReadDay: Presentable {
    package let unread: UnreadDay
    /// The key that names the day, as the range's values name theirs (`date`, or a week's `start`).
    package let dayKey: String
    package init(_ unread: UnreadDay, dayKey: String) {
        self.unread = unread
        self.dayKey = dayKey
    }

    package static var fieldNames: [String] { [] }
    package var records: [JSONValue] { [] }
    package var json: JSONValue { unread.inPlace(dateKey: dayKey) }
    /// The same whatever the fields: the day and why it was not read.
    package func json(fields: [String]) -> JSONValue { json }

    package func table(_ options: RenderOptions) -> String {
        let why: String
        switch unread.reason {
        case .notHeld: why = options.korean ? "읽지 않음: 예시 자료에 없는 날" : "not read: the sample data does not hold it"
        case .notCached: why = options.korean ? "읽지 않음: 캐시에 없음 (--offline)" : "not read: the cache does not hold it (--offline)"
        case let .callLimit(limit): why = options.korean ? "읽지 않음: 호출 한도 \(limit)회에 닿음 (재시도 포함)" : "not read: the limit of \(limit) calls was reached (retries included)"
        case let .kobisFailed(fault):
            why = options.korean ? "읽지 않음: 영진위가 답하지 못함 (\(fault.summary), 오류 \(fault.code))"
                : "not read: KOBIS could not answer (\(fault.summary), error \(fault.code))"
        }
        let day = unread.day
        return Document([.heading("\(day.iso) (\(options.weekday(day)))"), .notes([why], wrap: options.width)]).rendered(options)
    }
}

// MARK: Fields

extension UnreadDay {
    /// A day of a period not read, in the period's list of them: `{date, reason}`, with KOBIS's
    /// error for a day it could not answer.
    package static let fields: [Field<UnreadDay>] = [
        .leaf("date", .date) { .string($0.day.iso) }, .leaf("reason", .reason) { .string($0.reasonWord) },
        .optional("errorCode", .errorCode) { $0.fault.map { .string($0.code) } }, .optional("errorMessage", .errorMessage) { $0.fault.map { .string($0.message) } },
    ]

    /// The same day in its place among a range's days, after its date (`{date, notRead, errorCode?, errorMessage?}`).
    package static let inPlaceFields: [Field<UnreadDay>] = [
        .leaf("notRead", .dayNotRead) { .string($0.reasonWord) },
        .optional("errorCode", .dayErrorCode) { $0.fault.map { .string($0.code) } }, .optional("errorMessage", .dayErrorMessage) { $0.fault.map { .string($0.message) } },
    ]

    /// KOBIS's failure, for a day it could not answer.
    var fault: KOBISFault? {
        if case let .kobisFailed(fault) = reason { return fault }
        return nil
    }
}

// MARK: Meanings

package extension Meaning {
    /// What `days.notRead` holds.
    static let dayNotRead = leaf(.string, choices: ["kobisFailed", "notCached", "notInSamples", "callLimit"], "In a range, in place of a day's ranking: why the day was not read (kobisFailed: KOBIS failed on its side; notCached: offline and not in the cache; notInSamples: not in the sample data; callLimit: the call's limit of calls to KOBIS, retries included, was reached first).")
    /// What `days.errorCode` holds.
    static let dayErrorCode = leaf(.string, "KOBIS's error code for a day it could not answer.")
    /// What `days.errorMessage` holds.
    static let dayErrorMessage = leaf(.string, "KOBIS's error message for a day it could not answer, in Korean.")
    /// What `reason` holds.
    static let reason = leaf(.string, choices: ["kobisFailed", "notCached", "notInSamples", "callLimit"], "Why the day was not read: kobisFailed (KOBIS failed on its side; asking again later fetches only such days), notCached (offline, and the cache does not hold it), notInSamples (the sample data does not hold it) or callLimit (the limit of calls to KOBIS, retries included, was reached first; asking again goes on from what was read).")
    /// What `errorCode` holds.
    static let errorCode = leaf(.string, "KOBIS's error code for the day (320099: an unknown error on its side).")
    /// What `errorMessage` holds.
    static let errorMessage = leaf(.string, "KOBIS's error message for the day, in Korean.")
}
