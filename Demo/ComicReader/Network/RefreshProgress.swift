/// Receives the progress of a refresh, for example to draw a progress bar.
///
/// Called only from the task running the refresh, in order: `started` once, `advanced`
/// after each comic is dealt with, and `finished` once at the end, also when the refresh
/// fails or is cancelled.
protocol RefreshProgress {
    /// `total` comics are about to be fetched.
    func started(total: Int)
    /// `done` of `total` comics are dealt with; comic `number` was the last one.
    func advanced(done: Int, total: Int, number: Int)
    /// The refresh is over.
    func finished()
}
