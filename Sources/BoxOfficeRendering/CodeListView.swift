import BoxOfficeCore
extension CodeList {
    /// The codes as a table: code, Korean name, English name.
    package func table(_ options: RenderOptions) -> String {
        let heading = TextColor.bold.apply("\(options.label("KOBIS codes")) · \(table.name) (comCode \(table.comCode)) · \(NumberFormat.grouped(entries.count))", if: options.colors) + "\n"
        guard !entries.isEmpty else { return heading + "\nKOBIS lists no codes under \(table.comCode).\n" }
        let english = entries.contains { $0.nameEnglish != nil }
        var columns: [TextTable.Column] = [.init(title: "Code"), .init(title: "Name")]
        if english { columns.append(.init(title: "English name", flexible: true)) }
        let rendered = TextTable(columns: columns, rows: entries.map { entry in
            [.init(entry.code), .init(entry.name)] + (english ? [.init(entry.nameEnglish ?? "")] : [])
        })
        return heading + "\n" + rendered.render(options).joined(separator: "\n") + "\n"
    }

    package var json: JSONValue { .array(entries.map(\.json)) }

}

extension CodeList.Entry {
    package var json: JSONValue {
        .object([("code", .string(code)), ("name", .string(name)), ("nameEnglish", JSONValue(nameEnglish))])
    }
}

/// The code tables `boxoffice codes` knows by name, listed without the network.
package struct CodeCatalogue: Presentable {
    package init() {}

    package static let fieldNames = ["table", "comCode", "holds"]
    package static var isList: Bool { true }

    package func table(_ options: RenderOptions) -> String {
        let table = TextTable(columns: [.init(title: "Table"), .init(title: "comCode"), .init(title: "Holds", flexible: true)],
                              rows: CodeTable.named.map { [.init($0.name), .init($0.comCode), .init($0.holds)] })
        return TextColor.bold.apply(options.label("KOBIS code tables"), if: options.colors) + "\n\n" + table.render(options).joined(separator: "\n")
            + "\n\nShow one with 'boxoffice codes regions'; any other comCode works too ('boxoffice codes 2204').\n"
    }

    package var json: JSONValue { .array(records) }

    package var records: [JSONValue] {
        CodeTable.named.map { .object([("table", .string($0.name)), ("comCode", .string($0.comCode)), ("holds", .string($0.holds))]) }
    }
}

extension CodeTable {
    /// What the table holds, as the `codes` listing says it: the regions name the option that takes them.
    var holds: String {
        self == .regions ? summary + ", for --region" : summary
    }
}
