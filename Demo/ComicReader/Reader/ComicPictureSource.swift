/// The reader's pictures from the same places the printing commands take them: the sample's
/// drawings, `images/` in the cache, or the server through `ComicImageLoader`.
struct ComicPictureSource: ReaderImageSource {
    /// Finds image bytes (and downloads them, keeping them in `images/`).
    let loader: ComicImageLoader
    /// Turns image bytes into what the reader shows.
    let maker: ReaderPictureMaker
    /// Longest wait for one download, in seconds: the network timeout and a second to spare,
    /// so the network's own, more precise error usually arrives first.
    let downloadLimit: Double

    /// A source waiting at most `timeout` seconds (the app's `--timeout`), plus a second, per download.
    init(loader: ComicImageLoader, maker: ReaderPictureMaker, timeout: Double) {
        self.loader = loader
        self.maker = maker
        downloadLimit = timeout + 1
    }

    func pictureAtHand(of comic: Comic, isSample: Bool, box: PictureBox) -> ReaderPicture? {
        guard maker.showsPictures else { return ReaderPicture.none }
        if isSample {
            return maker.picture(
                image: SampleImages.png(forComic: comic.num), sourceURL: comic.img, box: box)
        }
        guard let address = comic.imageFileURL else {
            // An interactive comic: there is no image file.
            return maker.picture(image: nil, sourceURL: comic.img, box: box)
        }
        guard let cached = loader.store.cachedImage(forComic: comic.num, imageURL: address) else {
            return nil
        }
        return maker.picture(image: cached, sourceURL: comic.img, box: box)
    }

    func downloadedPicture(of comic: Comic, box: PictureBox) async -> ReaderPicture {
        guard maker.showsPictures else { return ReaderPicture.none }
        let loader = loader
        let limit = downloadLimit
        // Whichever ends first: the download, or the wait for it (which then cancels it).
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
        return maker.picture(image: outcome.bytes, sourceURL: comic.img, box: box)
    }
}
