import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A result that every output format can show: the one path from a domain value to text.
package protocol Presentable: Sendable {
    /// For reading in a terminal.
    func table(_ options: RenderOptions) -> String
    /// The contract's JSON.
    var json: JSONValue { get }
    /// What flat formats (CSV, TSV, markdown, JSON Lines) and `--fields` work on: objects with the
    /// same keys in the same order, one per row.
    var records: [JSONValue] { get }
    /// Every key `records` can have, known before any data arrives, so `--fields` is checked before a call.
    static var fieldNames: [String] { get }
    /// The keys of this value's `records`: `fieldNames`, less those it has no use for (an
    /// unfiltered ranking's `filter`).
    var columns: [String] { get }
    /// A table of only `fields` that reads like `table` (heading, number formats, colours), if
    /// this kind of value has one; else `--fields` gives a plain table of the records.
    func table(_ options: RenderOptions, fields: [String]) -> String?
    /// Whether the records are the items of a list (a ranking, a search) rather than one thing
    /// (a movie): `--fields` then gives a list of them in JSON, and a table of them.
    static var isList: Bool { get }
    /// A markdown rendering better than a pipe table of the records (a movie's card), if any.
    func markdown(_ options: RenderOptions) -> String?
    /// The key of the JSON object's member that holds the items (`entries`, `films`, `days`), for
    /// a list whose JSON is an object around them; nil when the JSON is the list itself.
    static var itemsKey: String? { get }
    /// The JSON with only `fields` of each item (`--fields`), whatever holds them kept as it is
    /// (`date`, `provisional`, the coverage); for one thing, only those of its keys.
    func json(fields: [String]) -> JSONValue
}

package extension Presentable {
    var records: [JSONValue] { [json] }
    var columns: [String] { Self.fieldNames }
    func table(_ options: RenderOptions, fields: [String]) -> String? { nil }
    static var isList: Bool { false }
    func markdown(_ options: RenderOptions) -> String? { nil }
    static var itemsKey: String? { nil }

    func json(fields: [String]) -> JSONValue {
        let selected = records.map { $0.selecting(fields) }
        guard Self.isList else { return selected.first ?? .null }
        guard let key = Self.itemsKey, case let .object(members) = json else { return .array(selected) }
        return .object(members.map { $0.0 == key ? (key, .array(selected)) : $0 })
    }
}

/// An item of a search page, which knows how a page of its kind reads.
package protocol SearchItem: Sendable, Equatable {
    var json: JSONValue { get }
    static var fieldNames: [String] { get }
    static func table(_ page: SearchPage<Self>, _ options: RenderOptions) -> String
}

extension SearchPage: Presentable where Item: SearchItem {
    package func table(_ options: RenderOptions) -> String { Item.table(self, options) }
    package var json: JSONValue { .array(items.map(\.json)) }
    package var records: [JSONValue] { items.map(\.json) }
    package static var fieldNames: [String] { Item.fieldNames }
    package static var isList: Bool { true }
}

extension Movie: Presentable {}
extension Person: Presentable {}
extension Company: Presentable {}
extension CacheReport: Presentable {}
extension CacheClearing: Presentable {}

extension DailyBoxOffice: RankingPresentation {
    package var rowPrefix: [(String, JSONValue)] { [("date", .string(day.iso))] }
    package static var rowPrefixNames: [String] { ["date"] }
    package func heading(_ options: RenderOptions) -> String {
        options.label(Label("Daily box office", "일별 박스오피스")) + " · \(day.iso) (\(options.weekday(day)))"
    }
    package static var empty: Label { Label("KOBIS has no box office figures for this day.", "이 날의 박스오피스 자료가 없습니다.") }
    package var firstDay: Day { day }
    package static var dayKey: String { "date" }
}

extension WeeklyBoxOffice: RankingPresentation {
    package var rowPrefix: [(String, JSONValue)] { [("period", .string(period.rawValue)), ("start", .string(start.iso)), ("end", .string(end.iso))] }
    package static var rowPrefixNames: [String] { ["period", "start", "end"] }
    package func heading(_ options: RenderOptions) -> String {
        let days = "\(start.iso) (\(options.weekday(start))) – \(end.iso) (\(options.weekday(end)))"
        let week = yearWeek.map { " · \(options.label(Label("week", "주차"))) \($0)" } ?? ""
        return "\(options.label(Self.title(period))) · \(days)\(week)"
    }

    /// How headings name the period.
    static func title(_ period: WeekPeriod) -> Label {
        switch period {
        case .week: Label("Weekly box office", "주간 박스오피스")
        case .weekend: Label("Weekend box office", "주말 박스오피스")
        case .weekdays: Label("Weekday box office", "주중 박스오피스")
        }
    }
    package static var empty: Label { Label("KOBIS has no box office figures for this period.", "이 기간의 박스오피스 자료가 없습니다.") }
    package var firstDay: Day { start }
    package static var dayKey: String { "start" }
}

extension CodeList: Presentable {
    package var records: [JSONValue] { entries.map(\.json) }
    package static var fieldNames: [String] { entryShape.keys }
    package static var isList: Bool { true }
}

extension JSONValue {
    /// An object with `members` in front of its own.
    func prefixed(_ members: [(String, JSONValue)]) -> JSONValue {
        guard case let .object(own) = self else { return self }
        return .object(members + own)
    }

    /// An object with `members` after its own.
    func appending(_ members: [(String, JSONValue)]) -> JSONValue {
        guard case let .object(own) = self, !members.isEmpty else { return self }
        return .object(own + members)
    }

    /// The keys of an object, in order.
    package var keys: [String] {
        guard case let .object(members) = self else { return [] }
        return members.map(\.0)
    }
}

// MARK: Fields

extension DailyBoxOffice {
    package static let fields: [Field<DailyBoxOffice>] = [.leaf("date", .date) { .string($0.day.iso) }] + rankingFields()
    package static let shape = fields.shape()
    /// A day of a range: its ranking, or, in its place, the day and why it was not read.
    package static let rangeShape = JSONShape.object(
        fields.map { ($0.key, $0.key == "date" || $0.shape.isOptional ? $0.shape : .optional($0.shape)) }
            + UnreadDay.inPlaceFields.map { ($0.key, .optional($0.shape)) })
}

extension WeeklyBoxOffice {
    package static let fields: [Field<WeeklyBoxOffice>] = [
        .leaf("period", .period) { .string($0.period.rawValue) }, .leaf("start", .start) { .string($0.start.iso) },
        .leaf("end", .end) { .string($0.end.iso) }, .leaf("yearWeek", .yearWeek) { JSONValue($0.yearWeek) },
    ] + rankingFields()
    package static let shape = fields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `period` holds.
    static let period = leaf(.string, choices: ["week", "weekend", "weekdays"], "week: Monday-Sunday; weekend: Friday-Sunday; weekdays: Monday-Thursday.")
    /// What `start` holds.
    static let start = leaf(.string, format: "date", "First day of the period (YYYY-MM-DD).")
    /// What `end` holds.
    static let end = leaf(.string, format: "date", "Last day of the period (YYYY-MM-DD).")
    /// What `yearWeek` holds.
    static let yearWeek = leaf(.string, nullable: true, "KOBIS's year and ISO week number, e.g. 201152.")
}
