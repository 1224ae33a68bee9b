import Foundation

/// The programs some checks need beside the toolchain. A check whose tool is missing is skipped
/// visibly (`.enabled(if:)`), never passed without looking; `.ci/run` installs them all.
enum InstalledTools {
    static func has(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    static let zsh = has("/usr/bin/zsh")
    static let fish = has("/usr/bin/fish")
    static let bash = has("/bin/bash")
    static let man = has("/usr/bin/man")
    static let python = has("/usr/bin/python3")
    static let openssl = has("/usr/bin/openssl")
    static let gdb = has("/usr/bin/gdb") && has("/usr/bin/timeout")

    /// Debian's python3 with its `jsonschema` module (the python3-jsonschema package).
    static let jsonSchema: Bool = {
        guard python else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import jsonschema"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? Executable.launch(process)) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// `swift-symbolgraph-extract`, from the toolchain on PATH.
    static let symbolGraphExtractor: URL? = ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift-symbolgraph-extract") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
