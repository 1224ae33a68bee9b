import BoxOfficeCore
import CSQLite

/// Why a query was not run, or was stopped (each face words it).
public enum QueryError: Error, Sendable, Equatable {
    /// Not a read: a write, a schema change, ATTACH, a PRAGMA that changes anything, an extension.
    case notARead(String)
    /// SQLite could not read the query (a syntax error, an unknown table or column).
    case invalid(String)
    /// The query ran past its time and was stopped.
    case timedOut(seconds: Double)
}

extension HistoryDatabase {
    /// The PRAGMAs a query may read (with no value given: a PRAGMA with a value changes something).
    static let readablePragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list", "user_version",
        "schema_version", "application_id", "page_count", "page_size", "freelist_count", "database_list", "collation_list",
        "function_list", "pragma_list", "module_list", "compile_options", "data_version", "encoding", "journal_mode",
    ]

    /// Runs one read-only statement: anything but a read is refused before it runs; a query past
    /// `timeout` is stopped; at most `maxRows` rows are kept (the others counted in `more`).
    package func query(_ sql: String, maxRows: Int? = nil, timeout: Duration? = nil) throws -> QueryResult {
        let refused = Locked<String?>(nil)
        connection.authorize { action, first, second in
            let reason: String? = switch action {
            case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE: nil
            case SQLITE_FUNCTION:
                ["load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"].contains(second?.lowercased() ?? "") ? "the function \(second ?? "")" : nil
            case SQLITE_PRAGMA:
                second == nil && Self.readablePragmas.contains(first?.lowercased() ?? "") ? nil : "PRAGMA \(first ?? "")\(second.map { " = \($0)" } ?? "")"
            case SQLITE_ATTACH, SQLITE_DETACH: "ATTACH and DETACH"
            case SQLITE_TRANSACTION, SQLITE_SAVEPOINT: "a transaction"
            case SQLITE_ANALYZE: "ANALYZE"
            default: "a write or a change of the schema"
            }
            if let reason { refused.withLock { $0 = $0 ?? reason } }
            return reason == nil
        }
        var columns: [String] = []
        var rows: [[JSONValue]] = []
        var more = 0
        do {
            try connection.within(timeout) {
                try connection.query(sql, check: { statement throws(SQLiteError) in
                    // A statement that would change the database is not run, whatever the authorizer allowed.
                    guard sqlite3_stmt_readonly(statement) != 0 else { throw SQLiteError(code: SQLITE_AUTH, message: "not a read") }
                }, columns: { columns = $0 }) { row throws(SQLiteError) in
                    if let maxRows, rows.count >= maxRows { more += 1 } else { rows.append(row.map(\.json)) }
                    return true
                }
            }
        } catch let error as SQLiteError {
            if error.code == SQLITE_AUTH { throw QueryError.notARead(refused.withLock { $0 } ?? "a statement that is not a read") }
            if error.isInterrupt { throw QueryError.timedOut(seconds: timeout.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? 0) }
            if error.isDamage { throw HistoryError.damaged(path: path, reason: error.message) }
            throw QueryError.invalid(error.message)
        }
        return QueryResult(columnNames: columns, rows: rows, more: more)
    }
}
