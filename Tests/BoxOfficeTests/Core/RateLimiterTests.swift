import BoxOfficeCore
import Testing

/// The rate limiter's schedule, on a clock the test drives: exact, whatever the machine's load.
@Suite struct RateLimiterTests {
    /// A clock that stands still until a wait moves it to the wait's end, and notes every turn given.
    final class ManualClock: Sendable {
        let origin = ContinuousClock.now
        private let state = Locked<(offset: Duration, turns: [Duration])>((.zero, []))

        var clock: RateLimiter.Clock {
            RateLimiter.Clock(now: { self.now }, sleep: { self.sleep(until: $0) })
        }

        var now: ContinuousClock.Instant { origin + state.withLock { $0.offset } }
        /// When each wait ended, from the origin, in the order they ended.
        var turns: [Duration] { state.withLock { $0.turns } }

        func advance(by duration: Duration) {
            state.withLock { $0.offset += duration }
        }

        func sleep(until deadline: ContinuousClock.Instant) {
            state.withLock { state in
                state.offset = max(state.offset, origin.duration(to: deadline))
                state.turns.append(origin.duration(to: deadline))
            }
        }

        /// A request's turn: the time it was let through.
        func take(_ limiter: RateLimiter) async throws -> Duration {
            let before = origin.duration(to: now)
            let count = turns.count
            try await limiter.wait()
            return turns.count > count ? turns[count] : before
        }
    }

    @Test func twelveRequestsAtFiveASecondSpanElevenFifths() async throws {
        let time = ManualClock()
        let limiter = try #require(RateLimiter(perSecond: 5, clock: time.clock))
        var turns: [Duration] = []
        for _ in 0..<12 { turns.append(try await time.take(limiter)) }
        #expect(turns == (0..<12).map { Duration.milliseconds(200 * $0) })
    }

    @Test func concurrentRequestsEachGetTheirOwnTurn() async throws {
        let time = ManualClock()
        let limiter = try #require(RateLimiter(perSecond: 4, clock: time.clock))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { try await limiter.wait() } }
            try await group.waitForAll()
        }
        // The first goes at once; the seven others waited for turns a quarter second apart.
        #expect(time.turns.sorted() == (1..<8).map { Duration.milliseconds(250 * $0) })
    }

    @Test func anIdleSpellSavesUpNoTurns() async throws {
        let time = ManualClock()
        let limiter = try #require(RateLimiter(perSecond: 2, clock: time.clock))
        #expect(try await time.take(limiter) == .zero)
        time.advance(by: .seconds(10))
        // Twenty turns went unused; the next request goes at once, and the one after it waits.
        #expect(try await time.take(limiter) == .seconds(10))
        #expect(try await time.take(limiter) == .milliseconds(10_500))
        #expect(try await time.take(limiter) == .seconds(11))
    }

    @Test func noLimitIsNoLimiter() {
        #expect(RateLimiter(perSecond: 0) == nil)
        #expect(RateLimiter(perSecond: .infinity) == nil)
        #expect(RateLimiter(perSecond: -1) == nil)
    }
}
