@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeMCP
@testable import BoxOfficeSamples
import BoxOfficeCore
import BoxOfficeRendering
import Testing

/// Each face is an adapter: the command line's words and an MCP tool's JSON decode into the same
/// request, and each face's messages name its own arguments.
@Suite struct RequestDecodingTests {
    let today = Day(year: 2026, month: 11, day: 22)!

    /// The request the command line's words give.
    private func fromCommandLine(_ arguments: [String]) throws -> any BoxOfficeCommand {
        let invocation = try Invocation(try ArgumentParser().parse(arguments), environment: [:], today: today)
        guard case let .run(command) = invocation.command else { throw UsageError(message: "not a command that runs") }
        return command
    }

    /// The request a tool's JSON gives.
    private func fromTool(_ name: String, _ arguments: [(String, JSONValue)]) throws -> any ToolRequest {
        let tool = try #require(MCPTools.named(name))
        return try tool.request(.object(arguments), today: today)
    }

    /// Whether both faces gave the same request of `type`; each must give one of that type, or
    /// the check fails there (so "not the same" is never a wrong type passing for a difference).
    private func same<R: BoxOfficeRequest & Equatable>(_ command: any BoxOfficeCommand, _ request: any ToolRequest, as type: R.Type,
                                                       sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let command = try #require(command as? R, "the command line's words are not a \(type)", sourceLocation: sourceLocation)
        let request = try #require(request as? R, "the tool's JSON is not a \(type)", sourceLocation: sourceLocation)
        return command == request
    }

