/// Persists the list of known comics.
protocol ComicArchiveStore: Sendable {
    /// The cached comics, or the built-in sample (marked as such) when nothing is cached yet.
    func load() throws(CacheError) -> ComicArchive

    /// Adds `comics` to those cached, each replacing the cached comic of its number, and
    /// keeps the rest, including what another process saved since this one loaded: two
    /// refreshes of one cache never lose each other's comics. Refuses to replace a damaged
    /// cache file unless `force` is set, in which case a copy of it is kept first.
    @discardableResult
    func save(_ comics: [Comic], force: Bool) throws(CacheError) -> ArchiveSave

    /// Adds what a refresh learned about the server to the record kept, with what another
    /// refresh added meanwhile; returns the record now kept.
    @discardableResult
    func saveRecord(_ record: RefreshRecord) throws(CacheError) -> RefreshRecord
}

extension ComicArchiveStore {
    /// Adds `comics` to those cached, without forcing.
    @discardableResult
    func save(_ comics: [Comic]) throws(CacheError) -> ArchiveSave {
        try save(comics, force: false)
    }
}
