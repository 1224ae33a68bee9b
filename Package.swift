// swift-tools-version: 6.0
import PackageDescription

/// Both programs are linked with the Swift libraries built in: they start without loading and
/// binding Swift's shared libraries (the largest part of a Swift program's start-up on Linux), and
/// run on a machine with no Swift installed. ThreadSanitizer's runtime cannot run with them built
/// in (it stops at start-up, freeing memory it did not allocate), so `.ci/run` builds its
/// ThreadSanitizer stage with BOXOFFICE_DYNAMIC_STDLIB=1: the Swift libraries stay shared.
let staticStdlib = Context.environment["BOXOFFICE_DYNAMIC_STDLIB"] == "1" ? [] : ["-static-stdlib"]
let standalone: [SwiftSetting] = [.unsafeFlags(staticStdlib)]
/// With the Swift libraries built in, Foundation's own helper libraries are named too.
let foundationHelpers: [LinkerSetting] = staticStdlib.isEmpty ? [] : [.linkedLibrary("_FoundationCollections"), .linkedLibrary("_FoundationCShims")]
let mainLinking: [LinkerSetting] = [.unsafeFlags(staticStdlib)] + foundationHelpers
let helperLinking: [LinkerSetting] = [.unsafeFlags(staticStdlib + ["-L", Context.packageDirectory + "/Sources/boxoffice-http/Linker"])]

