#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a client uses the on-disk cache for one run.
package struct CacheUse: Sendable {
    package enum Mode: Sendable, Equatable {
        /// Answer from fresh entries; fetch and store the rest.
        case normal
        /// Fetch everything again and store it (`--refresh`).
        case refresh
        /// Never touch the network; answer from any entry, however old (`--offline`).
        case offline
    }

    package let cache: AnswerCache?
    package let counter: CallCounter?
    package let mode: Mode

    package init(cache: AnswerCache?, counter: CallCounter?, mode: Mode) {
        self.cache = cache
        self.counter = counter
        self.mode = mode
    }

    /// No disk cache, no counting: the demo, and tests.
    package static let none = CacheUse(cache: nil, counter: nil, mode: .normal)
}

/// `--offline` was asked for something the cache does not hold.
package struct OfflineMissError: Error, Sendable, Equatable, CustomStringConvertible {
    package let request: String

    package var description: String { "--offline: the cache holds no answer for \(request)" }
}

/// The cache could not be read, so an `--offline` answer cannot be looked up.
package struct CacheReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package let underlying: FileAccessError

    package init(underlying: FileAccessError) {
        self.underlying = underlying
    }

    package var description: String { "the cache cannot be read: \(underlying)" }
}
