import Foundation
import BoxOfficeCore
import Glibc
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// End-to-end checks of `LoopbackServer` with URLSession and with raw sockets as clients.
@Suite struct LoopbackServerTests {
    @Test func answersJSONAndRecordsTheRequest() async throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
        let path = "/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json"
        let url = try #require(URL(string: "\(server.baseURL)\(path)?key=x&targetDt=20230101"))
        let (data, response) = try await fetch(url)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)
        let request = try #require(server.requests.first)
        #expect(server.requestCount == 1)
        #expect(request.method == "GET")
        #expect(request.path == path)
        #expect(request.query == ["key": "x", "targetDt": "20230101"])
        #expect(request.target == "\(path)?key=x&targetDt=20230101")
        #expect(request.headers["host"] == "127.0.0.1:\(server.port)")
    }

    @Test func answersAnErrorStatus() async throws {
        let server = try LoopbackServer { _ in .html("<h1>down</h1>", status: 503) }
        let (data, response) = try await fetch(server.baseURL.appendingPathComponent("x"))
        #expect(response.statusCode == 503)
        #expect(String(decoding: data, as: UTF8.self) == "<h1>down</h1>")
    }

    @Test func decodesPathAndQuery() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        let target = "/a%20b/c.json?movieNm=%EB%B2%94%EC%A3%84&q=one+two&flag&x=1&x=2"
        _ = try await fetch(try #require(URL(string: "\(server.baseURL)\(target)")))
        let request = try #require(server.requests.first)
        #expect(request.target == target)
        #expect(request.path == "/a b/c.json")
        #expect(request.query == ["movieNm": "범죄", "q": "one two", "flag": "", "x": "2"])
    }

    /// The codes are what FoundationNetworking (libcurl) reports on Linux.
    @Test(arguments: [
        (LoopbackReply.truncated(status: 200, body: Data(repeating: 65, count: 100), bytes: 10), URLError.Code.unknown),
        (.close, .badServerResponse),
        (.reset, .networkConnectionLost),
    ])
    func brokenRepliesSurfaceAsErrors(reply: LoopbackReply, code: URLError.Code) async throws {
        let server = try LoopbackServer { _ in reply }
        #expect(await fetchError(server.baseURL)?.code == code)
        #expect(server.requestCount == 1)
    }

    /// URLSession on Linux truncates `timeoutInterval` to whole seconds, so the timeout is 1 s, not less.
    @Test func delayLongerThanTheTimeoutTimesOut() async throws {
        let server = try LoopbackServer { _ in .delayed(seconds: 3600, then: .json("{}")) }
        let clock = ContinuousClock()
        let start = clock.now
        let error = await fetchError(server.baseURL, timeout: 1)
        let elapsed = clock.now - start
        // The server never answers, so only the timeout ends it: never early, and the upper bound
        // only rules out a hang.
        #expect(error?.code == .timedOut)
        #expect(elapsed > .seconds(0.9) && elapsed < TestTime.limit(.seconds(60)))
        #expect(server.requestCount == 1)
    }

    @Test func shortDelayStillAnswers() async throws {
        let server = try LoopbackServer { _ in .delayed(seconds: 0.2, then: .json("[]", status: 201)) }
        let (data, response) = try await fetch(server.baseURL)
        #expect(response.statusCode == 201)
        #expect(data == Data("[]".utf8))
    }

    @Test func stopEndsADelayPromptly() async throws {
        let server = try LoopbackServer { _ in .delayed(seconds: 30, then: .json("{}")) }
        let clock = ContinuousClock()
        let start = clock.now
        async let error = fetchError(server.baseURL, timeout: 20)
        while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        server.stop()
        #expect(await error?.code == .badServerResponse)
        // The error says the stop ended it (a timeout would say so); the time only rules out a hang.
        #expect(clock.now - start < TestTime.limit(.seconds(60)))
    }

    @Test func failingFirstFailsThenAnswers() async throws {
        let server = try LoopbackServer(handler: failingFirst(2, with: .json(#"{"e":1}"#, status: 503)) { request in
            .json(#"{"path":"\#(request.path)"}"#)
        })
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await fetch(server.baseURL.appendingPathComponent("p")).1.statusCode) }
        #expect(statuses == [503, 503, 200])
        #expect(server.requestCount == 3)
    }

    @Test func refusesConnectionsAfterStop() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        _ = try await fetch(server.baseURL)
        server.stop()
        server.stop()
        #expect(rawConnect(port: server.port).error == ECONNREFUSED)
        #expect(await fetchError(server.baseURL)?.code == .cannotConnectToHost)
    }

    /// Every handler waits until all eleven requests have arrived: a server that served one
    /// connection at a time would never get there, and the waits would run out.
    @Test func servesConcurrentClients() async throws {
        let arrived = Locked(0)
        let server = try LoopbackServer { request in
            arrived.withLock { $0 += 1 }
            let deadline = Date().addingTimeInterval(TestTime.limit(20))
            while arrived.withLock({ $0 }) < 11, Date() < deadline { usleep(1000) }
            let body = #"{"n":"\#(request.query["n"] ?? "")"}"#
            return arrived.withLock({ $0 }) < 11 ? .close : .json(body)
        }
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<3 {
                group.addTask { try await fetchText("\(server.baseURL)/slow") }
            }
            for n in 0..<8 {
                group.addTask { try await fetchText("\(server.baseURL)/fast?n=\(n)") }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == Set((0..<8).map { #"{"n":"\#($0)"}"# } + [#"{"n":""}"#]))
        #expect(server.requestCount == 11)
    }

    @Test func writesTheExpectedBytes() throws {
        let server = try LoopbackServer { _ in
            .respond(status: 201, headers: ["X-B": "2", "X-A": "1"], body: Data("hello".utf8))
        }
        let reply = try rawExchange(port: server.port, "GET /p?q=1 HTTP/1.1\r\nHost: h\r\nX-Tag:  v \r\n\r\n")
        let expected = "HTTP/1.1 201 Created\r\nX-A: 1\r\nX-B: 2\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello"
        #expect(String(decoding: reply, as: UTF8.self) == expected)
        #expect(server.requests.first?.headers == ["host": "h", "x-tag": "v"])
    }

    @Test func survivesMalformedAndAbandonedRequests() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        #expect(try rawExchange(port: server.port, "NONSENSE\r\n\r\n").isEmpty)
        #expect(try rawExchange(port: server.port, "GET /half HTTP/1.1\r\nHost").isEmpty)
        let body = try rawExchange(port: server.port, "POST /b HTTP/1.1\r\nContent-Length: 4\r\n\r\nabcd")
        #expect(String(decoding: body, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(server.requests.map(\.path) == ["/b"])
    }
}

/// A URLSession that never caches and allows many connections to one host.
private func makeSession(timeout: TimeInterval) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpMaximumConnectionsPerHost = 16
    return URLSession(configuration: configuration)
}

