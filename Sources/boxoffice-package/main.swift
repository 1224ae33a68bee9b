import Foundation

// boxoffice-package DIR: a tool for maintainers (not installed). Builds the release programs and
// writes into DIR the Debian package, the tarball and SHA256SUMS. Run from the package's folder:
//
//     swift run -c release boxoffice-package DIR
//
// The man page and the completion scripts come from the built program itself, so they never drift
// from it; the package's dependencies are read from the binaries (dpkg-shlibdeps).

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1, !arguments[0].hasPrefix("-") else {
    FileHandle.standardError.write(Data("""
        usage: swift run -c release boxoffice-package DIR
        Builds boxoffice in release mode and writes boxoffice_VERSION_amd64.deb,
        boxoffice-VERSION-linux-x86_64.tar.gz and SHA256SUMS into DIR.

        """.utf8))
    exit(arguments == ["--help"] || arguments == ["-h"] ? 0 : 64)
}

do {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    guard manifest.contains("name: \"boxoffice\"") else {
        throw Shell.Failure(description: "run it from the boxoffice package's folder (the one holding its Package.swift)")
    }
    let output = URL(fileURLWithPath: arguments[0], relativeTo: root).standardizedFileURL
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    print("building the release programs…")
    try Shell.run(["swift", "build", "-c", "release", "--product", "boxoffice"], in: root)
    try Shell.run(["swift", "build", "-c", "release", "--product", "boxoffice-http"], in: root)
    let bin = URL(fileURLWithPath: try Shell.text(["swift", "build", "-c", "release", "--show-bin-path"], in: root))
    let package = try Packager(programs: bin, output: output)
    for file in try [package.debian(), package.tarball()] + [package.checksums()] {
        print("wrote \(file.path)")
    }
} catch {
    FileHandle.standardError.write(Data("boxoffice-package: \(error)\n".utf8))
    exit(1)
}
