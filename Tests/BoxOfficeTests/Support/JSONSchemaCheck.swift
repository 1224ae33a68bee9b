import Foundation
import BoxOfficeCore
import Testing

/// Validates JSON values against JSON Schemas (2020-12, with formats) with Debian's python3 and
/// its `jsonschema` (python3-jsonschema); the test that asks is skipped where they are missing.
enum JSONSchemaCheck {
    /// A line per value that does not fit its schema: the name and the validator's message.
    static func failures(_ checks: [(name: String, schema: Any, instance: Any)]) async throws -> [String] {
        let input = try JSONSerialization.data(withJSONObject: checks.map { ["name": $0.name, "schema": $0.schema, "instance": $0.instance] })
        let (status, lines) = try await Blocking.run { try validate(input) }
        #expect(status == 0, "the schemas are valid JSON Schemas")
        return lines
    }

    /// The validator's exit status and lines for the checks in `input` (JSON).
    private static func validate(_ checks: Data) throws -> (status: Int32, lines: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("checks.json")
        try checks.write(to: input)
        let script = """
            import json, sys
            import jsonschema
            checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
            for check in json.load(open(sys.argv[1])):
                jsonschema.Draft202012Validator.check_schema(check["schema"])
                validator = jsonschema.Draft202012Validator(check["schema"], format_checker=checker)
                for error in validator.iter_errors(check["instance"]):
                    print(check["name"] + ": " + "/".join(map(str, error.absolute_path)) + ": " + error.message[:200])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, input.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try Executable.launch(process)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text.split(separator: "\n").map(String.init))
    }
}
