@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeMCP
@testable import BoxOfficeSamples
@testable import BoxOfficeRendering
import BoxOfficeCore
import Foundation
import Testing

/// The MCP tools' output schemas come from the shapes their values' types declare: every answer
/// kept as a golden has its tool's declared shape, and the schemas list what `tools/list` gives.
@Suite struct MCPOutputShapeTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Expected/mcp")

    @Test func everyGoldenAnswerHasItsToolsDeclaredShape() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).filter { $0.first?.isNumber == true }.sorted()
        #expect(files.count == 25)
        for file in files {
            let name = String(file.dropFirst(3).dropLast(5))
            let tool = try #require(MCPTools.named(name), "\(file)")
            let value = try #require(JSONValue.parse(try Data(contentsOf: Self.goldens.appendingPathComponent(file))))
            #expect(tool.output.describes(value), "\(file) does not have \(name)'s declared shape")
        }
    }

    @Test func aShapeRefusesWhatItDoesNotDeclare() throws {
        let weekly = try #require(JSONValue.parse(try Data(contentsOf: Self.goldens.appendingPathComponent("02-weekly_box_office.json"))))
        #expect(WeeklyBoxOffice.shape.describes(weekly))
        #expect(!DailyBoxOffice.shape.describes(weekly), "a week's keys are not a day's")
        let date: (String, JSONShape) = ("date", .leaf(.date))
        #expect(!JSONShape.object([date]).describes(.object([("date", .string("2023-04-23")), ("extra", .int(1))])))
        #expect(!JSONShape.object([date, ("rank", .leaf(.rank))]).describes(.object([("date", .string("2023-04-23"))])), "a required key is missing")
        #expect(JSONShape.object([date, ("filter", .optional(RankingScope.shape))]).describes(.object([("date", .string("2023-04-23"))])))
    }

    @Test func theSchemasAreThoseToolsListGives() throws {
        let listing = try #require(JSONValue.parse(try Data(contentsOf: Self.goldens.appendingPathComponent("tools-list.json"))))
        guard case let .array(tools)? = listing["result"]?["tools"] else { Issue.record("no tools in the golden"); return }
        #expect(tools.count == MCPTools.all.count)
        for tool in tools {
            let name = try #require(tool["name"]?.stringValue)
            #expect(tool["outputSchema"] == MCPServer.outputSchemas[name].map { JSONValue.parse(Data($0.serialized(pretty: false).utf8)) } ?? nil, "\(name)")
        }
    }
}
