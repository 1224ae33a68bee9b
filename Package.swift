// swift-tools-version: 6.0
import PackageDescription

/// Both programs are linked with the Swift libraries built in: they start without loading and
/// binding Swift's shared libraries (the largest part of a Swift program's start-up on Linux), and
/// run on a machine with no Swift installed. ThreadSanitizer's runtime cannot run with them built
/// in (it stops at start-up, freeing memory it did not allocate), so `.ci/run` builds its
/// ThreadSanitizer stage with BOXOFFICE_DYNAMIC_STDLIB=1: the Swift libraries stay shared.
let staticStdlib = Context.environment["BOXOFFICE_DYNAMIC_STDLIB"] == "1" ? [] : ["-static-stdlib"]
let standalone: [SwiftSetting] = [.unsafeFlags(staticStdlib)]

let package = Package(
    name: "boxoffice",
    products: [
        .executable(name: "boxoffice", targets: ["boxoffice"]),
        .executable(name: "boxoffice-http", targets: ["boxoffice-http"]),
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore"]),
    ],
    targets: [
        // The program: KOBIS endpoints, DTOs, domain models, the HTTP seam, rendering.
        // FoundationEssentials only: no ICU, no FoundationNetworking, no libcurl.
        .target(name: "BoxOfficeCore", dependencies: ["BoxOfficeCrypto"]),
        // SHA-256 and PBKDF2 for review passwords, optimised even in debug builds: a password
        // takes 600,000 rounds, which unoptimised code would make a wait of half a minute.
        .target(name: "BoxOfficeCrypto", swiftSettings: [.unsafeFlags(["-O"])]),
        // The command line: a declarative parser, settings, and the one place errors become exit codes.
        .target(name: "BoxOfficeCLI", dependencies: ["BoxOfficeCore"]),
        // A shell around BoxOfficeCLI. It depends on the helper only so that `swift build` and
        // `swift run boxoffice` build both; neither links the other.
        .executableTarget(name: "boxoffice", dependencies: ["BoxOfficeCLI", "boxoffice-http"],
                          swiftSettings: standalone,
                          linkerSettings: [.unsafeFlags(staticStdlib)] + (staticStdlib.isEmpty ? [] : [.linkedLibrary("_FoundationCollections"), .linkedLibrary("_FoundationCShims")])),
        // The network helper: URLSession, run by boxoffice only when a request goes out (git's
        // git-remote-https model). libcurl stays a shared library, found through Linker/libcurl.so.
        .executableTarget(name: "boxoffice-http", dependencies: ["BoxOfficeCore"], exclude: ["Linker"],
                          swiftSettings: standalone,
                          linkerSettings: [.unsafeFlags(staticStdlib + ["-L", Context.packageDirectory + "/Sources/boxoffice-http/Linker"])]),
        // Expected/ holds whole outputs the tests read by path. The programs are tested as built.
        .testTarget(name: "BoxOfficeTests", dependencies: ["BoxOfficeCore", "BoxOfficeCLI", "BoxOfficeCrypto"], exclude: ["Expected"]),
    ],
    swiftLanguageModes: [.v6]
)
