/// Ends a request that takes longer than its `timeout` with `TransportError.timedOut`, whatever
/// the transport below does (URLSession on Linux, say, rounds its own limits to whole seconds).
package struct TimeoutLayer: HTTPTransport {
    private let inner: any HTTPTransport

    package init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await inner.send(request) }
            group.addTask {
                try await Task.sleep(for: .seconds(request.timeout))
                throw TransportError.timedOut
            }
            defer { group.cancelAll() }
            do {
                guard let first = try await group.next() else { throw TransportError.cancelled }
                return first
            } catch is CancellationError {
                throw TransportError.cancelled
            }
        }
    }
}
