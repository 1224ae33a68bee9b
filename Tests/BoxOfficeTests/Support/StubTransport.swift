import BoxOfficeCore
import Foundation

/// A transport that answers with a closure; for tests that need no socket.
struct StubTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) async throws -> HTTPResponse

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await answer(request)
    }

    static func returning(fixture name: String) -> StubTransport {
        StubTransport { _ in HTTPResponse(status: 200, body: try Fixtures.data(name)) }
    }

    static func returning(_ body: String, status: Int = 200) -> StubTransport {
        StubTransport { _ in HTTPResponse(status: status, body: Data(body.utf8)) }
    }

    static func failing(_ error: TransportError) -> StubTransport {
        StubTransport { _ in throw error }
    }
}
