import Testing

@testable import ComicReader

/// `RetryPolicy` waits: exponential, jittered, capped.
@Suite struct RetryPolicyTests {
    @Test(arguments: [0.0, 0.5, 0.999])
    func waitsDoubleWithinTheirJitterRange(random: Double) {
        let policy = RetryPolicy(
            baseDelay: .milliseconds(400), maxDelay: .seconds(60), random: { random })
        for attempt in 1...5 {
            let step = Duration.milliseconds(400) * (1 << (attempt - 1))
            let delay = policy.delay(afterAttempt: attempt)
            #expect(
                delay >= step / 2 && delay <= step,
                "attempt \(attempt): \(delay) outside \(step / 2)...\(step)")
        }
    }

    @Test func waitsGrowEvenWithTheWorstJitter() {
        let highs = RetryPolicy(baseDelay: .milliseconds(100), random: { 0.999 })
        let lows = RetryPolicy(baseDelay: .milliseconds(100), random: { 0 })
        for attempt in 1...4 {
            #expect(lows.delay(afterAttempt: attempt + 1) > highs.delay(afterAttempt: attempt))
        }
    }

    @Test func waitsStopGrowingAtTheMaximum() {
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(4), random: { 0.999 })
        #expect(policy.delay(afterAttempt: 3) <= .seconds(4))
        #expect(policy.delay(afterAttempt: 60) <= .seconds(4))
        #expect(policy.delay(afterAttempt: 60) >= .seconds(2))
    }
}
