@testable import BoxOfficeCore
@testable import BoxOfficeTransports
import Foundation
import Testing

/// The conversation between boxoffice and boxoffice-http, message by message.
@Suite struct HelperProtocolTests {
    static let failures: [TransportError] = [
        .connectionRefused, .hostNotFound, .connectionLost, .timedOut, .insecureConnection, .notTLS,
        .tooLarge(limit: 16), .badContentEncoding, .cancelled, .other("libcurl said \"no\"\nand more"),
    ]

    static let messages: [HelperMessage] = [
        .hello(version: 1),
        .request(id: 7, HTTPRequest(url: URL(string: "https://www.kobis.or.kr/a/b.json?key=k%2B%26&movieNm=%EB%B2%94")!,
                                    timeout: 2.5, maximumBodyBytes: 1000)),
        .cancel(id: 7),
        .response(id: 7, HTTPResponse(status: 200, headers: ["content-type": "application/json", "x-odd": "a\nb"],
                                      body: Data("{\n\"type\":\"hello\"}\n\u{0}".utf8))),
        .response(id: 8, HTTPResponse(status: 302, headers: ["location": "/elsewhere"], body: Data())),
    ] + failures.enumerated().map { .failure(id: 100 + $0.offset, $0.element) }

    @Test func everyMessageComesBackWholeHoweverTheStreamIsCut() throws {
        let stream = Self.messages.map { $0.encoded() }.reduce(Data(), +)
        for piece in [1, 2, 7, 100, stream.count] {
            var reader = HelperMessageReader()
            var received: [HelperMessage] = []
            for start in stride(from: 0, to: stream.count, by: piece) {
                reader.append(stream[start..<min(start + piece, stream.count)])
                while let message = try reader.next() { received.append(message) }
            }
            #expect(received == Self.messages, "cut into pieces of \(piece) bytes")
            #expect(reader.unreadBytes == 0)
        }
    }

    @Test func version1IsSpelledExactlySo() {
        func text(_ message: HelperMessage) -> String { String(decoding: message.encoded(), as: UTF8.self) }
        #expect(text(.hello(version: 1)) == #"{"type":"hello","version":1}"# + "\n")
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:8/a?key=k")!, timeout: 10)
        #expect(text(.request(id: 3, request)) == #"{"id":3,"limit":16777216,"timeout":10,"type":"request","url":"http://127.0.0.1:8/a?key=k"}"# + "\n")
        #expect(text(.cancel(id: 3)) == #"{"id":3,"type":"cancel"}"# + "\n")
        #expect(text(.response(id: 3, HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data("{}".utf8))))
            == #"{"bodyBytes":2,"headers":{"content-type":"application/json"},"id":3,"status":200,"type":"response"}"# + "\n{}")
        #expect(text(.failure(id: 3, .tooLarge(limit: 5))) == #"{"failure":"tooLarge","id":3,"limit":5,"type":"failure"}"# + "\n")
    }

