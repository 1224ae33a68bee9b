/// Runs `work` for every item with at most `limit` in flight, and hands each result to `deliver`
/// in the items' order as soon as it and every earlier one are done, so output streams in order
/// while later items are still being fetched.
///
/// When an item fails, no new item starts; those already running finish (their answers are kept,
/// e.g. in the cache), the results that still follow in order are delivered, and the first
/// failure is thrown. Cancelling the task stops everything at once. When `deliver` ends the
/// reading with a ``FinishedEarly`` error (a run that has what it needs), no new item starts and
/// those already running finish, undelivered, so their answers are kept (in the cache) rather
/// than asked for again the next time; any other error from `deliver` stops everything at once.
package nonisolated(nonsending) func forEachInOrder<Item: Sendable, Result: Sendable>(
    _ items: [Item], limit: Int,
    work: @escaping @Sendable (Item) async throws -> Result,
    deliver: (Int, Result) async throws -> Void
) async throws {
    var failure: (any Error)?
    // Set once `deliver` has ended the reading early: nothing more is delivered.
    var stopped = false
    try await withThrowingTaskGroup(of: (Int, Swift.Result<Result, any Error>).self) { group in
        var next = 0
        var running = 0
        var delivered = 0
        var finished: [Int: Result] = [:]
        while true {
            while failure == nil, next < items.count, running < max(1, limit) {
                let index = next
                let item = items[index]
                group.addTask {
                    do {
                        return (index, .success(try await work(item)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
                next += 1
                running += 1
            }
            guard running > 0, let (index, outcome) = try await group.next() else { break }
            running -= 1
            switch outcome {
            case let .success(result):
                finished[index] = result
                while !stopped, let result = finished.removeValue(forKey: delivered) {
                    do {
                        try await deliver(delivered, result)
                    } catch let early as FinishedEarly {
                        failure = failure ?? early
                        stopped = true
                    }
                    delivered += 1
                }
            case let .failure(error):
                if error is CancellationError { throw error }
                failure = failure ?? error
            }
        }
    }
    // A reading cancelled while its last items finished ends as cancelled, not as finished early.
    if failure is FinishedEarly { try Task.checkCancellation() }
    if let failure { throw failure }
}

/// An error a reading's `deliver` throws to say it has what it needs: the items already running
/// finish (their answers kept), and the reading ends with this error.
package protocol FinishedEarly: Error {}
