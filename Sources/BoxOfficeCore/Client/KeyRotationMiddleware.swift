#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends each KOBIS request with the first of its keys that is still usable today (a Korean day),
/// and, when KOBIS says that key's daily quota is spent (fault 320011) or the local count has
/// reached it, sends it again with the next; a key KOBIS refuses (fault 320010) is passed over
/// for good when there are others. When no key is left for the day the request is not sent: the
/// client throws ``BoxOfficeError/quotaExhausted(_:)``, and the next Korean day starts again.
///
/// The client sends a KOBIS request with no key (``HTTPRequest/quotaKey`` empty): this middleware
/// gives it one. Place it in front of the retries (behind the ``SecretMaskMiddleware``), so that
/// each key gets the tries of the middlewares after it, as ``BoxOfficeClient/standardMiddlewares(keys:attempts:cache:callCounts:callsPerSecond:eachTry:events:now:)`` does.
public struct KeyRotationMiddleware: BoxOfficeMiddleware {
    private let keys: KeyRing
    private let now: @Sendable () -> Date
    private let events: ClientEvents?

    /// Takes `keys` in turn; `now` tells the Korean day (the system clock unless a test gives its
    /// own); each change of key is told to `events` (by the key's place, never the key).
    public init(keys: [String], now: @escaping @Sendable () -> Date = Date.init, events: ClientEvents? = nil) {
        self.init(keys: KeyRing(keys), now: now, events: events)
    }

    /// Takes the keys of `keys` in turn, telling each change of key to `events`.
    package init(keys: KeyRing, now: @escaping @Sendable () -> Date, events: ClientEvents? = nil) {
        self.keys = keys
        self.now = now
        self.events = events
    }

    /// Sends `request` with the key of the day, and with the next one while a key's quota is spent.
    public func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                          next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        // Only KOBIS's requests take a key (a poster provider's has its own secrets).
        guard request.quotaKey != nil else { return try await next(request) }
        while true {
            // The Korean day is read at each try: a quota spent yesterday is KOBIS's new one today.
            let today = Day.korean(at: now())
            guard let key = keys.key(on: today) else { throw QuotaExhaustedError(keys: keys.keys.count, fault: nil, rejected: keys.rejectedCount) }
            let fault: KOBISFault?
            var local: LocalQuotaReached?
            do {
                let response = try await next(request.sent(with: key))
                guard let said = AnswerDecoder.fault(in: response.body) else { return response }
                if said.isKeyRejected, keys.keys.count > 1 {
                    // One bad key of several: named by its place, never itself, and the next goes on.
                    let number = keys.number(of: key)
                    guard keys.retire(key, on: today, rejected: true), let next = keys.key(on: today) else {
                        events?(.keyRejected(number: number, keys: keys.keys.count, code: said.code, next: nil))
                        return response
                    }
                    events?(.keyRejected(number: number, keys: keys.keys.count, code: said.code, next: keys.number(of: next)))
                    continue
                }
                guard said.isQuotaExceeded else { return response }
                fault = said
            } catch let reached as LocalQuotaReached {
                fault = nil
                local = reached
            }
            guard keys.retire(key, on: today), let next = keys.key(on: today) else {
                var error = QuotaExhaustedError(keys: keys.keys.count, fault: fault, rejected: keys.rejectedCount)
                error.counted = local?.counted
                error.kobisSaid = local?.kobisSaid
                throw error
            }
            events?(.keySpent(number: keys.number(of: key), keys: keys.keys.count, next: keys.number(of: next)))
        }
    }
}

extension HTTPRequest {
    /// The same request with `key` as its `key` parameter, and counted against it.
    package func sent(with key: String) -> HTTPRequest {
        var request = self
        request.quotaKey = key
        let text = url.absoluteString
        guard let query = text.firstIndex(of: "?") else { return request }
        let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            parameter.hasPrefix("key=") ? "key=" + KOBISOperation.percentEncoded(key) : String(parameter)
        }
        request.url = URL(string: String(text[...query]) + parameters.joined(separator: "&")) ?? url
        return request
    }
}
