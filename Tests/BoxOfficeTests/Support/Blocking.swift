import Foundation

/// Blocking work (waiting for a process, reading a pipe to its end) done on a thread of its own.
///
/// Swift Testing runs every test, sync or async, on Swift's cooperative threads, of which there
/// are as many as cores: two here. A test that waits on one of them for a process (a schema check
/// in python, the symbol graph extractor, gdb) holds it for seconds, and with both held every
/// test of the process stands still: answers from the loopback servers wait unread, programs'
/// ends wait unnoticed, and a test's own limit runs out (Tests/README.md).
enum Blocking {
    /// `work`'s result, computed on a new thread while the caller's task is suspended.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
