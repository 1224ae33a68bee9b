#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends a call down the HTTP layers and gives the body of its successful (2xx) answer, trying
/// again what is transient (refused or dropped connections, timeouts, HTTP 5xx and 429) after a
/// growing wait, and turning what is not into `KOBISError`. Faults and bad bodies are not looked
/// at here.
package struct RetryLayer: Sendable {
    private let transport: any HTTPTransport
    private let policy: RetryPolicy
    private let timeout: TimeInterval
    private let events: ClientEvents?
    private let sleep: @Sendable (Double) async throws -> Void

    /// - Parameters:
    ///   - transport: the HTTP layers below.
    ///   - timeout: seconds allowed for each try.
    ///   - events: each try, answer and wait, for a progress line or a log.
    ///   - sleep: waits between tries (tests give their own).
    package init(_ transport: any HTTPTransport, policy: RetryPolicy = RetryPolicy(), timeout: TimeInterval = 15,
                 events: ClientEvents? = nil,
                 sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }) {
        self.transport = transport
        self.policy = policy
        self.timeout = timeout
        self.events = events
        self.sleep = sleep
    }

    package func body(for call: RemoteCall) async throws -> Data {
        let host = call.url.host ?? "the server"
        let id = RequestNumber.next()
        defer { events?(.done(id: id)) }
        var attempt = 1
        while true {
            events?(.trying(id: id, summary: call.summary, address: call.displayAddress, attempt: attempt, attempts: policy.attempts))
            let started = ContinuousClock.now
            let failure: KOBISError
            var retryAfter: Double?
            do {
                var request = HTTPRequest(url: call.url, timeout: timeout, headers: call.headers)
                request.quotaKey = call.quotaKey
                let response = try await transport.send(request)
                events?(.answered(status: response.status, bytes: response.body.count, milliseconds: Self.milliseconds(since: started)))
                if (200..<300).contains(response.status) { return response.body }
                failure = .httpStatus(response.status, host: host, attempts: attempt)
                retryAfter = response.headers["retry-after"].flatMap(Double.init)
            } catch TransportError.cancelled {
                throw CancellationError()
            } catch let TransportError.tooLarge(limit) {
                events?(.stoppedReading(limit: limit, milliseconds: Self.milliseconds(since: started)))
                throw KOBISError.unreadable(.tooLarge(limit: limit))
            } catch TransportError.badContentEncoding {
                throw KOBISError.unreadable(.badEncoding)
            } catch let error as TransportError {
                events?(.noAnswer(error, host: host, milliseconds: Self.milliseconds(since: started)))
                failure = .unreachable(error, host: host, attempts: attempt)
            }
            let transient = RetryPolicy.isTransient(failure)
            guard transient, attempt < policy.attempts else {
                if attempt > 1 || !transient { events?(.givingUp(attempts: attempt, transient: transient)) }
                throw failure
            }
            let delay = policy.delay(after: attempt, retryAfter: retryAfter)
            events?(.retrying(afterSeconds: delay))
            try await sleep(delay)
            attempt += 1
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
