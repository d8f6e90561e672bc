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
}
