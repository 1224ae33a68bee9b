import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

extension LookupRequest where Kind == People {
    static var searchTool: MCPTool {
        MCPTool(
            name: "search_people", title: "Search people",
            description: "Find actors, directors and crew in KOBIS by name (in Korean, e.g. '봉준호'); returns their people codes, names, English names, main roles and film titles.",
            inputs: [MCPTools.text("name", "The person's name."), .the(PeopleRequest.page, MCPTools.pageDescription)], required: ["name"],
            output: .object([("people", .list(PersonSummary.shape, .people))]),
            words: { arguments throws(MCPArgumentError) in
                guard let name = try MCPTools.string(arguments, "name") else { throw MCPArgumentError(message: "search_people needs 'name'") }
                guard !CodeArgument.isCode(name) else { throw MCPArgumentError(message: "'name' is a code; use person_details for a people code") }
                return [name]
            },
            decode: { arguments throws(UsageError) in try PeopleRequest(arguments) },
            wrap: { .object([("people", $0)]) })
    }

    static var detailsTool: MCPTool {
        MCPTool(
            name: "person_details", title: "Person details and filmography",
            description: "One person's details from KOBIS and their whole filmography (each film's code, title and the part they had), by people code (from search_people).",
            inputs: [MCPTools.text("peopleCode", "A KOBIS people code such as 10031641.")], required: ["peopleCode"],
            output: Person.shape,
            words: { arguments throws(MCPArgumentError) in
                guard let code = try MCPTools.string(arguments, "peopleCode"), CodeArgument.isCode(code) else {
                    throw MCPArgumentError(message: "person_details needs 'peopleCode', such as 10031641")
                }
                return [code]
            },
            decode: { arguments throws(UsageError) in try PeopleRequest(arguments) })
    }
}

extension LookupRequest where Kind == Companies {
    static var searchTool: MCPTool {
        MCPTool(
            name: "search_companies", title: "Search film companies",
            description: "Find production and distribution companies in KOBIS by name; returns their company codes, names, categories, CEOs and films.",
            inputs: [MCPTools.text("name", "The company's name, e.g. 'CJ' or '쇼박스'."), .the(CompanyRequest.page, MCPTools.pageDescription)], required: ["name"],
            output: .object([("companies", .list(CompanySummary.shape, .companies))]),
            words: { arguments throws(MCPArgumentError) in
                guard let name = try MCPTools.string(arguments, "name") else { throw MCPArgumentError(message: "search_companies needs 'name'") }
                return [name]
            },
            decode: { arguments throws(UsageError) in try CompanyRequest(arguments) },
            wrap: { .object([("companies", $0)]) })
    }

    static var detailsTool: MCPTool {
        MCPTool(
            name: "company_details", title: "Company details and films",
            description: "One company's details from KOBIS (CEO, categories) and its films with the part it played, by company code (from search_companies).",
            inputs: [MCPTools.text("companyCode", "A KOBIS company code such as 20100109.")], required: ["companyCode"],
            output: Company.shape,
            words: { arguments throws(MCPArgumentError) in
                guard let code = try MCPTools.string(arguments, "companyCode"), CodeArgument.isCode(code) else {
                    throw MCPArgumentError(message: "company_details needs 'companyCode', such as 20100109")
                }
                return [code]
            },
            decode: { arguments throws(UsageError) in try CompanyRequest(arguments) })
    }
}

extension LookupRequest: ToolRequest where Kind.Record: Presentable, Kind.Summary: SearchItem {
    nonisolated(nonsending) func answer(_ call: ToolCall) async throws -> ToolAnswer {
        let client = try call.session.client()
        switch target {
        case let .code(code):
            return ToolAnswer(json: try await client.answer(Kind.record(code)).value.json)
        case let .name(name, page):
            var found = try await client.answer(Kind.search(name, page: page)).value
            // A client that holds only some records: the hint names one it holds, or says it holds none.
            if let held = client.heldRecords(of: Kind.name) { found.detailsAtHand = held }
            return ToolAnswer(json: found.json)
        }
    }
}
