/// Stands in for the comic and state stores when no cache directory can be chosen (no
/// `--cache`, no `COMICS_CACHE_DIR`, no `HOME`): every use reports why, so commands that
/// need no cache (help, experiments) still run.
struct UnlocatedCacheStore: ComicArchiveStore, UserStateStore {
    /// Why there is no cache directory.
    let error: CacheError

    func load() throws(CacheError) -> ComicArchive { throw error }
    func save(_ comics: [Comic], force: Bool) throws(CacheError) -> String? { throw error }
    func saveRecord(_ record: RefreshRecord) throws(CacheError) { throw error }
    func load() throws(CacheError) -> UserState { throw error }
    func save(_ state: UserState, force: Bool) throws(CacheError) -> String? { throw error }
}
