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

    func pictureAtHand(of comic: Comic, isSample: Bool) -> ReaderPicture? {
        guard maker.showsPictures else { return ReaderPicture.none }
        if isSample {
            return maker.picture(image: SampleImages.png(forComic: comic.num), sourceURL: comic.img)
        }
        guard let address = comic.imageFileURL else {
            // An interactive comic: there is no image file.
            return maker.picture(image: nil, sourceURL: comic.img)
        }
        guard let cached = loader.store.cachedImage(forComic: comic.num, imageURL: address) else {
            return nil
        }
        return maker.picture(image: cached, sourceURL: comic.img)
    }

    func downloadedPicture(of comic: Comic) -> ReaderPicture {
        guard maker.showsPictures else { return ReaderPicture.none }
        let loader = loader
        guard
            let outcome = SynchronousWait.value(
                within: downloadLimit, of: { await loader.load(comic, isSample: false) })
        else {
            return .notice(
                "image not shown, the download took more than \(Int(downloadLimit.rounded())) s: \(comic.img)"
            )
        }
        if outcome.bytes == nil, let problem = outcome.problem { return .notice(problem) }
        return maker.picture(image: outcome.bytes, sourceURL: comic.img)
    }
}
