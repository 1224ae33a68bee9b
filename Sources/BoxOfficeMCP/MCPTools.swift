import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering

/// The tools the server offers: one per task a person asks an assistant, each decoding its
/// JSON arguments into a request (the same request the command line parses its words into), so
/// the answers are the same as `--json` gives.
struct MCPTool: Sendable {
    let name: String
    let title: String
    let description: String
    /// JSON Schema of the arguments, made from `inputs`.
    let input: JSONValue
    /// The arguments that are the request's words without a name (a title, codes).
    let wordArguments: [String]
    /// The shape of `structuredContent`, from the type of the command's value: the output schema.
    let output: JSONShape
    /// Whether the tool reaches KOBIS (quota_status only reads this machine's count).
    let reachesKOBIS: Bool
    /// Gives the arguments without a name in the request (a title, codes), in order, and checks
    /// what the input schema's types cannot say (which arguments are needed together, a code's form).
    let words: @Sendable (JSONValue) throws(MCPArgumentError) -> [String]
    /// The request the arguments decode into.
    let decode: @Sendable (ToolArguments) throws(UsageError) -> any ToolRequest
    /// What `structuredContent` holds: the command's JSON, wrapped when it is not an object.
    let wrap: @Sendable (JSONValue) -> JSONValue

    /// A tool taking `inputs` (those named in `required` needed), answering with a value of `output`'s shape.
    init(name: String, title: String, description: String, inputs: [ToolInput], required: [String] = [], output: JSONShape,
         reachesKOBIS: Bool = true, words: @escaping @Sendable (JSONValue) throws(MCPArgumentError) -> [String] = { _ throws(MCPArgumentError) in [] },
         decode: @escaping @Sendable (ToolArguments) throws(UsageError) -> any ToolRequest, wrap: @escaping @Sendable (JSONValue) -> JSONValue = { $0 }) {
        self.name = name
        self.title = title
        self.description = description
        input = MCPTools.schema(inputs.map(\.property), required: required)
        wordArguments = inputs.compactMap { if case let .words(name, _) = $0 { name } else { nil } }
        self.output = output
        self.reachesKOBIS = reachesKOBIS
        self.words = words
        self.decode = decode
        self.wrap = wrap
    }

    /// The tool as `tools/list` gives it, with the schema of its answers; `openWorld` says whether
    /// the server's answers come from the outside world (not from the recordings inside it).
    func listing(output: JSONValue?, openWorld: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
                                              ("inputSchema", input)]
        if let output { members.append(("outputSchema", output)) }
        members.append(("annotations", .object([
            ("title", .string(title)), ("readOnlyHint", .bool(true)), ("destructiveHint", .bool(false)),
            ("idempotentHint", .bool(true)), ("openWorldHint", .bool(reachesKOBIS && openWorld)),
        ])))
        return .object(members)
    }

    /// The argument names of the tool, as its input schema lists them.
    var argumentNames: [String] { input["properties"]?.keys ?? [] }
}

/// One argument of a tool: a parameter of its request, as the parameter's declaration types it,
/// or the request's words without a name (a title, codes), which the tool's `words` gives.
enum ToolInput: Sendable {
    case parameter(Parameter, String)
    case words(String, JSONValue)

    /// A parameter of the request, described for an assistant.
    static func the(_ parameter: Parameter, _ description: String) -> ToolInput { .parameter(parameter, description) }

    /// The argument that lets a call cost more than the server's limit of calls to KOBIS (the
    /// command line's `--max-calls`); the server reads it for every tool.
    static let maxCallsParameter = Parameter("maxCalls", value: "N", help: "the most calls to KOBIS this call may make", kind: .number(1...1_000_000))
    static let maxCalls = ToolInput.the(maxCallsParameter, "The most calls to KOBIS this call may make (days already in the cache cost none). A call that needs more is refused, saying how many it needs, so that a long period never spends a large part of the key's 3,000 calls a day unasked. Default: the server's limit, \(CallLimitError.standardLimit) unless it was started with --max-calls.")

    /// The argument's property in the input schema.
    var property: (String, JSONValue) {
        switch self {
        case let .parameter(parameter, description): parameter.property(description)
        case let .words(name, schema): (name, schema)
        }
    }
}

/// Arguments that do not fit a tool's schema: a tool result with `isError`, in the tool's terms.
struct MCPArgumentError: Error {
    let message: String
}

