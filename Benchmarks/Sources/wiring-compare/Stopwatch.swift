/// Wall-clock time of a piece of work, from the monotonic clock.
enum Stopwatch {
    /// Nanoseconds `work` took.
    static func nanoseconds(_ work: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(work)
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds)
            / 1e9
    }
}
