/// Where a refresh hands the comics it fetched, in batches, so an interrupted refresh keeps
/// what it got. The app connects this to the comic cache.
///
/// Called only from the task running the refresh, one batch at a time.
protocol RefreshSink {
    /// Keeps `comics` (sorted by number, never empty). A thrown error stops the refresh.
    func store(_ comics: [Comic]) throws
}