enum MCPTools {
    /// Every tool, in the order `tools/list` gives them; each is declared beside its answer.
    static let all: [MCPTool] = [
        DailyRequest.tool, DailyRequest.rangeTool, WeeklyRequest.tool, SearchRequest.tool, MovieRequest.tool,
        PeopleRequest.searchTool, PeopleRequest.detailsTool, CompanyRequest.searchTool, CompanyRequest.detailsTool,
        CodesRequest.tool, TrendQuery.tool, TopRequest.tool, RecordsQuery.tool, NewsRequest.tool, CalendarRequest.tool, CacheRequest.tool,
        SQLRequest.tool, HistoryRequest.infoTool,
    ]

    static func named(_ name: String) -> MCPTool? {
        all.first { $0.name == name }
    }

    // MARK: Schemas

    static func schema(_ properties: [(String, JSONValue)], required: [String] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
        members.append(("additionalProperties", .bool(false)))
        return .object(members)
    }

    static func stringSchema(_ description: String) -> JSONValue {
        .object([("type", .string("string")), ("minLength", .int(1)), ("description", .string(description))])
    }

    static func enumSchema(_ values: [String], _ description: String) -> JSONValue {
        .object([("type", .string("string")), ("enum", .array(values.map(JSONValue.string))), ("description", .string(description))])
    }

    /// The period a tool reads as `top` does: a year, a month, or a range of days.
    static let periodInputs: [ToolInput] = [
        .the(TopRequest.year, "A calendar year, e.g. 2025."),
        .the(TopRequest.month, "A month, YYYY-MM, e.g. 2025-10."),
        .the(RankingRange.from, "The first day of a range (YYYY-MM-DD)."),
        .the(RankingRange.to, "The last day of a range (YYYY-MM-DD); default yesterday in Korea."),
        .the(TopRequest.allTimeArgument, "true: every day from 2004-01-01 (KOBIS's first) to yesterday; at no call from a synced history (see history_info), else more than 8,000 calls, which maxCalls must allow."),
    ]

    static let pageDescription = "Which page of ten results (default 1)."

    static let filterInputs: [ToolInput] = [
        .the(RankingFilterOptions.nation, "Only Korean or only foreign films."),
        .the(RankingFilterOptions.market, "Only diversity (independent and art) or only commercial films."),
        .the(RankingFilterOptions.region, "Only one region, by name (서울시, 서울, seoul, 부산, gyeonggi …) or code (0105001)."),
        .the(RankingFilterOptions.deep, "Past the top 10: KOBIS's four filtered lists (Korean or foreign × diversity or commercial) merged into one ranking of up to 40 films; 'exactThrough' gives the last rank certainly in its true place (below it a film may be missing), and each entry its 'nation' and 'diversity'. Four calls a day (two with nation or market) instead of one."),
        .maxCalls,
    ]

    /// A words argument that is a non-empty string.
    static func text(_ name: String, _ description: String) -> ToolInput { .words(name, stringSchema(description)) }

    // MARK: Arguments

    static func string(_ arguments: JSONValue, _ key: String) throws(MCPArgumentError) -> String? {
        guard let value = arguments[key], value != .null else { return nil }
        guard let text = value.stringValue, !text.isEmpty else { throw MCPArgumentError(message: "'\(key)' must be a non-empty string") }
        return text
    }

    static func integer(_ arguments: JSONValue, _ key: String) throws(MCPArgumentError) -> Int? {
        switch arguments[key] {
        case nil, .null?: return nil
        case let .int(number)? where number.magnitude < 1_000_000_000: return Int(number)
        case let .double(number)? where number == number.rounded() && abs(number) < 1e9: return Int(number)
        default: throw MCPArgumentError(message: "'\(key)' must be a whole number")
        }
    }

    static func boolean(_ arguments: JSONValue, _ key: String) throws(MCPArgumentError) -> Bool? {
        switch arguments[key] {
        case nil, .null?: return nil
        case let .bool(value)?: return value
        default: throw MCPArgumentError(message: "'\(key)' must be true or false")
        }
    }

    /// An argument as its input schema types it: a non-empty string, a whole number, true or
    /// false (an array, and what a value must be beyond its type, are the tool's own to check).
    static func checkType(_ arguments: JSONValue, _ key: String, schema: JSONValue?) throws(MCPArgumentError) {
        switch schema?["type"]?.stringValue {
        case "string"?: _ = try string(arguments, key)
        case "integer"?: _ = try integer(arguments, key)
        case "boolean"?: _ = try boolean(arguments, key)
        default: break
        }
    }
}
