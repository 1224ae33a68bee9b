import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// What `boxoffice cache info` reports.
package struct CacheReport: Sendable, Equatable {
    package let folder: String
    package let entries: Int
    package let bytes: Int
    /// Things in the answers folder that boxoffice did not make.
    package let others: Int
    package let day: Day
    package let callsToday: Int
    /// When KOBIS said today (its fault 320011) that a key's quota was spent, if it did.
    package let quotaSpentAt: Date?

    package init(folder: String, entries: Int, bytes: Int, others: Int = 0, day: Day, callsToday: Int, quotaSpentAt: Date? = nil) {
        self.folder = folder
        self.entries = entries
        self.bytes = bytes
        self.others = others
        self.day = day
        self.callsToday = callsToday
        self.quotaSpentAt = quotaSpentAt
    }

    package static var fieldNames: [String] { shape.keys }

    package func table(_ options: RenderOptions) -> String {
        var rows: [(Label, String)] = [
            (Label("Folder", "폴더"), folder),
            (Label("Answers", "저장된 응답"), "\(NumberFormat.grouped(entries)) (\(NumberFormat.grouped(bytes)) bytes)"),
            (Label("Calls today", "오늘 호출 수"), "\(NumberFormat.grouped(callsToday)) of \(NumberFormat.grouped(KOBISQuota.daily)) (\(day.iso), Korean time)"),
        ]
        if let quotaSpentAt {
            rows.append((Label("Quota", "할당량"), "spent: KOBIS said so at \(Day.koreanTime(of: quotaSpentAt)) (Korean time, error 320011), after \(NumberFormat.grouped(callsToday)) call\(callsToday == 1 ? "" : "s") counted here; it starts again at midnight"))
        }
        if others > 0 {
            rows.insert((Label("Not ours", "다른 파일"), "\(NumberFormat.grouped(others)) other item\(others == 1 ? "" : "s") in answers/ (left alone)"), at: 2)
        }
        return Document([.fields(rows)]).rendered(options)
    }

    package var json: JSONValue { Self.fields.json(self) }
}

/// What `boxoffice cache clear` did.
package struct CacheClearing: Sendable, Equatable {
    package let folder: String
    package let entries: Int
    package let bytes: Int
    /// Things in the answers folder that boxoffice did not make, and so left where they are.
    package let others: Int

    package init(folder: String, entries: Int, bytes: Int, others: Int = 0) {
        self.folder = folder
        self.entries = entries
        self.bytes = bytes
        self.others = others
    }

    package static let fields: [Field<CacheClearing>] = [
        .leaf("folder", .folder) { .string($0.folder) }, .leaf("removedEntries", .removedEntries) { JSONValue($0.entries) },
        .leaf("removedBytes", .removedBytes) { JSONValue($0.bytes) }, .leaf("leftItems", .leftItems) { JSONValue($0.others) },
    ]
    package static let fieldNames = fields.keys()

    package func table(_ options: RenderOptions) -> String {
        var document = Document([.text("Removed \(NumberFormat.grouped(entries)) answer\(entries == 1 ? "" : "s") (\(NumberFormat.grouped(bytes)) bytes) from \(folder).")])
        if others > 0 {
            document.append(.text("Left \(NumberFormat.grouped(others)) other item\(others == 1 ? "" : "s") in answers/ that boxoffice did not create."))
        }
        document.append(.text("Today's count of calls is kept."))
        return document.rendered(options)
    }

    package var json: JSONValue { Self.fields.json(self) }
}

// MARK: Fields

extension CacheReport {
    package static let fields: [Field<CacheReport>] = [
        .leaf("folder", .folder) { .string($0.folder) }, .leaf("entries", .cacheEntries) { JSONValue($0.entries) },
        .leaf("bytes", .bytes) { JSONValue($0.bytes) }, .leaf("otherItems", .otherItems) { JSONValue($0.others) },
        .leaf("day", .day) { .string($0.day.iso) }, .leaf("callsToday", .callsToday) { JSONValue($0.callsToday) },
        .leaf("dailyQuota", .dailyQuota) { _ in JSONValue(KOBISQuota.daily) },
        .leaf("quotaSpentAt", .quotaSpentAt) { $0.quotaSpentAt.map { .string(Day.koreanISO($0)) } ?? .null },
    ]
    package static let shape = fields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `entries` holds in the cache's report.
    static let cacheEntries = leaf(.integer, "Answers kept in the cache.")
    /// What `folder` holds.
    static let folder = leaf(.string, "The cache folder.")
    /// What `bytes` holds.
    static let bytes = leaf(.integer, "Bytes the cached answers take.")
    /// What `otherItems` holds.
    static let otherItems = leaf(.integer, "Items in the cache folder that boxoffice did not make.")
    /// What `day` holds.
    static let day = leaf(.string, format: "date", "Today in Korea (YYYY-MM-DD), the day the count is for.")
    /// What `callsToday` holds.
    static let callsToday = leaf(.integer, "Calls to KOBIS made today (Korean time) from this machine.")
    /// What `dailyQuota` holds.
    static let dailyQuota = leaf(.integer, "Calls a key may make a day.")
    /// What `quotaSpentAt` holds.
    static let quotaSpentAt = leaf(.string, nullable: true, format: "date-time", "When KOBIS said today that a key's quota was spent (its error 320011), in Korean time; null when it has not.")
    /// What `removedEntries` holds.
    static let removedEntries = leaf(.integer, "Answers removed from the cache.")
    /// What `removedBytes` holds.
    static let removedBytes = leaf(.integer, "Bytes the removed answers took.")
    /// What `leftItems` holds.
    static let leftItems = leaf(.integer, "Items in the cache folder that boxoffice did not make, left where they are.")
}
