import Foundation
import Testing

/// One engine, thin faces, as the sources show it: the command line names no KOBIS endpoint or
/// DTO and builds its engine at one composition root, the MCP server and `browse` are modules
/// that depend on no other face (the manifest says so, and the compiler holds them to it),
/// `browse` casts no value, and the demo is told from KOBIS in one place.
@Suite struct FaceBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under `folder` (relative to Sources), by its path from there, without its comments.
    static func code(under folder: String) throws -> [String: String] {
        let root = sources.appendingPathComponent(folder)
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) where path.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            files[folder + "/" + path] = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
        }
        return files
    }

    /// The files whose code holds `word` as a whole word.
    static func files(in files: [String: String], naming word: String) -> [String] {
        let pattern = try! Regex("\\b" + word + "\\b")
        return files.filter { $0.value.contains(pattern) }.keys.sorted()
    }

    @Test func theCommandLineReachesTheEngineOnlyAtItsCompositionRoot() throws {
        let cli = try Self.code(under: "BoxOfficeCLI")
        #expect(cli.count > 40, "the sources are read")
        for word in ["Endpoint", "BoxOfficeDTO", "MovieInfoDTO", "AnswerDecoder"] {
            #expect(Self.files(in: cli, naming: word) == [], "\(word)")
        }
        // The demo is a transport (a module of its own): it answers KOBIS's paths, as a server would.
        #expect(Self.files(in: cli, naming: "KOBISOperation") == [])
        // The client is composed from its middlewares in one place.
        #expect(Self.files(in: cli, naming: "MiddlewareChain") == ["BoxOfficeCLI/Commands/CommandContext.swift"])
        // The word is found where it is, so the checks above can fail.
        #expect(Self.files(in: try Self.code(under: "BoxOfficeCore"), naming: "Endpoint").count > 3)
    }

    /// The dependencies the manifest gives a target: the names in its `dependencies: [...]`.
    static func dependencies(of target: String) throws -> [String] {
        let manifest = try String(contentsOf: sources.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: ".target(name: \"\(target)\", dependencies: ["))
        let list = manifest[start.upperBound...].prefix { $0 != "]" }
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }

    @Test func eachFaceIsAModuleThatDependsOnNoOtherFace() throws {
        // The compiler keeps them apart: a face that named another's types would not build.
        #expect(try Self.dependencies(of: "BoxOfficeMCP") == ["BoxOfficeCore", "BoxOfficeRendering", "BoxOfficeArguments", "BoxOfficeHistory"])
        #expect(try Self.dependencies(of: "BoxOfficeBrowse") == ["BoxOfficeCore", "BoxOfficeRendering", "BoxOfficeReviews"])
        for shared in ["BoxOfficeArguments", "BoxOfficeSamples"] {
            #expect(try Self.dependencies(of: shared).allSatisfy { !["BoxOfficeCLI", "BoxOfficeMCP", "BoxOfficeBrowse"].contains($0) }, "\(shared)")
        }
        #expect(try Self.dependencies(of: "BoxOfficeCLI").contains("BoxOfficeMCP"), "the command line composes the faces")
        // The server renames no argument into a flag by string, and reads no command line.
        let mcp = try Self.code(under: "BoxOfficeMCP")
        #expect(mcp.count >= 5)
        for word in ["CommandArguments", "ArgumentParser", "Invocation", "inOwnTerms", "hasSuffix", "FailureReport"] {
            #expect(Self.files(in: mcp, naming: word) == [], "\(word)")
        }
    }

    /// The shared modules below the faces need nothing of the rendering: JSON, numbers and
    /// message words are the engine's (a module may import only what the manifest gives it, and
    /// none of them names the rendering module, so a build that has it at hand cannot slip it in).
    @Test func theSharedModulesStandOffTheRendering() throws {
        for module in ["BoxOfficeReviews", "BoxOfficeArguments", "BoxOfficeSamples"] {
            let dependencies = try Self.dependencies(of: module)
            #expect(!dependencies.contains("BoxOfficeRendering"), "\(module): \(dependencies)")
            #expect(Self.files(in: try Self.code(under: module), naming: "BoxOfficeRendering") == [], "\(module)")
        }
        // Nor does a face import a module its manifest entry does not name.
        for face in ["BoxOfficeMCP", "BoxOfficeBrowse"] {
            let dependencies = Set(try Self.dependencies(of: face))
            let imported = Set(try Self.code(under: face).values.flatMap { text in
                text.split(separator: "\n").compactMap { line in line.hasPrefix("import BoxOffice") ? String(line.dropFirst(7)) : nil }
            })
            #expect(imported.isSubset(of: dependencies), "\(face) imports \(imported.subtracting(dependencies).sorted())")
        }
    }

    @Test func browseCastsNoValueAndTheDemoIsToldInOnePlace() throws {
        let browse = try Self.code(under: "BoxOfficeBrowse")
        #expect(browse.count >= 5)
        // A module of its own, which imports no command line (the compiler would refuse the names).
        #expect(Self.files(in: browse, naming: "BoxOfficeCLI") == [])
        #expect(!browse.values.contains { $0.contains(" as? ") || $0.contains(" as! ") })
        let all = try Self.code(under: "BoxOfficeCLI").merging(try Self.code(under: "BoxOfficeCore")) { first, _ in first }
            .merging(browse) { first, _ in first }
        let demo = all.flatMap { file in file.value.split(separator: "\n").filter { $0.contains("invocation.demo") }.map { _ in file.key } }
        #expect(demo == ["BoxOfficeCLI/Commands/CommandContext.swift"])
        // Where answers come from is the client's to know: the samples are composed in one place,
        // and no request, tool or view names them.
        let faces = all.merging(try Self.code(under: "BoxOfficeMCP")) { first, _ in first }
        #expect(Self.files(in: faces, naming: "BoxOfficeSamples") == ["BoxOfficeCLI/Commands/CommandContext.swift"])
        #expect(Self.files(in: faces, naming: "AnswerSource") == [])
    }
}
