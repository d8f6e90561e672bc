/// Keeps what a refresh fetches: adds each batch to the comics in the cache file (those it
/// held, with what another refresh saved meanwhile), so an interrupted refresh loses at most
/// one batch; and keeps what the server said (its latest number, the numbers it has not) in
/// the refresh record.
final class ArchiveRefreshSink: RefreshSink {
    private let store: any ComicArchiveStore
    /// The archive as saved last: what was cached, with what this refresh fetched.
    private var comics: [Int: Comic]
    /// Replace a damaged cache file on the first save (keeping a copy of it).
    private var replacesDamagedFile: Bool
    /// Where the copy of a damaged file was kept, if one was.
    private(set) var keptCopy: String?
    /// What refreshes learned about the server, as saved last.
    private(set) var record: RefreshRecord
    /// How many comics the archive holds now.
    var count: Int { comics.count }
    /// The numbers of the comics the archive holds now.
    var numbers: Set<Int> { Set(comics.keys) }

    init(
        store: any ComicArchiveStore, existing: [Comic], record: RefreshRecord = RefreshRecord(),
        replacesDamagedFile: Bool
    ) {
        self.store = store
        self.comics = Dictionary(
            existing.map { ($0.num, $0) }, uniquingKeysWith: { _, newer in newer })
        self.record = record
        self.replacesDamagedFile = replacesDamagedFile
    }

    func store(_ batch: [Comic]) throws {
        // Only the batch: the earlier ones are in the file already, and the rest of the file
        // may be newer than what this refresh loaded (another refresh saved since).
        let saved = try store.save(batch, force: replacesDamagedFile)
        // What another refresh of this cache saved meanwhile counts as cached too.
        comics = Dictionary(uniqueKeysWithValues: saved.comics.map { ($0.num, $0) })
        keptCopy = keptCopy ?? saved.keptCopy
        replacesDamagedFile = false
    }

    func recordServer(latest: Int, absent: [Int]) throws {
        var updated = record
        updated.latest = latest
        updated.absent.formUnion(absent)
        updated.absent.subtract(comics.keys)  // a comic that arrived after all is not absent
        guard updated != record else { return }
        record = try store.saveRecord(updated)
    }
}
