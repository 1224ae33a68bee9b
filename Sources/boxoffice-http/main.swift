import BoxOfficeCore
import BoxOfficeStorage
import BoxOfficeTransports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// boxoffice's network helper: boxoffice starts it when a request must go out and talks to it over
// its standard input and output. Run by hand, it only says what it is.
signal(SIGPIPE, SIG_IGN)
// Ctrl-C reaches the whole process group; boxoffice decides what to cancel, and closing its end
// of the conversation ends this process.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_DFL)
let arguments = CommandLine.arguments.dropFirst()
if arguments == ["--version"] {
    print("\(HelperMessage.helperName) (helper protocol version \(HelperMessage.version))")
    exit(0)
}
guard arguments.isEmpty, isatty(0) == 0 else {
    _ = OwnFiles.writeAll(Data("""
        \(HelperMessage.helperName): this is boxoffice's network helper; boxoffice starts it when it needs the network.
        Run 'boxoffice' instead, and keep this file beside it.

        """.utf8), to: 2)
    exit(64)
}
guard CurlTransport.start() else {
    _ = OwnFiles.writeAll(Data("\(HelperMessage.helperName): libcurl could not start\n".utf8), to: 2)
    exit(70)
}
exit(HelperServer(transport: CurlTransport()).run().rawValue)
