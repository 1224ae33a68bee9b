#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a client uses the on-disk cache for one run.
public struct CacheUse: Sendable {
    public enum Mode: Sendable, Equatable {
        /// Answer from fresh entries; fetch and store the rest.
        case normal
        /// Fetch everything again and store it (`--refresh`).
        case refresh
        /// Never touch the network; answer from any entry, however old (`--offline`).
        case offline
    }

    public let cache: AnswerCache?
    public let counter: CallCounter?
    public let mode: Mode

    public init(cache: AnswerCache?, counter: CallCounter?, mode: Mode) {
        self.cache = cache
        self.counter = counter
        self.mode = mode
    }

    /// No disk cache, no counting: the demo, and tests.
    public static let none = CacheUse(cache: nil, counter: nil, mode: .normal)
}

/// `--offline` was asked for something the cache does not hold.
public struct OfflineMissError: Error, Sendable, Equatable, CustomStringConvertible {
    public let request: String

    public var description: String { "--offline: the cache holds no answer for \(request)" }
}

/// The cache could not be read, so an `--offline` answer cannot be looked up.
public struct CacheReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public let underlying: FileAccessError

    public init(underlying: FileAccessError) {
        self.underlying = underlying
    }

    public var description: String { "the cache cannot be read: \(underlying)" }
}
