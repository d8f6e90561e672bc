/// The reader's business logic (VIPER's interactor): finds comics and their pictures,
/// searches, and records what was read and which comics are favourites.
final class ReaderInteractor {
    private let session: ReadingSession
    private let picker: any RandomComicPicker
    private var generator: any RandomNumberGenerator
    private let searcher: CatalogSearcher
    private let images: any ReaderImageSource
    /// The picture being loaded, if any.
    private var load: Task<Void, Never>?

    init(
        session: ReadingSession, picker: any RandomComicPicker,
        generator: any RandomNumberGenerator,
        searcher: CatalogSearcher, images: any ReaderImageSource
    ) {
        self.session = session
        self.picker = picker
        self.generator = generator
        self.searcher = searcher
        self.images = images
    }

    /// Whether the comics are the built-in sample rather than the user's cache.
    func isShowingSample() throws -> Bool { try session.archive().isSample }

    /// The comic to open with: the one shown last, else the latest.
    func startingComic() throws -> Comic {
        let state = try session.state()
        if let last = state.lastShown, let comic = try session.catalog().comic(number: last) {
            return comic
        }
        return try comic(.latest, from: nil)
    }

    /// The comic `target` names, moving from `current` for next and previous.
    func comic(_ target: DisplayTarget, from current: Int?) throws -> Comic {
        let navigator = ComicNavigator(catalog: try session.catalog(), picker: picker)
        return try navigator.comic(
            target, current: current, state: try session.state(), using: &generator)
    }

    /// The picture of `comic` in `box` if it is known at once; nil when it must be loaded.
    func pictureAtHand(of comic: Comic, box: PictureBox) -> ReaderPicture? {
        // The archive was loaded to find the comic; should it fail now, the comic is not a sample one.
        images.pictureAtHand(of: comic, isSample: (try? isShowingSample()) ?? false, box: box)
    }

    /// Starts loading the picture of `comic` (reading it from `images/` or downloading it,
    /// then decoding it) and returns at once; `deliver` gets the picture (or a notice) on
    /// another thread. A load started before is cancelled: its picture is no longer wanted.
    func loadPicture(
        of comic: Comic, box: PictureBox, then deliver: @escaping @Sendable (ReaderPicture) -> Void
    ) {
        load?.cancel()
        let images = images
        load = Task { deliver(await images.loadedPicture(of: comic, box: box)) }
    }

    /// Comics matching `query`, best first.
    func search(_ query: String) throws -> [Comic] {
        searcher.search(query, in: try session.catalog()).map(\.comic)
    }

    /// Favourite and read marks of comic `number`, as they were before it was shown.
    func marks(of number: Int) throws -> (isFavorite: Bool, isRead: Bool) {
        let state = try session.state()
        return (state.favorites.contains(number), state.read.contains(number))
    }

    /// Records that `number` was shown.
    func markShown(_ number: Int) throws {
        try session.updateState { $0.markShown(number) }
    }

    /// Adds `number` to the favourites or removes it; returns whether it now is one.
    func toggleFavorite(_ number: Int) throws -> Bool {
        try session.updateState { $0.toggleFavorite(number) }
    }
}
