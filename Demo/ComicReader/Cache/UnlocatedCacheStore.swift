import Foundation

/// Stands in for the comic, state and image stores when no cache directory can be chosen (no
/// `--cache`, no `COMICS_CACHE_DIR`, no `HOME`): every load or save reports why, so commands
/// that need no cache (help, experiments) still run. There are no kept images to find.
struct UnlocatedCacheStore: ComicArchiveStore, UserStateStore, ComicImageStore {
    /// Why there is no cache directory.
    let error: CacheError

    func load() throws(CacheError) -> ComicArchive { throw error }
    func save(_ comics: [Comic], force: Bool) throws(CacheError) -> ArchiveSave { throw error }
    func saveRecord(_ record: RefreshRecord) throws(CacheError) -> RefreshRecord { throw error }
    func load() throws(CacheError) -> UserState { throw error }
    func save(_ state: UserState, force: Bool) throws(CacheError) -> String? { throw error }
    func cachedImage(forComic number: Int, imageURL: String) -> [UInt8]? { nil }
    func save(_ bytes: [UInt8], forComic number: Int, imageURL: String, downloadedFrom: String)
        throws -> URL
    {
        throw error
    }
}
