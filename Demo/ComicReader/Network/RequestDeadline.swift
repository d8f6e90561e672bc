/// The moment by which the request being made, retries included, must be over.
///
/// `RetryPolicy.run` sets it for the attempts it makes; `HTTPComicSource` gives each attempt
/// only the time left, so `--timeout` bounds the whole wait for one comic or image however
/// many attempts it takes.
enum RequestDeadline {
    /// The deadline of the current task's request, if a retry policy with a budget set one.
    @TaskLocal static var current: ContinuousClock.Instant?

    /// Seconds left until the deadline, at most `limit`; `limit` when there is no deadline.
    /// Zero or less when the deadline has passed.
    static func secondsLeft(atMost limit: Double) -> Double {
        guard let current else { return limit }
        let left = ContinuousClock.now.duration(to: current)
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        return min(limit, seconds)
    }
}
