/// Persists the list of known comics.
protocol ComicArchiveStore: Sendable {
    /// The cached comics, or the built-in sample (marked as such) when nothing is cached yet.
    func load() throws(CacheError) -> ComicArchive

    /// Stores `comics`, replacing what was cached. Refuses to replace a damaged cache file
    /// unless `force` is set, in which case a copy of it is kept first.
    /// - Returns: the path of the copy kept of a damaged file, when one was made.
    @discardableResult
    func save(_ comics: [Comic], force: Bool) throws(CacheError) -> String?

    /// Stores what refreshes learned about the server, replacing the earlier record.
    func saveRecord(_ record: RefreshRecord) throws(CacheError)
}

extension ComicArchiveStore {
    /// Stores `comics` without forcing.
    @discardableResult
    func save(_ comics: [Comic]) throws(CacheError) -> String? {
        try save(comics, force: false)
    }
}