    @Test(arguments: [
        ("hello\n", "a message that is not a JSON header"),
        (#"{"type":"hello"}"#, "a hello without a version"),
        (#"{"type":"response","status":200,"bodyBytes":1}"#, "a response message without an id"),
        (#"{"type":"response","id":1,"bodyBytes":1}"#, "a response without a status"),
        (#"{"type":"response","id":1,"status":200,"bodyBytes":-1}"#, "a response body whose length is missing, negative or over 16 MiB"),
        (#"{"type":"response","id":1,"status":200,"bodyBytes":16777217}"#, "a response body whose length is missing, negative or over 16 MiB"),
        (#"{"type":"failure","id":1,"failure":"exploded"}"#, "a failure of an unknown kind"),
        (#"{"type":"request","id":1}"#, "a request without a URL"),
        (#"{"type":"greeting","id":1}"#, "a message of an unknown type"),
    ])
    func aMessageThatBreaksTheProtocolIsNamed(line: String, problem: String) {
        var reader = HelperMessageReader()
        reader.append(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
        #expect(throws: HelperProtocolError(problem)) { try reader.next() }
    }

    @Test func anEndlessHeaderIsRefusedOnceItPassesTheLimit() throws {
        var reader = HelperMessageReader()
        reader.append(Data(repeating: UInt8(ascii: "a"), count: 65_536))
        #expect(try reader.next() == nil)
        reader.append(Data("a".utf8))
        #expect(throws: HelperProtocolError("a message header longer than 64 KiB")) { try reader.next() }
    }

    @Test func aBusyHelperIsTriedAgainForTwoSeconds() {
        #expect(TextFileBusy.waits == [5, 10, 20, 40, 80, 160, 250, 250, 250, 250, 250, 250, 250].map { Duration.milliseconds($0) })
    }
}

/// The helper as boxoffice uses it: started on the first request, several requests in flight,
/// cancellation, and every way it can be missing or broken.
@Suite struct NetworkHelperTests {
    enum Helper {
        case real, none, notExecutable
        /// A shell script standing in for the helper.
        case script(String)
    }

    /// boxoffice and, perhaps, a helper in a folder of their own, as a user installs them, and a
    /// cache folder for its runs; `remove()` takes both away.
    struct Installation {
        let folder = Hostile.folder("install")
        let cache = Hostile.folder("helper-test-cache")
        var program: URL { folder.appendingPathComponent("boxoffice") }
        var helper: String { folder.appendingPathComponent("boxoffice-http").path }

        init(_ kind: Helper) throws {
            // The program finds its helper beside this name.
            try Executable.copyProgram(Executable.url, to: program)
            switch kind {
            case .real:
                try Executable.copyProgram(Executable.helperURL, to: URL(fileURLWithPath: helper))
            case .none:
                break
            case .notExecutable:
                try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: helper))
                chmod(helper, 0o644)
            case let .script(body):
                try Executable.writeProgram(Data("#!/bin/bash\necho started >> \"$0.log\"\n\(body)\n".utf8), to: URL(fileURLWithPath: helper))
            }
        }

        /// Runs the installed boxoffice against `server`, with the key and this cache.
        func run(_ arguments: [String], server: LoopbackServer, extra: [String: String] = [:],
                 whileRunning: (@Sendable (Process) async -> Void)? = nil) async throws -> Executable.Result {
            try await Executable.run(arguments, environment: Hostile.environment(server, cache: cache).merging(extra) { $1 }, program: program,
                                     whileRunning: whileRunning)
        }

        func remove() {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: cache)
        }
    }

    static let advice = "Install boxoffice-http beside boxoffice: 'swift build -c release' makes both in .build/release/.\n"

    @Test func aMissingHelperIsAClearErrorWhileTheCacheAndTheDemoStillAnswer() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let installed = try Installation(.none)
        defer { installed.remove() }
        let arguments = ["daily", "--date", "2023-04-23"]

        let missing = try await installed.run(arguments, server: server)
        #expect(missing.status == 1)
        #expect(missing.standardOutput == "")
        #expect(missing.standardError == "boxoffice: the network helper \(installed.helper) is missing; boxoffice needs it beside itself to reach the network.\n" + Self.advice)
        #expect(server.requestCount == 0)

        let fetched = try await Executable.run(arguments, environment: Hostile.environment(server, cache: installed.cache))
        #expect(fetched.status == 0)
        let cached = try await installed.run(arguments, server: server)
        #expect(cached.status == 0)
        #expect(cached.standardOutput == fetched.standardOutput)
        #expect(cached.standardOutput.contains("존 윅 4"))
        #expect(server.requestCount == 1)

        let demo = try await Executable.run(["--demo", "--quiet"] + arguments, program: installed.program)
        #expect(demo.status == 0)
        #expect(demo.standardOutput.contains("존 윅 4"))
    }

    @Test func aHelperThatCannotBeRunIsNamed() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let installed = try Installation(.notExecutable)
        defer { installed.remove() }
        let result = try await installed.run(["daily", "--date", "2023-04-23"], server: server)
        #expect(result.status == 1)
        #expect(result.standardError == "boxoffice: the network helper \(installed.helper) is not an executable file.\n" + Self.advice)
    }

    @Test(arguments: [
        (#"printf '{"type":"hello","version":2}\n'; cat > /dev/null"#,
         "speaks version 2 of the helper protocol, and this boxoffice speaks version 1; install the two files from the same build"),
        (#"echo "usage: some other program"; cat > /dev/null"#, "sent a message that is not a JSON header"),
        (#"printf '{"type":"failure","id":1,"failure":"timedOut"}\n'; cat > /dev/null"#, "does not speak the helper protocol (it sent no hello)"),
        (#"printf '{"type":"hello","version":1}\n'; head -c 1 > /dev/null; kill -SEGV $$"#, "stopped unexpectedly (killed by signal 11)"),
        ("exit 3", "stopped unexpectedly (exit status 3)"),
    ])
    func aBrokenHelperIsAClearErrorAndIsNotRetried(script: String, problem: String) async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let installed = try Installation(.script(script))
        defer { installed.remove() }
        let result = try await installed.run(["daily", "--date", "2023-04-23"], server: server)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "boxoffice: the network helper \(installed.helper) \(problem).\n" + Self.advice)
        let starts = try String(contentsOfFile: installed.helper + ".log", encoding: .utf8)
        #expect(starts == "started\n", "started once, never retried")
        #expect(server.requestCount == 0)
    }

    @Test func theHelpersStartUpIsNotPartOfTheTimeout() async throws {
        // A helper that takes 1.5 s to start, as on a busy machine: a try of one second is the
        // server's second, so the request still goes out and is answered.
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let installed = try Installation(.script("sleep 1.5; exec '\(Executable.helperURL.path)'"))
        defer { installed.remove() }
        let result = try await installed.run(["daily", "--date", "2023-04-23", "--timeout", "1", "--retries", "0"], server: server)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("존 윅 4"))
        #expect(server.requestCount == 1)
    }

    /// The helper holds its conversation with boxoffice and nothing else of boxoffice's. Here
    /// boxoffice is given, as Foundation's Process gives every program it starts, a socket without
    /// close-on-exec by which the parent learns that the program has ended; the helper once held it
    /// too, and the parent (this test process) then waited for the helper's end as well.
    @Test(.enabled(if: InstalledTools.python)) func theHelperInheritsNoOtherDescriptor() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let listing = """
            import os, sys
            found = []
            for name in os.listdir("/proc/self/fd"):
                try:
                    target = os.readlink("/proc/self/fd/" + name)
                except OSError:
                    continue
                if int(name) > 2 and not target.startswith("/proc/"):
                    found.append(name + " " + target)
            open(sys.argv[1] + ".fds", "w").write("\\n".join(found))
            os.execv(sys.argv[2], [sys.argv[2]])
            """
        let installed = try Installation(.script("exec /usr/bin/python3 -c '\(listing)' \"$0\" '\(Executable.helperURL.path)'"))
        defer { installed.remove() }
        let result = try await installed.run(["daily", "--date", "2023-04-23", "--retries", "0"], server: server)
        #expect(result.status == 0, "\(result.standardError)")
        let inherited = try String(contentsOfFile: installed.helper + ".fds", encoding: .utf8)
        #expect(inherited == "", "only its standard input, output and error")
    }

    @Test func theKeyReachesTheHelperOnlyInsideTheRequest() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let installed = try Installation(.script(#"""
            env > "$0.env"; echo "$#" > "$0.arguments"
            printf '{"type":"hello","version":1}\n'
            cat > "$0.input"
            """#))
        defer { installed.remove() }
        let result = try await installed.run(["daily", "--date", "2023-04-23", "--timeout", "1", "--retries", "0"], server: server,
                                             extra: ["KAKAO_REST_API_KEY": "kakaoCANARY", "OMDB_API_KEY": "omdbCANARY"])
        #expect(result.status == 69, "the stand-in never answers, so the try times out")
        let helper = installed.helper
        let environment = try String(contentsOfFile: helper + ".env", encoding: .utf8)
        #expect(!environment.contains(KOBISEmulator.key))
        #expect(!environment.contains("kakaoCANARY") && !environment.contains("omdbCANARY"))
        #expect(environment.contains("BOXOFFICE_CACHE_DIR=\(installed.cache.path)"), "the rest of the environment goes along")
        #expect(try String(contentsOfFile: helper + ".arguments", encoding: .utf8) == "0\n")
        // The stand-in's input ends when boxoffice exits, so it is read after the run.
        let input = try String(contentsOfFile: helper + ".input", encoding: .utf8)
        #expect(input.hasPrefix(#"{"type":"hello","version":1}"# + "\n" + #"{"id":1,"limit":16777216,"timeout":"#))
        #expect(input.contains("key=\(KOBISEmulator.key)&targetDt=20230423"))
    }

    @Test func eightRequestsAreInFlightAtOnceThroughOneHelper() async throws {
        // Each answer waits until all eight requests have arrived: through a helper that served one
        // at a time, the first would never be answered and the waits would run out.
        let arrived = Locked(0)
        let server = try LoopbackServer { request in
            arrived.withLock { $0 += 1 }
            let deadline = ContinuousClock.now + TestTime.limit(.seconds(20))
            while arrived.withLock({ $0 }) < 8, ContinuousClock.now < deadline { usleep(1000) }
            return .json(#"{"n":"\#(request.query["n"] ?? "")"}"#)
        }
        let transport = HelperTransport(helper: Executable.helperURL.path, startAllowance: 10 * TestTime.scale)
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for number in 1...8 {
                group.addTask {
                    let url = try #require(URL(string: server.baseURL.absoluteString + "/slow?n=\(number)"))
                    let response = try await transport.send(HTTPRequest(url: url, timeout: 30))
                    return String(decoding: response.body, as: UTF8.self)
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == Set((1...8).map { #"{"n":"\#($0)"}"# }))
        #expect(server.requestCount == 8)
        #expect(server.mostInFlight == 8, "all eight were at the server at once")
    }

    @Test func aCancelledRequestEndsAtOnceAndTheHelperServesTheNext() async throws {
        // The slow answer never comes in time: the request's own timeout (600 s) would end it as
        // timed out, so only the cancellation ends it as cancelled.
        let server = try LoopbackServer { request in
            request.path == "/slow" ? .delayed(seconds: 3600, then: .json("{}")) : .json(#"{"fast":true}"#)
        }
        let transport = HelperTransport(helper: Executable.helperURL.path, startAllowance: 10 * TestTime.scale)
        let slow = Task {
            try await transport.send(HTTPRequest(url: try #require(URL(string: server.baseURL.absoluteString + "/slow")), timeout: 600))
        }
        let started = ContinuousClock.now
        while server.requestCount == 0, started.duration(to: .now) < TestTime.limit(.seconds(20)) { try await Task.sleep(for: .milliseconds(10)) }
        let cancelled = ContinuousClock.now
        slow.cancel()
        await #expect(throws: TransportError.cancelled) { try await slow.value }
        #expect(cancelled.duration(to: .now) < TestTime.limit(.seconds(60)), "not a hang")
        let next = try await transport.send(HTTPRequest(url: try #require(URL(string: server.baseURL.absoluteString + "/fast")), timeout: 30))
        #expect(String(decoding: next.body, as: UTF8.self) == #"{"fast":true}"#)
    }

    @Test func theHelperIsMissingOrBrokenAsATypedError() async throws {
        let transport = HelperTransport(helper: "/nonexistent/boxoffice-http")
        let request = HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:9/")), timeout: 5)
        await #expect(throws: NetworkHelperError(path: "/nonexistent/boxoffice-http",
                                                 problem: "is missing; boxoffice needs it beside itself to reach the network")) {
            try await transport.send(request)
        }
    }

    @Test func anAddressTooLongForTheProtocolIsRefusedBeforeTheHelperStarts() async throws {
        let transport = HelperTransport(helper: "/nonexistent/boxoffice-http")
        let url = try #require(URL(string: "http://127.0.0.1:9/?q=" + String(repeating: "a", count: 70_000)))
        await #expect(throws: TransportError.other("the request's address is longer than 64 KiB")) {
            try await transport.send(HTTPRequest(url: url, timeout: 5))
        }
    }

    @Test func ctrlCLeavesNoHelperBehind() async throws {
        // Never answered, and a try as long as the limit against a hang: only the Ctrl-C ends the run.
        let server = try LoopbackServer { _ in .delayed(seconds: 3600, then: .close) }
        let installed = try Installation(.real)
        defer { installed.remove() }
        let helper = installed.helper
        let seenRunning = Locked(false)
        let result = try await installed.run(["daily", "--date", "2023-04-23", "--timeout", "600"], server: server) { process in
            let started = ContinuousClock.now
            while server.requestCount == 0, started.duration(to: .now) < TestTime.limit(.seconds(20)) { try? await Task.sleep(for: .milliseconds(10)) }
            // In a process group of its own, so that Ctrl-C in a terminal reaches boxoffice alone.
            let helpers = Self.processes(running: helper)
            seenRunning.withLock { $0 = helpers.count == 1 && helpers.allSatisfy { getpgid($0) == $0 } }
            kill(process.processIdentifier, SIGINT)
        }
        #expect(result.status == 130)
        #expect(seenRunning.withLock { $0 }, "one helper, leading its own process group, ran while the request was in flight")
        let ended = ContinuousClock.now
        while !Self.processes(running: helper).isEmpty, ended.duration(to: .now) < TestTime.limit(.seconds(5)) { try await Task.sleep(for: .milliseconds(20)) }
        #expect(Self.processes(running: helper).isEmpty, "the helper ends when boxoffice does")
    }

    /// Processes whose program is the file at `path`.
    static func processes(running path: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == path
        }
    }

    @Test(.disabled(if: Build.sharesSwiftLibraries, "built with the Swift libraries shared, for ThreadSanitizer"))
    func theMainProgramNeitherLoadsNorHoldsNetworkingOrICU() throws {
        let needed = try ELFFile.neededLibraries(of: Executable.url)
        #expect(!needed.isEmpty, "it needs the C library at least")
        for library in needed {
            #expect(!["curl", "Foundation", "ICU", "swift", "ssl", "crypto"].contains { library.contains($0) }, "boxoffice needs \(library)")
        }
        // The same reading finds libcurl in the helper, so the check above can fail.
        #expect(try ELFFile.neededLibraries(of: Executable.helperURL).contains("libcurl.so.4"))
        // Nor is any of them linked in: no libcurl call and no ICU collator among its symbols.
        let program = try Data(contentsOf: Executable.url, options: .alwaysMapped)
        let helper = try Data(contentsOf: Executable.helperURL, options: .alwaysMapped)
        for symbol in ["curl_easy_init", "ucol_open"] {
            #expect(program.firstOffset(of: symbol.utf8) == nil, "boxoffice holds \(symbol)")
        }
        // The same search finds libcurl's calls in the helper, so the check above can fail; and the
        // helper, built on FoundationEssentials, holds no ICU either (a third of its size).
        #expect(helper.firstOffset(of: "curl_easy_init".utf8) != nil, "the helper holds curl_easy_init")
        #expect(helper.firstOffset(of: "ucol_open".utf8) == nil, "the helper holds ucol_open")
    }

    @Test func networkingLeavesNothingBehindButOurCache() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let home = Hostile.folder("home")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await Executable.run(["daily", "--date", "2023-04-23", "--json", "--pretty"],
                                              environment: ["HOME": home.path, "KOBIS_API_KEY": KOBISEmulator.key,
                                                            "BOXOFFICE_BASE_URL": server.baseURL.absoluteString])
        #expect(result.status == 0)
        #expect(server.requestCount == 1)
        let made = try FileManager.default.subpathsOfDirectory(atPath: home.path).sorted()
        #expect(made.count == 5)
        #expect(made.allSatisfy { $0 == ".cache" || $0.hasPrefix(".cache/boxoffice") }, "made \(made)")
    }
}
