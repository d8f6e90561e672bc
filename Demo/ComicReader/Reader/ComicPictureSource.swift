/// The reader's pictures from the same places the printing commands take them: the sample's
/// drawings, `images/` in the cache, or the server through `ComicImageLoader`.
struct ComicPictureSource: ReaderImageSource {
    /// Finds image bytes (and downloads them, keeping them in `images/`).
    let loader: ComicImageLoader
    /// Turns image bytes into what the reader shows.
    let maker: any ReaderPictureMaking
    /// Longest wait for one download, in seconds: the network timeout and a second to spare,
    /// so the network's own, more precise error usually arrives first.
    let downloadLimit: Double

    /// A source waiting at most `timeout` seconds (the app's `--timeout`), plus a second, per download.
    init(loader: ComicImageLoader, maker: any ReaderPictureMaking, timeout: Double) {
        self.loader = loader
        self.maker = maker
        downloadLimit = timeout + 1
    }

    func pictureAtHand(of comic: Comic, isSample: Bool, box: PictureBox) -> ReaderPicture? {
        guard maker.showsPictures else { return ReaderPicture.none }
        if isSample {
            // The built-in drawings are at most 200 × 128 pixels: decoding one takes no time.
            return maker.picture(
                image: SampleImages.png(forComic: comic.num), sourceURL: comic.img, box: box)
        }
        guard comic.imageFileURL != nil else {
            // An interactive comic: there is no image file.
            return maker.picture(image: nil, sourceURL: comic.img, box: box)
        }
        // Even a picture kept in `images/` may be large (1732 is 740 × 14,957 pixels): it is
        // read and decoded by `loadedPicture`, off the key loop.
        return nil
    }

    func loadedPicture(of comic: Comic, box: PictureBox) async -> ReaderPicture {
        guard maker.showsPictures else { return ReaderPicture.none }
        let loader = loader
        let limit = downloadLimit
        // Whichever ends first: the load (from `images/` or the server), or the wait for it
        // (which then cancels it).
        let outcome = await withTaskGroup(of: ComicImageLoader.Outcome?.self) { group in
            group.addTask { await loader.load(comic, isSample: false) }
            group.addTask {
                try? await Task.sleep(for: .seconds(limit))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let outcome else {
            return .notice(
                "image not shown, the download took more than \(Int(limit.rounded())) s: \(comic.img)"
            )
        }
        if outcome.bytes == nil, let problem = outcome.problem { return .notice(problem) }
        // The reader moved on while it loaded: nobody waits for this picture.
        if Task.isCancelled { return ReaderPicture.none }
        return maker.picture(image: outcome.bytes, sourceURL: outcome.address(of: comic), box: box)
    }
}
