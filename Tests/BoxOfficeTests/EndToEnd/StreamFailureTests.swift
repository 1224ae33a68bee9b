@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeCore
@testable import BoxOfficeTransports
import Foundation
import Glibc
import Testing

// What a hostile probe found (issue 7), each as the built binary meets it; `Hostile` has the
// probe's tools.
// MARK: - Exit codes that lie

@Suite struct StreamFailureTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aFullDiskOnStdoutExits74() async throws {
        let result = try await Executable.run(["-c", #"exec "$0" daily --demo --date 20230423 --quiet > /dev/full"#, Executable.url.path], program: shell)
        #expect(result.status == 74)
        #expect(result.standardError == """
            boxoffice: cannot write the output: No space left on device.
            Check where standard output goes (a full disk, a closed descriptor).

            """)
    }

    @Test func aClosedStdoutExits74() async throws {
        let result = try await Executable.run(["-c", #"exec "$0" daily --demo --date 20230423 --quiet >&-"#, Executable.url.path], program: shell)
        #expect(result.status == 74)
        #expect(result.standardError.hasPrefix("boxoffice: cannot write the output: Bad file descriptor.\n"))
    }

    @Test func aClosedPipeOnStdoutEndsQuietly() async throws {
        let result = try await Executable.run(["-c", #""$0" daily --demo --date 20230423 --quiet | head -c 10 > /dev/null; exit 0"#, Executable.url.path], program: shell)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
    }

    @Test func aBrokenStderrChangesNeitherTheStatusNorStdout() async throws {
        func brokenPipe() throws -> FileHandle {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            return pipe.fileHandleForWriting
        }
        let usage = try await Executable.run(["dailyy"], standardError: try brokenPipe())
        #expect(usage.status == 64)
        let demo = try await Executable.run(["daily", "--demo", "--date", "20230423"], standardError: try brokenPipe())
        #expect(demo.status == 0)
        let quiet = try await Executable.run(["daily", "--demo", "--date", "20230423", "--quiet"])
        #expect(demo.standardOutput == quiet.standardOutput, "the note that failed to print did not drop the data")
        let closed = try await Executable.run(["-c", #"exec "$0" dailyy 2>&-"#, Executable.url.path], program: shell)
        #expect(closed.status == 64)
    }
}
