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

    /// The sysexits code the refresh should end with: 0 when nothing failed; 75 when some
    /// failure may pass on a later try (any download failure, as `refresh` treats comics);
    /// else 74 when only the disk refused, else 65 when the server sent something that is
    /// not a usable image.
    var exitCode: Int32 {
        let codes = failures.map { Self.exitCode(of: $0.error) }
        for code: Int32 in [75, 74, 65] where codes.contains(code) { return code }
        return 0
    }

    /// 65 or 74 for an image that arrived but could not be kept (`ImageStoreError`), 65 for
    /// an image URL that cannot be requested, 75 for everything else: the download itself
    /// failed, and trying again later may work.
    private static func exitCode(of error: any Error) -> Int32 {
        if let error = error as? ImageStoreError { return error.exitCode }
        if let error = error as? ImageRefreshError { return error.exitCode }
        return 75
    }
}
