@testable import BoxOfficeCore
import Foundation
import Testing

/// `Locked`, the one home of shared mutable state: exclusive under contention, and, in the
/// ThreadSanitizer stage of `.ci/run`, free of the false race a contended `Synchronization.Mutex`
/// shows (its hand-over happens in the kernel, out of ThreadSanitizer's sight). With a bare Mutex
/// in place of `Locked`, ThreadSanitizer reports this test's counter as raced and the run fails.
@Suite struct LockedTests {
    @Test func contendedStateStaysExactAndUnraced() async throws {
        struct Tally {
            var count = 0
            var history: [Int] = []
        }
        let tally = Locked(Tally())
        let threads = 8, rounds = 5_000
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread {
                for _ in 0..<rounds {
                    tally.withLock { tally in
                        tally.count += 1
                        tally.history.append(tally.count)
                        if tally.history.count > 64 { tally.history.removeFirst(32) }
                    }
                }
                done.leave()
            }.start()
        }
        let finished = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: done.wait(timeout: .now() + TestTime.limit(120)) == .success) }
        }
        try #require(finished, "the threads ended")
        #expect(tally.withLock { $0.count } == threads * rounds)
        #expect(tally.withLock { $0.history.last } == threads * rounds)
    }

    @Test func aThrownErrorLeavesTheLockFree() throws {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (value: inout Int) throws(Refused) in
                value = 2
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == 2)
    }
}
