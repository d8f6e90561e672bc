/// Keeps what a refresh fetches: merges each batch into the comics already cached and
/// saves the whole archive, so an interrupted refresh loses at most one batch.
final class ArchiveRefreshSink: RefreshSink {
    private let store: any ComicArchiveStore
    private var comics: [Int: Comic]
    /// Replace a damaged cache file on the first save (keeping a copy of it).
    private var replacesDamagedFile: Bool
    /// Where the copy of a damaged file was kept, if one was.
    private(set) var keptCopy: String?
    /// How many comics the archive holds now.
    var count: Int { comics.count }

    init(store: any ComicArchiveStore, existing: [Comic], replacesDamagedFile: Bool) {
        self.store = store
        self.comics = Dictionary(
            existing.map { ($0.num, $0) }, uniquingKeysWith: { _, newer in newer })
        self.replacesDamagedFile = replacesDamagedFile
    }

    func store(_ batch: [Comic]) throws {
        for comic in batch { comics[comic.num] = comic }
        let copy = try store.save(Array(comics.values), force: replacesDamagedFile)
        keptCopy = keptCopy ?? copy
        replacesDamagedFile = false
    }
}
