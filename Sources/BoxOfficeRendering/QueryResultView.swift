import BoxOfficeCore

/// `boxoffice sql`: the rows of a query, as every table reads (at most ``shownRows`` of them, the
/// others counted under it), or every row in JSON, JSON Lines, CSV and TSV, keyed by the query's
/// column names.
extension QueryResult: Presentable {
    /// The rows a table shows; JSON and the flat formats write every row.
    package static let shownRows = 1_000

    /// The columns are the query's: none is known before it runs.
    package static var fieldNames: [String] { [] }
    package static var isList: Bool { true }
    package var columns: [String] { uniqueColumns }

    package var records: [JSONValue] {
        let names = uniqueColumns
        return rows.map { row in .object(zip(names, row).map { ($0, $1) }) }
    }

    package var json: JSONValue { .array(records) }

    package func table(_ options: RenderOptions) -> String {
        let names = uniqueColumns
        let shown = Array(records.prefix(Self.shownRows))
        var blocks = RecordTable.blocks(shown, fields: names, grouped: true, options)
        let hidden = rows.count - shown.count + more
        if hidden > 0 {
            let count = NumberFormat.grouped(hidden)
            let note = more > 0 && rows.count <= Self.shownRows
                ? Label("\(count) more row\(hidden == 1 ? "" : "s") past --max-rows", "--max-rows 뒤로 \(count)행 더 있음")
                : Label("\(count) more row\(hidden == 1 ? "" : "s") (every row with --format csv, json or jsonl)", "\(count)행 더 있음 (모든 행은 --format csv, json 또는 jsonl)")
            blocks.append(.notes([options.label(note)], wrap: options.width))
        }
        return Document(blocks).rendered(options)
    }

    /// The query's column names, each once: a name given twice (`SELECT a, a`) gets `_2` after it,
    /// so no key of a row's object hides another.
    var uniqueColumns: [String] {
        var seen: [String: Int] = [:]
        return columnNames.map { name in
            let count = (seen[name] ?? 0) + 1
            seen[name] = count
            return count == 1 ? name : "\(name)_\(count)"
        }
    }
}

// MARK: Fields

extension QueryResult {
    /// The answer as a tool gives it: the columns, then each row as a list of values in their
    /// order, and how many rows were left out.
    package static let toolShape = JSONShape.object([
        ("columns", .list(.leaf(.queryColumn), .queryColumns)), ("rows", .list(.list(.leaf(.queryValue), .queryRow), .queryRows)), ("more", .leaf(.queryMore)),
    ])

    /// The answer in ``toolShape``.
    package var toolJSON: JSONValue {
        .object([("columns", .array(uniqueColumns.map(JSONValue.string))), ("rows", .array(rows.map(JSONValue.array))), ("more", .int(Int64(more)))])
    }
}

// MARK: Meanings

package extension Meaning {
    /// What a query's `columns` holds.
    static let queryColumns = list(of: .string, "The query's column names, in its order.")
    /// What one of a query's `columns` is.
    static let queryColumn = leaf(.string, "A column's name.")
    /// What a query's `rows` holds.
    static let queryRows = list("The rows, each a list of values in the columns' order (a number, text, or null).")
    /// What one row is.
    static let queryRow = list("One row: its values in the columns' order.")
    /// What a value of a row is.
    static let queryValue = any("A value: a number, text, or null.")
    /// What a query's `more` holds.
    static let queryMore = leaf(.integer, "Rows the query had beyond those given (the row limit).")
}
