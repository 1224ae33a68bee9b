import BoxOfficeCore
import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One value of a row, as SQLite stores it.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as JSON: a number, text, null; a blob as its bytes in hex.
    package var json: JSONValue {
        switch self {
        case .null: .null
        case let .integer(number): .int(number)
        case let .real(number): number.isFinite ? .double(number) : .null
        case let .text(text): .string(text)
        case let .blob(bytes): .string(bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined())
        }
    }

    /// The integer it holds, if it is one.
    package var integer: Int64? {
        if case let .integer(number) = self { return number }
        return nil
    }

    /// The text it holds, if it is text.
    package var text: String? {
        if case let .text(text) = self { return text }
        return nil
    }
}

/// A failure of SQLite's, with its code and message (never the path of a file it could not read
/// beyond what SQLite itself says).
package struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// SQLite's primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT` …).
    package let code: Int32
    package let message: String

    package var description: String { message }

    /// Whether the file is not a database, or is damaged.
    package var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    /// Whether the query was stopped (its time ran out).
    package var isInterrupt: Bool { code == SQLITE_INTERRUPT }
    /// Whether the file cannot be written (a read-only file or folder).
    package var isReadOnly: Bool { code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM }
    /// Whether another process holds the database past the busy timeout.
    package var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}

