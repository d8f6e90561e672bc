/// Where a refresh hands the comics it fetched, in batches, so an interrupted refresh keeps
/// what it got. The app connects this to the comic cache.
///
/// Called only from the task running the refresh, one batch at a time.
protocol RefreshSink {
    /// Keeps `comics` (sorted by number, never empty). A thrown error stops the refresh.
    func store(_ comics: [Comic]) throws

    /// Keeps what the server said: `latest` is its newest number, `absent` the numbers it
    /// answered 404 for since the last call (maybe none). Called after each batch and once
    /// at the end. A thrown error stops the refresh.
    func recordServer(latest: Int, absent: [Int]) throws
}

extension RefreshSink {
    /// Sinks that keep only comics ignore what the server said.
    func recordServer(latest: Int, absent: [Int]) throws {}
}