    @Test func theSameRequestFromWordsAndFromJSON() throws {
        #expect(try same(try fromCommandLine(["daily", "--date", "2023-04-23", "--multi", "--nation", "korean", "--region", "서울"]),
                     try fromTool("daily_box_office", [("date", .string("2023-04-23")), ("market", .string("diversity")),
                                                       ("nation", .string("korean")), ("region", .string("서울"))]),
                     as: DailyRequest.self))
        #expect(try same(try fromCommandLine(["daily", "--from", "2023-04-01", "--to", "2023-04-30", "--commercial"]),
                     try fromTool("daily_box_office_range", [("from", .string("2023-04-01")), ("to", .string("2023-04-30")), ("market", .string("commercial"))]),
                     as: DailyRequest.self))
        #expect(try same(try fromCommandLine(["weekly", "--date", "2023-04-23", "--period", "weekend"]),
                     try fromTool("weekly_box_office", [("date", .string("2023-04-23")), ("period", .string("weekend"))]),
                     as: WeeklyRequest.self))
        #expect(try same(try fromCommandLine(["search", "괴물", "--director", "봉준호", "--year", "2006", "--page", "2"]),
                     try fromTool("search_movies", [("title", .string("괴물")), ("director", .string("봉준호")), ("year", .int(2006)), ("page", .int(2))]),
                     as: SearchRequest.self))
        #expect(try same(try fromCommandLine(["movie", "20124079"]), try fromTool("movie_details", [("movie", .string("20124079"))]), as: MovieRequest.self))
        #expect(try same(try fromCommandLine(["people", "봉준호", "--page", "3"]), try fromTool("search_people", [("name", .string("봉준호")), ("page", .int(3))]),
                     as: PeopleRequest.self))
        #expect(try same(try fromCommandLine(["people", "10031641"]), try fromTool("person_details", [("peopleCode", .string("10031641"))]), as: PeopleRequest.self))
        #expect(try same(try fromCommandLine(["company", "20100109"]), try fromTool("company_details", [("companyCode", .string("20100109"))]),
                     as: CompanyRequest.self))
        #expect(try same(try fromCommandLine(["codes", "regions"]), try fromTool("code_table", [("table", .string("regions"))]), as: CodesRequest.self))
        #expect(try same(try fromCommandLine(["trend", "20199882", "어쩔수가없다", "--from", "2023-04-01", "--to", "2023-04-30", "--align", "opening"]),
                     try fromTool("movie_trend", [("movies", .array([.string("20199882"), .string("어쩔수가없다")])), ("from", .string("2023-04-01")),
                                                  ("to", .string("2023-04-30")), ("alignOpening", .bool(true))]),
                     as: TrendQuery.self))
        #expect(try same(try fromCommandLine(["top", "--month", "2023-04", "--limit", "5", "--nation", "foreign"]),
                     try fromTool("top_films", [("month", .string("2023-04")), ("limit", .int(5)), ("nation", .string("foreign"))]),
                     as: TopRequest.self))
        #expect(try same(try fromCommandLine(["top", "--year", "2023"]), try fromTool("top_films", [("year", .int(2023))]), as: TopRequest.self))
        #expect(try same(try fromCommandLine(["calendar", "2023-04"]), try fromTool("month_calendar", [("month", .string("2023-04"))]), as: CalendarRequest.self))
        #expect(try same(try fromCommandLine(["calendar"]), try fromTool("month_calendar", []), as: CalendarRequest.self))
        #expect(try same(try fromCommandLine(["cache", "info"]), try fromTool("quota_status", []), as: CacheRequest.self))
        #expect(try same(try fromCommandLine(["records", "--month", "2025-10", "--limit", "3", "--milestone", "300만", "--nation", "korean"]),
                         try fromTool("period_records", [("month", .string("2025-10")), ("limit", .int(3)), ("milestone", .string("3000000")),
                                                         ("nation", .string("korean"))]),
                         as: RecordsQuery.self))
        #expect(try same(try fromCommandLine(["records", "--year", "2024"]), try fromTool("period_records", [("year", .int(2024))]), as: RecordsQuery.self))
        #expect(try same(try fromCommandLine(["news", "--date", "2025-10-03", "--deep"]),
                         try fromTool("box_office_news", [("date", .string("2025-10-03")), ("deep", .bool(true))]), as: NewsRequest.self))
        #expect(try same(try fromCommandLine(["news"]), try fromTool("box_office_news", []), as: NewsRequest.self))
        // Different requests are told apart, so the checks above can fail.
        #expect(try !same(try fromCommandLine(["daily", "--date", "2023-04-23", "--multi"]),
                      try fromTool("daily_box_office", [("date", .string("2023-04-23")), ("market", .string("commercial"))]), as: DailyRequest.self))
        #expect(try !same(try fromCommandLine(["news", "--date", "2025-10-03"]),
                          try fromTool("box_office_news", [("date", .string("2025-10-02"))]), as: NewsRequest.self))
        #expect(try !same(try fromCommandLine(["records", "--month", "2025-10"]),
                          try fromTool("period_records", [("month", .string("2025-10")), ("limit", .int(3))]), as: RecordsQuery.self))
        #expect(try !same(try fromCommandLine(["trend", "20199882"]),
                      try fromTool("movie_trend", [("movies", .array([.string("20199882")])), ("alignOpening", .bool(true))]), as: TrendQuery.self))
    }

    /// The same check, in each face's terms: the command line names flags, a tool its arguments.
    @Test func oneCheckWordedByEachFace() throws {
        func commandLineMessage(_ arguments: [String]) -> String {
            do { _ = try fromCommandLine(arguments) } catch let error as UsageError { return error.message } catch { return "\(error)" }
            return ""
        }
        func toolMessage(_ name: String, _ arguments: [(String, JSONValue)]) -> String {
            do { _ = try fromTool(name, arguments) } catch let error as MCPArgumentError { return error.message } catch { return "\(error)" }
            return ""
        }
        #expect(commandLineMessage(["top", "--year", "2023", "--month", "2023-04"])
                == "--year and --month cannot be used together; give one period: --year, --month, --all-time, or --from and --to")
        #expect(toolMessage("top_films", [("year", .int(2023)), ("month", .string("2023-04"))])
                == "year and month cannot be used together; give one period: year, month, allTime, or from and to")
        #expect(commandLineMessage(["daily", "--from", "2023-04-23", "--to", "2023-04-01"]) == "--from 2023-04-23 is after --to 2023-04-01")
        #expect(toolMessage("daily_box_office_range", [("from", .string("2023-04-23")), ("to", .string("2023-04-01"))]) == "from 2023-04-23 is after to 2023-04-01")
        #expect(commandLineMessage(["top", "--limit", "0"]) == "--limit '0' is not a whole number from 1 to 10,000")
        #expect(toolMessage("top_films", [("limit", .int(0))]) == "limit '0' is not a whole number from 1 to 10,000")
        #expect(commandLineMessage(["daily", "--date", "2023-02-30"]) == "--date '2023-02-30' is not a real date")
        #expect(toolMessage("daily_box_office", [("date", .string("2023-02-30"))])
                == "date must be a day such as 2023-03-27 (or 20230327, 2023.03.27, 2023/03/27, 2023년 3월 27일), yesterday (어제) or -Nd (N days ago); '2023-02-30' is not a real date")
        #expect(toolMessage("daily_box_office", [("date", .string("someday"))])
                == "date must be a day such as 2023-03-27 (or 20230327, 2023.03.27, 2023/03/27, 2023년 3월 27일), yesterday (어제) or -Nd (N days ago); 'someday' is not a date")
    }

    /// A parameter is declared once: the command line's help and a tool's input schema read the
    /// same declaration, so a tool's argument has the bounds the request enforces on either face.
    @Test func aToolsArgumentIsTheRequestsDeclaration() throws {
        func property(_ tool: String, _ name: String) throws -> JSONValue {
            try #require(MCPTools.named(tool)?.input["properties"]?[name], "\(tool) has no \(name)")
        }
        #expect(try property("top_films", "limit")["maximum"] == .int(10_000) && TopRequest.limit.kind == .number(1...10_000))
        #expect(TopRequest.spec.options.contains { $0.name == "limit" && $0.value == "N" && $0.defaultValue == "10" })
        #expect(try property("search_movies", "page")["maximum"] == .int(100_000))
        #expect(try property("search_people", "page")["minimum"] == .int(1))
        #expect(try property("weekly_box_office", "period")["enum"] == .array(WeekPeriod.allCases.map { .string($0.rawValue) }))
        #expect(try property("daily_box_office", "nation")["enum"] == .array([.string("korean"), .string("foreign")]))
        #expect(try property("daily_box_office", "region")["minLength"] == .int(1))
        #expect(try property("top_films", "year")["minimum"] == .int(Int64(TopRequest.firstYear)))
        // What a tool names otherwise is the tool's own (market for --multi and --commercial).
        #expect(try property("daily_box_office", "market")["enum"] == .array([.string("diversity"), .string("commercial")]))
        // Past the declared bound, each face refuses it in its own words.
        let limit = try #require(MCPTools.named("top_films"))
        #expect(throws: MCPArgumentError.self) { try limit.request(.object([("limit", .int(10_001))]), today: today) }
        #expect(throws: UsageError.self) { try fromCommandLine(["top", "--limit", "10001"]) }
    }

    /// A tool reads only its own arguments: a parameter of the request that the tool does not
    /// offer (`svg`, `all`, `multi` by that name) is never read from its JSON, nor are its words.
    @Test func aToolReadsOnlyWhatItOffers() throws {
        let tool = try #require(MCPTools.named("daily_box_office"))
        let reader = ToolArguments(name: tool.name, today: today, positionals: [],
                                   arguments: .object([("market", .string("diversity")), ("multi", .bool(true)), ("svg", .string("x"))]), offered: tool.parameterNames)
        #expect(reader.value("market") == .text("diversity"))
        #expect(reader.value("multi") == nil && reader.value("svg") == nil)
        #expect(try RankingFilterOptions(reader).market == .diversity)
        let trend = try #require(MCPTools.named("movie_trend"))
        #expect(trend.wordArguments == ["movies"])
        let words = ToolArguments(name: trend.name, today: today, positionals: ["x"],
                                  arguments: .object([("movies", .array([.string("x")])), ("alignOpening", .bool(true))]), offered: trend.parameterNames)
        #expect(words.value("movies") == nil && words.value("align") == nil)
        #expect(try TrendQuery(words).alignOpening)
    }
}
