import BoxOfficeCore

/// One of KOBIS's code tables (`codes`, the `code_table` tool).
package struct CodesRequest: Equatable, Sendable {
    /// nil: list the tables boxoffice knows by name.
    package var table: CodeTable?

    package init(_ arguments: some ArgumentReader) throws(UsageError) {
        try arguments.expectPositionals(atMost: 1)
        guard let name = arguments.positionals.first?.trimmingBlanks().lowercased() else {
            if arguments.has(Parameter.raw) {
                throw UsageError(message: "--raw needs a table, e.g. 'boxoffice codes regions --raw'", command: arguments.name)
            }
            return
        }
        let aliases: [String: CodeTable] = ["region": .regions, "nation": .nations, "type": .movieTypes, "movietypes": .movieTypes,
                                            "part": .companyParts, "companyparts": .companyParts]
        if let known = CodeTable.named.first(where: { $0.name == name }) ?? aliases[name] {
            table = known
        } else if !name.isEmpty, name.utf8.count <= 10, name.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            table = .other(name)
        } else if ["genres", "genre", "grades", "grade"].contains(name) {
            // Asked for in issues and by users; KOBIS documents no comCode for either.
            let what = name.hasPrefix("genre") ? "genres" : "rating grades"
            throw UsageError(message: "KOBIS publishes no code table of \(what) that boxoffice knows of; the tables are \(CodeTable.named.map(\.name).joined(separator: ", ")) (\(what) appear by name in 'search' and 'movie')", command: arguments.name)
        } else {
            let names = CodeTable.named.map(\.name)
            let hint = Suggestion.hint(name, among: names)
            throw UsageError(message: "unknown code table \(UsageError.quote(name)); the tables are \(names.joined(separator: ", ")), or give a KOBIS comCode (digits)\(hint)", command: arguments.name)
        }
    }

}
