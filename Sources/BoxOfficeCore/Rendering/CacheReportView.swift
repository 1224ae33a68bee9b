/// What `boxoffice cache info` reports.
public struct CacheReport: Sendable, Equatable {
    public let folder: String
    public let entries: Int
    public let bytes: Int
    public let day: Day
    public let callsToday: Int

    public init(folder: String, entries: Int, bytes: Int, day: Day, callsToday: Int) {
        self.folder = folder
        self.entries = entries
        self.bytes = bytes
        self.day = day
        self.callsToday = callsToday
    }

    public func table(_ options: RenderOptions) -> String {
        let rows = [
            ("Folder", TerminalText.clean(folder)),
            ("Answers", "\(NumberFormat.grouped(entries)) (\(NumberFormat.grouped(bytes)) bytes)"),
            ("Calls today", "\(NumberFormat.grouped(callsToday)) of \(NumberFormat.grouped(CallCounter.dailyQuota)) (\(day.iso), Korean time)"),
        ]
        return rows.map { label, value in
            TextColor.dim.apply(TerminalText.pad(label, to: 11), if: options.colors) + "  " + value + "\n"
        }.joined()
    }

    public var json: JSONValue {
        .object([
            ("folder", .string(folder)), ("entries", JSONValue(entries)), ("bytes", JSONValue(bytes)),
            ("day", .string(day.iso)), ("callsToday", JSONValue(callsToday)), ("dailyQuota", JSONValue(CallCounter.dailyQuota)),
        ])
    }
}

/// What `boxoffice cache clear` did.
public struct CacheClearing: Sendable, Equatable {
    public let folder: String
    public let entries: Int
    public let bytes: Int

    public init(folder: String, entries: Int, bytes: Int) {
        self.folder = folder
        self.entries = entries
        self.bytes = bytes
    }

    public func table(_ options: RenderOptions) -> String {
        "Removed \(NumberFormat.grouped(entries)) answer\(entries == 1 ? "" : "s") (\(NumberFormat.grouped(bytes)) bytes) from \(TerminalText.clean(folder)).\n"
            + "Today's count of calls is kept.\n"
    }

    public var json: JSONValue {
        .object([("folder", .string(folder)), ("removedEntries", JSONValue(entries)), ("removedBytes", JSONValue(bytes))])
    }
}
