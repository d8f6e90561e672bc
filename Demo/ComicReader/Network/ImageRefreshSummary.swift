/// What an image refresh did, comic by comic.
struct ImageRefreshSummary: Sendable {
    /// Comics whose image was downloaded and saved in `images/`.
    var downloaded: [Int] = []
    /// Comics whose image was already in `images/` (none with `--force`).
    var alreadyThere: [Int] = []
    /// Interactive comics: their `img` names no file, so there is nothing to download.
    var interactive: [Int] = []
    /// Comics whose image could not be downloaded or kept; the others were still dealt with.
    var failures: [RefreshSummary.Failure] = []

    /// The sysexits code the refresh should end with (see `FailureExitCode`): 0 when
    /// nothing failed, 75 when some failure may pass on a later try, else 74, 69 or 65.
    var exitCode: Int32 { FailureExitCode.combined(failures.map(\.error)) }
}
