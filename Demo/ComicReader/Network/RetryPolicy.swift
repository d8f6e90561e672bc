/// How often and how patiently to retry a request that failed in a way that may pass
/// (timeouts, lost connections, HTTP 5xx and 429; see `NetworkError.isTransient`).
///
/// Waits grow exponentially with "equal jitter": half of each step is fixed and half is
/// random, so concurrent retries spread out while each wait is still longer than the last.
struct RetryPolicy: Sendable {
    /// Attempts in all, the first included; 1 means no retries.
    var maxAttempts: Int = 4
    /// The step before the first retry; each later step doubles, up to `maxDelay`.
    var baseDelay: Duration = .milliseconds(500)
    /// The longest step.
    var maxDelay: Duration = .seconds(8)
    /// The longest one request may take, all attempts and waits included (`--timeout`);
    /// nil for no bound beyond each attempt's own. No retry starts that could not end in
    /// time, and each attempt gets only the time left (see `RequestDeadline`).
    var budget: Duration?
    /// Sleeps between attempts; tests substitute one that records instead of waiting.
    var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// The time now, for the budget; tests substitute a clock that their `sleep` moves on.
    var now: @Sendable () -> ContinuousClock.Instant = { .now }
    /// A random number in 0..<1 for the jitter.
    var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    /// The wait after `failedAttempts` failed attempts (1 or more).
    func delay(afterAttempt failedAttempts: Int) -> Duration {
        var step = baseDelay
        for _ in 1..<max(1, failedAttempts) where step < maxDelay { step *= 2 }
        step = min(step, maxDelay)
        return step / 2 + (step / 2) * min(max(random(), 0), 1)
    }

    /// Runs `operation`, retrying transient `NetworkError`s until it succeeds, fails for
    /// good, `maxAttempts` is reached or the `budget` would be exceeded; the last error is
    /// rethrown. Cancellation is never retried.
    func run<Value: Sendable>(_ operation: @Sendable () async throws -> Value) async throws -> Value
    {
        let deadline = budget.map { now() + $0 }
        return try await RequestDeadline.$current.withValue(deadline) {
            var attempt = 1
            while true {
                do {
                    return try await operation()
                } catch let error as NetworkError
                    where error.isTransient && attempt < maxAttempts && !Task.isCancelled
                {
                    let wait = delay(afterAttempt: attempt)
                    if let deadline, now() + wait >= deadline { throw error }
                    try await sleep(wait)
                    attempt += 1
                }
            }
        }
    }
}