let package = Package(
    name: "boxoffice",
    products: [
        .executable(name: "boxoffice", targets: ["boxoffice"]),
        .executable(name: "boxoffice-http", targets: ["boxoffice-http"]),
        // The library: KOBIS's operations as one client over any transport, the domain models, and
        // a URLSession transport in a module of its own (the command line never loads networking).
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore", "BoxOfficeURLSession", "BoxOfficeHistory"]),
    ],
    targets: [
        // The library: KOBIS endpoints, DTOs, domain models, the HTTP seam, and the client as a
        // stack of small layers. FoundationEssentials only: no ICU, no FoundationNetworking, no libcurl.
        .target(name: "BoxOfficeCore"),
        // What the command line shows: tables that fit the terminal, colours, charts and SVG, the
        // JSON writer and the flat formats. Not in the library product.
        .target(name: "BoxOfficeRendering", dependencies: ["BoxOfficeCore"]),
        // The command line's files: the on-disk answer cache and call counts (the cache layer's and
        // the quota layer's storage), XDG folders, and files that are never followed through links.
        .target(name: "BoxOfficeStorage", dependencies: ["BoxOfficeCore"]),
        // The command line's own transports, Linux programs' business and so not in the library:
        // the network helper's client side and protocol (posix_spawn, a socket pair), and plain
        // HTTP/1.1 for http://[IPv6] servers.
        .target(name: "BoxOfficeTransports", dependencies: ["BoxOfficeCore", "BoxOfficeStorage"]),
        // The library's HTTP transport on Foundation's URLSession (FoundationNetworking on Linux).
        .target(name: "BoxOfficeURLSession", dependencies: ["BoxOfficeCore"]),
        // SHA-256 and PBKDF2 for review passwords, optimised even in debug builds: a password
        // takes 600,000 rounds, which unoptimised code would make a wait of half a minute.
        .target(name: "BoxOfficeCrypto", swiftSettings: [.unsafeFlags(["-O"])]),
        // The user's own reviews of movies, kept on their disk, with salted password hashes. Not in
        // the library product: BoxOfficeCrypto's optimisation flag is unsafe for a versioned dependency.
        .target(name: "BoxOfficeReviews", dependencies: ["BoxOfficeCore", "BoxOfficeStorage", "BoxOfficeCrypto"]),
        // browse, the full-screen view: its state machine, screens, terminal and loop, over a
        // BrowseSource the program that shows it gives it. It knows no command line.
        .target(name: "BoxOfficeBrowse", dependencies: ["BoxOfficeCore", "BoxOfficeRendering", "BoxOfficeReviews"]),
        // The demo: KOBIS recordings compiled in (--demo works wherever the program is), answered
        // by a transport of their own that asks no one, and says what it holds to the engine.
        .target(name: "BoxOfficeSamples", dependencies: ["BoxOfficeCore"], resources: [.embedInCode("Samples")]),
        // The words of requests that the faces share: each parameter declared once, how a face's
        // arguments are read (argv or a tool's JSON), days and months as users write them, each
        // request's checks, and the messages of bad arguments and of costs past the limit.
        .target(name: "BoxOfficeArguments", dependencies: ["BoxOfficeCore"]),
        // The MCP server: JSON-RPC over stdio, its tools, their arguments read as the shared words
        // read them, answered by the engine. It knows no command line.
        .target(name: "BoxOfficeMCP", dependencies: ["BoxOfficeCore", "BoxOfficeRendering", "BoxOfficeArguments", "BoxOfficeHistory"]),
        // The system's SQLite (Debian's libsqlite3; its headers are libsqlite3-dev), linked as a
        // system library, for the history database.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // KOBIS's past on the user's disk: the history database (its schema, a sync that resumes
        // where it stopped, read-only SQL over it). It knows no command line.
        .target(name: "BoxOfficeHistory", dependencies: ["BoxOfficeCore", "CSQLite"]),
        // The system calls Swift cannot make itself (Linux's pidfd_open: a process's end as a
        // descriptor to wait on), for the programs `watch --exec` starts.
        .target(name: "CBoxOfficeSystem"),
        // The command line: a declarative parser, settings, and the one place errors become exit codes.
        .target(name: "BoxOfficeCLI", dependencies: ["BoxOfficeArguments", "BoxOfficeSamples", "BoxOfficeCore", "BoxOfficeRendering", "BoxOfficeStorage", "BoxOfficeTransports", "BoxOfficeReviews",
                                                     "BoxOfficeBrowse", "BoxOfficeMCP", "BoxOfficeHistory", "CBoxOfficeSystem"]),
        // A shell around BoxOfficeCLI. It does not depend on the helper: a dependency would link the
        // helper's library modules, URLSession's among them, into it. `swift build` builds both.
        .executableTarget(name: "boxoffice", dependencies: ["BoxOfficeCLI"],
                          swiftSettings: standalone,
                          linkerSettings: mainLinking),
        // libcurl's easy interface for the network helper, the system's libcurl called through the
        // few functions of its stable ABI (no development headers needed): a transfer waits in poll.
        .target(name: "CBoxOfficeCurl", linkerSettings: [.linkedLibrary("curl")]),
        // The network helper: libcurl, run by boxoffice only when a request goes out (git's
        // git-remote-https model). libcurl stays a shared library, found through Linker/libcurl.so.
        .executableTarget(name: "boxoffice-http", dependencies: ["BoxOfficeCore", "BoxOfficeStorage", "BoxOfficeTransports", "CBoxOfficeCurl"], exclude: ["Linker"],
                          swiftSettings: standalone,
                          linkerSettings: helperLinking),
        // For maintainers, not installed: `swift run -c release boxoffice-package DIR` writes the
        // Debian package, the tarball and SHA256SUMS.
        .executableTarget(name: "boxoffice-package"),
        // README's "Using BoxOfficeCore as a library" example, this very file: built with the
        // package, and run by the tests against the loopback server, so the README cannot rot.
        .executableTarget(name: "library-example", dependencies: ["BoxOfficeCore", "BoxOfficeURLSession"], path: "Tests/LibraryExample"),
        // README's second library example (a month's ranking, milestones, a folder cache), likewise.
        .executableTarget(name: "library-period-example", dependencies: ["BoxOfficeCore", "BoxOfficeURLSession"], path: "Tests/LibraryPeriodExample"),
        // README's third (a region's deep ranking of a month, a film found by its title), likewise.
        .executableTarget(name: "library-seoul-example", dependencies: ["BoxOfficeCore", "BoxOfficeURLSession"], path: "Tests/LibrarySeoulExample"),
        // README's history example (a month kept in a history file, then asked in SQL), likewise.
        .executableTarget(name: "library-history-example", dependencies: ["BoxOfficeCore", "BoxOfficeURLSession", "BoxOfficeHistory"], path: "Tests/LibraryHistoryExample"),
        // Expected/ holds whole outputs the tests read by path. The programs are tested as built.
        .testTarget(name: "BoxOfficeTests", dependencies: ["BoxOfficeCore", "BoxOfficeRendering", "BoxOfficeStorage", "BoxOfficeURLSession", "BoxOfficeTransports",
                                                            "BoxOfficeReviews", "BoxOfficeArguments", "BoxOfficeSamples", "BoxOfficeCLI", "BoxOfficeBrowse", "BoxOfficeMCP", "BoxOfficeCrypto",
                                                            "BoxOfficeHistory"], exclude: ["Expected"]),
    ],
    swiftLanguageModes: [.v6]
)
