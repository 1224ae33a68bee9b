#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Tries a request again when its failure is transient (a refused or dropped connection, a
/// timeout, HTTP 5xx or 429, or KOBIS's own failure stated in its answer, fault 320099), after a
/// growing wait (or the server's `Retry-After`, within reason); when it gives up, or the failure
/// would only repeat (another status), the client's error says how many tries were made. Other
/// faults in a body, and bad bodies, are not looked at here.
public struct RetryMiddleware: BoxOfficeMiddleware {
    private let policy: RetryPolicy
    private let events: ClientEvents?
    private let sleep: @Sendable (Double) async throws -> Void

    /// At most `attempts` tries of a request in all (at least 1), each try, answer and wait told
    /// to `events` (for a progress line or a log).
    public init(attempts: Int = 3, events: ClientEvents? = nil) {
        self.init(policy: RetryPolicy(attempts: attempts), events: events)
    }

    /// - Parameters:
    ///   - events: each try, answer and wait, for a progress line or a log.
    ///   - sleep: waits between tries (tests give their own).
    package init(policy: RetryPolicy, events: ClientEvents? = nil,
                 sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }) {
        self.policy = policy
        self.events = events
        self.sleep = sleep
    }

    /// Sends the request on until it succeeds, its failure is not transient, or the tries are spent.
    public func intercept(_ request: HTTPRequest, operation: BoxOfficeOperation,
                          next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        let host = request.url.host ?? "the server"
        let id = RequestNumber.next()
        defer { events?(.done(id: id)) }
        var attempt = 1
        while true {
            events?(.trying(id: id, summary: operation.summary, address: operation.address, attempt: attempt, attempts: policy.attempts))
            let started = ContinuousClock.now
            let failure: KOBISError
            var retryAfter: Double?
            do {
                let response = try await next(request)
                events?(.answered(status: response.status, bytes: response.body.count, milliseconds: Self.milliseconds(since: started)))
                if (200..<300).contains(response.status) {
                    guard let fault = AnswerDecoder.fault(in: response.body), fault.isKOBISFailure else { return response }
                    failure = .failed(fault, request: operation.subject ?? operation.summary, attempts: attempt)
                } else {
                    failure = .httpStatus(response.status, host: host, attempts: attempt)
                }
                retryAfter = response.headers["retry-after"].flatMap(Double.init)
            } catch let error as TransportError {
                let mapped = try KOBISError(error, host: host, attempts: attempt)
                guard case .unreachable = mapped else {
                    // Not an answer to try again: one that cannot be read.
                    if case let .tooLarge(limit) = error {
                        events?(.stoppedReading(limit: limit, milliseconds: Self.milliseconds(since: started)))
                    }
                    throw mapped
                }
                events?(.noAnswer(error, host: host, milliseconds: Self.milliseconds(since: started)))
                failure = mapped
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

extension KOBISError {
    /// What a transport's failure is for the client, after `attempts` tries: no answer from
    /// `host`, or an answer that cannot be read (too long, wrongly encoded); a cancellation is
    /// thrown as such.
    package init(_ failure: TransportError, host: String, attempts: Int) throws {
        switch failure {
        case .cancelled: throw CancellationError()
        case let .tooLarge(limit): self = .unreadable(.tooLarge(limit: limit))
        case .badContentEncoding: self = .unreadable(.badEncoding)
        default: self = .unreachable(failure, host: host, attempts: attempts)
        }
    }
}
