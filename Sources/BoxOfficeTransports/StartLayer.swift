import BoxOfficeCore

/// A transport that has something to set up before it can send (a helper process to start).
package protocol PreparingTransport: HTTPTransport {
    /// Gets ready to send; called before each try, and quick once it is ready.
    func prepare() async throws
}

/// Gets the transport at the bottom of the stack ready before the layers below it start their
/// clocks: a helper's start-up on a busy machine is never counted against a request's timeout.
package struct StartLayer: HTTPTransport {
    private let inner: any HTTPTransport
    private let transport: any PreparingTransport

    /// - Parameters:
    ///   - inner: the layers to send through once `transport` is ready.
    ///   - transport: the transport at their bottom.
    package init(_ inner: any HTTPTransport, preparing transport: any PreparingTransport) {
        self.inner = inner
        self.transport = transport
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await transport.prepare()
        return try await inner.send(request)
    }
}
