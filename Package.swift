// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "boxoffice",
    products: [
        .executable(name: "boxoffice", targets: ["boxoffice"]),
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore"]),
    ],
    targets: [
        // The program: KOBIS endpoints, DTOs, domain models, the HTTP seam, rendering.
        .target(name: "BoxOfficeCore"),
        // The command line: a declarative parser, settings, and the one place errors become exit codes.
        .target(name: "BoxOfficeCLI", dependencies: ["BoxOfficeCore"]),
        // A shell around BoxOfficeCLI.
        .executableTarget(name: "boxoffice", dependencies: ["BoxOfficeCLI"]),
        // Expected/ holds whole outputs the tests read by path.
        .testTarget(name: "BoxOfficeTests", dependencies: ["BoxOfficeCore", "BoxOfficeCLI"], exclude: ["Expected"]),
    ],
    swiftLanguageModes: [.v6]
)