/// A connection to one SQLite database file, used by one task at a time (each call holds the
/// connection's lock). Links are never followed to open it, and nothing is written through a
/// read-only one.
package final class SQLiteConnection: @unchecked Sendable {
    /// How the file is opened.
    package enum Mode: Sendable {
        /// Only read; the file must exist.
        case readOnly
        /// Only read, as a file nothing writes while it is read: a history in a folder this user
        /// cannot write, whose write-ahead index (`-shm`) cannot be made.
        case immutable
        /// Read and written; created when missing.
        case readWrite
    }

    private let handle: OpaquePointer
    private let lock = Locked(())
    /// The moment a running statement is stopped at (a query's `--timeout`), nil for none.
    private let deadline = Locked<ContinuousClock.Instant?>(nil)
    /// Whether the database keeps its text as UTF-8 (as every history does; SQLite may keep it as
    /// UTF-16), so that a text's bytes can be read as they are.
    private let textIsUTF8 = Locked(false)

    /// Opens `path`; a read-only connection also refuses to change anything (`PRAGMA query_only`).
    package init(path: String, mode: Mode, busyTimeout: Duration = .seconds(10)) throws(SQLiteError) {
        // SQLite's own lock is not needed: every use of the connection holds `lock`.
        var flags = SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX
        var name = path
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = "file:" + Self.uriPath(path) + "?immutable=1"
        case .readWrite: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(name, &opened, flags, nil)
        guard let opened else { throw SQLiteError(code: status, message: "cannot open the database (SQLite error \(status))") }
        guard status == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(opened))
            sqlite3_close_v2(opened)
            throw SQLiteError(code: status & 0xFF, message: message)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 0)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        // Extensions are never loaded, whatever a query asks.
        sqlite3_enable_load_extension(handle, 0)
        // Each step of a long statement looks at the deadline.
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(handle, 1000, { context in
            guard let context else { return 0 }
            let connection = Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue()
            guard let deadline = connection.deadline.withLock({ $0 }) else { return 0 }
            return ContinuousClock.now >= deadline ? 1 : 0
        }, context)
        if mode != .readWrite { try execute("PRAGMA query_only = 1") }
        let encoding = try? scalar("PRAGMA encoding")
        textIsUTF8.withLock { $0 = encoding?.text == "UTF-8" }
    }

    /// The first `count` bytes of the database's file, read through the connection's own
    /// descriptor; nil when it has no file or they cannot be read. (Zeros past a shorter file's end.)
    package func fileStart(_ count: Int) -> [UInt8]? {
        lock.withLock { _ in
            var pointer: UnsafeMutableRawPointer?
            guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &pointer) == SQLITE_OK, let pointer else { return nil }
            let file = pointer.assumingMemoryBound(to: sqlite3_file.self)
            guard let read = file.pointee.pMethods?.pointee.xRead else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let status = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, Int32(clamping: count), 0) }
            // SQLITE_IOERR_SHORT_READ: a shorter file, the rest zeros.
            return status == SQLITE_OK || status == SQLITE_IOERR | (2 << 8) ? bytes : nil
        }
    }

    /// A path as a URI's path: every byte but the unreserved ones and `/` percent-encoded.
    static func uriPath(_ path: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        return path.utf8.map { kept.contains($0) ? String(UnicodeScalar($0)) : "%" + String($0 >> 4, radix: 16, uppercase: true) + String($0 & 15, radix: 16, uppercase: true) }.joined()
    }

    deinit {
        sqlite3_close_v2(handle)
        authorizer?.release()
    }

    /// Whether SQLite opened the file for reading only (a read-only file opened to write is).
    package var isReadOnly: Bool {
        lock.withLock { _ in sqlite3_db_readonly(handle, "main") == 1 }
    }

    /// Runs SQL without results (one or more statements).
    package func execute(_ sql: String) throws(SQLiteError) {
        try lock.withLock { _ throws(SQLiteError) in
            var message: UnsafeMutablePointer<CChar>?
            let status = sqlite3_exec(handle, sql, nil, nil, &message)
            defer { sqlite3_free(message) }
            guard status == SQLITE_OK else {
                throw SQLiteError(code: status & 0xFF, message: message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle)))
            }
        }
    }

    /// The rows of one statement with `values` bound to its parameters, each row handed to `row`
    /// (which returns false to stop); the columns' names first, to `columns`.
    package func query(_ sql: String, _ values: [SQLiteValue] = [], check: ((OpaquePointer) throws(SQLiteError) -> Void)? = nil,
                       columns: ([String]) -> Void = { _ in }, row: ([SQLiteValue]) throws(SQLiteError) -> Bool) throws(SQLiteError) {
        try each(sql, values, check: check, columns: columns) { current throws(SQLiteError) in
            try row((0..<current.count).map(current.value))
        }
    }

    /// Runs one statement, handing each row to `row` as it is (its columns read as they are
    /// wanted, nothing copied that is not) until `row` says to stop; what `query` reads through.
    package func each(_ sql: String, _ values: [SQLiteValue] = [], check: ((OpaquePointer) throws(SQLiteError) -> Void)? = nil,
                      columns: ([String]) -> Void = { _ in }, row: (SQLiteRow) throws(SQLiteError) -> Bool) throws(SQLiteError) {
        try lock.withLock { _ throws(SQLiteError) in
            var statement: OpaquePointer?
            let utf8 = Array(sql.utf8CString)
            let (status, rest) = utf8.withUnsafeBufferPointer { buffer -> (Int32, String) in
                var tail: UnsafePointer<CChar>?
                let status = sqlite3_prepare_v2(handle, buffer.baseAddress, Int32(clamping: buffer.count), &statement, &tail)
                return (status, tail.map { String(cString: $0) } ?? "")
            }
            guard status == SQLITE_OK else {
                if let statement { sqlite3_finalize(statement) }
                throw error(status)
            }
            guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "the query holds no statement") }
            defer { sqlite3_finalize(statement) }
            // Nothing may follow the one statement but blanks and comments.
            if Self.holdsMore(rest) {
                throw SQLiteError(code: SQLITE_MISUSE, message: "give one statement at a time")
            }
            try check?(statement)
            for (index, value) in values.enumerated() { try bind(value, at: Int32(index + 1), in: statement) }
            let count = sqlite3_column_count(statement)
            columns((0..<count).map { sqlite3_column_name(statement, $0).map { String(cString: $0) } ?? "" })
            let current = SQLiteRow(statement: statement, count: count, textIsUTF8: textIsUTF8.withLock { $0 })
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { return }
                guard step == SQLITE_ROW else { throw error(step) }
                if try !row(current) { return }
            }
        }
    }

    /// Every row of a statement.
    package func rows(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        try query(sql, values) { row throws(SQLiteError) in
            rows.append(row)
            return true
        }
        return rows
    }

    /// The first column of the first row, or null.
    package func scalar(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteValue {
        try rows(sql, values).first?.first ?? .null
    }

    /// Runs a statement that returns no rows.
    package func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        try query(sql, values) { _ throws(SQLiteError) in false }
    }

    /// Runs `body` in one transaction that takes the write lock at once: committed whole, or rolled
    /// back whole when it throws.
    package func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` with statements stopped once `limit` has passed (SQLITE_INTERRUPT).
    package func within<Result>(_ limit: Duration?, _ body: () throws -> Result) rethrows -> Result {
        deadline.withLock { $0 = limit.map { ContinuousClock.now + $0 } }
        defer { deadline.withLock { $0 = nil } }
        return try body()
    }

    /// Installs an authorizer that `decide` answers for each action a statement would take: true
    /// allows it, false refuses the statement before it runs.
    package func authorize(_ decide: @escaping @Sendable (_ action: Int32, _ first: String?, _ second: String?) -> Bool) {
        let box = Unmanaged.passRetained(AuthorizerBox(decide))
        lock.withLock { _ in
            authorizer = box
            sqlite3_set_authorizer(handle, { context, action, first, second, _, _ in
                guard let context else { return SQLITE_DENY }
                let box = Unmanaged<AuthorizerBox>.fromOpaque(context).takeUnretainedValue()
                return box.decide(action, first.map { String(cString: $0) }, second.map { String(cString: $0) }) ? SQLITE_OK : SQLITE_DENY
            }, box.toOpaque())
        }
    }

    private var authorizer: Unmanaged<AuthorizerBox>? {
        willSet { authorizer?.release() }
    }

    /// Whether text after a statement holds anything but blanks, semicolons and comments.
    static func holdsMore(_ text: String) -> Bool {
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace || first == ";" {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                rest = rest.dropFirst(2)
                while !rest.isEmpty, !rest.hasPrefix("*/") { rest = rest.dropFirst() }
                rest = rest.dropFirst(2)
            } else {
                return true
            }
        }
        return false
    }

    private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) throws(SQLiteError) {
        let status: Int32 = switch value {
        case .null: sqlite3_bind_null(statement, index)
        case let .integer(number): sqlite3_bind_int64(statement, index, number)
        case let .real(number): sqlite3_bind_double(statement, index, number)
        case let .text(text): sqlite3_bind_text(statement, index, text, -1, boxoffice_sqlite_transient())
        case let .blob(bytes): bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32(clamping: $0.count), boxoffice_sqlite_transient()) }
        }
        guard status == SQLITE_OK else { throw error(status) }
    }

    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// The row a statement is on, read column by column (from 0) while it is on it: valid only
/// within the `each` call that hands it over.
package struct SQLiteRow {
    fileprivate let statement: OpaquePointer
    /// How many columns the row has.
    package let count: Int32
    /// Whether a text's bytes are UTF-8 as they are kept.
    fileprivate let textIsUTF8: Bool

    /// The column's value, whatever its type.
    package func value(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return text(index).map(SQLiteValue.text) ?? .null
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_blob(statement, index), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// The column's integer; nil when it holds anything else (NULL, text, a real).
    package func integer(_ index: Int32) -> Int64? {
        // The column's value is taken once, then read (each sqlite3_column_ call enters the
        // statement again: a period's read makes millions of them).
        guard let value = sqlite3_column_value(statement, index), sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
        return sqlite3_value_int64(value)
    }

    /// The column's number, an integer read as a real; nil when it holds anything else.
    package func real(_ index: Int32) -> Double? {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_FLOAT: sqlite3_column_double(statement, index)
        case SQLITE_INTEGER: Double(sqlite3_column_int64(statement, index))
        default: nil
        }
    }

    /// The column's text; nil when it holds anything else.
    package func text(_ index: Int32) -> String? {
        bytes(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// `read` of the column's text as UTF-8 bytes, without copying them (valid only within
    /// `read`); nil when the column holds anything but text.
    package func bytes<Result>(_ index: Int32, _ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard let value = sqlite3_column_value(statement, index), sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
        guard textIsUTF8 else {
            // Text kept as UTF-16 is converted.
            guard let text = sqlite3_value_text(value) else { return nil }
            return read(UnsafeBufferPointer(start: text, count: max(0, Int(sqlite3_value_bytes(value)))))
        }
        // The text's bytes as they are kept (as a blob's: asked as text, SQLite would first copy
        // them to end them with a zero); the empty text has no bytes to point at.
        guard let bytes = sqlite3_value_blob(value) else { return read(UnsafeBufferPointer(start: nil, count: 0)) }
        return read(UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: max(0, Int(sqlite3_value_bytes(value)))))
    }
}

/// An authorizer's decision, kept alive for the connection's life.
private final class AuthorizerBox: Sendable {
    let decide: @Sendable (Int32, String?, String?) -> Bool
    init(_ decide: @escaping @Sendable (Int32, String?, String?) -> Bool) { self.decide = decide }
}
