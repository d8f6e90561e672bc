/// One command's access to the reader's data: the comics and the user state, each loaded
/// from its store on first use and kept for the rest of the command.
///
/// Made fresh for every command (a prototype in `ModelAssembly`), so nothing loaded by one
/// command leaks into another.
///
/// A damaged state file does not stop the reading: the state then counts as empty,
/// `damagedState` says why, changes are kept in memory only, and the file stays untouched
/// until `comics reset-state` sets it aside.
final class ReadingSession {
    private let archiveStore: any ComicArchiveStore
    private let stateStore: any UserStateStore
    private var loadedArchive: ComicArchive?
    private var loadedCatalog: ComicCatalog?
    private var loadedState: UserState?
    /// Why the saved state could not be used, when the state file is damaged.
    private(set) var damagedState: CacheError?

    init(archiveStore: any ComicArchiveStore, stateStore: any UserStateStore) {
        self.archiveStore = archiveStore
        self.stateStore = stateStore
    }

    /// The comics and where they came from (the cache or the built-in sample).
    func archive() throws(CacheError) -> ComicArchive {
        if let loadedArchive { return loadedArchive }
        let archive = try archiveStore.load()
        loadedArchive = archive
        return archive
    }

    /// The comics as a catalog.
    func catalog() throws(CacheError) -> ComicCatalog {
        if let loadedCatalog { return loadedCatalog }
        let archive = try archive()
        let catalog = ComicCatalog(archive.comics, absent: archive.record.absent)
        loadedCatalog = catalog
        return catalog
    }

    /// Favourites, read comics and the last one shown; empty when the file is damaged
    /// (see `damagedState`).
    func state() throws(CacheError) -> UserState {
        if let loadedState { return loadedState }
        let state: UserState
        do {
            state = try stateStore.load()
        } catch {
            guard case .corrupt = error else { throw error }
            damagedState = error
            state = UserState()
        }
        loadedState = state
        return state
    }

    /// Applies `change` to the state as saved now (keeping what another process saved
    /// meanwhile) and saves it; the new state is kept only once saved. With a damaged state
    /// file the change is made in memory only.
    @discardableResult
    func updateState<Result>(_ change: (inout UserState) -> Result) throws(CacheError) -> Result {
        var result: Result?
        var state = try state()
        if damagedState != nil {
            result = change(&state)
        } else {
            state = try stateStore.update { result = change(&$0) }
        }
        loadedState = state
        guard let result else { preconditionFailure("the state change did not run") }
        return result
    }
}
