/// A read-only query's answer (`boxoffice sql`): its columns, in the query's order, and its rows,
/// each value as JSON has it (a number, text, null).
package struct QueryResult: Sendable, Equatable {
    /// The query's column names, in its order.
    package var columnNames: [String]
    package var rows: [[JSONValue]]
    /// Rows the query had beyond those kept (`--max-rows`).
    package var more: Int

    package init(columnNames: [String], rows: [[JSONValue]], more: Int = 0) {
        self.columnNames = columnNames
        self.rows = rows
        self.more = more
    }
}
