/// What `boxoffice cache info` reports.
public struct CacheReport: Sendable, Equatable {
    public let folder: String
    public let entries: Int
    public let bytes: Int
    /// Things in the answers folder that boxoffice did not make.
    public let others: Int
    public let day: Day
    public let callsToday: Int

    public init(folder: String, entries: Int, bytes: Int, others: Int = 0, day: Day, callsToday: Int) {
        self.folder = folder
        self.entries = entries
        self.bytes = bytes
        self.others = others
        self.day = day
        self.callsToday = callsToday
    }

    public static let fieldNames = ["folder", "entries", "bytes", "otherItems", "day", "callsToday", "dailyQuota"]

    public func table(_ options: RenderOptions) -> String {
        var rows = [
            ("Folder", folder),
            ("Answers", "\(NumberFormat.grouped(entries)) (\(NumberFormat.grouped(bytes)) bytes)"),
            ("Calls today", "\(NumberFormat.grouped(callsToday)) of \(NumberFormat.grouped(CallCounter.dailyQuota)) (\(day.iso), Korean time)"),
        ]
        if others > 0 {
            rows.insert(("Not ours", "\(NumberFormat.grouped(others)) other item\(others == 1 ? "" : "s") in answers/ (left alone)"), at: 2)
        }
        return LabelledFields(rows).render(options)
    }

    public var json: JSONValue {
        .object([
            ("folder", .string(folder)), ("entries", JSONValue(entries)), ("bytes", JSONValue(bytes)),
            ("otherItems", JSONValue(others)), ("day", .string(day.iso)), ("callsToday", JSONValue(callsToday)), ("dailyQuota", JSONValue(CallCounter.dailyQuota)),
        ])
    }
}

/// What `boxoffice cache clear` did.
public struct CacheClearing: Sendable, Equatable {
    public let folder: String
    public let entries: Int
    public let bytes: Int
    /// Things in the answers folder that boxoffice did not make, and so left where they are.
    public let others: Int

    public init(folder: String, entries: Int, bytes: Int, others: Int = 0) {
        self.folder = folder
        self.entries = entries
        self.bytes = bytes
        self.others = others
    }

    public static let fieldNames = ["folder", "removedEntries", "removedBytes", "leftItems"]

    public func table(_ options: RenderOptions) -> String {
        var text = "Removed \(NumberFormat.grouped(entries)) answer\(entries == 1 ? "" : "s") (\(NumberFormat.grouped(bytes)) bytes) from \(TerminalText.clean(folder)).\n"
        if others > 0 {
            text += "Left \(NumberFormat.grouped(others)) other item\(others == 1 ? "" : "s") in answers/ that boxoffice did not create.\n"
        }
        return text + "Today's count of calls is kept.\n"
    }

    public var json: JSONValue {
        .object([("folder", .string(folder)), ("removedEntries", JSONValue(entries)), ("removedBytes", JSONValue(bytes)),
                 ("leftItems", JSONValue(others))])
    }
}
