import BoxOfficeCore
import BoxOfficeStorage
import BoxOfficeTransports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The helper's side of the conversation `HelperMessage` describes: requests arrive on one
/// descriptor, each is performed at once by the transport (so several are in flight together),
/// and each answer is written back as soon as it is complete.
public final class HelperServer: Sendable {
    /// Why a conversation ended.
    public enum Ending: Int32, Sendable {
        /// boxoffice closed its end: the normal way.
        case finished = 0
        /// boxoffice sent something that is not the protocol.
        case protocolError = 2
        /// boxoffice speaks another version.
        case versionMismatch = 3
    }

    private let transport: any HTTPTransport
    private let input: Int32
    private let output: Int32
    private let inFlight = Locked<[Int: Task<Void, Never>]>([:])
    private let writing = Locked(())

    public init(transport: any HTTPTransport, input: Int32 = 0, output: Int32 = 1) {
        self.transport = transport
        self.input = input
        self.output = output
    }

    /// Serves until the other side closes its end; the requests still in flight are cancelled.
    public func run() -> Ending {
        write(.hello(version: HelperMessage.version))
        var reader = HelperMessageReader()
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var greeted = false
        defer { inFlight.withLock { $0.values.forEach { $0.cancel() } } }
        while true {
            let count = read(input, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return .finished }
            reader.append(chunk[..<count])
            do {
                while let message = try reader.next() {
                    switch message {
                    case let .hello(version):
                        guard version == HelperMessage.version else { return .versionMismatch }
                        greeted = true
                    case _ where !greeted:
                        return .protocolError
                    case let .request(id, request):
                        start(request, id: id)
                    case let .cancel(id):
                        inFlight.withLock { $0[id] }?.cancel()
                    case .response, .failure:
                        return .protocolError
                    }
                }
            } catch {
                return .protocolError
            }
        }
    }

    private func start(_ request: HTTPRequest, id: Int) {
        let transport = transport
        // Registered before it may finish, so its own removal always finds it.
        inFlight.withLock { tasks in
            tasks[id]?.cancel()
            tasks[id] = Task {
                let answer: HelperMessage
                do {
                    answer = .response(id: id, try await transport.send(request))
                } catch let failure as TransportError {
                    answer = .failure(id: id, failure)
                } catch {
                    answer = .failure(id: id, Task.isCancelled ? .cancelled : .other(String(describing: type(of: error))))
                }
                inFlight.withLock { _ = $0.removeValue(forKey: id) }
                write(answer)
            }
        }
    }

    /// Writes one whole message; when boxoffice is gone there is no one left to serve.
    private func write(_ message: HelperMessage) {
        let data = message.encoded()
        let failure = writing.withLock { _ in OwnFiles.writeAll(data, to: output) }
        if failure != 0 { exit(Ending.finished.rawValue) }
    }
}
