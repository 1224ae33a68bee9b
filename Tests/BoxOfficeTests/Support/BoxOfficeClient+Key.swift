@testable import BoxOfficeCore
import Foundation

extension BoxOfficeClient {
    /// The engine of one key over `transport`, with the library's standard middlewares for it (a
    /// cache over `store` when given), as `BoxOfficeClient(key:transport:)` composes it.
    init(transport: any HTTPTransport, baseURL: URL, key: String, timeout: TimeInterval = 15, store: (any AnswerStore)? = nil,
         now: @escaping @Sendable () -> Date = Date.init) {
        self.init(baseURL: baseURL, chain: MiddlewareChain(BoxOfficeClient.standardMiddlewares(keys: [key], cache: store, now: now), over: transport),
                  timeout: timeout, now: now)
    }
}
