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
