import BoxOfficeCore
extension CodeList {
    /// The codes as a table: code, Korean name, English name.
    package func table(_ options: RenderOptions) -> String {
        var document = Document([.heading("\(options.label(Label("KOBIS codes", "영진위 공통코드"))) · \(table.name) (comCode \(table.comCode)) · \(NumberFormat.grouped(entries.count))"), .blank])
        guard !entries.isEmpty else {
            document.append(.text("KOBIS lists no codes under \(table.comCode)."))
            return document.rendered(options)
        }
        let english = entries.contains { $0.nameEnglish != nil }
        var columns: [TextTable.Column] = [.init(title: Label("Code", "코드")), .init(title: Label("Name", "이름"))]
        if english { columns.append(.init(title: Label("English name", "영문 이름"), flexible: true)) }
        let rendered = TextTable(columns: columns, rows: entries.map { entry in
            [.init(entry.code), .init(entry.name)] + (english ? [.init(entry.nameEnglish ?? "")] : [])
        })
        document.append(.table(rendered))
        return document.rendered(options)
    }

    package var json: JSONValue { .array(entries.map(\.json)) }

}

extension CodeList.Entry {
    package var json: JSONValue { CodeList.entryFields.json(self) }
}

/// The code tables `boxoffice codes` knows by name, listed without the network.
package struct CodeCatalogue: Presentable {
    package init() {}

    /// A table's row.
    static let fields: [Field<CodeTable>] = [
        .leaf("table", .table) { .string($0.name) }, .leaf("comCode", .comCode) { .string($0.comCode) }, .leaf("holds", .holds) { .string($0.holds) },
    ]
    package static let fieldNames = fields.keys()
    package static var isList: Bool { true }

    package func table(_ options: RenderOptions) -> String {
        let table = TextTable(columns: [.init(title: Label("Table", "코드표")), .init(title: Label("comCode", "comCode")), .init(title: Label("Holds", "내용"), flexible: true)],
                              rows: CodeTable.named.map { [.init($0.name), .init($0.comCode), .init($0.holds)] })
        return Document([.heading(options.label(Label("KOBIS code tables", "영진위 공통코드"))), .blank, .table(table), .blank,
                  .text("Show one with 'boxoffice codes regions'; any other comCode works too ('boxoffice codes 2204').")]).rendered(options)
    }

    package var json: JSONValue { .array(records) }

    package var records: [JSONValue] {
        CodeTable.named.map(Self.fields.json)
    }
}

extension CodeTable {
    /// What the table holds, as the `codes` listing says it: the regions name the option that takes them.
    var holds: String {
        self == .regions ? summary + ", for --region" : summary
    }
}

// MARK: Fields

extension CodeList {
    /// One code of the table (the table's JSON is the list of them).
    package static let entryFields: [Field<CodeList.Entry>] = [
        .leaf("code", .code) { .string($0.code) }, .leaf("name", .name) { .string($0.name) }, .leaf("nameEnglish", .nameEnglish) { JSONValue($0.nameEnglish) },
    ]
    package static let entryShape = entryFields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `table` holds.
    static let table = leaf(.string, "The code table's name, as 'boxoffice codes' takes it.")
    /// What `comCode` holds.
    static let comCode = leaf(.string, "KOBIS's code of the table (comCode).")
    /// What `holds` holds.
    static let holds = leaf(.string, "What the table holds.")
}
