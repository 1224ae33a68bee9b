import BoxOfficeCore
/// What `boxoffice cache info` reports.
package struct CacheReport: Sendable, Equatable {
    package let folder: String
    package let entries: Int
    package let bytes: Int
    /// Things in the answers folder that boxoffice did not make.
    package let others: Int
    package let day: Day
    package let callsToday: Int

    package init(folder: String, entries: Int, bytes: Int, others: Int = 0, day: Day, callsToday: Int) {
        self.folder = folder
        self.entries = entries
        self.bytes = bytes
        self.others = others
        self.day = day
        self.callsToday = callsToday
    }

    package static let fieldNames = ["folder", "entries", "bytes", "otherItems", "day", "callsToday", "dailyQuota"]

    package func table(_ options: RenderOptions) -> String {
        var rows = [
            ("Folder", folder),
            ("Answers", "\(NumberFormat.grouped(entries)) (\(NumberFormat.grouped(bytes)) bytes)"),
            ("Calls today", "\(NumberFormat.grouped(callsToday)) of \(NumberFormat.grouped(KOBISQuota.daily)) (\(day.iso), Korean time)"),
        ]
        if others > 0 {
            rows.insert(("Not ours", "\(NumberFormat.grouped(others)) other item\(others == 1 ? "" : "s") in answers/ (left alone)"), at: 2)
        }
        return LabelledFields(rows).render(options)
    }

    package var json: JSONValue {
        .object([
            ("folder", .string(folder)), ("entries", JSONValue(entries)), ("bytes", JSONValue(bytes)),
            ("otherItems", JSONValue(others)), ("day", .string(day.iso)), ("callsToday", JSONValue(callsToday)), ("dailyQuota", JSONValue(KOBISQuota.daily)),
        ])
    }
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

    package static let fieldNames = ["folder", "removedEntries", "removedBytes", "leftItems"]

    package func table(_ options: RenderOptions) -> String {
        var text = "Removed \(NumberFormat.grouped(entries)) answer\(entries == 1 ? "" : "s") (\(NumberFormat.grouped(bytes)) bytes) from \(TerminalText.clean(folder)).\n"
        if others > 0 {
            text += "Left \(NumberFormat.grouped(others)) other item\(others == 1 ? "" : "s") in answers/ that boxoffice did not create.\n"
        }
        return text + "Today's count of calls is kept.\n"
    }

    package var json: JSONValue {
        .object([("folder", .string(folder)), ("removedEntries", JSONValue(entries)), ("removedBytes", JSONValue(bytes)),
                 ("leftItems", JSONValue(others))])
    }
}
