@testable import BoxOfficeCore
import Testing

/// `forEachInOrder`: results handed over in order while later items run; a failing item stops new
/// ones but the results before it are still delivered; an early end (`FinishedEarly`) lets the
/// items already running finish and delivers nothing more. The items' order is set by gates the
/// test opens; no outcome depends on the clock.
@Suite struct OrderedTasksTests {
    private struct Stop: FinishedEarly {}
    private struct Broken: Error {}

    /// Opens when told; items wait on it, in any order the test likes.
    private final class Gate: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream() }
        func open() { continuation.finish() }
        func wait() async { for await _ in stream {} }
    }

    /// Item 1 fails while item 0 still runs: item 0 is delivered all the same, then the failure thrown.
    @Test func aFailureStillDeliversTheItemsBeforeIt() async throws {
        let first = Gate()
        let started = Locked<[Int]>([])
        var delivered: [Int] = []
        await #expect(throws: Broken.self) {
            try await forEachInOrder([0, 1, 2, 3], limit: 2, work: { item -> Int in
                started.withLock { $0.append(item) }
                if item == 1 { first.open(); throw Broken() }
                // Item 0 ends after item 1 has failed (and, most likely, after the failure is seen:
                // the test passes in either order, and catches the lost delivery when it comes second).
                if item == 0 {
                    await first.wait()
                    try? await Task.sleep(for: .milliseconds(50))
                }
                return item
            }, deliver: { _, result in delivered.append(result) })
        }
        #expect(delivered == [0], "the item before the failure is delivered")
        #expect(started.withLock { $0 }.sorted() == [0, 1], "no item starts after the failure")
    }

    /// The early end on item 0's delivery: items 1 and 2, already running, finish (their work is
    /// done, as a cache keeps it) but are not delivered; item 3 never starts.
    @Test func anEarlyEndLetsRunningItemsFinishUndelivered() async throws {
        let gate = Gate()
        let done = Locked<[Int]>([])
        var delivered: [Int] = []
        await #expect(throws: Stop.self) {
            try await forEachInOrder([0, 1, 2, 3], limit: 3, work: { item -> Int in
                if item > 0 { await gate.wait() }
                done.withLock { $0.append(item) }
                return item
            }, deliver: { _, result in
                delivered.append(result)
                gate.open()
                throw Stop()
            })
        }
        #expect(delivered == [0])
        #expect(done.withLock { $0 }.sorted() == [0, 1, 2], "the running items finished; the fourth never started")
    }
}