private func fetch(_ url: URL, timeout: TimeInterval = 5) async throws -> (Data, HTTPURLResponse) {
    let session = makeSession(timeout: timeout)
    defer { session.finishTasksAndInvalidate() }
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    let (data, response) = try await session.data(for: request)
    return (data, try #require(response as? HTTPURLResponse))
}

/// The body of a successful request, as text.
private func fetchText(_ url: String) async throws -> String {
    String(decoding: try await fetch(try #require(URL(string: url))).0, as: UTF8.self)
}

/// The URLError a request ends with, or nil if it succeeds.
private func fetchError(_ url: URL, timeout: TimeInterval = 5) async -> URLError? {
    do {
        _ = try await fetch(url, timeout: timeout)
        return nil
    } catch {
        return error as? URLError ?? URLError(.unknown)
    }
}

/// Connects a raw TCP socket to 127.0.0.1:`port`; on failure returns the errno.
private func rawConnect(port: UInt16) -> (fd: Int32, error: Int32) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard result == 0 else {
        let code = errno
        close(fd)
        return (-1, code)
    }
    return (fd, 0)
}

/// Sends `text`, half-closes, and reads everything until the server closes (a receive timeout of
/// 2 s, scaled for sanitized runs: it only guards against a hang).
private func rawExchange(port: UInt16, _ text: String) throws -> Data {
    let (fd, error) = rawConnect(port: port)
    try #require(error == 0)
    defer { close(fd) }
    var timeout = timeval(tv_sec: Int(TestTime.limit(2.0).rounded(.up)), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(text.utf8)
    try #require(send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count)
    shutdown(fd, Int32(SHUT_WR))
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        try #require(count >= 0, "recv failed: errno \(errno)")
        if count == 0 { return received }
        received.append(contentsOf: buffer[..<count])
    }
}
