import BoxOfficeCore

/// A transport that has something to set up before it can send (a helper process to start).
package protocol PreparingTransport: HTTPTransport {
    /// Gets ready to send; called before each try, and quick once it is ready.
    func prepare() async throws
}

/// Gets the transport at the bottom of the chain ready before the middlewares after this one start
/// their clocks: a helper's start-up on a busy machine is never counted against a request's timeout.
package struct StartMiddleware: BoxOfficeMiddleware {
    private let transport: any PreparingTransport

    /// - Parameter transport: the transport at the chain's bottom.
    package init(preparing transport: any PreparingTransport) {
        self.transport = transport
    }

    package func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                           next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        try await transport.prepare()
        return try await next(request)
    }
}
